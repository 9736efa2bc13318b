// The rule contract: metadata, the input a rule sees, and the report() it calls.

import type { DiscoveryEvent, Host, ReadResult, SkillFolder, SkillLayout, TreePath } from './contracts.js';
import type { Frontmatter, Located, ParsedDocument } from './parse.js';
import type { SourceText } from './source.js';
import type { Resolution, TargetProfile } from './profile-types.js';
import type { Confidence, Fix, Place, Severity, TargetId, Trust } from './types.js';

export const DOCS_BASE = 'https://github.com/skillcheck/skillcheck/blob/main/rules/';

/** Where each rule's documentation page lives; the only place a docs URL is built. */
export function docsUrl(ruleId: string): string {
  return `${DOCS_BASE}${ruleId}.md`;
}

/** A miniature skill tree for a rule's good/bad examples, run by the meta-test. */
export interface RuleExample {
  /** Relative path → file content. */
  files: Record<string, string>;
  /** CLI arguments, e.g. ['--target', 'ironclaw']. Defaults to none (auto target). */
  args?: string[];
}

export interface RuleMeta {
  id: string;
  /** One line: what the rule catches. */
  description: string;
  severity: Severity;
  confidence: Confidence;
  category: 'validator' | 'security';
  fixable: boolean;
  /** Findings depend on this machine (PATH, environment); switched off by --no-gating. */
  machineDependent?: boolean;
  /** Version in which the rule appeared. */
  since: string;
  examples: { bad: RuleExample[]; good: RuleExample[] };
  /**
   * The rule's messages by id, as templates: `{{name}}` is replaced by `data.name` of the report (ESLint's
   * meta.messages). A rule that declares them reports `{ messageId, data }`, so its tests (RuleTester) assert the
   * id and the data, and a changed template is one edit the docs and tests see.
   */
  messages?: Readonly<Record<string, string>>;
  /**
   * JSON Schema (draft-07) of the rule's options, an object schema: the config file's `rules.<id>.options` is
   * validated against it (the config schema is generated from it), and the rule reads them as `ctx.options`.
   * A rule without one takes no options.
   */
  schema?: Readonly<Record<string, unknown>>;
  /** Option values when the run gives none. */
  defaultOptions?: Readonly<Record<string, unknown>>;
}

/** Values a message template may interpolate. */
export type MessageData = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The names a message template interpolates, in order of first use. */
export function templatePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The text of a report: its `message`, or the rule's `meta.messages[messageId]` filled with `data`. Throws on an
 * unknown id or a placeholder without data (a rule bug, reported as an internal-error finding by the engine).
 */
export function reportMessage(meta: RuleMeta, r: Pick<ReportInput, 'message' | 'messageId' | 'data' | 'suffix'>): string {
  return baseMessage(meta, r) + (r.suffix ?? '');
}

function baseMessage(meta: RuleMeta, r: Pick<ReportInput, 'message' | 'messageId' | 'data'>): string {
  if (r.messageId === undefined) {
    if (r.message === undefined) throw new Error(`rule ${meta.id} reported neither a message nor a messageId`);
    return r.message;
  }
  const template = meta.messages && Object.prototype.hasOwnProperty.call(meta.messages, r.messageId) ? meta.messages[r.messageId]! : undefined;
  if (template === undefined) throw new Error(`rule ${meta.id} has no message "${r.messageId}"`);
  return template.replace(PLACEHOLDER, (_m, name: string) => {
    const v = r.data && Object.prototype.hasOwnProperty.call(r.data, name) ? r.data[name] : undefined;
    if (v === undefined) throw new Error(`rule ${meta.id} message "${r.messageId}" needs data.${name}`);
    return String(v);
  });
}

/** What a rule sees of one skill under one target: already read, bounded and parsed. */
export interface SkillInput {
  /** Display path of the skill file (POSIX, relative to the working directory). */
  file: string;
  absPath: string;
  /** Display path of the folder holding the skill file. */
  dir: string;
  folderName: string;
  layout: SkillLayout;
  target: TargetId;
  profile: TargetProfile;
  trust: Trust;
  /** Why the skill has its trust: the mapping, location rule or provenance fact that decided (explain, policy). */
  trustBecause?: string;
  read: Exclude<ReadResult, { kind: 'ok' }> | { kind: 'ok'; size: number } | { kind: 'symlink-skipped'; linkTarget: string | null };
  /** null when the file was not read (too large, symlink, I/O error). */
  source: SourceText | null;
  doc: ParsedDocument | null;
  /** The name the target will use, or null when it has none. */
  name: string | null;
  /** Name and description as the target resolves them, with their sources (fallbacks included). */
  resolved?: Resolution;
  /** Set when the file was over the read bound and its security rules ran over it in chunks (src/node/stream.ts):
   *  the bytes scanned (the whole file unless it is over MAX_STREAM_BYTES), or why it could not be read. */
  streamed?: { scanned: number; failed?: string };
  /** The skill folder's entries and references/ files, listed and read lazily by the engine (src/node/skillfiles.ts). */
  folder?: SkillFolder;
  /** How discovery reached the file (folders and identities): --fix writes only after the same checks. */
  tree?: TreePath;
  /** The skill file is a symlink to a regular file inside the checked tree, which was read in its place: the
   *  link's text (null when unreadable). */
  viaLink?: string | null;
  /** The skill's folder was reached through symlinked folders in a skills root (outermost first): each link's display
   *  path, its text, and the real path of the folder it leads to (where the content was checked). */
  viaDirLinks?: readonly { link: string; linkTarget: string | null; real: string }[];
  /** Why the trust is lower than the real location alone gives (a symlinked folder on the way). */
  trustNote?: string;
  /** `--target auto` fell back to agentskills: no location or frontmatter cue named a runtime (src/targets/resolve.ts). */
  autoFallback?: boolean;
}

export interface ReportInput {
  /** The message text; or, with `messageId`, left out and built from the rule's meta.messages. */
  message?: string;
  /** Key of the rule's meta.messages. */
  messageId?: string;
  /** Values for the template's placeholders. */
  data?: MessageData;
  /** Text appended to the message by a wrapping context (e.g. why the confidence was lowered). */
  suffix?: string;
  /** Display path of another file of the skill (a references/ file); defaults to the skill file. */
  file?: string;
  /** That file's text, for offset → line/column; required with `file` when offsets are used. */
  source?: SourceText;
  /** Offsets in the normalized text; ignored when line/column are given. */
  offset?: number;
  endOffset?: number;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  severity?: Severity;
  confidence?: Confidence;
  fix?: Fix;
  /** The runtime refuses to load the skill because of this. */
  rejects?: boolean;
  machineDependent?: boolean;
  /** A grouped finding (src/core/group.ts): how many places it stands for, and the first of them. */
  occurrences?: number;
  related?: Place[];
}

export interface SkillContext {
  skill: SkillInput;
  profile: TargetProfile;
  fm: Frontmatter | null;
  /** Frontmatter as data when it parsed to a mapping. */
  data: Record<string, unknown> | null;
  host: Host;
  gating: boolean;
  /** The rule's options (meta.schema): the run's, over meta.defaultOptions. */
  options: Readonly<Record<string, unknown>>;
  /** The run's persona (`auditor` raises what a default run reports as a warning, e.g. not-scanned). */
  persona?: 'default' | 'auditor';
  report(r: ReportInput): void;
  /** Locate a frontmatter value by path, e.g. ['activation', 'keywords', 2]. */
  locate(path: readonly (string | number)[]): Located | null;
}

/** A 1-based span in a skill file. */
export interface Span {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/**
 * What project rules see of one skill under one target: a compact summary kept for the whole run (the parsed
 * input is dropped once the file is checked, and workers send summaries, not sources).
 */
export interface SkillRef {
  file: string;
  /** The target's profile is getProfile(target). */
  target: TargetId;
  trust: Trust;
  /** See SkillInput.trustNote. */
  trustNote?: string;
  trustBecause?: string;
  name: string | null;
  resolved?: Resolution;
  /** Where the name is written in the skill file (the frontmatter value, or a fallback's position), or null. */
  nameAt: Span | null;
  /** The skill file was read. */
  readOk: boolean;
}

export interface ProjectSkill {
  input: SkillRef;
  loads: boolean;
}

export interface ProjectContext {
  skills: readonly ProjectSkill[];
  events: readonly DiscoveryEvent[];
  /** Display path for an absolute path. */
  display(absPath: string): string;
  /** The rule's options (meta.schema): the run's, over meta.defaultOptions. */
  options: Readonly<Record<string, unknown>>;
  /** Positions are line and column: sources are not kept for the whole run, so offsets cannot be resolved. */
  report(r: Omit<ReportInput, 'offset' | 'endOffset' | 'source'> & { file: string; target?: TargetId }): void;
}

export interface Rule {
  meta: RuleMeta;
  /** Called once per skill and target. */
  checkSkill?(ctx: SkillContext): void;
  /** Called once per run, after every skill, for cross-skill and discovery findings. */
  checkProject?(ctx: ProjectContext): void;
}

/** Helper for rule modules: keeps the literal types and checks the shape. */
export function defineRule(rule: Rule): Rule {
  return rule;
}
