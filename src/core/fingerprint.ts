// Stable finding fingerprints: rule, target, file and a hash of the offending line's text, never its number,
// so a finding keeps its fingerprint when lines are added above it (baselines, SARIF partialFingerprints).

import type * as Crypto from 'node:crypto';
import type { SourceText } from './source.js';
import type { Diagnostic } from './types.js';

/** node:crypto, loaded when first used rather than at start-up. */
const crypto = (): typeof Crypto => process.getBuiltinModule('node:crypto');

/** Bumped when the recipe changes; baselines record it and refuse a mismatch. */
export const FINGERPRINT_VERSION = 1;

/** The text of a 1-based line of the normalized source, or '' when there is no such line. */
export function lineText(src: Pick<SourceText, 'normalized' | 'lineStarts'> | null | undefined, line: number): string {
  if (!src || line < 1 || line > src.lineStarts.length) return '';
  const start = src.lineStarts[line - 1]!;
  const next = src.lineStarts[line];
  return src.normalized.slice(start, next === undefined ? undefined : next - 1);
}

/** Whitespace runs collapsed and ends trimmed: re-indenting or re-wrapping blanks does not change a fingerprint. */
export function normalizeLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function hash(s: string): string {
  return crypto().createHash('sha256').update(s).digest('hex').slice(0, 16);
}

/**
 * Fingerprint every diagnostic (in place) and return them; `lineOf` gives the text of a line of a file ('' unknown). Identical keys in one file (the same rule on two
 * identical lines) are told apart by their order of occurrence: `<hash>:2`, `<hash>:3`, …
 */
export function fingerprintDiagnostics<D extends Diagnostic>(diags: D[], lineOf: (file: string, line: number) => string): D[] {
  const seen = new Map<string, number>();
  for (const d of diags) {
    const text = normalizeLine(lineOf(d.file, d.line));
    const base = hash(`v${FINGERPRINT_VERSION}\0${d.ruleId}\0${d.target ?? ''}\0${d.file}\0${text}`);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    d.fingerprint = n === 1 ? base : `${base}:${n}`;
  }
  return diags;
}
