// typosquat: a skill name one typing slip (two adjacent letters swapped, a letter doubled, a letter dropped, one
// vowel for another in a long word) away
// from a well-known skill name or from a word skill names are built from (src/core/wellknown.ts, lists from stated
// public sources), so a user or an agent picks it instead of the real one. Other letter substitutions are not
// counted: too many real words are one letter apart ("reach"/"react").
// Edit distance alone is no evidence: "Slite" is a product one letter from "sqlite". A warning needs the skill's own
// text to back the imitation: the slipped word is not a word the skill itself uses (outside its name and headings),
// and, for a word inside the name, the skill's text names the real one ("reqeusts-helper: helper for requests").
// Without that the slip is info at low confidence (auditors only).

import { defineRule, reportMessage, type MessageData, type RuleMeta } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';
import { WELL_KNOWN_SKILLS, WELL_KNOWN_WORDS } from '../src/core/wellknown.js';

const SKILLS = new Set(WELL_KNOWN_SKILLS);
const WORDS = new Set(WELL_KNOWN_WORDS);
const VOWEL = /[aeiou]/;

/** How `typed` slips from `known`, or null: adjacent transposition, a doubled letter, or one letter dropped. */
export function slip(typed: string, known: string): string | null {
  if (typed === known) return null;
  if (typed.length === known.length) {
    let i = 0;
    while (i < typed.length && typed[i] === known[i]) i++;
    if (i < typed.length - 1 && typed[i] === known[i + 1] && typed[i + 1] === known[i] && typed.slice(i + 2) === known.slice(i + 2)) return part('swapped', { letters: `${known[i]}${known[i + 1]}` });
    // One vowel for another in a long word ("validater"): a spelling slip, not a different word.
    if (known.length >= 7 && i < typed.length && VOWEL.test(typed[i]!) && VOWEL.test(known[i]!) && typed.slice(i + 1) === known.slice(i + 1)) return part('vowel', { known: known[i]!, typed: typed[i]! });
    return null;
  }
  if (typed.length === known.length + 1) {
    for (let i = 0; i < typed.length; i++) {
      if (typed.slice(0, i) + typed.slice(i + 1) === known) {
        // Only a doubled letter counts as an insertion slip ("webbapp"); plurals and suffixes are words.
        if ((typed[i] === typed[i - 1] || typed[i] === typed[i + 1]) && i !== typed.length - 1) return part('doubled', { letter: typed[i]! });
        return null;
      }
    }
    return null;
  }
  if (typed.length === known.length - 1 && known.length >= 6) {
    for (let i = 1; i < known.length - 1; i++) {
      if (known.slice(0, i) + known.slice(i + 1) === typed) return part('dropped', { letter: known[i]! });
    }
  }
  return null;
}

/** The well-known name or word that `name` imitates, with how, and what was typed (the name, or one word of it). */
export function typosquatOf(name: string): { known: string; how: string; typed: string; whole: boolean } | null {
  const n = name.toLowerCase();
  if (SKILLS.has(n)) return null;
  for (const k of SKILLS) {
    if (k.length < 5) continue;
    const how = slip(n, k);
    if (how) return { known: k, how, typed: n, whole: true };
  }
  for (const tok of n.split(/[-_.\s]+/)) {
    if (tok.length < 5 || WORDS.has(tok)) continue;
    for (const k of WORDS) {
      const how = slip(tok, k);
      if (how) return { known: k, how, typed: tok, whole: false };
    }
  }
  return null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `word` occurs in `text` as a word (letters and digits around it do not count; `-` and `_` do). */
function usesWord(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(word).replace(/-/g, '[-_ ]')}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * Whether the skill's own text backs the imitation (see the module comment): `text` is its description and body,
 * headings left out (a heading repeating the name is the name again).
 */
export function imitationEvidence(text: string, hit: { known: string; typed: string; whole: boolean }): boolean {
  const prose = text.split('\n').filter((l) => !/^[ \t]{0,3}#/.test(l)).join('\n');
  if (usesWord(prose, hit.typed)) return false;
  return hit.whole || usesWord(prose, hit.known);
}

/** A part template of meta.messages (slip()'s account of the slip, also used by mcp-server's packageSlip). */
const part = (messageId: string, data: MessageData): string => reportMessage(meta, { messageId, data });

const meta: RuleMeta = {
  id: 'typosquat',
  description: 'Skill name one typing slip (swapped, doubled or dropped letter) away from a well-known skill name or product word (webbapp-testing, slakc-notifier), when the skill\'s own text backs the imitation',
  severity: 'warning',
  confidence: 'medium',
  category: 'security',
  fixable: false,
  since: '0.2.0',
  examples: {
    bad: [{ files: { 'skills/slakc-notifier/SKILL.md': '---\nname: slakc-notifier\ndescription: Posts build results to Slack.\n---\nBody.\n' } }],
    good: [{ files: { 'skills/slite-notes/SKILL.md': '---\nname: slite-notes\ndescription: Reads and writes Slite documents.\n---\nBody.\n' } }],
  },
  // The reported id, then the parts slip() renders as `how`.
  messages: {
    slip: 'name {{name}} is one typing slip from the well-known {{known}} ({{how}}); a typosquatted name gets a skill picked instead of the real one. Use a name of your own, or spell the real one right',
    unbacked:
      'name {{name}} is one typing slip from the well-known {{known}} ({{how}}), but nothing else in the skill points to an imitation (its text uses the name as a word of its own, or never names {{known}}). Check that the name is meant',
    // Parts.
    swapped: '"{{letters}}" swapped',
    doubled: '"{{letter}}" doubled',
    dropped: '"{{letter}}" dropped',
    vowel: '"{{known}}" written "{{typed}}"',
  },
};

export default defineRule({
  meta,
  checkSkill(ctx) {
    const name = typeof ctx.data?.name === 'string' ? ctx.data.name : ctx.skill.name;
    if (!name) return;
    const hit = typosquatOf(name);
    if (!hit) return;
    const loc = typeof ctx.data?.name === 'string' ? ctx.locate(['name']) : null;
    const description = typeof ctx.data?.description === 'string' ? ctx.data.description : '';
    const src = ctx.skill.source?.normalized ?? '';
    const body = ctx.skill.doc ? src.slice(ctx.skill.doc.bodyOffset) : src;
    const backed = imitationEvidence(`${description}\n${body}`, hit);
    ctx.report({
      ...(loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 }),
      ...(backed ? {} : { severity: 'info' as const, confidence: 'low' as const }),
      messageId: backed ? 'slip' : 'unbacked',
      data: { name: quote(name), known: quote(hit.known), how: hit.how },
    });
  },
});
