// The CLI as users and CI run it: the built bin spawned as a child process (`npm test` builds dist/ first).
// Exit codes, stdout/stderr discipline, the JSON contract (validated against schemas/report.schema.json), colour.
// Each behaviour is checked once through the spawned bin; further variants run in process (runCli) to keep the
// suite fast on a loaded machine.

import Ajv from 'ajv';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../src/cli/main.js';
import { CORPUS, REPO, runCli, type JsonReport, tempTrees } from './helpers.js';

const BIN = path.join(REPO, 'bin', 'skillcheck.js');
const PKG = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string; files: string[] };
const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO, 'schemas', 'report.schema.json'), 'utf8')) as object;
const ESC = '\x1b[';

interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a spawned run gets: this one with no colour or CI setting (tests set those when they mean to). */
function baseEnv(): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.NO_COLOR;
  delete base.FORCE_COLOR;
  // CI=true (set by CI runners) switches machine-dependent checks off by default.
  delete base.CI;
  return base;
}

/** Run `node bin/skillcheck.js ...args` in `cwd`, with a clean colour and CI environment plus `env`. */
function run(args: string[], cwd: string = REPO, env: Record<string, string> = {}): Spawned {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env: { ...baseEnv(), ...env }, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same, without blocking: in-process runs go on while the child works. */
function runAsync(args: string[], cwd: string = REPO): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: baseEnv(), timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject).on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The whole fixture corpus as JSON, checked in process once and shared by the tests that read it (the heaviest
 *  input of this file), with the environment a spawned run gets. */
let corpusJson: Promise<Awaited<ReturnType<typeof runCli>>> | undefined;
const corpusJsonInProcess = () => (corpusJson ??= runCli(['corpus', '--format', 'json'], REPO, baseEnv()));

function runJsonReport(args: string[], cwd: string = REPO): { code: number | null; report: JsonReport; stdout: string; stderr: string } {
  const r = run([...args, '--format', 'json'], cwd);
  return { ...r, report: JSON.parse(r.stdout) as JsonReport };
}

const SKILL = (name: string, extra = '') => `---\nname: ${name}\ndescription: Test fixture.\n${extra}---\nBody.\n`;
const tree = tempTrees();
const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile(SCHEMA);
function schemaErrors(doc: unknown): string[] {
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

beforeAll(() => {
  expect(fs.existsSync(path.join(REPO, 'dist', 'src', 'cli', 'main.js')), 'dist/ is missing: run `npm test` (it builds first)').toBe(true);
});

describe('--version and --help', () => {
  it('--version prints the package version and exits 0', () => {
    const r = run(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${PKG.version}\n`);
    expect(r.stderr).toBe('');
  });

  it('--help prints usage and exits 0', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: skillcheck');
    for (const flag of ['--target', '--format', '--max-warnings', '--no-gating', '--fix']) expect(r.stdout).toContain(flag);
  });

  it('`skillcheck rules` lists every rule and exits 0', () => {
    const r = run(['rules', '--format', 'json']);
    expect(r.code).toBe(0);
    const ids = (JSON.parse(r.stdout) as { rules: { id: string; docs: string }[] }).rules.map((x) => x.id);
    expect(ids).toContain('file-too-large');
    expect(ids).toContain('duplicate-name');
    const text = run(['rules']);
    expect(text.code).toBe(0);
    for (const id of ids) expect(text.stdout).toContain(id);
  });
});

describe('usage errors exit 2 with nothing on stdout', () => {
  it('a missing path names the path on stderr', async () => {
    const r = run(['no/such/skills-dir']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no/such/skills-dir');
    const j = await runCli(['no/such/skills-dir', '--format', 'json'], REPO);
    expect(j).toMatchObject({ code: 2, stdout: '' });
    expect(j.stderr).toContain('no/such/skills-dir');
  });

  it('a missing path next to an existing one still exits 2', async () => {
    const r = await runCli(['corpus/ok', 'corpus/typo'], REPO);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('corpus/typo');
    expect(r.stderr).not.toContain('corpus/ok');
  });

  it('an unknown --target', () => {
    const r = run(['--target', 'claude', 'corpus/ok']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('claude');
  });

  it('a malformed --max-warnings', async () => {
    const r = run(['--max-warnings', 'abc', 'corpus/ok']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('abc');
    for (const v of ['1.5', '-2', '']) {
      const x = await runCli(['--max-warnings', v, 'corpus/ok'], REPO);
      expect(x.code, `--max-warnings ${JSON.stringify(v)}`).toBe(2);
      expect(x.stdout).toBe('');
    }
  });

  it('an unknown format, option or severity', async () => {
    for (const args of [['--format', 'xml'], ['--bogus'], ['--max-bytes', 'lots'], ['--severity', 'no-such-rule=off'], ['--severity', 'name=loud']]) {
      const r = await runCli([...args, 'corpus/ok'], REPO);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.length).toBeGreaterThan(0);
    }
  });
});

describe('exit codes for findings', () => {
  let errors: string;
  let warnings: string;
  let infos: string;
  beforeAll(() => {
    errors = tree({ 'skills/e/SKILL.md': '---\ndescription: No name.\n---\nBody.\n' });
    // One warning: CRLF line endings under agentskills.
    warnings = tree({ '.claude/skills/w/SKILL.md': SKILL('w').replace(/\n/g, '\r\n') });
    // One info: an unknown key that is not a typo.
    infos = tree({ '.claude/skills/i/SKILL.md': SKILL('i', 'homepage: https://example.com\n') });
  });

  it('1 on an error', () => {
    const r = runJsonReport(['--target', 'ironclaw', '.'], errors);
    expect(r.report.summary.errors).toBeGreaterThan(0);
    expect(r.code).toBe(1);
  });

  it('0 on warnings only, unless --max-warnings is exceeded', async () => {
    const r = runJsonReport(['.'], warnings);
    expect(r.report.diagnostics.map((d) => `${d.severity} ${d.ruleId}`)).toEqual(['warning line-endings']);
    expect(r.code).toBe(0);
    expect(run(['--max-warnings', '0', '.'], warnings).code).toBe(1);
    expect((await runCli(['--max-warnings', '1', '.'], warnings)).code).toBe(0);
  });

  it('infos never fail the run', async () => {
    const r = await runCli(['--max-warnings', '0', '--format', 'json', '.'], infos);
    expect((JSON.parse(r.stdout) as JsonReport).diagnostics.map((d) => `${d.severity} ${d.ruleId}`)).toEqual(['info unknown-field']);
    expect(r.code).toBe(0);
  });

  it('0 on the corpus/ok tree even with --max-warnings 0', async () => {
    expect((await runCli(['--max-warnings', '0', 'corpus/ok'], REPO)).code).toBe(0);
  });

  it('an error turned off with --severity no longer fails the run', async () => {
    expect((await runCli(['--target', 'ironclaw', '--severity', 'name=off', '.'], errors)).code).toBe(0);
    expect((await runCli(['--target', 'ironclaw', '--severity', 'name=warning', '--max-warnings', '0', '.'], errors)).code).toBe(1);
  });
});

describe('JSON output contract', () => {
  it('the schema is shipped in the package', () => {
    expect(PKG.files).toContain('schemas/');
  });

  it('the schema rejects what the contract forbids (it can fail)', () => {
    const ok = { schemaVersion: 1, tool: { name: 'skillcheck', version: '1.0.0' }, skills: [], diagnostics: [], summary: { skills: 0, files: 0, errors: 0, warnings: 0, infos: 0, suppressed: 0 } };
    expect(schemaErrors(ok)).toEqual([]);
    expect(schemaErrors({ ...ok, schemaVersion: 2 })).not.toEqual([]);
    expect(schemaErrors({ ...ok, skills: [{ name: 'a', file: 'a/SKILL.md', target: 'ironclaw', trust: 'root', loads: true }] })).not.toEqual([]);
    expect(schemaErrors({ ...ok, diagnostics: [{ ruleId: 'name', severity: 'fatal', confidence: 'high', message: 'm', file: 'f', line: 1, column: 1 }] })).not.toEqual([]);
    expect(schemaErrors({ ...ok, diagnostics: [{ ruleId: 'name', severity: 'error', confidence: 'high', message: 'm', file: 'f', line: 0, column: 1 }] })).not.toEqual([]);
    const { summary: _drop, ...noSummary } = ok;
    expect(schemaErrors(noSummary)).not.toEqual([]);
  });

  it('the example in docs/usage.md validates against the schema', () => {
    const usage = fs.readFileSync(path.join(REPO, 'docs/usage.md'), 'utf8');
    const m = /## JSON output[\s\S]*?```json\n([\s\S]*?)```/.exec(usage);
    expect(m).not.toBeNull();
    expect(schemaErrors(JSON.parse(m![1]!))).toEqual([]);
  });

  it('corpus/demo: valid, POSIX relative paths, counts that add up, stdout holds only the report', () => {
    const r = runJsonReport(['corpus/demo']);
    expect(r.code).toBe(1);
    expect(schemaErrors(r.report)).toEqual([]);
    expect(r.report.tool).toEqual({ name: 'skillcheck', version: PKG.version });
    expect(r.stdout.trimEnd().endsWith('}')).toBe(true);
    for (const s of r.report.skills) {
      expect(Object.keys(s)).toEqual(['name', 'file', 'target', 'trust', 'loads']);
      expect(s.file.startsWith('corpus/demo/')).toBe(true);
    }
    const count = (sev: string) => r.report.diagnostics.filter((d) => d.severity === sev && !d.suppressed).length;
    expect(r.report.summary).toMatchObject({ errors: count('error'), warnings: count('warning'), infos: count('info') });
    expect(r.report.summary.skills).toBe(new Set(r.report.skills.map((s) => s.file)).size);
    expect(r.report.diagnostics.length).toBeGreaterThan(3);
  });

  it('a tree with every optional diagnostic field still validates', () => {
    const dir = tree({
      'skills/fixme/SKILL.md': '---\r\nname: fixme\r\nversion: 1.0\r\nrequires:\r\n  bins: [skillcheck-no-such-bin-xyz]\r\n---\r\nBody.\r\n',
      '.claude/skills/dup/SKILL.md': SKILL('dup'),
    });
    const r = runJsonReport(['--target', 'ironclaw,agentskills', '.'], dir);
    expect(schemaErrors(r.report)).toEqual([]);
    const keys = new Set(r.report.diagnostics.flatMap((d) => Object.keys(d)));
    for (const k of ['fix', 'target', 'rejects', 'machineDependent', 'endLine', 'endColumn']) expect(keys.has(k), k).toBe(true);
    // Two targets: one skills[] entry per file and target; summary.skills counts files.
    expect(r.report.skills.length).toBe(4);
    expect(r.report.summary.skills).toBe(2);
  });

  it('diagnostics are sorted by file, line, column, rule', async () => {
    const r = { report: JSON.parse((await corpusJsonInProcess()).stdout) as JsonReport };
    const key = (d: JsonReport['diagnostics'][number]) => [d.file, d.line, d.column, d.ruleId] as const;
    for (let i = 1; i < r.report.diagnostics.length; i++) {
      const a = key(r.report.diagnostics[i - 1]!);
      const b = key(r.report.diagnostics[i]!);
      const order = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0);
      expect(order, `${a.join(':')} before ${b.join(':')}`).toBeLessThanOrEqual(0);
    }
  });

  it('an absolute path argument is still reported relative to the working directory', async () => {
    const r = { report: JSON.parse((await runCli([path.join(CORPUS, 'demo'), '--format', 'json'], REPO)).stdout) as JsonReport };
    expect(r.report.skills.map((s) => s.file).every((f) => f.startsWith('corpus/demo/'))).toBe(true);
  });

  it('notices go to stderr, so stdout stays parseable JSON', () => {
    const empty = tree({ 'README.md': 'no skills here' });
    const r = runJsonReport(['.'], empty);
    expect(r.stderr).toContain('no skills found');
    expect(r.report.skills).toEqual([]);
    expect(r.code).toBe(0);
  });
});

describe('trust', () => {
  it('a skill under an installed_skills folder is "installed", others "trusted"', () => {
    const dir = tree({
      '.ironclaw/installed_skills/tool/SKILL.md': SKILL('tool'),
      'vendor/installed_skills/other/SKILL.md': SKILL('other'),
      'skills/own/SKILL.md': SKILL('own'),
      'skills/installed_skills_notes/SKILL.md': SKILL('installed_skills_notes'),
    });
    const r = runJsonReport(['--target', 'ironclaw', '.'], dir);
    const trust = Object.fromEntries(r.report.skills.map((s) => [s.file, s.trust]));
    expect(trust).toEqual({
      '.ironclaw/installed_skills/tool/SKILL.md': 'installed',
      'vendor/installed_skills/other/SKILL.md': 'installed',
      'skills/own/SKILL.md': 'trusted',
      'skills/installed_skills_notes/SKILL.md': 'trusted',
    });
  });
});

describe('text output', () => {
  it('one line per finding: path:line:col  severity  message  rule-id, then a summary line', () => {
    const r = run(['corpus/demo']);
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    const findings = lines.slice(0, -1);
    expect(findings.length).toBeGreaterThan(3);
    for (const l of findings) expect(l).toMatch(/^corpus\/demo\/\S+:\d+:\d+ {2}(error {2}|warning|info {3}) {2}.+ {2}[a-z0-9-]+$/);
    expect(lines.at(-1)).toMatch(/^\d+ errors?, \d+ warnings?, \d+ infos? in \d+ skills? \(\d+ of \d+ load as checked\)$/);
  });

  it('no ANSI colour when stdout is not a TTY, or with NO_COLOR (even with --color absent)', () => {
    const plain = run(['corpus/demo']);
    expect(plain.stdout).not.toContain(ESC);
    expect(plain.stdout.length).toBeGreaterThan(100);
    expect(run(['corpus/demo'], REPO, { NO_COLOR: '1' }).stdout).not.toContain(ESC);
  });

  it('colour on a TTY only, never with NO_COLOR (in process, with a fake TTY)', async () => {
    const once = async (env: NodeJS.ProcessEnv, extra: string[] = []) => {
      let out = '';
      const io: Io = { stdout: (s) => (out += s), stderr: () => {}, isTTY: true, env: { PATH: process.env.PATH, ...env }, cwd: REPO };
      await main(['corpus/demo', ...extra], io);
      return out;
    };
    expect(await once({})).toContain(ESC);
    expect(await once({ NO_COLOR: '1' })).not.toContain(ESC);
    expect(await once({}, ['--no-color'])).not.toContain(ESC);
  });

  it('two runs give byte-identical output (JSON spawned and in process, text in process twice)', async () => {
    // The spawned run (the bundle) works while the text runs go on in process; the in-process JSON run is the one
    // the sorting test made. Two runs each, as before; the JSON pair now also holds the bundle to the modules.
    const spawned = runAsync(['corpus', '--format', 'json']);
    const t1 = await runCli(['corpus'], REPO);
    const t2 = await runCli(['corpus'], REPO);
    expect(t1.stdout.length).toBeGreaterThan(100);
    expect(t2.stdout).toBe(t1.stdout);
    const [a, b] = await Promise.all([spawned, corpusJsonInProcess()]);
    expect(a.stdout.length).toBeGreaterThan(100);
    expect(b.stdout).toBe(a.stdout);
    expect(b.code).toBe(a.code);
  });
});
