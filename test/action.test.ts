// The GitHub Action's step scripts (action/), run locally the way the composite action runs them: inputs in the
// environment, outputs appended to the GITHUB_OUTPUT file.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types (the action runs it with node, no build step)
import { buildArgs, categoryFor, shellWords } from '../action/run.mjs';
import { REPO, tempTrees } from './helpers.js';

const tree = tempTrees();
const GOOD = '---\nname: notes\ndescription: Summarises the weekly team notes into a short update.\n---\nRead the notes and write the update.\n';
const BAD = '---\nname: other\ndescription: Deploys the service to production when asked.\n---\nRun the deploy.\n';

interface StepRun {
  status: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

function step(cmd: string, args: string[], cwd: string, env: Record<string, string>): StepRun {
  // The outputs file lives in a temporary folder, never in the checkout the step runs in.
  const outFile = path.join(tree({}), '.github-output');
  fs.writeFileSync(outFile, '');
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH ?? '', GITHUB_OUTPUT: outFile, ...env } });
  const outputs = Object.fromEntries(fs.readFileSync(outFile, 'utf8').split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
  fs.rmSync(outFile);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, outputs };
}

const runStep = (cwd: string, env: Record<string, string>) => step(process.execPath, [path.join(REPO, 'action/run.mjs')], cwd, { SC_FORMAT: 'json', ...env });

describe('action/run.mjs', () => {
  it('splits args like a shell (quotes, escapes), never on the spaces inside quotes', () => {
    expect(shellWords(`--max-warnings 0 --baseline 'my baseline.json'\n--severity "a=warning" x\\ y`)).toEqual([
      '--max-warnings', '0', '--baseline', 'my baseline.json', '--severity', 'a=warning', 'x y',
    ]);
    expect(shellWords('  ')).toEqual([]);
    expect(shellWords("''")).toEqual(['']);
    expect(() => shellWords("'open")).toThrow(/unterminated/);
  });

  it('property: any words, single-quoted and joined, split back to the same words', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 6 }), (words) => {
        const line = words.map((w) => `'${w.split("'").join("'\\''")}'`).join(' ');
        expect(shellWords(line)).toEqual(words);
      }),
    );
  });

  it('passes --target only when the targets input is set (the config file decides otherwise)', () => {
    expect(buildArgs({ SC_FORMAT: 'text', SC_TARGETS: '', SC_PATHS: 'a b' }).args).toEqual(['--format', 'text', '--', 'a', 'b']);
    expect(buildArgs({ SC_FORMAT: 'text', SC_TARGETS: 'ironclaw', SC_PATHS: '' }).args).toEqual(['--target', 'ironclaw', '--format', 'text', '--', '.']);
  });

  it('names the SARIF category per shard unless one is given', () => {
    expect(categoryFor('', [])).toBe('skillcheck');
    expect(categoryFor('', ['--shard', '2/3'])).toBe('skillcheck-shard-2-of-3');
    expect(categoryFor('', ['--shard=1/4'])).toBe('skillcheck-shard-1-of-4');
    expect(categoryFor('mine', ['--shard', '2/3'])).toBe('mine');
  });

  it("honours the config file's targets when the targets input is empty", () => {
    const root = tree({ 'skills/notes/SKILL.md': GOOD, '.skillcheckrc.json': '{ "targets": ["ironclaw"] }' });
    const r = runStep(root, { SC_TARGETS: '', SC_PATHS: '.' });
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { skills: { target: string }[] }).skills.map((s) => s.target)).toEqual(['ironclaw']);
    expect(r.outputs['exit-code']).toBe('0');
  });

  it('fails (exit 2) on an empty target list instead of a green run over no skill', () => {
    const root = tree({ 'skills/notes/SKILL.md': GOOD });
    const r = runStep(root, { SC_TARGETS: ',', SC_PATHS: '.' });
    expect(r.status).toBe(2);
    expect(r.outputs['exit-code']).toBe('2');
  });

  it('keeps a quoted argument holding spaces whole', () => {
    const root = tree({ 'skills/notes/SKILL.md': GOOD });
    const r = runStep(root, { SC_ARGS: "--write-baseline 'my baseline.json'", SC_PATHS: '.' });
    expect(r.status, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(root, 'my baseline.json'))).toBe(true);
  });

  it('with SARIF: findings leave the step green with a file and a category to upload; exit 2 leaves nothing to upload', () => {
    const root = tree({ 'skills/deploy/SKILL.md': BAD });
    const found = runStep(root, { SC_FORMAT: 'sarif', SC_SARIF: 'out.sarif', SC_ARGS: '--shard 1/1', SC_PATHS: '.' });
    expect(found.status, found.stderr).toBe(0);
    expect(found.outputs).toEqual({ 'exit-code': '1', 'sarif-file': 'out.sarif', category: 'skillcheck-shard-1-of-1' });
    expect(JSON.parse(fs.readFileSync(path.join(root, 'out.sarif'), 'utf8')).version).toBe('2.1.0');

    const broken = runStep(root, { SC_FORMAT: 'sarif', SC_SARIF: 'none.sarif', SC_PATHS: 'no-such-folder' });
    expect(broken.status).toBe(2);
    expect(broken.outputs).toEqual({ 'exit-code': '2' });
  });
});

describe('action/prepare.sh and action/install.sh', () => {
  it("uses the job's Node when node-version is empty, and computes a cache key of the action's sources", () => {
    const r = step('bash', [path.join(REPO, 'action/prepare.sh')], REPO, { SC_NODE_VERSION: '' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.outputs['setup-node']).toBe('false');
    expect(r.outputs['cache-key']).toMatch(/^skillcheck-action-local-node\d+-[0-9a-f]{40}$/);
    const again = step('bash', [path.join(REPO, 'action/prepare.sh')], REPO, { SC_NODE_VERSION: '' });
    expect(again.outputs['cache-key']).toBe(r.outputs['cache-key']);
    expect(step('bash', [path.join(REPO, 'action/prepare.sh')], REPO, { SC_NODE_VERSION: '22' }).outputs['setup-node']).toBe('true');
  });

  it("refuses a job's Node too old to load the package, naming the input to set", () => {
    const bin = tree({ 'node': '#!/bin/sh\necho 20.11.1\n' });
    fs.chmodSync(path.join(bin, 'node'), 0o755);
    const r = step('bash', [path.join(REPO, 'action/prepare.sh')], REPO, { SC_NODE_VERSION: '', PATH: `${bin}:${process.env.PATH ?? ''}` });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Node\.js is 20\.11\.1; skillcheck needs 20\.19\+ or 22\.12\+.*node-version/);
  });

  it('skips the install and build when the cache restored them', () => {
    // A copy of the script in a folder laid out as a cache hit restores it (a build and the runtime dependencies):
    // run in this checkout, a missing build would have it install and prune the developer's node_modules.
    const root = tree({ 'action/install.sh': fs.readFileSync(path.join(REPO, 'action/install.sh'), 'utf8'), 'dist/src/cli/main.js': '', 'node_modules/commander/package.json': '{}' });
    const r = step('bash', [path.join(root, 'action/install.sh')], root, {});
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('using the cached build');
  });
});
