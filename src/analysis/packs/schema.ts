// A pack: pattern rules as data (rules/packs/<rule>.yaml), its entries and what the schema cannot state, and the
// source packs are loaded from (the node layer registers the package's folder; analysis reads no file).

import type { Confidence, Severity } from '../../core/types.js';

/** Where an entry runs: parts of the skill file, its references/ files, and the package's other files by kind
 *  (src/node/skillfiles.ts FileKind: markdown, shell, python, javascript, powershell, json, other). */
export const SCOPES = ['body', 'code', 'frontmatter', 'tool-command', 'references', 'markdown', 'shell', 'python', 'javascript', 'powershell', 'json', 'other'] as const;
export type Scope = (typeof SCOPES)[number];
/** Languages an entry's patterns are written for (`context`): in markdown they count only in fenced blocks of that
 *  language (or untagged ones); prose never matches. */
export const CONTEXTS = ['shell', 'python', 'javascript', 'powershell'] as const;
export type Context = (typeof CONTEXTS)[number];
/** Code filters a pack entry may name: checks a pattern cannot express. */
export const FILTERS = ['placeholder'] as const;
export type FilterName = (typeof FILTERS)[number];

/** One pattern rule of a pack. */
export interface PackEntry {
  id: string;
  description: string;
  /** Message template: {match} is the quoted (or masked) match, {where} where it was found. */
  message: string;
  severity: Severity;
  confidence: Confidence;
  scope: Scope[];
  /** Language the patterns are written for: in markdown (skill body, references/, markdown files) a match counts
   *  only inside a fenced code block tagged with one of them or untagged. Files are governed by `scope`. */
  context?: Context[];
  /** Severity by scope, overriding `severity` (e.g. an error in a tool command, a warning in prose). */
  scopeSeverity?: Partial<Record<Scope, Severity>>;
  /** Lowercase literals; a line is matched only when it contains one (case-insensitive). */
  keywords: string[];
  /** Lowercase literals the line must also contain, all of them (a cheaper test than RE2). */
  requires?: string[];
  /** Lowercase literals that keep the line from matching when it holds any one (the line is another entry's). */
  excludes?: string[];
  /** RE2 patterns; a match of any one is a finding. */
  patterns: string[];
  /** Never print the match in full (credentials). */
  mask?: boolean;
  /** Lines a match may span (1 or 2); the second line is joined with "\n". */
  window?: number;
  filters?: FilterName[];
  examples: { match: string[]; nomatch: string[] };
}

export interface Pack {
  /** The rule id every finding of this pack carries. */
  rule: string;
  description: string;
  /** The patterns are about text a reader follows: they also match what a shell script only prints (a
   *  here-document to the terminal, src/analysis/heredoc.ts), which packs about what runs skip. */
  printedText?: boolean;
  rules: PackEntry[];
}

export function packError(file: string, msg: string): never {
  throw new Error(`rule pack ${file}: ${msg}`);
}

/** What the pack schema (schemas/rule-pack.schema.json, checked by src/node/packs.ts) cannot say: entry ids are
 *  unique within the pack. */
export function checkPackSemantics(p: Pack, file: string): Pack {
  const ids = new Set<string>();
  for (const e of p.rules) {
    if (ids.has(e.id)) packError(file, `duplicate id ${e.id}`);
    ids.add(e.id);
    // The message becomes a meta.messages template (packMessages), where "{{" opens a placeholder.
    if (e.message.includes('{{') || e.message.includes('}}')) packError(file, `message of ${e.id} holds "{{" or "}}"; only {match} and {where} are filled in`);
  }
  return p;
}

/** Where packs come from: the package's rules/packs/ folder, read by the node layer (src/node/packs.ts), which
 *  registers itself here; analysis code never touches the file system. */
export interface PackSource {
  /** The pack feeding `ruleId`, validated against the pack schema (src/node/packs.ts validatePack). */
  load(ruleId: string): Pack;
  /** The rule ids of every pack the source holds. */
  ids(): string[];
}

let source: PackSource | null = null;

/** Set where loadPack reads packs (src/node/packs.ts does, when loaded). */
export function usePackSource(s: PackSource): void {
  source = s;
}

export function packSource(): PackSource {
  if (!source) throw new Error('no pack source: import src/node/packs.js (the engine does) before running pack rules');
  return source;
}

/** The pack that feeds `ruleId` (rules/packs/<ruleId>.yaml). */
export function loadPack(ruleId: string): Pack {
  return packSource().load(ruleId);
}
