// The fast paths of path joining and display paths (src/node/read.ts joinName, src/node/lint.ts toPosixRelative)
// give exactly what path.join and path.relative give, for any mix of normal and odd segments.

import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinName } from '../src/node/read.js';
import { toPosixRelative } from '../src/node/lint.js';

const segment = fc.constantFrom('', '.', '..', 'a', 'b', 'skills', 'SKILL.md', 'x y', '\uFFFD', '...', '.hidden', 'a\\b');
const anyPath = fc.array(segment, { maxLength: 6 }).chain((segs) => fc.boolean().map((abs) => (abs ? '/' : '') + segs.join('/')));

function reference(cwd: string, abs: string): string {
  const rel = path.relative(cwd, abs);
  return rel === '' ? '.' : rel.split(path.sep).join('/');
}

describe('fast path joins', () => {
  it('joinName(dir, name) === path.join(dir, name)', () => {
    fc.assert(
      fc.property(anyPath, anyPath, segment, (d1, d2, name) => {
        // Two directories in turn, so the memo of the last clean one is exercised both ways.
        expect(joinName(d1, name)).toBe(path.join(d1, name));
        expect(joinName(d2, name)).toBe(path.join(d2, name));
        expect(joinName(d1, name)).toBe(path.join(d1, name));
      }),
      { numRuns: 3000 },
    );
  });

  it('toPosixRelative(cwd, abs) is path.relative with / separators, "." for the folder itself', () => {
    fc.assert(
      fc.property(anyPath, anyPath, fc.boolean(), (c, rest, under) => {
        const cwd = path.isAbsolute(c) ? c : `/${c}`;
        const abs = under ? `${cwd}/${rest}` : path.isAbsolute(rest) ? rest : `/${rest}`;
        expect(toPosixRelative(cwd, abs)).toBe(reference(cwd, abs));
        expect(toPosixRelative(path.resolve(cwd), abs)).toBe(reference(path.resolve(cwd), abs));
      }),
      { numRuns: 3000 },
    );
    expect(toPosixRelative('/w/c', '/w/c/skills/a/SKILL.md')).toBe('skills/a/SKILL.md');
    expect(toPosixRelative('/w/c', '/w/c')).toBe('.');
    expect(toPosixRelative('/w/c', '/w/cd/x')).toBe('../cd/x');
  });
});
