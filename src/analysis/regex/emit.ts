// Emit a parsed Rust regex as RE2 syntax (for matching with re2-wasm). Classes are emitted as explicit code point ranges, so Rust's Unicode \w, \d, \s and
// \p{...} keep their meaning on engines whose own classes differ. Only is-match semantics are preserved.

import type { Ranges } from './charset.js';
import type { Node } from './syntax.js';

/** Where RE2 cannot reproduce Rust exactly. */
export type Approximation = 'unicode-word-boundary' | 'crlf-mode' | 'half-word-boundary';

export interface Emitted {
  source: string;
  approximations: Approximation[];
}

const RE2_MAX_REPEAT = 1000;

function re2Char(cp: number): string {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return String.fromCodePoint(cp);
  return `\\x{${cp.toString(16)}}`;
}

function classSource(set: Ranges, ch: (cp: number) => string, empty: string): string {
  if (set.length === 0) return empty;
  if (set.length === 1 && set[0]![0] === set[0]![1]) return ch(set[0]![0]);
  return `[${set.map(([a, b]) => (a === b ? ch(a) : `${ch(a)}-${ch(b)}`)).join('')}]`;
}

/** Largest product of nested counted repetitions inside a node (RE2 limits it to 1000). */
function repeatProduct(n: Node): number {
  switch (n.type) {
    case 'repeat': {
      const inner = repeatProduct(n.child);
      const count = Math.max(n.min, n.max ?? n.min, 1);
      return inner * (n.max === null && n.min <= 1 ? 1 : count);
    }
    case 'group':
      return repeatProduct(n.child);
    case 'concat':
      return Math.max(1, ...n.items.map(repeatProduct));
    case 'alt':
      return Math.max(1, ...n.branches.map(repeatProduct));
    default:
      return 1;
  }
}

export function toRe2(ast: Node): Emitted {
  const approx = new Set<Approximation>();
  const go = (n: Node): string => {
    switch (n.type) {
      case 'empty':
        return '(?:)';
      case 'literal':
        return re2Char(n.cp);
      case 'class':
        // An empty class never matches: RE2 spells it as a negated full class.
        return classSource(n.set, re2Char, '[^\\x{0}-\\x{10ffff}]');
      case 'look':
        if (n.crlf && (n.kind === 'startLine' || n.kind === 'endLine')) approx.add('crlf-mode');
        switch (n.kind) {
          case 'start':
            return '\\A';
          case 'end':
            return '\\z';
          case 'startLine':
            return '(?m:^)';
          case 'endLine':
            return '(?m:$)';
          case 'wordBoundary':
            if (n.unicode) approx.add('unicode-word-boundary');
            return '\\b';
          case 'notWordBoundary':
            if (n.unicode) approx.add('unicode-word-boundary');
            return '\\B';
          default:
            approx.add('half-word-boundary');
            if (n.unicode) approx.add('unicode-word-boundary');
            return '\\b';
        }
      case 'group':
        return `(?:${go(n.child)})`;
      case 'concat':
        return n.items.map(go).join('');
      case 'alt':
        return `(?:${n.branches.map(go).join('|')})`;
      case 'repeat': {
        const child = `(?:${go(n.child)})`;
        const { min, max } = n;
        if (max === null && min <= 1) return `${child}${min === 0 ? '*' : '+'}`;
        const inner = repeatProduct(n.child);
        const count = Math.max(min, max ?? min);
        if (count * inner <= RE2_MAX_REPEAT) return max === null ? `${child}{${min},}` : min === max ? `${child}{${min}}` : `${child}{${min},${max}}`;
        // Too large for RE2's repeat limits: split into chunks RE2 accepts (x{1500} = x{750}x{750}, the same
        // language); an inner product over the limit is spelled out copy by copy. Rust's size limit bounds both.
        const chunk = Math.max(1, Math.floor(RE2_MAX_REPEAT / inner));
        const rep = (k: number, lo: boolean) => (k === 0 ? '' : k === 1 ? (lo ? `${child}?` : child) : lo ? `${child}{0,${k}}` : `${child}{${k}}`);
        const parts: string[] = [];
        for (let left = min; left > 0; left -= chunk) parts.push(rep(Math.min(chunk, left), false));
        if (max === null) parts.push(`${child}*`);
        else for (let left = max - min; left > 0; left -= chunk) parts.push(rep(Math.min(chunk, left), true));
        return `(?:${parts.join('')})`;
      }
    }
  };
  return { source: go(ast), approximations: [...approx] };
}
