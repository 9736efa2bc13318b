// The packed tarball as a user gets it: `npm pack` prints only its name (pre-commit reads it), the package passes
// `npm publish --dry-run`, publint and are-the-types-wrong, and a fresh project installs it and runs the CLI, an
// ESM import, a CommonJS require and a type check with the current TypeScript and no @types/node.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_SKILL, GOOD_SKILL, PKG, REPO, ok, run, tempDir, write } from './helpers.js';

const PUBLINT = 'publint@0.3.25';
const ATTW = '@arethetypeswrong/cli@0.18.5';
/** The current TypeScript (the point is to catch a new major breaking the shipped types); TS_VERSION pins it. */
const TYPESCRIPT = `typescript@${process.env.TS_VERSION ?? 'latest'}`;

const tarballName = `${PKG.name}-${PKG.version}.tgz`;
let work: string;
let tarball: string;
let packStdout: string;
let project: string;

beforeAll(() => {
  work = tempDir('pkg');
  // `npm pack` in the package folder, stdout read as the file name. The suite runs after the build (`npm run
  // test:install` and `test:all` build first), so the pack does not build again (--ignore-scripts).
  packStdout = ok('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: REPO, timeoutMs: 300_000 }).stdout;
  tarball = path.join(work, tarballName);
  project = path.join(work, 'fresh');
  fs.mkdirSync(project);
  write(project, { 'package.json': JSON.stringify({ name: 'fresh', version: '1.0.0', private: true }, null, 2) });
  ok('npm', ['install', '--no-audit', '--no-fund', tarball, TYPESCRIPT], { cwd: project, timeoutMs: 600_000 });
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('prints only the tarball name on stdout (pre-commit reads it as a path)', () => {
    expect(packStdout).toBe(`${tarballName}\n`);
    expect(fs.statSync(tarball).isFile()).toBe(true);
  });

  it('ships the licence, changelog, built library, rule docs and schemas, and no sources or tests', () => {
    const list = ok('tar', ['-tzf', tarball]).stdout.split('\n').filter(Boolean);
    for (const f of ['package/LICENSE', 'package/CHANGELOG.md', 'package/README.md', 'package/bin/skillcheck.js', 'package/dist/src/index.js', 'package/dist/src/index.d.ts', 'package/schemas/config.schema.json']) {
      expect(list, f).toContain(f);
    }
    expect(list.some((f) => f.startsWith('package/rules/') && f.endsWith('.md'))).toBe(true);
    expect(list.filter((f) => /^package\/(src|test|test-install|corpus|bench)\//.test(f) || f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
  });
});

describe('ready to publish', () => {
  it('npm publish --dry-run succeeds with no warning but the login one', () => {
    const r = ok('npm', ['publish', '--dry-run', '--loglevel=warn', tarball], { cwd: work, timeoutMs: 300_000 });
    const warnings = r.stderr.split('\n').filter((l) => /^npm warn/i.test(l) && !/requires you to be logged in/.test(l));
    expect(warnings, r.log).toEqual([]);
  });

  it('publint finds nothing', () => {
    const r = ok('npx', ['--yes', PUBLINT, 'run', '--strict', tarball], { cwd: work, timeoutMs: 300_000 });
    expect(r.stdout, r.log).toContain('All good!');
  });

  it('are-the-types-wrong finds nothing (require of ESM is supported: Node ^20.19 / >=22.12, TypeScript nodenext)', () => {
    // attw still flags every CommonJS → ESM resolution as "dynamic import only"; require(esm) is unflagged in the
    // engines this package declares, and the require test below runs it.
    const r = run('npx', ['--yes', '-p', ATTW, 'attw', tarball, '--ignore-rules', 'cjs-resolves-to-esm'], { cwd: work, timeoutMs: 300_000 });
    expect(r.status, r.log).toBe(0);
  });
});

describe('a fresh project with the tarball installed', () => {
  it('runs `npx skillcheck .`: a good skill passes, a bad one fails', () => {
    write(project, { 'skills/notes/SKILL.md': GOOD_SKILL });
    const good = run('npx', ['--no-install', 'skillcheck', '.'], { cwd: project, timeoutMs: 120_000 });
    expect(good.status, good.log).toBe(0);
    write(project, { 'skills/deploy/SKILL.md': BAD_SKILL });
    const bad = run('npx', ['--no-install', 'skillcheck', '.'], { cwd: project, timeoutMs: 120_000 });
    expect(bad.status, bad.log).toBe(1);
    expect(bad.stdout).toMatch(/skills\/deploy\/SKILL\.md:\d+:\d+ +error /);
    fs.rmSync(path.join(project, 'skills'), { recursive: true });
  });

  it('imports the library and the policy entry as ES modules', () => {
    write(project, {
      'esm.mjs': [
        "import { lint, ALL_RULES } from 'skillcheck';",
        "import { buildPolicy } from 'skillcheck/policy';",
        "const r = await lint({ paths: ['.'] });",
        "console.log(JSON.stringify({ lint: typeof lint, rules: ALL_RULES.length > 0, skills: r.skills.length, policy: typeof buildPolicy }));",
      ].join('\n'),
    });
    const r = ok('node', ['esm.mjs'], { cwd: project, timeoutMs: 60_000 });
    expect(JSON.parse(r.stdout)).toEqual({ lint: 'function', rules: true, skills: 0, policy: 'function' });
  });

  it('requires the library and the policy entry from CommonJS', () => {
    write(project, {
      'cjs.cjs': [
        "const sc = require('skillcheck');",
        "const policy = require('skillcheck/policy');",
        "console.log(JSON.stringify({ lint: typeof sc.lint, policy: typeof policy.buildPolicy, same: sc.buildPolicy === policy.buildPolicy }));",
      ].join('\n'),
    });
    const r = ok('node', ['cjs.cjs'], { cwd: project, timeoutMs: 60_000 });
    expect(JSON.parse(r.stdout)).toEqual({ lint: 'function', policy: 'function', same: true });
    expect(r.stderr, r.log).not.toMatch(/ERR_|Error/);
  });

  it('type-checks ESM and CommonJS users with the current TypeScript, no @types/node and skipLibCheck off', () => {
    expect(fs.existsSync(path.join(project, 'node_modules/@types/node')), 'the fresh project must not have @types/node').toBe(false);
    write(project, {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [] }, include: ['*.mts', '*.cts'] }),
      'use.mts': [
        "import { lint, formatText, type Diagnostic, type LintResult } from 'skillcheck';",
        "import { buildPolicy, type PolicyDocument } from 'skillcheck/policy';",
        "const r: LintResult = await lint({ paths: ['.'], targets: ['agentskills'] });",
        'const d: readonly Diagnostic[] = r.diagnostics;',
        'const text: string = formatText(r, { color: false });',
        'export const out: [number, string, typeof buildPolicy, PolicyDocument | null] = [d.length, text, buildPolicy, null];',
      ].join('\n'),
      'use.cts': [
        "import sc = require('skillcheck');",
        "import policy = require('skillcheck/policy');",
        'export const kinds: string[] = [typeof sc.lint, typeof policy.createToolGate];',
      ].join('\n'),
    });
    const r = run('npx', ['--no-install', 'tsc', '-p', '.'], { cwd: project, timeoutMs: 180_000 });
    expect(r.status, r.log).toBe(0);
  });
});
