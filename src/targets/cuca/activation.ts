// Activation in Cuca: its SkillsPlugin search(query, limit). It works from parsed frontmatter data, so it does not
// depend on how a target parses its files.

import { getProfile } from '../profiles.js';

export interface CucaSkill {
  name: string;
  description: string;
  /** The body (Cuca calls it the instructions). */
  instructions: string;
}

export interface CucaHit {
  name: string;
  score: number;
  /** Occurrences per term: [name, description, instructions]. */
  terms: { term: string; name: number; description: number; instructions: number }[];
}

/** Non-overlapping occurrences, as Rust's `str::matches(term).count()`. */
function occurrences(haystack: string, needle: string): number {
  if (needle === '') return 0;
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Cuca SkillsPlugin search: each whitespace-separated term (lowercased) scores per occurrence in the name, the
 * description and the instructions (weights from the cuca profile: 3, 2, 1); positive scores ranked by score, then
 * name; at most `limit`.
 */
export function cucaSearch(skills: readonly CucaSkill[], query: string, limit: number): CucaHit[] {
  const w = getProfile('cuca').search!;
  const terms = query.toLowerCase().split(/\p{White_Space}+/u).filter(Boolean);
  const hits: CucaHit[] = [];
  for (const s of skills) {
    const name = s.name.toLowerCase();
    const desc = s.description.toLowerCase();
    const body = s.instructions.toLowerCase();
    let score = 0;
    const per: CucaHit['terms'] = [];
    for (const term of terms) {
      const t = { term, name: occurrences(name, term), description: occurrences(desc, term), instructions: occurrences(body, term) };
      score += w.name * t.name + w.description * t.description + w.instructions * t.instructions;
      per.push(t);
    }
    if (score > 0) hits.push({ name: s.name, score, terms: per });
  }
  hits.sort((a, b) => b.score - a.score || byteCompare(a.name, b.name));
  return hits.slice(0, Math.max(0, limit));
}
