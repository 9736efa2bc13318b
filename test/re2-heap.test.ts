// re2-wasm's heap is fixed at 16 MiB and never collected. Pack patterns are compiled at their first use and kept;
// when the heap is full, the pack matcher frees every compiled pack pattern and compiles the one at hand again, so a
// run over many packs (or one large pack) keeps matching instead of failing with "does not compile".

import { describe, expect, it } from 'vitest';
import { matchEntry } from '../src/analysis/packs.js';
import type { PackEntry } from '../src/analysis/packs/schema.js';

function entry(k: number): PackEntry {
  // A large program each (a long bounded gap in Unicode mode): 60 of them outgrow the heap; without the release this fails with an abort.
  const words = Array.from({ length: 8 }, (_, j) => `w${k}x${j}`).join('|');
  return {
    id: `heap-${k}`,
    description: 'heap test',
    message: 'm',
    severity: 'warning',
    confidence: 'medium',
    scope: ['body'],
    keywords: [`w${k}x`],
    patterns: [`(?i)\\b(?:${words})\\b[^\\n]{0,400}?\\b(?:alpha|beta|gamma)[ \\t]+(?:one|two|three)\\b`],
    examples: { match: [], nomatch: [] },
  };
}

describe('pack patterns and the fixed re2-wasm heap', () => {
  it('keeps matching when the compiled patterns outgrow the heap', () => {
    // 60 distinct large patterns cannot all stay compiled in 16 MiB.
    const entries = Array.from({ length: 60 }, (_, k) => entry(k));
    let found = 0;
    for (const [k, e] of entries.entries()) found += matchEntry(e, `say w${k}x7 then beta two`).length;
    expect(found).toBe(60);
    // And the first ones again, after the heap was freed for later ones.
    expect(matchEntry(entries[0]!, 'w0x3 and gamma one').length).toBe(1);
    expect(matchEntry(entries[0]!, 'w0x3 and delta one').length).toBe(0);
  });
});
