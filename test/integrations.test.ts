// The pre-commit hook and the GitHub Action: shape, and what they run.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from './helpers.js';

describe('.pre-commit-hooks.yaml', () => {
  const hooks = parse(fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
  const hook = hooks.find((h) => h.id === 'skillcheck')!;
  it('defines the skillcheck hook as a script (no install step) that runs the package binary on changed files', () => {
    expect(hook).toBeDefined();
    expect(hook.language).toBe('script');
    const [script, ...args] = String(hook.entry).split(' ');
    expect(script).toBe('bin/pre-commit.sh');
    const text = fs.readFileSync(path.join(REPO, script!), 'utf8');
    expect(text.startsWith('#!/bin/sh\n')).toBe(true);
    expect(fs.statSync(path.join(REPO, script!)).mode & 0o111).not.toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(text).toContain(`exec node "$here/${pkg.bin.skillcheck}" "$@"`);
    // pre-commit appends the file names: they are mapped to their skills, and `--` keeps a name like "-x" a path.
    expect(args).toEqual(['--changed-files', '--']);
  });
  it('matches skill files and the side files of skills, not other files', () => {
    const re = new RegExp(String(hook.files));
    for (const yes of [
      'SKILL.md', 'skills/a/SKILL.md', '.claude/skills/x/skill.md', 'a/Skill.md', 'skills/a/references/guide.md',
      'pkg/my-skill/scripts/run.py', 'tools/x/assets/logo.png', '.agents/skills/x/notes.txt',
    ]) expect(re.test(yes), yes).toBe(true);
    for (const no of ['README.md', 'docs/NOTSKILL.md', 'SKILL.md.bak', 'docs/SKILL.mdx', 'docs/SKILLS.md', 'src/index.ts', 'myscripts/x.sh']) {
      expect(re.test(no), no).toBe(false);
    }
  });
});

describe('action.yml', () => {
  const action = parse(fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
    runs: { using: string; steps: { uses?: string; run?: string; with?: Record<string, string>; env?: Record<string, string> }[] };
  };
  it('is a composite action with inputs for paths, targets and format, and an optional SARIF upload', () => {
    expect(action.runs.using).toBe('composite');
    for (const k of ['paths', 'targets', 'format', 'upload-sarif']) expect(action.inputs[k], k).toBeDefined();
    expect(action.inputs['upload-sarif']!.default).toBe('false');
    expect(action.runs.steps.some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))).toBe(true);
  });
  it('never pastes an input or expression into a shell script (inputs go through env)', () => {
    for (const s of action.runs.steps) {
      if (s.run) expect(s.run, s.run).not.toMatch(/\$\{\{/);
    }
  });
  it('pins every action it uses by a full commit SHA', () => {
    const uses = action.runs.steps.flatMap((s) => (s.uses ? [s.uses] : []));
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) expect(u, u).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
  });
  it('runs the flags the CLI has', () => {
    const script = fs.readFileSync(path.join(REPO, 'action/run.mjs'), 'utf8');
    for (const flag of script.match(/--[a-z][a-z-]+/g) ?? []) {
      if (['--no-audit', '--no-fund'].includes(flag)) continue;
      expect(fs.readFileSync(path.join(REPO, 'src/cli/main.ts'), 'utf8'), flag).toContain(`'${flag}`.replace("'--", "'--").slice(1));
    }
  });
});
