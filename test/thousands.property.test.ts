// thousands(n) must print what n.toLocaleString('en-US') prints (messages and rule docs are unchanged), without
// loading Intl (the first toLocaleString of a process costs ~100 ms).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thousands } from '../src/core/text.js';

describe('thousands', () => {
  it('equals toLocaleString("en-US") on integers of every size and sign, and on other numbers', () => {
    for (const n of [0, -0, 1, 999, 1000, -1000, 999_999, 1_000_000, 65_536, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(thousands(n)).toBe(n.toLocaleString('en-US'));
    }
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double(), fc.integer({ min: -1e6, max: 1e6 }).map((x) => x / 8)), (n) => {
        expect(thousands(n)).toBe(n.toLocaleString('en-US'));
      }),
      { numRuns: 20_000 },
    );
  });
});
