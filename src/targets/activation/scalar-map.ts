// Map an index inside a YAML string value back to an offset in the file, through quoting and escapes,
// so a finding can point at the exact construct inside a pattern. Falls back to null when unsure.

import { isScalar, Scalar, type Node as YamlNode } from 'yaml';
import type { SkillContext } from '../../core/rule.js';

/**
 * For a scalar node whose source is `text.slice(start, end)`, return offsets in `text` for every UTF-16 index of
 * its value (length value.length + 1), or null when the mapping cannot be established exactly.
 */
export function scalarOffsets(node: YamlNode | null, text: string, start: number, end: number, value: string): number[] | null {
  if (!node || !isScalar(node)) return null;
  const raw = text.slice(start, end);
  const map: number[] = [];
  let decoded = '';
  const type = node.type;
  if (type === Scalar.PLAIN) {
    if (raw !== value) return null;
    for (let i = 0; i <= value.length; i++) map.push(start + i);
    return map;
  }
  if (type === Scalar.QUOTE_SINGLE) {
    if (!raw.startsWith("'") || !raw.endsWith("'")) return null;
    for (let i = 1; i < raw.length - 1; i++) {
      if (raw[i] === '\n') return null;
      map.push(start + i);
      decoded += raw[i];
      if (raw[i] === "'" && raw[i + 1] === "'") i++;
    }
    map.push(end - 1);
    return decoded === value ? map : null;
  }
  if (type === Scalar.QUOTE_DOUBLE) {
    if (!raw.startsWith('"') || !raw.endsWith('"')) return null;
    const simple: Record<string, string> = { '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029' };
    for (let i = 1; i < raw.length - 1; ) {
      const c = raw[i]!;
      if (c === '\n') return null;
      if (c !== '\\') {
        map.push(start + i);
        decoded += c;
        i++;
        continue;
      }
      const e = raw[i + 1];
      if (e === undefined) return null;
      const len = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (len > 0) {
        const h = raw.slice(i + 2, i + 2 + len);
        if (!/^[0-9A-Fa-f]+$/.test(h) || h.length !== len) return null;
        const s = String.fromCodePoint(parseInt(h, 16));
        for (let k = 0; k < s.length; k++) map.push(start + i);
        decoded += s;
        i += 2 + len;
        continue;
      }
      const s = simple[e];
      if (s === undefined) return null;
      map.push(start + i);
      decoded += s;
      i += 2;
    }
    map.push(end - 1);
    return decoded === value ? map : null;
  }
  return null;
}

/**
 * Offsets (normalized text) of the characters [at, endAt) of activation pattern number `index`; falls back to the
 * whole value with exact=false when the scalar's quoting cannot be mapped exactly.
 */
export function locateInPattern(ctx: SkillContext, index: number, value: string, at: number, endAt: number): { offset?: number; endOffset?: number; exact: boolean } {
  const loc = ctx.locate(['activation', 'patterns', index]);
  if (!loc) return { exact: false };
  const text = ctx.skill.source?.normalized ?? '';
  const map = scalarOffsets(loc.node, text, loc.start, loc.end, value);
  if (!map) return { offset: loc.start, endOffset: loc.end, exact: false };
  const s = map[Math.min(at, value.length)]!;
  const e = map[Math.min(endAt, value.length)]!;
  return { offset: s, endOffset: Math.max(e, s + 1), exact: true };
}
