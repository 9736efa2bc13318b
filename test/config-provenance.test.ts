// Where a config comes from decides what it may change: a config in the repository being worked in (a clone of
// someone else's work: Claude Code runs hooks there) may lower trust and narrow the read-only set, never raise or
// widen them; raising belongs to the user's own config or a file named with --config.

import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runClaudeHook, type HookFlags } from '../src/cli/hook.js';
import type { Io } from '../src/cli/main.js';
import { userConfigDir } from '../src/node/config.js';
import { runCli, tempTrees } from './helpers.js';

const temp = tempTrees();
const SKILL = (name: string) => `---\nname: ${name}\ndescription: d\n---\nBody.\n`;
const TOOLS = 'Read,Bash,Write,Glob';

/** A working repository (its own .git) holding the skills the client loads: one installed, one trusted. */
function repo(extra: Record<string, string> = {}): string {
  return temp({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'home/.ironclaw/installed_skills/weather/SKILL.md': SKILL('weather'),
    'skills/deploy/SKILL.md': SKILL('deploy'),
    ...extra,
  });
}

/** A home with no config in it: the user's config is read from the environment's home, never the real one. */
function env(home = temp({})): Record<string, string> {
  return { HOME: home };
}

interface Doc {
  effectiveTrust: string;
  allowedTools: string[];
  deniedTools: string[];
  readOnlyTools: string[];
}

async function policy(dir: string, args: string[], e: Record<string, string> = env()): Promise<{ code: number; doc: Doc | null; stderr: string }> {
  const r = await runCli(['policy', ...args, '--tools', TOOLS, '--format', 'json'], dir, e);
  return { code: r.code, doc: r.code === 0 ? (JSON.parse(r.stdout) as Doc) : null, stderr: r.stderr };
}

const RAISE_TRUST = { trust: [{ path: '/**', level: 'trusted' }] };
const WIDEN_TOOLS = { policy: { readOnlyTools: ['Read', 'Bash', 'Write'] } };

describe('a repository config cannot raise trust or widen the read-only set', () => {
  it.each([
    ['.skillcheckrc.json trust', { '.skillcheckrc.json': JSON.stringify(RAISE_TRUST) }, '"trust[0]" ("/**" → trusted) ignored: a repository config can only lower trust'],
    ['.skillcheckrc.json policy', { '.skillcheckrc.json': JSON.stringify(WIDEN_TOOLS) }, '"policy.readOnlyTools" names Bash, Write, outside the read-only set (preset "default"): not added'],
    ['package.json trust', { 'package.json': JSON.stringify({ name: 'x', skillcheck: RAISE_TRUST }) }, '"trust[0]" ("/**" → trusted) ignored'],
    ['package.json policy', { 'package.json': JSON.stringify({ name: 'x', skillcheck: WIDEN_TOOLS }) }, 'names Bash, Write, outside the read-only set'],
  ])('%s: Bash stays denied for an installed skill, and the ignored key is named', async (_name, files, notice) => {
    const dir = repo(files);
    const r = await policy(dir, ['home/.ironclaw', '--target', 'ironclaw']);
    expect(r.code).toBe(0);
    expect(r.doc!.effectiveTrust).toBe('installed');
    expect(r.doc!.deniedTools).toEqual(expect.arrayContaining(['Bash', 'Write']));
    expect(r.doc!.allowedTools).not.toContain('Bash');
    expect(r.stderr).toContain(notice);
  });

  it('the hook reads no config from its working directory unless told to', async () => {
    const dir = repo({ '.skillcheckrc.json': JSON.stringify({ ...RAISE_TRUST, ...WIDEN_TOOLS }) });
    const flags: HookFlags = { paths: path.join(dir, 'home/.ironclaw'), tools: TOOLS, target: 'ironclaw' };
    const bash = await hook(flags, 'Bash', dir);
    expect(bash.code).toBe(0);
    expect(JSON.parse(bash.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect((await hook(flags, 'Read', dir)).stdout).toBe('');
    // Named with --config it is the user's choice: it applies in full.
    const told = await hook({ ...flags, config: '.skillcheckrc.json' }, 'Bash', dir);
    expect([told.code, told.stdout]).toEqual([0, '']);
  });

  it('a repository config may lower trust and narrow the set (the minimum wins)', async () => {
    const dir = repo({ '.skillcheckrc.json': JSON.stringify({ trust: [{ path: 'skills/deploy', level: 'installed' }], policy: { readOnlyTools: ['Read', 'Bash'] } }) });
    const r = await policy(dir, ['skills']);
    expect(r.doc).toMatchObject({ effectiveTrust: 'installed', allowedTools: ['Read'], readOnlyTools: ['Read'] });
    expect(r.stderr).toContain('names Bash, outside the read-only set');
    // --preset replaces the base set; the repository still cuts it.
    const preset = await policy(dir, ['skills', '--preset', 'default']);
    expect(preset.doc!.allowedTools).toEqual(['Read']);
  });

  it("the user's own config raises trust and widens the set; a repository config still lowers it", async () => {
    const home = temp({ '.config/skillcheck/config.json': JSON.stringify({ ...RAISE_TRUST, ...WIDEN_TOOLS, rules: { name: 'off' } }) });
    const dir = repo();
    const r = await policy(dir, ['home/.ironclaw', '--target', 'ironclaw'], env(home));
    expect(r.doc).toMatchObject({ effectiveTrust: 'trusted', deniedTools: [] });
    expect(r.stderr).toContain('"rules" ignored: the user config holds trust and policy only');
    // XDG_CONFIG_HOME wins over HOME.
    const xdg = temp({ 'skillcheck/config.yaml': 'policy: { readOnlyTools: [Read, Bash] }\n' });
    const skills = await policy(repo({ '.skillcheckrc.json': JSON.stringify({ trust: [{ path: '**', level: 'installed' }] }) }), ['skills'], { HOME: home, XDG_CONFIG_HOME: xdg });
    expect(skills.doc).toMatchObject({ effectiveTrust: 'installed', allowedTools: ['Bash', 'Read'] });
  });

  it('an explicit --config raises; --no-config reads neither', async () => {
    const dir = repo({ 'mine.json': JSON.stringify(RAISE_TRUST) });
    expect((await policy(dir, ['home/.ironclaw', '--target', 'ironclaw', '--config', 'mine.json'])).doc!.effectiveTrust).toBe('trusted');
    const home = temp({ '.config/skillcheck/config.json': JSON.stringify(RAISE_TRUST) });
    expect((await policy(dir, ['home/.ironclaw', '--target', 'ironclaw', '--no-config'], env(home))).doc!.effectiveTrust).toBe('installed');
  });

  it('check and explain show the same trust', async () => {
    const dir = repo({ '.skillcheckrc.json': JSON.stringify(RAISE_TRUST) });
    const r = await runCli(['home/.ironclaw', '--target', 'ironclaw', '--format', 'json'], dir, env());
    expect((JSON.parse(r.stdout) as { skills: { trust: string }[] }).skills.map((s) => s.trust)).toEqual(['installed']);
    expect(r.stderr).toContain('ignored: a repository config can only lower trust');
  });

  it('the user config folder comes from the environment only', () => {
    expect(userConfigDir({ XDG_CONFIG_HOME: '/x', HOME: '/h' }, 'linux')).toBe(path.join('/x', 'skillcheck'));
    expect(userConfigDir({ XDG_CONFIG_HOME: 'relative', HOME: '/h' }, 'linux')).toBe(path.join('/h', '.config', 'skillcheck'));
    expect(userConfigDir({}, 'linux')).toBeNull();
  });
});

describe('--active that names no skill', () => {
  it.each([[''], [','], [' , ']])('--active %j exits 2 unless --allow-empty', async (active) => {
    const dir = repo();
    const r = await policy(dir, ['skills', '--active', active]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('names no skill, and with no active skill every tool would be allowed');
    const allowed = await policy(dir, ['skills', '--active', active, '--allow-empty']);
    expect([allowed.code, allowed.doc!.deniedTools]).toEqual([0, []]);
  });

  it('the hook refuses --active "" (fail closed)', async () => {
    const dir = repo();
    const r = await hook({ paths: path.join(dir, 'home/.ironclaw'), tools: TOOLS, active: '' }, 'Read', dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('names no skill');
  });
});

async function hook(flags: HookFlags, tool: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), isTTY: false, env: env(), cwd };
  const code = await runClaudeHook(flags, io, JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: tool, tool_input: {} }));
  return { code, stdout, stderr };
}
