// Enforcement in hosts: the Claude Code PreToolUse hook (`skillcheck hook claude-code`), the settings fragment
// that installs it (`--format claude-hooks`) and the OpenCode plugin (`--format opencode-plugin`).
// The real clients are exercised by test-hosts/ (`npm run test:hosts`), not here.

import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { claudeDenyOutput, runClaudeHook, type HookFlags } from '../src/cli/hook.js';
import { toOpencodePlugin } from '../src/core/policy/opencode-plugin.js';
import { buildPolicy, createToolGate, type PolicyDocument, type PolicySkill } from '../src/core/policy/index.js';
import type { Io } from '../src/cli/main.js';
import { REPO, runCli, tempTrees } from './helpers.js';

const temp = tempTrees();
const sk = (name: string, trust: 'installed' | 'trusted'): PolicySkill => ({ name, trust, file: `s/${name}/SKILL.md` });
const TOOLS = ['Bash', 'Read', 'Write', 'Grep', 'mcp__github__create_issue'];

function io(cwd: string): Io & { out: string; err: string } {
  const r = { out: '', err: '', isTTY: false, env: {}, cwd } as Io & { out: string; err: string };
  r.stdout = (s) => void (r.out += s);
  r.stderr = (s) => void (r.err += s);
  return r;
}

function writePolicy(dir: string, doc: unknown, name = 'policy.json'): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, JSON.stringify(doc));
  return f;
}

async function hook(flags: HookFlags, input: string, cwd: string) {
  const i = io(cwd);
  const code = await runClaudeHook(flags, i, input);
  return { code, stdout: i.out, stderr: i.err };
}

const call = (tool: unknown) => JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: tool, tool_input: { command: 'rm -rf ~/x' }, tool_use_id: 't' });

describe('skillcheck hook claude-code', () => {
  const dir = temp({});
  const doc = buildPolicy(TOOLS, [sk('weather', 'installed')]);
  const policyFile = writePolicy(dir, doc);

  it('refuses a denied tool with the documented deny output and the reason the model sees', async () => {
    const r = await hook({ policy: policyFile }, call('Bash'), dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { hookSpecificOutput: Record<string, string> };
    expect(out.hookSpecificOutput.hookEventName).toBe('PreToolUse');
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('"Bash" is denied by the policy');
  });

  it('says nothing for an allowed tool (never grants past Claude Code\'s own rules)', async () => {
    expect(await hook({ policy: policyFile }, call('Read'), dir)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('refuses unknown, renamed and MCP tools the policy does not allow (closed allowlist)', async () => {
    for (const t of ['mcp__github__create_issue', 'mcp__evil__exfiltrate', 'read', 'Read ', 'NewTool']) {
      const r = await hook({ policy: policyFile }, call(t), dir);
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, t).toBe('deny');
    }
  });

  it('fails closed (exit 2, reason on stderr) on malformed input', async () => {
    for (const input of ['', '{', '[]', 'null', '"Read"', JSON.stringify({ tool_input: {} }), call(3), call(''), JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Read' })]) {
      const r = await hook({ policy: policyFile }, input, dir);
      expect(r.code, input).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^skillcheck hook: tool call refused \(fail closed\): /);
    }
  });

  it('fails closed on a missing, symlinked, non-JSON or tampered policy, and on no policy at all', async () => {
    const tampered = JSON.parse(JSON.stringify(doc)) as PolicyDocument;
    tampered.allowedTools.push('Bash');
    tampered.deniedTools = tampered.deniedTools.filter((t) => t !== 'Bash');
    const bad = writePolicy(dir, tampered, 'tampered.json');
    fs.writeFileSync(path.join(dir, 'garbage.json'), '{nope');
    fs.symlinkSync(policyFile, path.join(dir, 'link.json'));
    const cases: [HookFlags, RegExp][] = [
      [{ policy: path.join(dir, 'missing.json') }, /no such file/],
      [{ policy: path.join(dir, 'link.json') }, /symlink/],
      [{ policy: path.join(dir, 'garbage.json') }, /not JSON/],
      [{ policy: bad }, /policy is refused: .*does not follow from the inputs/],
      [{ policy: policyFile, digest: `sha256:${'0'.repeat(64)}` }, /not the pinned/],
      [{}, /no policy/],
    ];
    for (const [flags, why] of cases) {
      const r = await hook(flags, call('Read'), dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(why);
    }
  });

  it('computes the policy on the fly from --paths with the same decision as the document', async () => {
    const tree = temp({ 'installed_skills/weather/SKILL.md': '---\nname: weather\ndescription: Weather for a city.\n---\nBody.\n' });
    const flags: HookFlags = { paths: '.', tools: TOOLS.join(','), config: false };
    expect(JSON.parse((await hook(flags, call('Bash'), tree)).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect((await hook(flags, call('Read'), tree)).stdout).toBe('');
    const missing = await hook({ paths: 'nope', tools: 'Read', config: false }, call('Read'), tree);
    expect(missing.code).toBe(2);
  });

  it('the bin answers as a process: deny on stdout, fail-closed exit 2 on stderr (fast path)', () => {
    const bin = path.join(REPO, 'bin', 'skillcheck.js');
    const deny = spawnSync(process.execPath, [bin, 'hook', 'claude-code', '--policy', policyFile], { input: call('Bash'), encoding: 'utf8' });
    expect(deny.status).toBe(0);
    expect(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const broken = spawnSync(process.execPath, [bin, 'hook', 'claude-code', '--policy', policyFile], { input: 'not json', encoding: 'utf8' });
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain('fail closed');
    const badFlag = spawnSync(process.execPath, [bin, 'hook', 'claude-code', '--polcy', policyFile], { input: call('Read'), encoding: 'utf8' });
    expect(badFlag.status).toBe(2);
    const host = spawnSync(process.execPath, [bin, 'hook', 'codex', '--policy', policyFile], { input: call('Read'), encoding: 'utf8' });
    expect(host.status).toBe(2);
  });

  it('the deny output is JSON whatever the reason holds', () => {
    fc.assert(fc.property(fc.string(), (reason) => JSON.parse(claudeDenyOutput(reason)).hookSpecificOutput.permissionDecisionReason === reason));
  });
});

describe('skillcheck policy --format claude-hooks / opencode-plugin', () => {
  const tree = temp({ 'installed_skills/weather/SKILL.md': '---\nname: weather\ndescription: Weather for a city.\n---\nBody.\n' });

  it('claude-hooks installs the hook on every tool, pinned to the digest, failing closed', async () => {
    const json = await runCli(['policy', '.', '--tools', TOOLS.join(','), '--no-config', '--format', 'json'], tree);
    const doc = JSON.parse(json.stdout) as PolicyDocument;
    const r = await runCli(['policy', '.', '--tools', TOOLS.join(','), '--no-config', '--format', 'claude-hooks'], tree);
    expect(r.code).toBe(0);
    const frag = JSON.parse(r.stdout);
    const entry = frag.hooks.PreToolUse[0];
    expect(entry.matcher).toBe('*');
    // npx --no-install: runs skillcheck as a dev dependency (not on PATH) or installed globally, never downloads it.
    expect(entry.hooks[0]).toMatchObject({ type: 'command', command: 'npx', onFailure: 'block' });
    expect(entry.hooks[0].args).toEqual(['--no-install', 'skillcheck', 'hook', 'claude-code', '--policy', '${CLAUDE_PROJECT_DIR}/.claude/skillcheck-policy.json', '--digest', doc.policyDigest]);
  });

  it('a client\'s skills folder that does not exist yet is a note, not an error; any other missing path is an error', async () => {
    const args = ['--tools', 'Read,Bash', '--no-config', '--format', 'json'];
    const r = await runCli(['policy', '.', 'nohome/.claude/skills', 'nohome/.config/opencode/skills', 'nohome/.claude/plugins', ...args], tree);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('note: nohome/.claude/skills does not exist');
    expect(r.stderr).toContain('note: nohome/.config/opencode/skills does not exist');
    expect((JSON.parse(r.stdout) as PolicyDocument).allowedTools).toEqual(['Read']);
    const typo = await runCli(['policy', '.', 'nohome/.claude/skils', ...args], tree);
    expect([typo.code, typo.stdout]).toEqual([2, '']);
    expect(typo.stderr).toContain('path not found: nohome/.claude/skils');
    const inside = await runCli(['policy', '.', 'nohome/.claude/skills/x', ...args], tree);
    expect(inside.code).toBe(2);
  });

  async function loadPlugin(text: string): Promise<(tool: unknown) => Promise<string | null>> {
    const dir = temp({});
    const f = path.join(dir, `plugin-${Math.random().toString(36).slice(2)}.mjs`);
    fs.writeFileSync(f, text);
    const mod = (await import(pathToFileURL(f).href)) as Record<string, () => Promise<Record<string, (i: unknown, o: unknown) => Promise<void>>>>;
    expect(Object.keys(mod)).toEqual(['SkillcheckPolicy']); // OpenCode calls every export as a plugin
    const hooks = await mod.SkillcheckPolicy!();
    return async (tool) => {
      try {
        await hooks['tool.execute.before']!({ tool, sessionID: 's', callID: 'c' }, { args: {} });
        return null;
      } catch (e) {
        return (e as Error).message;
      }
    };
  }

  it('the plugin allows exactly what createToolGate allows', async () => {
    const names = ['bash', 'read', 'write', 'glob', 'grep', 'Read', 'github_create_issue', 'x'];
    const docs = [
      buildPolicy(['bash', 'read', 'write', 'github_create_issue'], [sk('w', 'installed')], { preset: null, readOnlyTools: ['read', 'glob'] }),
      buildPolicy(['bash', 'read'], [sk('w', 'trusted')]),
      buildPolicy(['bash', 'read'], []),
      buildPolicy(['bash', 'read'], [sk('w', 'installed')], { preset: null, readOnlyTools: ['read'], ceilings: { installed: 'none' } }),
    ];
    for (const doc of docs) {
      const refuse = await loadPlugin(toOpencodePlugin(doc));
      const gate = createToolGate(doc);
      for (const n of [...names, 3, undefined]) expect((await refuse(n)) === null, String(n)).toBe(gate.check(n).allowed);
    }
  });

  it('an edited plugin refuses every call', async () => {
    const doc = buildPolicy(['bash', 'read'], [sk('w', 'installed')], { preset: null, readOnlyTools: ['read'] });
    const text = toOpencodePlugin(doc);
    const widened = text.replace(/"allowedTools": \[\n\s*"read"\n\s*\]/, '"allowedTools": ["read", "bash"]').replace(/"deniedTools": \[\n\s*"bash"\n\s*\]/, '"deniedTools": []');
    expect(widened).not.toBe(text);
    const promoted = text.replace('"trust": "installed"', '"trust": "trusted"');
    expect(promoted).not.toBe(text);
    for (const t of [widened, promoted]) {
      const refuse = await loadPlugin(t);
      expect(await refuse('read')).toMatch(/fail closed/);
      expect(await refuse('bash')).toMatch(/fail closed/);
    }
  });

  it('the CLI writes the plugin', async () => {
    const r = await runCli(['policy', '.', '--tools', 'bash,read', '--no-config', '--format', 'opencode-plugin'], tree);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"tool.execute.before"');
    const refuse = await loadPlugin(r.stdout);
    expect(await refuse('bash')).toContain('"bash" is denied');
  });
});

describe('the hook starts lean', () => {
  // A module hook refuses to resolve the CLI framework and the linter: the --policy path must not need them.
  const HOOKS = `export async function resolve(specifier, context, next) {
  if (['commander', 'yaml', 'ajv', 're2-wasm'].includes(specifier) || /\\/(cli|lint|run|check)\\.js$/.test(specifier) || specifier.includes('/rules/')) throw new Error('HEAVY_LOADED ' + specifier);
  return next(specifier, context);
}`;
  const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;
  const run = (args: string[], input: string) =>
    spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, path.join(REPO, 'bin', 'skillcheck.js'), ...args], { input, encoding: 'utf8' });

  it('with --policy, neither commander nor the linter is loaded', () => {
    const dir = temp({});
    const policyFile = writePolicy(dir, buildPolicy(TOOLS, [sk('weather', 'installed')]));
    const r = run(['hook', 'claude-code', '--policy', policyFile], call('Bash'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('the module hook notices a heavy import (so the test above can fail)', () => {
    // The hook path imports modules from dist/src, as this does; the CLI itself runs the bundle (dist/cli.cjs).
    const cli = JSON.stringify(pathToFileURL(path.join(REPO, 'dist', 'src', 'cli', 'main.js')).href);
    const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--input-type=module', '-e', `await import(${cli});`], { encoding: 'utf8' });
    expect(r.stderr).toContain('HEAVY_LOADED');
  });
});
