// `--target auto` in repositories that ship Claude Code plugins: the fact (node layer, lstat only) and the choice
// (src/targets/resolve.ts, no I/O).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claudePluginLookup } from '../src/node/plugins.js';
import { autoTarget, isAutoFallback } from '../src/targets/resolve.js';
import { parseSkillDocument } from '../src/core/parse.js';
import { decodeSource } from '../src/core/source.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skc-plugin-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(rel: string, text = '{}\n'): string {
  const p = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  return p;
}

describe('claudePluginLookup', () => {
  it('finds a manifest in a folder above, and not beyond the repository root', () => {
    write('repo/.claude-plugin/marketplace.json');
    write('repo/plugins/p/skills/x/SKILL.md', '---\nname: x\n---\n');
    write('outer/.claude-plugin/plugin.json');
    fs.mkdirSync(path.join(tmp, 'outer/inner/.git'), { recursive: true });
    write('outer/inner/skills/y/SKILL.md');
    write('none/skills/z/SKILL.md');
    const has = claudePluginLookup();
    expect(has(path.join(tmp, 'repo/plugins/p/skills/x'))).toBe(true);
    // The manifest above the repository root (`.git`) is another repository's.
    expect(has(path.join(tmp, 'outer/inner/skills/y'))).toBe(false);
    expect(has(path.join(tmp, 'none/skills/z'))).toBe(false);
  });

  it('follows no link: a linked .claude-plugin folder or manifest is not a manifest', () => {
    write('real/.claude-plugin/plugin.json');
    fs.mkdirSync(path.join(tmp, 'l1/skills/a'), { recursive: true });
    fs.symlinkSync(path.join(tmp, 'real/.claude-plugin'), path.join(tmp, 'l1/.claude-plugin'));
    fs.mkdirSync(path.join(tmp, 'l2/.claude-plugin'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'l2/skills/a'), { recursive: true });
    fs.symlinkSync(path.join(tmp, 'real/.claude-plugin/plugin.json'), path.join(tmp, 'l2/.claude-plugin/plugin.json'));
    const has = claudePluginLookup();
    expect(has(path.join(tmp, 'l1/skills/a'))).toBe(false);
    expect(has(path.join(tmp, 'l2/skills/a'))).toBe(false);
  });
});

describe('autoTarget with a Claude Code plugin repository', () => {
  const doc = (t: string) => parseSkillDocument(decodeSource(Buffer.from(t)));
  const plain = doc('---\nname: x\ndescription: d\n---\nBody.\n');
  const facts = { claudePlugin: true };

  it('claude-code instead of the fallback, which it no longer is', () => {
    expect(autoTarget({ layout: 'folder' }, 'plugins/p/skills/x/SKILL.md', plain)).toBe('agentskills');
    expect(autoTarget({ layout: 'folder' }, 'plugins/p/skills/x/SKILL.md', plain, facts)).toBe('claude-code');
    expect(isAutoFallback('agentskills', { layout: 'folder' }, 'plugins/p/skills/x/SKILL.md', plain)).toBe(true);
    expect(isAutoFallback('claude-code', { layout: 'folder' }, 'plugins/p/skills/x/SKILL.md', plain, facts)).toBe(false);
  });

  it('more specific evidence still wins: a runtime location, a frontmatter cue, .github/skills', () => {
    expect(autoTarget({ layout: 'folder' }, '.agents/skills/x/SKILL.md', plain, facts)).toBe('codex');
    expect(autoTarget({ layout: 'folder' }, 'skills/x/SKILL.md', doc('---\nname: x\nmetadata:\n  openclaw:\n    emoji: x\n---\n'), facts)).toBe('openclaw');
    expect(autoTarget({ layout: 'folder' }, '.github/skills/x/SKILL.md', plain, facts)).toBe('agentskills');
  });
});
