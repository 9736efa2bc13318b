// One activation pattern end to end: parse with Rust semantics, estimate the compiled size, and match on RE2.
// This is the single entry point rules and the activation engine use; nothing loads RE2 until `matcher()` runs.

import { compileRe2, disposeRe2, type Re2Regex } from '../re2.js';
import { toRe2, type Approximation } from './emit.js';
import { estimateSize, type SizeEstimate } from './size.js';
import { parseRustRegex, type Node, type RegexSyntaxError } from './syntax.js';

export type PatternVerdict =
  /** IronClaw compiles it; skillcheck can match it. */
  | 'ok'
  /** Rust regex rejects the syntax: the runtime drops the pattern. */
  | 'invalid'
  /** The estimated compiled program exceeds the size limit: the runtime drops the pattern. */
  | 'too-large';

export interface PatternAnalysis {
  pattern: string;
  verdict: PatternVerdict;
  ast: Node | null;
  error: RegexSyntaxError | null;
  /** Constructs that compile but mean something else than their author probably intended (e.g. `a++`). */
  warnings: RegexSyntaxError[];
  size: SizeEstimate | null;
  sizeLimit: number;
}

export function analyzePattern(pattern: string, sizeLimit: number): PatternAnalysis {
  // Skills of one repository repeat their patterns (a template's `^deploy\s+\w+$`): the analysis (parse and size
  // estimate, a pure function of the text and the limit) is remembered for the last MEMO_MAX patterns, and frozen so
  // that no caller can change what the next skill is told. Long patterns are analysed every time (not kept).
  if (pattern.length > MEMO_PATTERN_MAX) return analyzeUncached(pattern, sizeLimit);
  const key = `${sizeLimit}:${pattern}`;
  let hit = memo.get(key);
  if (hit === undefined) {
    hit = Object.freeze(analyzeUncached(pattern, sizeLimit));
    Object.freeze(hit.warnings);
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
    memo.set(key, hit);
  }
  return hit;
}

const memo = new Map<string, PatternAnalysis>();
const MEMO_MAX = 512;
const MEMO_PATTERN_MAX = 2048;

function analyzeUncached(pattern: string, sizeLimit: number): PatternAnalysis {
  const parsed = parseRustRegex(pattern);
  if (!parsed.ok) return { pattern, verdict: 'invalid', ast: null, error: parsed.error, warnings: parsed.warnings, size: null, sizeLimit };
  const size = estimateSize(parsed.ast);
  return { pattern, verdict: size.bytes > sizeLimit ? 'too-large' : 'ok', ast: parsed.ast, error: null, warnings: parsed.warnings, size, sizeLimit };
}

export interface CompiledPattern {
  pattern: string;
  test(message: string): boolean;
  /** Where RE2 cannot reproduce Rust exactly (e.g. Unicode \b). */
  approximations: Approximation[];
  /** Free the RE2 program (re2-wasm memory is not garbage-collected); test() must not be called afterwards. */
  dispose(): void;
}

/** Compile a pattern that analyzePattern found `ok` to an RE2 matcher. Returns an error string when RE2 refuses. */
export function compileForMatch(a: PatternAnalysis): CompiledPattern | { error: string } {
  if (a.verdict !== 'ok' || !a.ast) return { error: a.error?.message ?? 'pattern is not usable' };
  const e = toRe2(a.ast);
  const r = compileRe2(e.source);
  if (!r.ok) return { error: `RE2 refused the translated pattern: ${r.error}` };
  const re: Re2Regex = r.regex;
  return {
    pattern: a.pattern,
    approximations: e.approximations,
    test: (message: string) => {
      re.lastIndex = 0;
      return re.test(message);
    },
    dispose: () => disposeRe2(re),
  };
}
