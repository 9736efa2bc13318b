// Config ignore globs: `**`, `*`, `?`, folder patterns, and patterns without a slash matching at any depth.

import { describe, expect, it } from 'vitest';
import { compileGlobs, globMatcher } from '../src/analysis/glob.js';

describe('globMatcher', () => {
  const cases: [string, string[], string[]][] = [
    ['vendor/', ['vendor/a/SKILL.md', 'vendor/SKILL.md'], ['x/vendor2/SKILL.md', 'vendors/a/SKILL.md']],
    ['vendor/**', ['vendor/a/b/SKILL.md'], ['src/vendor/a/SKILL.md']],
    ['**/fixtures/**', ['a/fixtures/x/SKILL.md', 'fixtures/SKILL.md'], ['a/fixture/x/SKILL.md']],
    ['skills/*/SKILL.md', ['skills/a/SKILL.md'], ['skills/a/b/SKILL.md']],
    ['fixtures', ['fixtures/a/SKILL.md', 'deep/er/fixtures/SKILL.md'], ['fixtures2/SKILL.md']],
    ['skills/a?c', ['skills/abc/SKILL.md'], ['skills/ac/SKILL.md', 'skills/a/c/SKILL.md']],
    ['./a.b/', ['a.b/SKILL.md'], ['aXb/SKILL.md']],
  ];
  for (const [glob, yes, no] of cases) {
    it(glob, () => {
      const m = globMatcher(glob);
      for (const p of yes) expect(m(p), p).toBe(true);
      for (const p of no) expect(m(p), p).toBe(false);
    });
  }
  it('any of several', () => {
    const m = compileGlobs(['a/', 'b/']);
    expect([m('a/x'), m('b/y'), m('c/z')]).toEqual([true, true, false]);
  });
});
