// ajv is loaded only when a config file exists: a module hook refuses to resolve "ajv" in a spawned CLI.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, tempTree } from './helpers.js';

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) fs.rmSync(d, { recursive: true, force: true });
});

const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === 'ajv' || specifier.startsWith('ajv/')) throw new Error('AJV_LOADED');
  return next(specifier, context);
}`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

function run(cwd: string): { code: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, path.join(REPO, 'bin/skillcheck.js'), '.'], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return { code: r.status, stderr: r.stderr };
}

describe('lazy ajv', () => {
  const skill = { '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: A skill.\n---\nBody.\n' };
  it('a run without a config file never resolves ajv', () => {
    const dir = tempTree(skill);
    temps.push(dir);
    const r = run(dir);
    expect(r.stderr).not.toContain('AJV_LOADED');
    expect(r.code).toBe(0);
  });
  it('a run with a config file does (so the hook above would notice)', () => {
    const dir = tempTree({ ...skill, '.skillcheckrc.json': '{"persona": "auditor"}' });
    temps.push(dir);
    const r = run(dir);
    expect(r.stderr).toContain('AJV_LOADED');
  });
});
