// The build-time table of \w, \d and \s (scripts/build-data.mjs) must be exactly what the engine computes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASS_TABLE_FILE, computeClassRanges, type Ranges } from '../src/analysis/regex/charset.js';
import { computeClassCost, encode } from '../src/analysis/regex/size.js';
import { PERL_UNICODE } from '../src/analysis/regex/syntax.js';
import { REPO } from './helpers.js';

describe('Unicode class table', () => {
  const table = JSON.parse(fs.readFileSync(path.join(REPO, 'dist', 'src', 'analysis', 'regex', CLASS_TABLE_FILE), 'utf8')) as { unicode: string; classes: Record<string, unknown>; costs: Record<string, unknown> };

  it('is made with this Node Unicode version and covers the Perl classes', () => {
    expect(table.unicode).toBe(process.versions.unicode);
    expect(Object.keys(table.classes).sort()).toEqual(Object.values(PERL_UNICODE).sort());
  });

  for (const source of Object.values(PERL_UNICODE)) {
    it(`${source} equals a fresh computation`, () => {
      expect(table.classes[source]).toEqual(computeClassRanges(source));
    });
  }

  for (const source of Object.values(PERL_UNICODE)) {
    it(`${source}'s NFA cost equals a fresh computation`, () => {
      expect(table.costs[source]).toEqual(computeClassCost(computeClassRanges(source)!));
    });
  }

  it('size estimates are the same with the table (\\w from the table) and without (a copy of \\w, computed)', async () => {
    const syntax = (await import(path.join(REPO, 'dist', 'src', 'analysis', 'regex', 'syntax.js'))) as typeof import('../src/analysis/regex/syntax.js');
    const size = (await import(path.join(REPO, 'dist', 'src', 'analysis', 'regex', 'size.js'))) as typeof import('../src/analysis/regex/size.js');
    const fromTable = syntax.parseRustRegex('^a\\w+\\s\\d$');
    expect(fromTable.ok).toBe(true);
    const copied = JSON.parse(JSON.stringify(fromTable)) as typeof fromTable; // new Ranges objects: no table hit
    if (!fromTable.ok || !copied.ok) throw new Error('parse');
    expect(size.estimateSize(fromTable.ast)).toEqual(size.estimateSize(copied.ast));
  });

  it('encode gives the UTF-8 bytes of every code point outside the surrogates', () => {
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const want = [...Buffer.from(String.fromCodePoint(cp), 'utf8')];
      const got = encode(cp);
      if (got.length !== want.length || got.some((b, i) => b !== want[i])) expect([cp, got]).toEqual([cp, want]);
    }
    expect(computeClassCost([[0x61, 0x7a]] as Ranges)).toEqual(computeClassCost([[0x61, 0x7a]] as Ranges));
  });

  it("gives the compiled engine's \\w", async () => {
    const compiled = (await import(path.join(REPO, 'dist', 'src', 'analysis', 'regex', 'syntax.js'))) as typeof import('../src/analysis/regex/syntax.js');
    expect(compiled.perlClass('w', true)).toEqual(table.classes[PERL_UNICODE.w!]);
  });
});
