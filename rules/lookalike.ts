// lookalike: a name, description or Cerveau tool name that mixes Latin letters with Cyrillic/Greek (or other)
// letters that imitate Latin ones, so it reads as a different word than it is (impersonation, filter evasion).

import { findLookalikes, skeleton } from '../src/analysis/confusables.js';
import { defineRule, reportMessage, type MessageData, type RuleMeta, type SkillContext } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';

const LATIN = /\p{Script=Latin}/u;
const OTHER_LETTER = /(?!\p{Script=Latin})\p{L}/u;

/** A part of a hyphenated word that is one Greek letter (and digits): a symbol, as mathematics and science write it
 *  before a word (`ρ-corrected`, `α-level`, `β2-agonist`), not a letter of the word. */
const GREEK_SYMBOL = /(?<=^|[-_])\p{Script=Greek}\p{N}*(?=[-_]|$)/gu;

/**
 * A hyphenated compound of prose whose parts each keep to one script, none of them a word of another script made of
 * Latin lookalikes only: "SSH-ключи", "API-ключ", "Docker-контейнер" (a Latin name joined to a word of the
 * writer's language, as Russian, Greek or Bulgarian write them). Not "github-сору" (every letter of "сору" imitates a
 * Latin one: it reads as "copy") unless the text is written in that script (nativeScripts), and not "раypal" (one
 * part mixes scripts).
 */
function compound(w: string, native: ReadonlySet<string>): boolean {
  const parts = w.split(/[-_]+/).filter((p) => /\p{L}/u.test(p));
  if (parts.length < 2) return false;
  for (const p of parts) {
    const latin = LATIN.test(p);
    const other = OTHER_LETTER.test(p);
    if (latin && other) return false;
    // A word of the text's own language may happen to use only letters that have Latin lookalikes ("AI-агентов" in
    // a Russian description): it imitates nothing there. In text of another language it stands out as a Latin word.
    if (other && !native.has(scriptOf(p) ?? '') && findLookalikes(p).length === [...p.matchAll(/\p{L}/gu)].length) return false;
  }
  return true;
}

/** The scripts whose lookalikes are judged, by Unicode script property. */
const SCRIPTS = ['Cyrillic', 'Greek', 'Armenian', 'Cherokee', 'Coptic'].map((name) => ({ name, re: new RegExp(`^\\p{Script=${name}}+$`, 'u') }));

/** The one script all letters of `p` are written in, among SCRIPTS, or null. */
function scriptOf(p: string): string | null {
  const letters = [...p.matchAll(/\p{L}/gu)].map((m) => m[0]).join('');
  return SCRIPTS.find((x) => x.re.test(letters))?.name ?? null;
}

/** The scripts the text is written in besides Latin: those with at least two words of their own letters that hold a
 *  letter with no Latin lookalike (a Russian sentence has many; an English one with a spoofed word has none). */
function nativeScripts(s: string): Set<string> {
  const count = new Map<string, number>();
  for (const w of s.match(/\p{L}+/gu) ?? []) {
    const sc = scriptOf(w);
    if (sc && findLookalikes(w).length < [...w].length) count.set(sc, (count.get(sc) ?? 0) + 1);
  }
  return new Set([...count].filter(([, n]) => n >= 2).map(([k]) => k));
}

/**
 * Words (letters, marks, digits, hyphens) that mix Latin with lookalike letters of another script. With `symbols`
 * (prose: a description), a Greek letter standing alone as one part of a hyphenated word is a symbol and not
 * judged; Greek letters inside a part (`ρaypal`, `οpen-ai`) and other scripts (`х-ai`, Cyrillic) still are.
 */
export function mixedWords(s: string, symbols = false): string[] {
  const out: string[] = [];
  // A mixed word holds a letter of another script than Latin: none in ASCII text, none in Latin-only text (ñ, ü).
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(s) || !OTHER_LETTER.test(s)) return out;
  let native: Set<string> | null = null;
  for (const w of s.match(/[\p{L}\p{M}\p{N}_-]+/gu) ?? []) {
    const judged = symbols ? w.replace(GREEK_SYMBOL, '') : w;
    if (!LATIN.test(judged) || !OTHER_LETTER.test(judged)) continue;
    if (symbols && compound(judged, (native ??= nativeScripts(s)))) continue;
    if (findLookalikes(judged).some((l) => l.script !== 'Latin')) out.push(w);
  }
  return out;
}

/** A part template of meta.messages, rendered into the data of a reported message. */
const part = (messageId: string, data: MessageData = {}): string => reportMessage(meta, { messageId, data });

function describe(word: string): string {
  const chars = findLookalikes(word)
    .filter((l) => l.script !== 'Latin')
    .map((l) => part('lookalikeChar', { codePoint: l.codePoint, char: l.char, script: l.script, looksLike: l.looksLike }));
  return part('word', { word: quote(word), skeleton: quote(skeleton(word)), chars: chars.join(', ') });
}

function check(ctx: SkillContext, path: (string | number)[], field: { messageId: 'name' | 'description' } | { messageId: 'toolName'; n: number }, value: unknown, severity: 'error' | 'warning') {
  if (typeof value !== 'string') return;
  // Names and tool names are identifiers, matched against other names: every letter counts there. A description is
  // prose, where a Greek letter is a symbol.
  const words = mixedWords(value, field.messageId === 'description');
  if (words.length === 0) return;
  const loc = ctx.locate(path);
  const at = loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 };
  const shown = words.slice(0, 3).map(describe).join('; ');
  const more = words.length > 3 ? part('more', { n: words.length - 3 }) : '';
  const { messageId, ...data } = field;
  ctx.report({
    ...at,
    severity,
    confidence: severity === 'error' ? 'high' : 'medium',
    messageId,
    data: { ...data, words: shown, more },
  });
}

const meta: RuleMeta = {
  id: 'lookalike',
  description: 'A name (error), description or Cerveau tool name (warning) mixing Latin with Cyrillic/Greek lookalike letters, so it reads as another word (UTS #39 confusables)',
  severity: 'error',
  confidence: 'high',
  category: 'security',
  fixable: false,
  since: '0.1.0',
  examples: {
    bad: [{ files: { 'skills/deploy/SKILL.md': '---\nname: dеploy\ndescription: Deploys the app.\n---\nBody.\n' } }],
    good: [{ files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Résumé helper for Ελληνικά and русский text; β-blocker notes.\n---\nBody.\n' } }],
  },
  // Reported ids, then the parts rendered into their data: `words` is up to three `word` parts joined by "; ",
  // `more` is '' or the `more` part.
  messages: {
    name: 'name mixes Latin with lookalike letters of another script: {{words}}{{more}}. Type it with one script (the Latin letters it imitates)',
    description: 'description mixes Latin with lookalike letters of another script: {{words}}{{more}}. Type it with one script (the Latin letters it imitates)',
    toolName: 'tool name #{{n}} mixes Latin with lookalike letters of another script: {{words}}{{more}}. Type it with one script (the Latin letters it imitates)',
    // Parts.
    word: '{{word}} reads as {{skeleton}} but {{chars}}',
    lookalikeChar: '{{codePoint}} "{{char}}" ({{script}}) looks like Latin "{{looksLike}}"',
    more: ' (and {{n}} more)',
  },
};

export default defineRule({
  meta,
  checkSkill(ctx) {
    const data = ctx.data;
    if (!data) return;
    check(ctx, ['name'], { messageId: 'name' }, data.name, 'error');
    check(ctx, ['description'], { messageId: 'description' }, data.description, 'warning');
    if (Array.isArray(data.tools)) {
      data.tools.forEach((t, i) => {
        if (t && typeof t === 'object') check(ctx, ['tools', i, 'name'], { messageId: 'toolName', n: i + 1 }, (t as Record<string, unknown>).name, 'warning');
      });
    }
  },
});
