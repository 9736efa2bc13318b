// String values of a JSON text with their JSON path and source offsets, for rules that read `.mcp.json` tool
// descriptions and commands or `package.json` scripts. A tolerant, bounded tokenizer: it never throws, never recurses
// (an explicit stack), stops descending past MAX_JSON_DEPTH and stops collecting past MAX_JSON_STRINGS. Invalid JSON
// yields what could be read up to the first error (the raw text is matched line by line anyway).

import type { JsonString, JsonScan } from '../core/contracts.js';
export type { JsonString, JsonScan };

/** Nesting levels descended at most; deeper values are skipped (their text is still matched as raw lines). */
export const MAX_JSON_DEPTH = 64;
/** String values collected per file at most. */
const MAX_JSON_STRINGS = 20000;

interface Frame {
  kind: 'object' | 'array';
  index: number;
  key: string | null;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/** Decode the JSON string starting at `i` (a quote). Returns the value and the offset after the closing quote. */
function readString(t: string, i: number): { value: string; end: number; escaped: boolean } | null {
  let out = '';
  let j = i + 1;
  let last = j;
  let escaped = false;
  while (j < t.length) {
    const c = t.charCodeAt(j);
    if (c === 34) {
      out += t.slice(last, j);
      return { value: out, end: j + 1, escaped };
    }
    if (c === 10) return null; // raw newline: not JSON
    if (c === 92) {
      escaped = true;
      out += t.slice(last, j);
      const e = t[j + 1];
      if (e === undefined) return null;
      if (e === 'u') {
        const hex = t.slice(j + 2, j + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) return null;
        out += String.fromCharCode(parseInt(hex, 16));
        j += 6;
      } else {
        const map: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        const m = map[e];
        if (m === undefined) return null;
        out += m;
        j += 2;
      }
      last = j;
      continue;
    }
    j++;
  }
  return null;
}

/** Every string value of `text` (keys are part of paths, not values), in text order. */
export function jsonStrings(text: string, maxDepth = MAX_JSON_DEPTH, maxStrings = MAX_JSON_STRINGS): JsonScan {
  const strings: JsonString[] = [];
  const stack: Frame[] = [];
  let truncated = false;
  /** Depth past the bound: containers opened there are counted, not entered. */
  let skipped = 0;
  const pathOf = (): (string | number)[] => stack.map((f) => (f.kind === 'array' ? f.index : (f.key ?? '?')));
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\ufeff') {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      if (skipped > 0 || stack.length >= maxDepth) {
        skipped++;
        truncated = true;
      } else stack.push({ kind: c === '{' ? 'object' : 'array', index: 0, key: null, expectKey: c === '{' });
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      if (skipped > 0) skipped--;
      else if (!top || (c === '}') !== (top.kind === 'object')) return { strings, truncated, errorAt: i };
      else stack.pop();
      i++;
      continue;
    }
    if (c === ',') {
      if (skipped === 0 && top) {
        if (top.kind === 'array') top.index++;
        else top.expectKey = true;
      }
      i++;
      continue;
    }
    if (c === ':') {
      i++;
      continue;
    }
    if (c === '"') {
      const s = readString(text, i);
      if (!s) return { strings, truncated, errorAt: i };
      if (skipped === 0) {
        if (top && top.kind === 'object' && top.expectKey) {
          top.key = s.value;
          top.expectKey = false;
        } else if (strings.length < maxStrings) {
          strings.push({ value: s.value, start: i, end: s.end, path: pathOf(), escaped: s.escaped });
        } else truncated = true;
      }
      i = s.end;
      continue;
    }
    // Numbers, true, false, null: skip the token.
    const m = /^-?[0-9][0-9eE.+-]*|^true|^false|^null/.exec(text.slice(i, i + 64));
    if (!m) return { strings, truncated, errorAt: i };
    i += m[0].length;
  }
  return { strings, truncated, errorAt: stack.length > 0 ? n : null };
}

/** A JSON path as people write it: mcpServers.fs.args[2]. */
export function formatJsonPath(p: readonly (string | number)[]): string {
  let out = '';
  for (const k of p) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(k)) out += out === '' ? k : `.${k}`;
    else out += `[${JSON.stringify(k)}]`;
  }
  return out === '' ? '$' : out;
}

/** The string whose token holds `offset` (strings are in text order), or null. */
export function stringAt(strings: readonly JsonString[], offset: number): JsonString | null {
  let lo = 0;
  let hi = strings.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = strings[mid]!;
    if (offset < s.start) hi = mid - 1;
    else if (offset >= s.end) lo = mid + 1;
    else return s;
  }
  return null;
}
