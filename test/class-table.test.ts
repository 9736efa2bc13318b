// The build-time table of \w, \d and \s (scripts/build-data.mjs) must be exactly what the engine computes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASS_TABLE_FILE, computeClassRanges } from '../src/analysis/regex/charset.js';
import { PERL_UNICODE } from '../src/analysis/regex/syntax.js';
import { REPO } from './helpers.js';

describe('Unicode class table', () => {
  const table = JSON.parse(fs.readFileSync(path.join(REPO, 'dist', 'src', 'analysis', 'regex', CLASS_TABLE_FILE), 'utf8')) as { unicode: string; classes: Record<string, unknown> };

  it('is made with this Node Unicode version and covers the Perl classes', () => {
    expect(table.unicode).toBe(process.versions.unicode);
    expect(Object.keys(table.classes).sort()).toEqual(Object.values(PERL_UNICODE).sort());
  });

  for (const source of Object.values(PERL_UNICODE)) {
    it(`${source} equals a fresh computation`, () => {
      expect(table.classes[source]).toEqual(computeClassRanges(source));
    });
  }

  it("gives the compiled engine's \\w", async () => {
    const compiled = (await import(path.join(REPO, 'dist', 'src', 'analysis', 'regex', 'syntax.js'))) as typeof import('../src/analysis/regex/syntax.js');
    expect(compiled.perlClass('w', true)).toEqual(table.classes[PERL_UNICODE.w!]);
  });
});
