// `skillcheck --init`: a starter config for the client whose folder is in the working folder, valid against the
// config schema, never written over a config that applies; and `--help` lists the exit codes.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, type Io } from '../src/cli/main.js';
import { tempTrees } from './helpers.js';

const tree = tempTrees();

async function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), isTTY: false, env: {}, cwd };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

describe('--init', () => {
  it('writes targets for the client folders it finds, and the config loads', async () => {
    const dir = tree({ '.git/HEAD': 'ref: refs/heads/main\n', '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: A.\n---\nBody.\n', '.opencode/skills/b/SKILL.md': '---\nname: b\ndescription: B.\n---\nBody.\n' });
    const r = await run(['--init'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/wrote \.skillcheckrc\.json, targets: claude-code \(\.claude\/\), opencode \(\.opencode\/\)/);
    const config = JSON.parse(fs.readFileSync(path.join(dir, '.skillcheckrc.json'), 'utf8')) as { targets: string[] };
    expect(config.targets).toEqual(['claude-code', 'opencode']);
    const printed = await run(['--print-config'], dir);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(/\.skillcheckrc\.json/);
  });

  it('writes auto when no client folder is there, and ignores a linked one', async () => {
    const dir = tree({ '.git/HEAD': 'ref: refs/heads/main\n', 'elsewhere/skills/x/SKILL.md': '---\nname: x\ndescription: X.\n---\nBody.\n' });
    fs.symlinkSync(path.join(dir, 'elsewhere'), path.join(dir, '.claude'));
    expect((await run(['--init'], dir)).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '.skillcheckrc.json'), 'utf8'))).toMatchObject({ targets: 'auto' });
  });

  it('refuses to write over a config that applies, and leaves it as it was', async () => {
    const dir = tree({ '.git/HEAD': 'ref: refs/heads/main\n', 'skillcheck.config.json': '{ "persona": "auditor" }\n', 'sub/.claude/skills/a/SKILL.md': '---\nname: a\n---\n' });
    const r = await run(['--init'], path.join(dir, 'sub'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/a config already applies here \(\.\.\/skillcheck\.config\.json\)/);
    expect(fs.existsSync(path.join(dir, 'sub', '.skillcheckrc.json'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'skillcheck.config.json'), 'utf8')).toBe('{ "persona": "auditor" }\n');
  });
});

describe('--help', () => {
  it('lists the exit codes', async () => {
    const r = await run(['--help'], process.cwd());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Exit codes:\n {2}0 {2}.*\n {2}1 {2}.*\n {2}2 {2}usage error/);
    expect(r.stdout).toMatch(/--init/);
  });
});
