// Trust is decided on the real path's segments as the file system has them. A folder named `..\evil` (a legal name
// on Linux) must not be read as "go up one level": turning `\` into `/` and normalizing `..` moved a skill out of
// `installed_skills` and granted it every tool.

import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainTrust, resolveTrust, type TrustConfig, type TrustMapping } from '../src/core/policy/trust.js';
import { trustRank } from '../src/core/trust.js';
import type { Trust } from '../src/core/types.js';
import { REPO, runCli, tempTrees } from './helpers.js';

const tree = tempTrees();
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Test fixture.\n---\nBody.\n`;
const HOME = '/home/u';

describe('trust from segments: names that look like path syntax', () => {
  const cfg: TrustConfig = { home: HOME, base: '/work/repo' };
  it.each([
    ['..\\evil'],
    ['..\\..\\..\\evil'],
    ['pack/..\\..\\evil'],
    ['..\\skills\\evil'],
    ['.\\x'],
  ])('installed_skills/%s stays installed', (name) => {
    expect(resolveTrust(`${HOME}/.ironclaw/installed_skills/${name}/SKILL.md`, cfg)).toBe('installed');
    expect(resolveTrust(`/srv/x/installed_skills/${name}/SKILL.md`, cfg)).toBe('installed');
  });

  it('a user mapping of ~/.claude/skills as installed holds for ..\\evil', () => {
    const mapping: TrustMapping = [{ path: '~/.claude/skills', level: 'installed' }];
    expect(resolveTrust(`${HOME}/.claude/skills/..\\evil/SKILL.md`, { ...cfg, mapping })).toBe('installed');
    expect(resolveTrust(`${HOME}/.claude/skills/a/..\\..\\..\\evil/SKILL.md`, { ...cfg, mapping })).toBe('installed');
  });

  it('a relative mapping rebased on the base holds for ..\\evil', () => {
    const mapping: TrustMapping = [{ path: 'vendor', level: 'installed' }];
    expect(resolveTrust('/work/repo/vendor/..\\evil/SKILL.md', { ...cfg, mapping })).toBe('installed');
    expect(resolveTrust('vendor/..\\evil/SKILL.md', { ...cfg, mapping })).toBe('installed');
  });

  it('a path with a `.` or `..` segment or a NUL (no file system returns one) gets the lowest trust, and says why', () => {
    for (const p of [`${HOME}/.ironclaw/installed_skills/../skills/x/SKILL.md`, '/w/skills/./x/SKILL.md', '/w/skills/x\0/SKILL.md', '../skills/x/SKILL.md']) {
      const d = explainTrust(p, cfg);
      expect(d.level, p).toBe('installed');
      expect(d.because, p).toMatch(/not a real path/);
    }
  });

  it('a base whose own name holds a backslash is not rewritten either', () => {
    const mapping: TrustMapping = [{ path: 'vendor', level: 'installed' }];
    // base `/w/installed_skills/..\x`: relative paths below it are still below installed_skills.
    expect(resolveTrust('a/SKILL.md', { base: '/w/installed_skills/..\\x', mapping })).toBe('installed');
  });
});

/** Names a file system could return for one segment, and names it could not (`.`, `..`, with `/` or NUL). */
const TRICKY = ['\\', '..\\', '..\\..', '.\\', '..\\evil', '.', '..', '...', ' ', '. ', '.. ', 'installed_skills', 'INSTALLED_SKILLS', 'Installed_Skills', 'installed_skills.', 'installed_skills ', 'skills', 'Skills', 'skills.', '.ironclaw', '~', '*', '**', '?', 'x\0', '\0', 'ｉnstalled_skills', 'ınstalled_skills', 'skılls', 'e\u0301', '\u200b', 'installed_skills\u200b', 'C:', 'C:\\', '\\\\?\\', 'node_modules', '.git'];
const segment = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('/')), fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).filter((s) => !s.includes('/')));
const segments = fc.array(segment, { minLength: 0, maxLength: 4 });

/** A root, its trust under the built-in rules and a mapping, and the config. */
const ROOTS: readonly { root: string; level: Trust; mapping?: TrustMapping }[] = [
  { root: `${HOME}/.ironclaw/installed_skills`, level: 'installed' },
  { root: '/srv/deep/installed_skills', level: 'installed' },
  { root: `${HOME}/.claude/skills`, level: 'installed', mapping: [{ path: '~/.claude/skills', level: 'installed' }] },
  { root: '/work/repo/vendor/skills', level: 'installed', mapping: [{ path: 'vendor', level: 'installed' }] },
  { root: '/opt/store', level: 'installed', mapping: [{ path: '/opt/store', level: 'installed' }, { path: '/opt', level: 'trusted' }] },
  { root: `${HOME}/.ironclaw/skills`, level: 'trusted' },
  { root: '/work/repo/skills', level: 'trusted' },
];

describe('property (fast-check): no segment name moves a skill out of its root', () => {
  it('below a root that lowers trust, every name keeps the lower trust', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROOTS.filter((r) => r.level === 'installed')), segments, fc.boolean(), (r, segs, relative) => {
        const abs = [r.root, ...segs, 'SKILL.md'].join('/');
        const cfg: TrustConfig = { home: HOME, base: '/work/repo', ...(r.mapping ? { mapping: r.mapping } : {}) };
        const p = relative && abs.startsWith('/work/repo/') ? abs.slice('/work/repo/'.length) : abs;
        expect(resolveTrust(p, cfg), JSON.stringify(p)).toBe('installed');
      }),
      { numRuns: 3000 },
    );
  });

  it('no name moves a skill into a higher-trust root: the trust is never above its root', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROOTS), segments, (r, segs) => {
        const cfg: TrustConfig = { home: HOME, base: '/work/repo', ...(r.mapping ? { mapping: r.mapping } : {}) };
        const p = [r.root, ...segs, 'SKILL.md'].join('/');
        expect(trustRank(resolveTrust(p, cfg)), JSON.stringify(p)).toBeLessThanOrEqual(trustRank(r.level));
      }),
      { numRuns: 3000 },
    );
  });

  it('names a file system can return keep the root\'s own trust (no spurious change either way)', () => {
    const real = segment.filter((s) => s !== '.' && s !== '..' && !s.includes('\0') && s !== 'installed_skills');
    fc.assert(
      fc.property(fc.constantFrom(...ROOTS), fc.array(real, { maxLength: 4 }), (r, segs) => {
        const cfg: TrustConfig = { home: HOME, base: '/work/repo', ...(r.mapping ? { mapping: r.mapping } : {}) };
        expect(resolveTrust([r.root, ...segs, 'SKILL.md'].join('/'), cfg)).toBe(r.level);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('CLI: a folder named ..\\evil in installed_skills', () => {
  it('policy --target ironclaw keeps the installed ceiling (Bash denied)', async () => {
    const t = tree({ '.ironclaw/installed_skills/..\\evil/SKILL.md': SKILL('evil'), '.ironclaw/skills/good/SKILL.md': SKILL('good') });
    const r = await runCli(['policy', '.ironclaw', '--target', 'ironclaw', '--tools', 'Read,Bash,Write', '--no-config'], t);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('effective trust: installed');
    expect(r.stdout).toMatch(/denied tools \(2\): Bash, Write/);
  });

  it('the nested form installed_skills/pack/..\\..\\evil too', async () => {
    const t = tree({ '.ironclaw/installed_skills/pack/..\\..\\evil/SKILL.md': SKILL('evil') });
    const r = await runCli(['policy', '.ironclaw', '--tools', 'Read,Bash,Write', '--format', 'json', '--no-config'], t);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { effectiveTrust: string }).effectiveTrust).toBe('installed');
  });

  it('policy --active names the skill in ..\\evil by its file as shown, not a normalized neighbour', async () => {
    const t = tree({ 'installed_skills/..\\evil/SKILL.md': SKILL('x'), 'evil/SKILL.md': SKILL('x') });
    const r = await runCli(['policy', '.', '--tools', 'Read,Bash', '--active', 'installed_skills/..\\evil/SKILL.md', '--format', 'json', '--no-config'], t);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { skills: { file: string; trust: string }[]; allowedTools: string[] };
    expect(doc.skills.map((s) => `${s.file} ${s.trust}`)).toEqual(['installed_skills/..\\evil/SKILL.md installed']);
    expect(doc.allowedTools).toEqual(['Read']);
  });

  // The built CLI with HOME pointing at a temp home: `~` patterns and `hook --paths ~/.ironclaw` as a user runs them.
  const bin = path.join(REPO, 'bin', 'skillcheck.js');
  const run = (home: string, args: string[], input?: string) =>
    spawnSync(process.execPath, [bin, ...args], { cwd: home, env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1' }, encoding: 'utf8', timeout: 120_000, ...(input !== undefined ? { input } : {}) });
  const call = (tool: string) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: tool, tool_input: {} });

  it('hook claude-code --paths ~/.ironclaw denies Bash (built CLI, temp HOME)', () => {
    const home = tree({ '.ironclaw/installed_skills/..\\evil/SKILL.md': SKILL('evil') });
    const r = run(home, ['hook', 'claude-code', '--paths', path.join(home, '.ironclaw'), '--tools', 'Read,Bash,Write', '--no-config'], call('Bash'));
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('a user mapping of ~/.claude/skills as installed holds for ~/.claude/skills/..\\evil (built CLI, temp HOME)', () => {
    const home = tree({
      '.claude/skills/..\\evil/SKILL.md': SKILL('evil'),
      'cfg/skillcheck.json': JSON.stringify({ trust: [{ path: '~/.claude/skills', level: 'installed' }] }),
    });
    const r = run(home, ['policy', path.join(home, '.claude/skills'), '--target', 'claude-code', '--tools', 'Read,Bash,Write', '--config', path.join(home, 'cfg/skillcheck.json'), '--format', 'json']);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { effectiveTrust: string; allowedTools: string[] }).allowedTools).toEqual(['Read']);
  });
});
