// The name and description a runtime gives a skill, with where each came from (frontmatter or a fallback).
// Pure: side files (_meta.json, skill-card.md) are read by the engine (src/node/lint.ts) and handed in.

import type { ParsedDocument } from '../core/parse.js';
import type { DescriptionSource, NameSource, Resolution, Resolved, TargetProfile } from '../core/profile-types.js';
export type { Resolution, Resolved };
import { codeLines } from '../analysis/fences.js';
import { quote, typeName } from '../core/text.js';

/** Side files as the engine read them: text, or null when absent or unreadable. */
export type SideFiles = (relPath: string) => string | null;

/** A line-by-line view of the body that skips fenced code blocks (the one scanner, src/analysis/fences.ts). */
function bodyLines(doc: ParsedDocument): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  const inCode = codeLines(doc.body);
  let off = doc.bodyOffset;
  let n = 0;
  for (const line of doc.body.split('\n')) {
    const start = off;
    off += line.length + 1;
    if (inCode(++n)) continue;
    out.push({ text: line, offset: start });
  }
  return out;
}

const H1 = /^ {0,3}#[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const HEADING = /^ {0,3}#{1,6}([ \t]|$)/;

export function firstH1(doc: ParsedDocument): { text: string; offset: number; index: number } | null {
  const lines = bodyLines(doc);
  for (let i = 0; i < lines.length; i++) {
    const m = H1.exec(lines[i]!.text);
    if (m && m[1]!.trim() !== '') return { text: m[1]!.trim(), offset: lines[i]!.offset + lines[i]!.text.indexOf(m[1]!.trim()), index: i };
  }
  return null;
}

/** `_meta.json` `slug`, when the file is a JSON object with a non-blank string slug. */
export function metaSlug(text: string | null): string | null {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const slug = (v as Record<string, unknown>).slug;
      if (typeof slug === 'string' && slug.trim() !== '') return slug.trim();
    }
  } catch {
    /* not JSON: the fallback goes on */
  }
  return null;
}

/** The `## Description` section of `skill-card.md`: its text up to the next heading, joined into one line. */
export function cardDescription(text: string | null): string | null {
  if (text === null) return null;
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const at = lines.findIndex((l) => /^ {0,3}##[ \t]+Description[ \t]*#*[ \t]*$/i.test(l));
  if (at < 0) return null;
  const parts: string[] = [];
  for (const l of lines.slice(at + 1)) {
    if (HEADING.test(l)) break;
    if (l.trim() !== '') parts.push(l.trim());
  }
  const d = parts.join(' ').trim();
  return d === '' ? null : d;
}

/** JavaScript's `String(v)` of a parsed YAML value (`[1, 2]` → "1,2", a mapping → "[object Object]", null →
 *  "null"), as skills-ref's validator checks it; never throws (a value String() cannot convert reads as a mapping). */
export function jsString(v: unknown): string {
  // A YAML date (js-yaml's timestamp) as Date.prototype.toString gives it in UTC, where the runtimes run here.
  if (v instanceof Date) return utcDateString(v);
  try {
    return String(v);
  } catch {
    return '[object Object]';
  }
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** `String(date)` with the time zone UTC (deterministic, whatever the machine's zone). */
function utcDateString(d: Date): string {
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${two(d.getUTCDate())} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`;
}

/**
 * The frontmatter name as the runtime reads it: a string (stringified, coerced, trimmed per profile), or null when
 * the runtime takes the name from its next source (or has none).
 */
export function frontmatterName(profile: TargetProfile, raw: unknown): string | null {
  let v = raw;
  if ((profile.stringifiesValues && v !== undefined) || (profile.nameStringified && v !== undefined && v !== null)) v = typeof v === 'string' ? v : jsString(v);
  if (profile.coercesScalars && (typeof v === 'number' || typeof v === 'boolean')) v = String(v);
  if (profile.structuredAsJson && v !== null && typeof v === 'object') v = JSON.stringify(v);
  if (typeof v !== 'string') return null;
  const name = profile.nameTrim ? v.trim() : v;
  if (name.trim() !== '' || profile.blankName === 'kept' || profile.nameSources.length === 1) return name;
  return null;
}

/**
 * A name or description that is not a string, under a target that checks its `String()` (stringifiesValues): the
 * data of the name and description rules' `stringified` message (the wording is their template). `text` is the
 * String() shown (cut at 60 characters); `scalar`: a number or boolean, which the author can quote as written.
 */
export function nonStringData(target: string, raw: unknown, text: string): { type: string; target: string; text: string; scalar: boolean } {
  return { type: typeName(raw), target, text: quote(text.length > 60 ? `${text.slice(0, 59)}…` : text), scalar: raw !== null && typeof raw !== 'object' };
}

function stringField(doc: ParsedDocument | null, key: string, coerce = false, json = false, stringify = false, keepBlank = false): string | null {
  let v = doc?.frontmatter?.data?.[key];
  if (stringify && v !== undefined && typeof v !== 'string') v = jsString(v);
  if (coerce && (typeof v === 'number' || typeof v === 'boolean')) v = String(v);
  if (json && v !== null && typeof v === 'object') v = JSON.stringify(v);
  return typeof v === 'string' && (v.trim() !== '' || (keepBlank && v !== '')) ? v : null;
}

/** Each C0 control character and DEL as a space (Claude Code's catalog). */
function controlAsSpace(v: string): string {
  // eslint-disable-next-line no-control-regex
  return v.replace(/[\x00-\x1f\x7f]/g, ' ');
}

/** The description as the runtime keeps it (`descriptionWhitespace`). */
export function shapeDescription(profile: TargetProfile, v: string): string {
  switch (profile.descriptionWhitespace) {
    case 'trim-lines': {
      // Every line break (LF, CRLF or a lone CR), with the blank lines and indentation around it, becomes one space.
      const joined = v.trim().replace(/[ \t]*(?:(?:\r\n|\r|\n)[ \t]*)+/g, ' ');
      return profile.descriptionControl === 'space' ? controlAsSpace(joined) : joined;
    }
    case 'trim':
      return profile.descriptionControl === 'strip' ? v.trim().replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, '') : v.trim();
    case 'collapse':
      return v.trim().replace(/\s+/g, ' ');
    default:
      return v;
  }
}

/** Resolve the name and description as `profile`'s runtime does. `folderName` is the folder holding the skill file. */
export function resolveSkill(profile: TargetProfile, doc: ParsedDocument | null, folderName: string, side: SideFiles): Resolution {
  const fmOffset = (key: string): number | undefined => {
    const flat = doc?.frontmatter?.flat?.find((e) => e.key === key);
    return flat?.start;
  };
  let name: Resolution['name'] = null;
  for (const src of profile.nameSources) {
    if (src === 'frontmatter') {
      // A frontmatter name is the name, even when invalid: the name rule says whether the runtime accepts it.
      const v = frontmatterName(profile, doc?.frontmatter?.data?.name);
      if (v !== null) name = { value: v, source: 'frontmatter', ...(fmOffset('name') !== undefined ? { offset: fmOffset('name') } : {}) };
    } else if (src === 'h1' && doc) {
      const h = firstH1(doc);
      if (h) name = { value: h.text, source: 'h1', offset: h.offset };
    } else if (src === 'meta-slug') {
      const slug = metaSlug(side('_meta.json'));
      if (slug) name = { value: slug, source: 'meta-slug', sideFile: '_meta.json' };
    } else if (src === 'folder') {
      name = { value: folderName, source: 'folder' };
    }
    if (name) break;
  }
  let description: Resolution['description'] = null;
  for (const src of profile.descriptionSources) {
    if (src === 'frontmatter') {
      const v = stringField(doc, 'description', profile.coercesScalars, profile.structuredAsJson, profile.stringifiesValues, profile.keepsBlankDescription);
      if (v !== null) description = { value: shapeDescription(profile, v), source: 'frontmatter', ...(fmOffset('description') !== undefined ? { offset: fmOffset('description') } : {}) };
    } else if (src === 'first-line' && doc) {
      // A runtime that breaks lines only at LF reads a file of lone CRs as one line (lfOnlyBody, same offsets).
      const l = (doc.lfOnlyBody !== undefined ? [{ text: doc.lfOnlyBody, offset: 0 }] : bodyLines(doc)).find((x) => x.text.trim() !== '');
      if (l) {
        let text = l.text.trim().replace(/^#{1,6}[ \t]+/, '');
        const at = l.offset + l.text.indexOf(text);
        if (doc.lfOnlyBody !== undefined) text = shapeDescription(profile, text);
        if (profile.firstLineMax !== null && text.length > profile.firstLineMax) text = `${text.slice(0, profile.firstLineMax - 3)}...`;
        description = { value: text, source: 'first-line', offset: at };
      }
    } else if (src === 'after-h1' && doc) {
      const h = firstH1(doc);
      if (h) {
        const l = bodyLines(doc)
          .slice(h.index + 1)
          .find((x) => x.text.trim() !== '' && !HEADING.test(x.text));
        if (l) description = { value: l.text.trim(), source: 'after-h1', offset: l.offset + l.text.indexOf(l.text.trim()) };
      }
    } else if (src === 'skill-card') {
      const d = cardDescription(side('skill-card.md'));
      if (d) description = { value: d, source: 'skill-card', sideFile: 'skill-card.md' };
    } else if (src === 'default') {
      description = { value: profile.defaultDescription.replace('{folder}', folderName), source: 'default' };
    }
    if (description) break;
  }
  if (description && profile.escapesAngleBrackets) description = { ...description, value: description.value.replace(/</g, '&lt;').replace(/>/g, '&gt;') };
  return { name, description };
}

/** Words for explain and messages. */
export const SOURCE_LABEL: Record<NameSource | DescriptionSource, string> = {
  frontmatter: 'frontmatter',
  h1: 'first "# " heading',
  'meta-slug': '_meta.json "slug"',
  folder: 'folder name',
  'first-line': 'first line of text',
  'after-h1': 'first line after the "# " heading',
  'skill-card': 'skill-card.md "## Description"',
  default: 'the runtime\'s default',
};
