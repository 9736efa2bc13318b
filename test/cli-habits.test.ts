// CLI habits users bring from ESLint and markdownlint-cli2, and the pre-commit mapping of changed files.

import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillFoldersOf } from '../src/node/changed.js';
import { runCli, tempTrees } from './helpers.js';

const tree = tempTrees();

const GOOD = '---\nname: good\ndescription: Summarises the weekly team notes into a short update.\n---\nRead the notes and write the update.\n';
// The name differs from its folder: an error for agentskills.
const BAD = '---\nname: bad\ndescription: Deploys the service to production when asked.\n---\nRun the deploy.\n';

describe('--changed-files (the pre-commit hook)', () => {
  it('maps files in references/ and scripts/ to the skill folder that holds them', () => {
    const root = tree({
      'skills/a/SKILL.md': GOOD,
      'skills/a/references/deep/notes.md': 'x\n',
      'skills/b/SKILL.md': BAD,
      'skills/b/scripts/run.sh': 'echo\n',
      'scripts/build.sh': 'echo\n',
      'README.md': '# r\n',
    });
    expect(skillFoldersOf(['skills/a/references/deep/notes.md', 'skills/b/scripts/run.sh', 'scripts/build.sh', 'README.md', 'skills/b/SKILL.md'], root)).toEqual([
      path.join(root, 'skills/a'),
      path.join(root, 'skills/b'),
    ]);
    // Never above the working directory: a SKILL.md in a parent folder does not make every file a skill file.
    expect(skillFoldersOf(['references/x.md'], path.join(root, 'skills/a'))).toEqual([path.join(root, 'skills/a')]);
    expect(skillFoldersOf(['../b/scripts/run.sh'], path.join(root, 'skills/a'))).toEqual([]);
    expect(skillFoldersOf(['x.md'], path.join(root, 'scripts'))).toEqual([]);
  });

  it('checks the whole skill when only a side file changed, and is silent when no file is in a skill', async () => {
    const root = tree({ 'skills/b/SKILL.md': BAD, 'skills/b/scripts/run.sh': 'echo\n', 'docs/x.md': 'x\n' });
    const r = await runCli(['--changed-files', '--', 'skills/b/scripts/run.sh'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^skills\/b\/SKILL\.md:2:7 +error .*does not match its folder/m);
    const none = await runCli(['--changed-files', '--', 'docs/x.md'], root);
    expect(none).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

const SKILL = (name: string, extra = '') => `---\nname: ${name}\ndescription: Summarises the weekly team notes into a short update.\n${extra}---\nRead the notes.\n`;

describe('config search and formats', () => {
  it('stops at the repository root (.git): a config above it is not used', async () => {
    const root = tree({
      '.skillcheckrc.json': '{ "rules": { "unknown-field": "off" } }',
      'repo/.git/HEAD': 'ref: refs/heads/main\n',
      'repo/skills/a/SKILL.md': SKILL('a', 'x-extra: 1\n'),
    });
    const r = await runCli(['--print-config'], path.join(root, 'repo'));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { file: unknown }).file).toBeNull();
    const outside = await runCli(['--print-config'], path.join(root, 'repo/skills'));
    expect((JSON.parse(outside.stdout) as { file: unknown }).file).toBeNull();
    // Without .git the search climbs as before.
    const noGit = tree({ '.skillcheckrc.json': '{ "rules": { "unknown-field": "off" } }', 'sub/skills/a/SKILL.md': SKILL('a') });
    expect((JSON.parse((await runCli(['--print-config'], path.join(noGit, 'sub'))).stdout) as { file: string }).file).toBe(path.join(noGit, '.skillcheckrc.json'));
  });

  it('--print-config shows the file and the resolved settings, CLI flags included; --debug names the file', async () => {
    const root = tree({ '.git/HEAD': 'x\n', 'skillcheck.config.json': '{ "targets": ["ironclaw"], "ignore": ["old/**"], "root": true }' });
    const r = await runCli(['--print-config', '--severity', 'unknown-field=warn', '--ignore-pattern', 'tmp/**'], root);
    expect(r.code).toBe(0);
    const p = JSON.parse(r.stdout) as { file: string; config: { targets: string[] }; effective: { targets: string[]; severity: Record<string, string>; ignore: unknown[] } };
    expect(p.file).toBe('skillcheck.config.json');
    expect(p.config.targets).toEqual(['ironclaw']);
    expect(p.effective.targets).toEqual(['ironclaw']);
    expect(p.effective.severity).toEqual({ 'unknown-field': 'warning' });
    expect(p.effective.ignore).toEqual([{ base: '.', patterns: ['old/**'] }, { base: '.', patterns: ['tmp/**'] }]);
    const d = await runCli(['--debug', '--print-config'], root);
    expect(d.stderr).toBe('skillcheck: using config skillcheck.config.json\n');
  });

  it('reads comments and trailing commas in .skillcheckrc.json (JSONC), with positions unchanged', async () => {
    const root = tree({
      '.git/HEAD': 'x\n',
      '.skillcheckrc.json': '{\n  // turn this off: our loader reads x- keys\n  "rules": { "unknown-field": "off", /* trailing comma next */ },\n  "targets": ["agentskills"],\n}\n',
      'skills/a/SKILL.md': SKILL('a', 'x-extra: 1\n'),
    });
    const r = await runCli(['.'], root);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('unknown-field');
    // An error after a comment still points at its own line and column.
    const bad = tree({ '.git/HEAD': 'x\n', '.skillcheckrc.json': '{\n  // a comment with "quotes" and // inside\n  "rulez": {}\n}\n' });
    const e = await runCli(['.'], bad);
    expect(e.code).toBe(2);
    expect(e.stderr).toContain('.skillcheckrc.json:3:3: unknown key "rulez"');
  });

  it('reads the config from a "skillcheck" key in package.json, with positions in package.json', async () => {
    const root = tree({
      '.git/HEAD': 'x\n',
      'package.json': '{\n  "name": "p",\n  "skillcheck": { "rules": { "unknown-field": "off" } }\n}\n',
      'skills/a/SKILL.md': SKILL('a', 'x-extra: 1\n'),
    });
    expect((JSON.parse((await runCli(['--print-config'], root)).stdout) as { file: string }).file).toBe('package.json');
    expect((await runCli(['.'], root)).stdout).not.toContain('unknown-field');
    const bad = tree({ '.git/HEAD': 'x\n', 'package.json': '{\n  "name": "p",\n  "skillcheck": { "persona": "nobody" }\n}\n' });
    const e = await runCli(['.'], bad);
    expect(e.code).toBe(2);
    expect(e.stderr).toContain('package.json:3:30:');
    // A package.json without the key is not a config: the search goes on (here: stops at .git, none found).
    const none = tree({ '.git/HEAD': 'x\n', 'package.json': '{ "name": "p" }' });
    expect((JSON.parse((await runCli(['--print-config'], none)).stdout) as { file: unknown }).file).toBeNull();
  });
});

describe('flags ESLint users expect', () => {
  const files = { '.git/HEAD': 'x\n', 'skills/a/SKILL.md': SKILL('a', 'x-extra: 1\n'), 'skills/b/SKILL.md': SKILL('wrong') };
  // agentskills makes an unknown key an error, as skills-ref does; these tests are about the flags, so the unknown key
  // stays an info here and the misnamed skill is the only error.
  const INFO = ['--severity', 'unknown-field=info'];

  it('--severity rule=warn is warning', async () => {
    const r = await runCli([...INFO, '--severity', 'name=warn', '--format', 'json', '.'], tree(files));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { diagnostics: { ruleId: string; severity: string }[] }).diagnostics.find((d) => d.ruleId === 'name')?.severity).toBe('warning');
  });

  it('--max-warnings -1 means no limit; other negatives are refused', async () => {
    const root = tree(files);
    expect((await runCli([...INFO, '--severity', 'name=warn', '--max-warnings', '-1', '.'], root)).code).toBe(0);
    expect((await runCli([...INFO, '--severity', 'name=warn', '--max-warnings', '0', '.'], root)).code).toBe(1);
    expect((await runCli(['--max-warnings', '-2', '.'], root)).code).toBe(2);
  });

  it('--quiet shows and counts errors only', async () => {
    const root = tree(files);
    const all = await runCli([...INFO, '--format', 'json', '.'], root);
    const sev = (s: string) => (JSON.parse(s) as { diagnostics: { severity: string }[] }).diagnostics.map((d) => d.severity);
    expect(sev(all.stdout)).toContain('info');
    const q = await runCli(['--quiet', '--format', 'json', '.'], root);
    expect(new Set(sev(q.stdout))).toEqual(new Set(['error']));
    const warnOnly = await runCli([...INFO, '-q', '--severity', 'name=warning', '--max-warnings', '0', '.'], root);
    expect(warnOnly.code).toBe(0);
    expect(warnOnly.stdout).toMatch(/^0 errors, 0 warnings, 0 infos in 2 skills/m);
  });

  it('--ignore-pattern and .skillcheckignore leave skills out, beside the config ignore', async () => {
    const root = tree({ ...files, '.skillcheckignore': '# generated\nskills/b/**\n' });
    const r = await runCli(['--format', 'json', '.'], root);
    expect((JSON.parse(r.stdout) as { skills: { file: string }[] }).skills.map((s) => s.file)).toEqual(['skills/a/SKILL.md']);
    const both = await runCli(['--ignore-pattern', 'skills/a/**', '--format', 'json', '.'], root);
    expect((JSON.parse(both.stdout) as { skills: unknown[] }).skills).toEqual([]);
  });

  it('--target "" or "," is a usage error, not a green run over nothing', async () => {
    const root = tree(files);
    for (const t of ['', ',', ' , ']) {
      const r = await runCli(['--target', t, '.'], root);
      expect(r.code, JSON.stringify(t)).toBe(2);
      expect(r.stderr).toMatch(/--target expects auto or a comma-separated list/);
    }
  });
});

describe('baseline in the text report', () => {
  it('shows a count of accepted findings; --show-suppressed lists them', async () => {
    const root = tree({ '.git/HEAD': 'x\n', 'skills/b/SKILL.md': SKILL('wrong') });
    expect((await runCli(['--write-baseline', 'base.json', '.'], root)).code).toBe(0);
    const r = await runCli(['--baseline', 'base.json', '.'], root);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('skills/b/SKILL.md:');
    expect(r.stdout).toMatch(/^\d+ findings? accepted by the baseline not shown \(--show-suppressed lists them\)$/m);
    const all = await runCli(['--baseline', 'base.json', '--show-suppressed', '.'], root);
    expect(all.stdout).toContain('skills/b/SKILL.md:');
    expect(all.stdout).not.toContain('accepted by the baseline not shown');
  });
});

describe('stripJsonComments', () => {
  it('keeps strings, offsets and line breaks; drops comments and trailing commas only after a value', async () => {
    const { stripJsonComments } = await import('../src/node/config.js');
    const src = '{ "a": "x // not a comment /* nor this */", // c\n "b": [1, 2, /* c */ ], }';
    const out = stripJsonComments(src);
    expect(out.length).toBe(src.length);
    expect(JSON.parse(out)).toEqual({ a: 'x // not a comment /* nor this */', b: [1, 2] });
    expect(out.split('\n').length).toBe(2);
    for (const bad of ['{,}', '[1,,]', '[,]']) expect(() => JSON.parse(stripJsonComments(bad)), bad).toThrow();
  });

  it('property: JSON without comments is unchanged', async () => {
    const { stripJsonComments } = await import('../src/node/config.js');
    const fc = (await import('fast-check')).default;
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const s = JSON.stringify(v, null, 1);
      expect(stripJsonComments(s)).toBe(s);
    }));
  });
});

describe('commands', () => {
  it('a command typo gets "did you mean", not "path not found"', async () => {
    const r = await runCli(['explian'], tree({ 'x.txt': '' }));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('skillcheck: "explian" is neither a command nor a path; did you mean "skillcheck explain"?\n');
    // A folder of that name is a path, checked as usual.
    const dir = tree({ 'explian/skills/a/SKILL.md': SKILL('a') });
    expect((await runCli(['explian'], dir)).code).toBe(0);
  });

  it('`skillcheck help` and `skillcheck help <command>` print help', async () => {
    const root = tree({ 'x.txt': '' });
    const all = await runCli(['help'], root);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^Usage: skillcheck /);
    const one = await runCli(['help', 'rules'], root);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^Usage: skillcheck rules/);
  });

  it('refuses options placed before a subcommand instead of dropping them', async () => {
    const root = tree({ 'x.txt': '' });
    const r = await runCli(['--format', 'json', 'rules'], root);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--format before "rules" would be ignored: put it after the command');
    const ok = await runCli(['rules', '--format', 'json'], root);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toHaveProperty('rules');
  });
});

describe('terminal manners', () => {
  it('ends quietly when the reader of its output goes away (EPIPE)', async () => {
    const { spawn } = await import('node:child_process');
    const { REPO } = await import('./helpers.js');
    const child = spawn(process.execPath, [path.join(REPO, 'bin/skillcheck.js'), 'rules', '--format', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader closes before the first write, as `head` does after its lines.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('colour follows --color/--no-color, then FORCE_COLOR, NO_COLOR, TERM=dumb, a file output, the terminal', async () => {
    const { colorEnabled } = await import('../src/cli/check.js');
    const tty = { isTTY: true, env: {} };
    expect(colorEnabled({}, tty)).toBe(true);
    expect(colorEnabled({}, { isTTY: false, env: {} })).toBe(false);
    expect(colorEnabled({}, { isTTY: false, env: { FORCE_COLOR: '1' } })).toBe(true);
    expect(colorEnabled({}, { isTTY: true, env: { FORCE_COLOR: '0' } })).toBe(false);
    expect(colorEnabled({}, { isTTY: true, env: { NO_COLOR: '1' } })).toBe(false);
    expect(colorEnabled({}, { isTTY: true, env: { NO_COLOR: '' } })).toBe(true);
    expect(colorEnabled({}, { isTTY: true, env: { TERM: 'dumb' } })).toBe(false);
    expect(colorEnabled({ output: 'r.txt' }, tty)).toBe(false);
    expect(colorEnabled({ color: true, output: 'r.txt' }, { isTTY: false, env: { NO_COLOR: '1' } })).toBe(true);
    expect(colorEnabled({ color: false }, { isTTY: true, env: { FORCE_COLOR: '1' } })).toBe(false);
    // Through the CLI: FORCE_COLOR colours a piped report.
    const root = tree({ 'skills/b/SKILL.md': SKILL('wrong') });
    expect((await runCli(['.'], root, { FORCE_COLOR: '1' })).stdout).toContain('\x1b[31m');
    expect((await runCli(['.'], root, {})).stdout).not.toContain('\x1b[');
  });

  it('the progress line fits the terminal width', async () => {
    const { createProgress, fitLine } = await import('../src/cli/progress.js');
    for (const cols of [10, 20, 30, 80]) {
      for (const [d, t] of [[5, 10], [12345, 99999]] as const) expect(fitLine(d, t, cols).length, `${cols} ${d}/${t}`).toBeLessThan(cols);
    }
    expect(fitLine(5, 10, 80)).toBe('skillcheck: 5/10 skills checked');
    expect(fitLine(5, 10, 30)).toBe('5/10');
    let t = 0;
    let out = '';
    const p = createProgress({ write: (s) => (out += s), isTTY: true, env: {}, columns: 30, now: () => t });
    t = 2000;
    p.tick(1234, 5678);
    expect(out).toBe('\r\x1b[2K1234/5678');
  });
});

describe('paths: globs and standard input', () => {
  it('expands a quoted glob that does not exist as written; one that matches nothing is a usage error', async () => {
    const root = tree({ '.git/HEAD': 'x\n', 'skills/a/SKILL.md': SKILL('a'), 'skills/b/SKILL.md': SKILL('b'), 'other/c/SKILL.md': SKILL('c'), 'node_modules/d/SKILL.md': SKILL('d') });
    const files = async (args: string[]) => (JSON.parse((await runCli([...args, '--format', 'json'], root)).stdout) as { skills: { file: string }[] }).skills.map((s) => s.file).sort();
    expect(await files(['**/SKILL.md'])).toEqual(['other/c/SKILL.md', 'skills/a/SKILL.md', 'skills/b/SKILL.md']);
    expect(await files(['skills/*'])).toEqual(['skills/a/SKILL.md', 'skills/b/SKILL.md']);
    expect(await files(['s?ills/a'])).toEqual(['skills/a/SKILL.md']);
    const none = await runCli(['nope/**/SKILL.md'], root);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('skillcheck: no files match "nope/**/SKILL.md"\n');
  });

  it('--stdin / - checks standard input as the file --stdin-filename names', async () => {
    const { main } = await import('../src/cli/main.js');
    const root = tree({ '.git/HEAD': 'x\n', '.skillcheckrc.json': '{ "rules": { "unknown-field": "error" } }' });
    const run = async (args: string[], input: string) => {
      let stdout = '';
      let stderr = '';
      const code = await main(args, {
        stdout: (s) => (stdout += s),
        stderr: (s) => (stderr += s),
        isTTY: false,
        env: {},
        cwd: root,
        readStdin: async () => new TextEncoder().encode(input),
      });
      return { code, stdout, stderr };
    };
    const bad = await run(['-', '--stdin-filename', 'skills/notes/SKILL.md'], SKILL('notes', 'x-extra: 1\n'));
    expect(bad.code).toBe(1);
    // The path is the one named, and the real folder's config applied (unknown-field raised to error).
    expect(bad.stdout).toMatch(/^skills\/notes\/SKILL\.md:4:1 +error .*unknown-field$/m);
    const good = await run(['--stdin', '--stdin-filename', 'skills/notes/SKILL.md', '-o', 'out.txt'], SKILL('notes'));
    expect(good.code).toBe(0);
    const fs = await import('node:fs');
    expect(fs.readFileSync(path.join(root, 'out.txt'), 'utf8')).toMatch(/in 1 skill/);
    const noName = await run(['--stdin'], SKILL('notes'));
    expect(noName.code).toBe(2);
    expect(noName.stderr).toContain('--stdin needs --stdin-filename');
    expect((await run(['-', 'skills', '--stdin-filename', 'a/SKILL.md'], '')).code).toBe(2);
    expect((await run(['-', '--stdin-filename', '../x/SKILL.md'], '')).code).toBe(2);
  });

  it('--stdin applies the config\'s ignore and trust to the named path, and writes no file', async () => {
    const { main } = await import('../src/cli/main.js');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const root = tree({
      '.git/HEAD': 'x\n',
      '.skillcheckrc.json': JSON.stringify({ ignore: ['vendor/**'], trust: [{ path: 'third-party/**', level: 'installed' }] }),
    });
    const run = async (file: string, input: string) => {
      let stdout = '';
      const code = await main(['-', '--stdin-filename', file, '--format', 'json', '--target', 'ironclaw'], {
        stdout: (s) => (stdout += s),
        stderr: () => {},
        isTTY: false,
        env: {},
        cwd: root,
        readStdin: async () => new TextEncoder().encode(input),
      });
      return { code, report: JSON.parse(stdout) as { skills: { trust: string }[]; diagnostics: unknown[] } };
    };
    const tmpBefore = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('skillcheck-stdin-')).length;
    const ignored = await run('vendor/skills/x/SKILL.md', '---\nname: x\ndescription: d.\nversion: 1.0\n---\nBody.\n');
    expect(ignored.report.skills).toEqual([]);
    expect(ignored.code).toBe(0);
    const mapped = await run('third-party/skills/x/SKILL.md', SKILL('x'));
    expect(mapped.report.skills.map((s) => s.trust)).toEqual(['installed']);
    expect(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('skillcheck-stdin-')).length).toBe(tmpBefore);
  });
});

describe('explain and select honour the config file', () => {
  it('explain: targets and ignore from the config; --target still wins', async () => {
    const root = tree({
      '.git/HEAD': 'x\n',
      '.skillcheckrc.yaml': 'targets: [ironclaw]\nignore: ["skills/old/**"]\n',
      'skills/a/SKILL.md': SKILL('a'),
      'skills/old/SKILL.md': SKILL('old'),
    });
    const view = async (args: string[]) => JSON.parse((await runCli(['explain', '--format', 'json', ...args, '.'], root)).stdout) as { skills: { file: string; target: string }[] };
    const v = await view([]);
    expect(v.skills.map((s) => [s.file, s.target])).toEqual([['skills/a/SKILL.md', 'ironclaw']]);
    expect((await view(['--target', 'agentskills'])).skills.map((s) => s.target)).toEqual(['agentskills']);
    expect((await view(['--no-config'])).skills.map((s) => s.file).sort()).toEqual(['skills/a/SKILL.md', 'skills/old/SKILL.md']);
  });

  it('select: ignore and a single select target from the config', async () => {
    const kw = (n: string) => SKILL(n, 'activation:\n  keywords: [deploy]\n');
    const root = tree({ '.git/HEAD': 'x\n', '.skillcheckrc.yaml': 'targets: [cuca]\nignore: ["skills/old/**"]\n', 'skills/a/SKILL.md': kw('a'), 'skills/old/SKILL.md': kw('old') });
    const r = await runCli(['select', 'summarise the weekly notes', '--format', 'json', '.'], root);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { target: string; selected: string[] };
    expect(out.target).toBe('cuca');
    expect(out.selected).toEqual(['a']);
  });
});

describe('monorepo: separate skills roots are separate catalogs', () => {
  it('the same name in packages/a and packages/b does not collide; within one project it still does', async () => {
    const { catalogOf } = await import('../src/targets/precedence.js');
    const roots = [{ path: 'skills' }, { path: '.ironclaw/skills' }];
    expect(catalogOf(roots, 'packages/a/skills/x/SKILL.md')).toBe('packages/a');
    expect(catalogOf(roots, 'packages/a/.ironclaw/skills/x/SKILL.md')).toBe('packages/a');
    expect(catalogOf(roots, 'skills/x/skills/y/SKILL.md')).toBe('');
    expect(catalogOf(roots, 'docs/x/SKILL.md')).toBeNull();
    const root = tree({
      '.git/HEAD': 'x\n',
      'packages/a/.claude/skills/deploy/SKILL.md': SKILL('deploy'),
      'packages/b/.claude/skills/deploy/SKILL.md': SKILL('deploy'),
    });
    const ids = async () => (JSON.parse((await runCli(['--format', 'json', '.'], root)).stdout) as { diagnostics: { ruleId: string }[] }).diagnostics.map((d) => d.ruleId);
    expect(await ids()).not.toContain('duplicate-name');
    const same = tree({ '.git/HEAD': 'x\n', 'packages/a/.claude/skills/deploy/SKILL.md': SKILL('deploy'), 'packages/a/.claude/skills/other/SKILL.md': SKILL('deploy') });
    const r = JSON.parse((await runCli(['--format', 'json', '--severity', 'name=off', '.'], same)).stdout) as { diagnostics: { ruleId: string }[] };
    expect(r.diagnostics.map((d) => d.ruleId)).toContain('duplicate-name');
  });

  it('scan-limits counts the skills of each catalog apart', async () => {
    const files: Record<string, string> = { '.git/HEAD': 'x\n' };
    for (const pkg of ['a', 'b']) for (let i = 0; i < 60; i++) files[`packages/${pkg}/skills/s${i}/SKILL.md`] = SKILL(`s${i}`);
    const root = tree(files);
    const count = async (dir: string) => (JSON.parse((await runCli(['--format', 'json', '--target', 'ironclaw', dir], root)).stdout) as { diagnostics: { ruleId: string; message: string }[] }).diagnostics.filter((d) => d.ruleId === 'scan-limits');
    // 120 skills, 60 per catalog: under IronClaw's 100 in each.
    expect(await count('.')).toEqual([]);
    for (let i = 60; i < 110; i++) files[`packages/a/skills/s${i}/SKILL.md`] = SKILL(`s${i}`);
    const more = tree(files);
    const r = JSON.parse((await runCli(['--format', 'json', '--target', 'ironclaw', '.'], more)).stdout) as { diagnostics: { ruleId: string; message: string }[] };
    const hits = r.diagnostics.filter((d) => d.ruleId === 'scan-limits');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.message).toMatch(/^110 skills load under ironclaw in packages\/a\//);
  });
});
