// The repository stands on its own and its comments say what the code does, not how it came to be: no file in the
// code, tests, scripts or docs points at a folder outside the repository (`shared/docs/…`, a workplace path) or at
// the removed work logs, and none carries a history tag ("(issue 20)", "session 5"). Decisions are recorded in
// docs/decisions/, release history in CHANGELOG.md.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers.js';

const ROOTS = ['src', 'rules', 'scripts', 'test', 'test-hosts', 'test-install', 'bench', 'bin', 'action', 'docs', 'README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', '.ci/run', 'action.yml', '.pre-commit-hooks.yaml'];
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|md|ya?ml|json|sh)$|^run$/;
const SELF = 'test/history.test.ts';

/** What may not appear, and why. */
export const FORBIDDEN: readonly { re: RegExp; why: string }[] = [
  { re: /\bissues? #?\d+/i, why: 'a history tag (issue number)' },
  { re: /\bissue-\d+/i, why: 'a history tag (a work-log name)' },
  { re: /\bsessions? \d+/i, why: 'a history tag (session number)' },
  { re: /docs\/notes\//, why: 'the removed work logs (see docs/decisions/)' },
  { re: /\bshared\/docs\b/, why: 'documentation outside the repository (document it here, e.g. docs/targets.md)' },
  { re: /\/work\/(shared|notes|main|wt-|base)/, why: 'a path of the machine it was written on' },
];

function files(rel: string): string[] {
  const abs = path.join(REPO, rel);
  const st = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!st || st.isSymbolicLink()) return [];
  if (st.isDirectory()) return fs.readdirSync(abs).flatMap((n) => (n === 'node_modules' ? [] : files(`${rel}/${n}`)));
  return TEXT.test(path.basename(rel)) ? [rel] : [];
}

/** Every forbidden reference in `text`, as "line: match (why)". */
export function offences(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { re, why } of FORBIDDEN) {
      const m = re.exec(line);
      if (m) out.push(`${i + 1}: ${m[0]} (${why})`);
    }
  });
  return out;
}

describe('no history tags and no references outside the repository', () => {
  it('the patterns catch what they are for, and leave ordinary text alone', () => {
    expect(offences('// node:crypto, loaded on first use (issue 20).')).toHaveLength(1);
    expect(offences('// see the issue-3 note; Issues 13–20\n// session 4 measured it')).toHaveLength(3);
    expect(offences('See `shared/docs/runtimes.md` and /work/shared/corpus/real.')).toHaveLength(2);
    expect(offences('Memory figures: docs/notes/issue-9.md')).toHaveLength(2);
    expect(offences("link to '../shared/notes.md'; base '/work/repo'; a session of 5 minutes; any issue left")).toEqual([]);
  });

  const all = ROOTS.flatMap(files).filter((f) => f !== SELF);
  it('covers the code, the tests, the scripts and the docs', () => {
    for (const root of ['src', 'rules', 'scripts', 'test', 'docs']) expect(all.some((f) => f.startsWith(`${root}/`)), root).toBe(true);
    expect(all).toContain('README.md');
  });

  it('finds none in any file', () => {
    const found = all.flatMap((f) => offences(fs.readFileSync(path.join(REPO, f), 'utf8')).map((o) => `${f}:${o}`));
    expect(found, 'say what the code does (decisions: docs/decisions/, history: CHANGELOG.md)').toEqual([]);
  });
});
