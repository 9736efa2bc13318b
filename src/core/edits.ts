// Text edits (a fix's), applied in memory.

import type { TextEdit } from './types.js';

/** Apply non-overlapping edits (sorted by start) to `text`. Overlapping later edits are dropped. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let pos = 0;
  let applied = 0;
  for (const e of sorted) {
    if (e.start < pos || e.end < e.start || e.end > text.length) continue;
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
    applied++;
  }
  return { text: out + text.slice(pos), applied };
}
