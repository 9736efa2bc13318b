// findDuplicateKeys must agree with the yaml library's own (quadratic) uniqueKeys check, position for position.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Pair, parseDocument, Scalar, YAMLMap } from 'yaml';
import { findDuplicateKeys } from '../src/core/yamlkeys.js';

const KEY = fc.constantFrom('a', 'b', '"a"', "'a'", '1', '"1"', '0x1', '01', 'true', 'True', 'null', '~', '.nan', '.NaN', '&x a', '!!str a', '!!str 1', '? a', 'a b', '"a b"', '[a]', '{a: 1}');
const VAL = fc.constantFrom('1', 'x', '[1, 2]', '{a: 1, a: 2}', '{b: 1}', '*x', '');

function block(depth: number): fc.Arbitrary<string> {
  const line = fc.tuple(KEY, VAL).map(([k, v]) => `${k}: ${v}`);
  if (depth === 0) return fc.array(line, { minLength: 1, maxLength: 6 }).map((ls) => ls.join('\n'));
  return fc
    .array(fc.oneof(line, fc.tuple(KEY, block(depth - 1)).map(([k, b]) => `${k}:\n${b.replace(/^/gm, '  ')}`)), { minLength: 1, maxLength: 5 })
    .map((ls) => ls.join('\n'));
}
const flow = fc.array(fc.tuple(KEY, VAL), { maxLength: 6 }).map((ps) => `f: {${ps.map(([k, v]) => `${k}: ${v || 'z'}`).join(', ')}}`);
const seqOfMaps = fc.array(block(0), { maxLength: 3 }).map((bs) => `s:\n${bs.map((b) => `  - ${b.replace(/\n/g, '\n    ')}`).join('\n')}`);
const yamlText = fc.array(fc.oneof(block(2), flow, seqOfMaps), { minLength: 1, maxLength: 3 }).map((parts) => `${parts.join('\n')}\n`);

function libraryDuplicates(text: string): number[] {
  return parseDocument(text, { uniqueKeys: true, logLevel: 'silent' })
    .errors.filter((e) => e.code === 'DUPLICATE_KEY')
    .map((e) => e.pos[0])
    .sort((a, b) => a - b);
}

describe('findDuplicateKeys', () => {
  it('reports exactly the duplicate keys the library reports, at the same offsets', () => {
    fc.assert(
      fc.property(yamlText, (text) => {
        const doc = parseDocument(text, { uniqueKeys: false, logLevel: 'silent' });
        const mine = findDuplicateKeys(doc).map((d) => d.start);
        const lib = libraryDuplicates(text);
        expect(mine.length).toBe(lib.length);
        // The library reports at the end of the key's "props", which after an empty value is the previous line
        // break (or, in a document with syntax errors, a character off); we report at the key itself. Offsets must
        // agree wherever the library's points at the key.
        if (doc.errors.length === 0) lib.forEach((at, i) => !/\s/.test(text[at] ?? '') && expect(mine[i]).toBe(at));
      }),
      { numRuns: 1500 },
    );
  });

  it('finds duplicates (the property is not vacuous)', () => {
    const doc = parseDocument('a: 1\nb:\n  c: 1\n  c: 2\n0x1: x\n1: y\n', { uniqueKeys: false });
    expect(findDuplicateKeys(doc).map((d) => d.key)).toEqual(['c', 1]);
  });

  it('is linear: 100,000 keys and 10,000-deep nesting do not blow the stack', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `k${i}: v`).join('\n');
    expect(findDuplicateKeys(parseDocument(`${many}\nk5: again\n`, { uniqueKeys: false })).map((d) => d.key)).toEqual(['k5']);
    // A 10,000-deep map built node by node (the parser itself may not nest that deep).
    const deep = parseDocument('n: 1', { uniqueKeys: false });
    let map = deep.contents as YAMLMap;
    for (let i = 0; i < 10_000; i++) {
      const inner = new YAMLMap();
      map.items = [new Pair(new Scalar('n'), inner), new Pair(new Scalar('m'), new Scalar(i))];
      map = inner;
    }
    map.items = [new Pair(new Scalar('d'), new Scalar(1)), new Pair(new Scalar('d'), new Scalar(2))];
    expect(findDuplicateKeys(deep).map((d) => d.key)).toEqual(['d']);
  });
});
