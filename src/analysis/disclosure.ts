// Whether a skill tells its reader where it sends things: a host is named when the skill's Markdown (SKILL.md and
// the package's other Markdown files, code blocks included: a reader sees them) holds the host itself or the name it
// is registered under (api.tavily.com → "tavily", serpapi.com → "serpapi"). A key sent from a script to a host the
// Markdown never names goes somewhere the user was not told about. Names reserved for documentation (RFC 2606,
// RFC 6761) name nobody, and an IP address has no name. (Prose alone, without code blocks, was tried: minimal
// skills whose only content is a documented curl call to their service became warnings; a code block in SKILL.md is
// read by whoever reviews the skill.)

import type { SkillContext } from '../core/rule.js';
import { EXAMPLE_HOST } from './catalogue.js';

/** Text read at most, in characters (the names sit in the first pages of a skill). */
const MAX_TEXT = 2_000_000;

/** Second-level labels under which country-code domains register names (`co.uk`, `com.au`, `ac.jp`): the generic
 *  categories that recur across the country sections of the Public Suffix List (publicsuffix.org). */
const SECOND_LEVEL = /^(?:co|com|net|org|ac|gov|edu|ne|or|go|gob|ltd|plc|nom|mil)$/;

/** The label a host is registered under: the one before the top-level domain, or before a country domain's
 *  second-level category (`shop.co.uk` → "shop"). Null for an IP address or a one-label host. */
export function registeredLabel(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (/^[0-9.]+$/.test(h) || h.includes(':')) return null;
  const labels = h.split('.');
  if (labels.length < 2) return null;
  const second = labels[labels.length - 2]!;
  const top = labels[labels.length - 1]!;
  return labels.length >= 3 && top.length === 2 && SECOND_LEVEL.test(second) ? labels[labels.length - 3]! : second;
}

/** Whether `word` stands in `text` as a whole word (no letter or digit either side). Linear in the text. */
function hasWord(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1)) {
    const before = i === 0 ? '' : text[i - 1]!;
    const after = text[i + word.length] ?? '';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
  }
  return false;
}

/** A test of whether the skill's text (`texts`, its Markdown files, read on the first question) names a host. */
export function hostNamer(texts: readonly string[] | (() => readonly string[])): (host: string) => boolean {
  let text: string | null = null;
  const read = (): string => {
    let out = '';
    for (const t of typeof texts === 'function' ? texts() : texts) {
      if (out.length >= MAX_TEXT) break;
      out += `\n${t.slice(0, MAX_TEXT - out.length).toLowerCase()}`;
    }
    return out;
  };
  const memo = new Map<string, boolean>();
  return (host: string) => {
    text ??= read();
    const h = host.toLowerCase();
    let v = memo.get(h);
    if (v === undefined) {
      const label = registeredLabel(h);
      v = text.includes(h) || (label !== null && label.length >= 3 && !EXAMPLE_HOST.test(` ${h}`) && hasWord(text, label));
      memo.set(h, v);
    }
    return v;
  };
}

/** The Markdown a reader of the skill sees: the skill file and the package's Markdown files, code blocks included. */
export function skillTexts(ctx: SkillContext): string[] {
  const out: string[] = [];
  if (ctx.skill.source) out.push(ctx.skill.source.normalized);
  for (const f of ctx.skill.folder?.files().files ?? []) if (f.kind === 'markdown' && f.file !== ctx.skill.file) out.push(f.source.normalized);
  return out;
}

const namers = new WeakMap<object, (host: string) => boolean>();
/** The host test of the skill `ctx` checks: one per skill, shared by the rules, its text read only when asked. */
export function skillHostNamer(ctx: SkillContext): (host: string) => boolean {
  let n = namers.get(ctx.skill);
  if (!n) namers.set(ctx.skill, (n = hostNamer(() => skillTexts(ctx))));
  return n;
}
