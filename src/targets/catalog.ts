// The skill catalog as each target's prompt shows it: a data table of formats, each a small renderer.
//
// Adding a target: one entry in CATALOG_FORMATS (a render function built from the field escapes below). What the
// runtime does to the list (the description cut, the order) is its profile's `catalog` data (src/targets/profiles.ts),
// read here, never copied. Every value an author controls goes through an escape, never raw into the prompt.

import { escapeSkillContent, OPENERS } from './escape.js';
import { PROFILES } from './profiles.js';
import type { Trust } from '../core/types.js';

/** One skill as a catalog lists it. */
export interface CatalogSkill {
  name: string;
  description: string;
  /** Path of the skill file as the runtime reports it (agentskills `<location>`). */
  location?: string;
  version?: string;
  trust?: Trust;
}

export interface CatalogFormat {
  /** Render the entries (descriptions already cut, in the runtime's order). */
  render(skills: readonly CatalogSkill[]): string;
}

const XML_TEXT: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', ...OPENERS };
// Code points XML 1.0 cannot carry, even as references: C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * XML text escape: `& < >` as entities, the `<` lookalikes (U+FF1C, U+FE64) as character references (a reader
 * cannot mistake them for markup, an XML parser restores them), and characters XML cannot carry as U+FFFD.
 */
export function xmlText(s: string): string {
  return s.replace(XML_INVALID, '\ufffd').replace(/[&<>\uff1c\ufe64]/g, (c) => XML_TEXT[c]!);
}

const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/**
 * A field of a line-based catalog: line breaks become spaces (a newline in a description would start a forged
 * catalog entry), then the envelope escape.
 */
export function lineField(s: string): string {
  return escapeSkillContent(s.replace(LINE_BREAKS, ' '));
}

/** Cut to at most `max` code points, never inside a surrogate pair. */
export function cutCodePoints(s: string, max: number): string {
  if (s.length <= max) return s;
  let units = 0;
  let count = 0;
  while (units < s.length && count < max) {
    units += s.codePointAt(units)! > 0xffff ? 2 : 1;
    count++;
  }
  return s.slice(0, units);
}

/**
 * Catalog formats by target id. Sources: the target profiles (docs/targets.md).
 * - agentskills: the standard's `<available_skills>` block, one `<skill>` with `<name>`, `<description>`,
 *   `<location>` per skill, all XML-escaped.
 * - ironclaw: one line per skill with name, version and trust (the attributes of its envelope) and the
 *   description; the line layout is skillcheck's model, the fields are IronClaw's.
 * - creo: one line per skill (the profile cuts the description).
 */
export const CATALOG_FORMATS: Record<string, CatalogFormat> = {
  agentskills: {
    render: (skills) =>
      [
        '<available_skills>',
        ...skills.flatMap((s) => [
          '<skill>',
          `<name>${xmlText(s.name)}</name>`,
          `<description>${xmlText(s.description)}</description>`,
          ...(s.location !== undefined ? [`<location>${xmlText(s.location)}</location>`] : []),
          '</skill>',
        ]),
        '</available_skills>',
      ].join('\n'),
  },
  ironclaw: {
    render: (skills) =>
      skills
        .map((s) => `- ${lineField(s.name)} (version ${lineField(s.version ?? '0.0.0')}, ${s.trust === 'installed' ? 'INSTALLED' : 'TRUSTED'}): ${lineField(s.description)}`)
        .join('\n'),
  },
  creo: {
    render: (skills) => skills.map((s) => `- ${lineField(s.name)}: ${lineField(s.description)}`).join('\n'),
  },
  // OpenClaw lists skills in the same <available_skills> block as the standard. Cerveau, Jern and Cuca
  // document no catalog layout: one "- name: description" line each is skillcheck's model (the fields are
  // theirs); Cuca's list is sorted by name (its profile's catalog order).
  openclaw: {
    render: (skills) => CATALOG_FORMATS.agentskills!.render(skills),
  },
  cerveau: {
    render: (skills) => skills.map((s) => `- ${lineField(s.name)}: ${lineField(s.description)}`).join('\n'),
  },
  jern: {
    render: (skills) => skills.map((s) => `- ${lineField(s.name)}: ${lineField(s.description)}`).join('\n'),
  },
  cuca: {
    render: (skills) => skills.map((s) => `- ${lineField(s.name)}: ${lineField(s.description)}`).join('\n'),
  },
};

export interface RenderCatalogOptions {
  /** A key of CATALOG_FORMATS. */
  target: string;
}

/**
 * The skill list as `target`'s prompt shows it, every author-controlled value escaped. Throws on a target
 * without a catalog format.
 */
export function renderCatalog(skills: readonly CatalogSkill[], options: RenderCatalogOptions): string {
  const fmt = Object.prototype.hasOwnProperty.call(CATALOG_FORMATS, options.target) ? CATALOG_FORMATS[options.target] : undefined;
  if (!fmt) throw new RangeError(`no catalog format for target "${options.target}"; known: ${Object.keys(CATALOG_FORMATS).join(', ')}`);
  const style = PROFILES[options.target as keyof typeof PROFILES]?.catalog;
  const max = style?.descriptionMax ?? null;
  const cut = max === null ? skills : skills.map((s) => ({ ...s, description: cutCodePoints(s.description, max) }));
  const ordered = style?.order === 'name' ? [...cut].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) : cut;
  return fmt.render(ordered);
}

