// Fenced code of a skill file's body, for rules that read the body string (tag-breakout, reference): the file's own
// scan from the body offset, shared through codeRanges' cache with the pack scopes and exfiltration, in body offsets.
// The body is the normalized text from the body offset (src/core/parse.ts), and a range scans as its slice does
// (test/text-fastpaths.property.test.ts), so this is what scanning the body string again found.

import type { SkillInput } from '../core/rule.js';
import { codeRanges } from './packs.js';

/** Fenced blocks of `skill.doc.body`, as [start, end) offsets in the body (fences included). */
export function bodyCodeRanges(skill: Pick<SkillInput, 'source' | 'doc'>): [number, number][] {
  const doc = skill.doc;
  if (!doc) return [];
  const norm = skill.source?.normalized;
  if (norm === undefined || norm.length - doc.bodyOffset !== doc.body.length) return codeRanges(doc.body);
  const off = doc.bodyOffset;
  const ranges = codeRanges(norm, off);
  return off === 0 ? ranges : ranges.map(([a, b]): [number, number] => [a - off, b - off]);
}
