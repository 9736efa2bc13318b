// The pre-commit hook end to end with the real pre-commit: a clone of this repository gets the prebuilt commit a
// release tag points at (scripts/prebuilt.mjs: dist/ and the production node_modules/ committed); a project whose
// .pre-commit-config.yaml points at that commit installs the hook with no build (`language: script`), then
// `git commit` is blocked by a bad skill and passes a good one, also when only a file in a skill's references/ or
// scripts/ changed. pre-commit is installed with apt when missing.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_SKILL, GOOD_SKILL, REPO, ok, run, tempDir, write } from './helpers.js';

function ensurePreCommit(): void {
  if (run('sh', ['-c', 'command -v pre-commit']).status === 0) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) throw new Error('pre-commit is not installed and this is not root: run `apt-get install -y pre-commit` (or pipx install pre-commit)');
  ok('apt-get', ['update'], { timeoutMs: 300_000 });
  ok('apt-get', ['install', '-y', '--no-install-recommends', 'pre-commit'], { timeoutMs: 600_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

let work: string;
let installMs = 0;
let project: string;
let env: NodeJS.ProcessEnv;
const git = (...args: string[]) => run('git', args, { cwd: project, env, timeoutMs: 900_000 });

beforeAll(() => {
  ensurePreCommit();
  work = tempDir('precommit');
  // A clone of this repository's committed HEAD: what a user's pre-commit would fetch.
  const clone = path.join(work, 'skillcheck');
  ok('git', ['clone', '--quiet', '--no-hardlinks', REPO, clone], { timeoutMs: 300_000 });
  // What a release tag holds: the CLI already built. The suite runs after the build, so the clone takes this
  // checkout's dist/ rather than building again (the release itself builds: scripts/prebuilt.mjs without --dist).
  const rev = ok('node', ['scripts/prebuilt.mjs', '--dist', path.join(REPO, 'dist')], { cwd: clone, timeoutMs: 900_000 }).stdout.trim();
  expect(rev).toMatch(/^[0-9a-f]{40}$/);
  project = path.join(work, 'project');
  fs.mkdirSync(project);
  // A private pre-commit cache: the hook is installed from scratch, as a new user would.
  env = { ...process.env, PRE_COMMIT_HOME: path.join(work, 'cache'), GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid', NO_COLOR: '1' };
  ok('git', ['init', '--quiet', '-b', 'main'], { cwd: project, env });
  write(project, {
    '.pre-commit-config.yaml': `repos:\n  - repo: ${clone}\n    rev: ${rev}\n    hooks:\n      - id: skillcheck\n`,
    'README.md': '# a project with skills\n',
  });
  ok('git', ['add', '-A'], { cwd: project, env });
  ok('git', ['commit', '--quiet', '-m', 'init'], { cwd: project, env });
  ok('pre-commit', ['install'], { cwd: project, env, timeoutMs: 60_000 });
  // The first install: a clone and no build (it took minutes when pre-commit built TypeScript in a node env).
  const t0 = Date.now();
  ok('pre-commit', ['install-hooks'], { cwd: project, env, timeoutMs: 900_000 });
  installMs = Date.now() - t0;
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('pre-commit hook (real pre-commit)', () => {
  it('installs from a release commit without building (well under the minutes a build takes)', () => {
    expect(installMs).toBeLessThan(90_000);
    expect(fs.readdirSync(path.join(work, 'cache')).some((d) => d.startsWith('repo'))).toBe(true);
  });

  it('passes a commit with a good skill', () => {
    write(project, { 'skills/notes/SKILL.md': GOOD_SKILL, 'skills/notes/references/guide.md': '# Guide\n' });
    git('add', '-A');
    const r = git('commit', '-m', 'good skill');
    expect(r.status, r.log).toBe(0);
    expect(r.stdout + r.stderr).toMatch(/skillcheck\.+Passed/);
  });

  it('blocks a commit with a bad skill and names the finding', () => {
    write(project, { 'skills/deploy/SKILL.md': BAD_SKILL });
    git('add', '-A');
    const r = git('commit', '-m', 'bad skill');
    expect(r.status, r.log).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/skillcheck\.+Failed/);
    expect(r.stdout + r.stderr).toMatch(/skills\/deploy\/SKILL\.md:\d+:\d+ +error /);
    git('reset', '--quiet', 'HEAD', '--', 'skills/deploy');
    fs.rmSync(path.join(project, 'skills/deploy'), { recursive: true });
  });

  it('runs when only a references/ or scripts/ file changed, and checks the whole skill', () => {
    // A bad skill got in without the hook; a later commit touching only its side files is checked as a whole.
    write(project, { 'skills/deploy/SKILL.md': BAD_SKILL, 'skills/deploy/references/notes.md': 'v1\n' });
    git('add', '-A');
    expect(git('commit', '--no-verify', '-m', 'bypass').status).toBe(0);
    write(project, { 'skills/deploy/references/notes.md': 'v2\n' });
    git('add', '-A');
    const refs = git('commit', '-m', 'notes only');
    expect(refs.status, refs.log).not.toBe(0);
    expect(refs.stdout + refs.stderr).toMatch(/skills\/deploy\/SKILL\.md:\d+:\d+ +error /);
    git('reset', '--quiet', '--hard', 'HEAD');

    // The good skill: a new script alone runs the hook (not "no files to check") and passes.
    write(project, { 'skills/notes/scripts/count.sh': '#!/bin/sh\nwc -l "$1"\n' });
    git('add', '-A');
    const scripts = git('commit', '-m', 'script only');
    expect(scripts.status, scripts.log).toBe(0);
    expect(scripts.stdout + scripts.stderr).toMatch(/skillcheck\.+Passed/);
  });

  it('skips a commit that touches no skill', () => {
    write(project, { 'README.md': '# changed\n' });
    git('add', '-A');
    const r = git('commit', '-m', 'readme');
    expect(r.status, r.log).toBe(0);
    expect(r.stdout + r.stderr).toMatch(/skillcheck\.+\(no files to check\)Skipped/);
  });
});
