// The shape of a runtime profile and what the profiles share: the types, BASE (the fields every profile has unless
// it says otherwise) and the name rules more than one runtime uses. Each runtime's own profile is
// src/targets/<id>/profile.ts; src/targets/profiles.ts assembles them. docs/targets.md documents them (generated).

import type { Severity, TargetId, Trust } from './types.js';
import type { ProvenanceRule } from './policy/provenance.js';

export type { ProvenanceRule } from './policy/provenance.js';

export interface NameRule {
  /** Regular expression source the name must match (JS syntax, anchored). */
  pattern: string;
  /** Human wording of the pattern for messages. */
  expected: string;
  maxLength: number;
  /** agentskills: the name must equal the folder that holds SKILL.md. */
  mustMatchFolder: boolean;
  /** agentskills: no leading/trailing/double hyphen. */
  hyphenRules: boolean;
  /** One allowed character as a regular expression class (JS, `u` flag), for messages naming the others. */
  chars?: string;
}

export interface ActivationLimits {
  keywords: number;
  exclude_keywords: number;
  tags: number;
  patterns: number;
  /** Entries shorter than this many UTF-8 bytes are dropped (keywords, exclude_keywords, tags). */
  minEntryBytes: number;
  defaultMaxContextTokens: number;
  /** Compiled regex program limit in bytes (Rust regex size_limit). */
  patternSizeLimit: number;
  /** How the runtime scores and picks skills for a message (src/targets/ironclaw/activation.ts). */
  selection?: SelectionRules;
}

export interface SelectionRules {
  keywordWord: number;
  keywordSubstring: number;
  keywordCap: number;
  tag: number;
  tagCap: number;
  pattern: number;
  patternCap: number;
  /** Skills selected at most per message. */
  maxCandidates: number;
  /** Token budget shared by the selected skills. */
  budgetTokens: number;
  /** Messages longer than this many UTF-8 bytes are refused by skillcheck's engine. */
  maxMessageBytes: number;
}

export interface TokenBudget {
  /** estimate = floor(body UTF-8 bytes * tokensPerByte) */
  tokensPerByte: number;
  /** the skill is rejected when estimate > factor * max_context_tokens */
  rejectFactor: number;
}

export interface SkillsRoot {
  /** POSIX path suffix of the root folder, e.g. "skills" or ".claude/skills". */
  path: string;
  trust: Trust;
}

/** Where a runtime takes a skill's name or description from, in the order it tries them. */
export type NameSource = 'frontmatter' | 'h1' | 'meta-slug' | 'folder';
export type DescriptionSource = 'frontmatter' | 'first-line' | 'after-h1' | 'skill-card' | 'default';

/** How the runtime reads the frontmatter block. */
export type FrontmatterParser =
  /** YAML (the `yaml` library's semantics). */
  | 'yaml'
  /** YAML, retried once with values containing colons quoted (Creo's lenient wrap). */
  | 'yaml-lenient'
  /** `---` / `key: value` lines / `---`, nothing else (Cuca). */
  | 'strict-kv'
  /** Claude Code: the block ends at the first `---` anywhere after the opener, then the lenient retry. */
  | 'yaml-lenient-first-dashes'
  /** Codex: a line that is `---` once trimmed closes the block, then the colon retry. */
  | 'codex'
  /** skills-ref: the block ends at the first `---` anywhere after the opener (`content.split("---", 3)`). */
  | 'skills-ref'
  /** OpenClaw: YAML retried with the description at the error re-quoted; a JSON `metadata` string. */
  | 'openclaw'
  /** OpenCode: js-yaml 3's reading of a tab-indented key (top level), then the colon retry. */
  | 'opencode';

/** How a runtime's catalog shows a skill to the model, and how it wraps the loaded content. */
export interface CatalogStyle {
  /** Characters of the description the catalog keeps; null when it keeps all. */
  descriptionMax: number | null;
  /** Envelope the content is delivered in. */
  envelope: 'skill-xml' | 'system-reminder' | 'plain';
  /** What the runtime's own escape neutralizes in the content before wrapping it: a JavaScript pattern (flags `iu`
   *  when `caseInsensitive`) whose match at an opener turns that `<` into `&lt;`; null when it escapes nothing. */
  escape?: { pattern: string; caseInsensitive: boolean } | null;
  /** Catalog order. */
  order: 'discovery' | 'name';
}

export interface GatingFacts {
  /** Keys of the `requires` block the runtime reads (each a list of strings). */
  requiresKeys: readonly string[];
  /** Keys under `metadata` holding the runtime's own block, in the order it tries them; empty when it reads a
   *  top-level `requires` (IronClaw). */
  metadataKeys: readonly string[];
  /** Whether a string list entry is split at commas ("sh, git" is two bins). */
  splitsCommaStrings: boolean;
  /** Whether an environment variable set to only whitespace counts as unset. */
  blankEnvIsUnset: boolean;
  /** Config dot-paths with the value the runtime assumes when its config does not set them. */
  configDefaults: Readonly<Record<string, unknown>>;
  /** Whether a `requires` that is not a mapping is ignored (the skill loads with nothing checked) rather than
   *  making the skill fail to load. */
  ignoresNonMappingRequires: boolean;
  /** Installer specs under the runtime's metadata block (`install`): each kind it installs with, and the fields that
   *  name what it installs, in the order read; absent when the runtime installs nothing for a skill. */
  installerFields?: Readonly<Record<string, readonly string[]>>;
}

export interface SearchWeights {
  name: number;
  description: number;
  instructions: number;
}

export interface TargetProfile {
  id: TargetId;
  title: string;
  /** Which files are skills: `SKILL.md` in a folder, or any flat `*.md` file in a skills folder (Cerveau). */
  skillFiles: 'skill-md' | 'flat-md';
  /** Whether `skills/SKILL.md` directly in a root (IronClaw's flat layout) counts as a skill. */
  acceptsFlatSkillMd: boolean;
  /** Root folders (POSIX suffixes) in which every `*.md` directly inside is a skill (flat-md targets). */
  flatRoots: readonly string[];
  /** Root folders whose loose files (not in a skill folder) the runtime ignores, reported by `loose-file`. */
  looseFileRoots: readonly string[];
  /** Path segments that only this runtime reads: `--target auto` picks it for a skill below one. */
  autoPathCues: readonly string[];
  frontmatterParser: FrontmatterParser;
  /** Name sources tried in order; a single 'frontmatter' means no fallback. */
  nameSources: readonly NameSource[];
  descriptionSources: readonly DescriptionSource[];
  /** The description must be a single line (Cerveau). */
  descriptionOneLine: boolean;
  /** Names must be unique: a collision is an error, not a shadowing (Cerveau). */
  uniqueNames: boolean;
  /** Side files the engine reads (bounded) for this target's fallbacks, relative to the skill folder. */
  sideFiles: readonly string[];
  /** Files under `references/` are listed to the model as readable references (Cuca). */
  listsReferences: boolean;
  /** Frontmatter keys with trigger strings that load the skill (Cerveau `triggers`); null when none. */
  triggersField: string | null;
  /** Frontmatter key with tool definitions (Cerveau `tools`); null when none. */
  toolsField: string | null;
  catalog: CatalogStyle;
  /** How the runtime's skill search scores a query term, per occurrence in each field (Cuca SkillsPlugin); none
   *  when the runtime has no search (src/targets/cuca/activation.ts cucaSearch, explain). */
  search?: SearchWeights;
  /** Raw file size the runtime accepts (bytes, inclusive); null when the runtime sets none. */
  byteLimit: number | null;
  name: NameRule;
  /** Whether a file without frontmatter is rejected. */
  frontmatterRequired: boolean;
  /** Whether the runtime requires a `name` in the frontmatter (no fallback). */
  nameRequired: boolean;
  /** Whether the runtime strips a leading BOM before parsing. */
  stripsBom: boolean;
  /** Body length the runtime's guide recommends staying under, in lines; null when none. */
  recommendedBodyLines: number | null;
  /** Whether the runtime requires a non-blank description. */
  descriptionRequired: boolean;
  descriptionMaxLength: number | null;
  /** `version` field pattern (JS regex source), when the runtime constrains it. */
  versionPattern: string | null;
  /** Top-level frontmatter keys the runtime understands. */
  knownFields: readonly string[];
  /** What the runtime does with an unknown key. */
  unknownFields: 'ignored' | 'rejected-by-validator';
  activation: ActivationLimits | null;
  tokenBudget: TokenBudget | null;
  /** Whether the loader strips a BOM and normalizes CRLF/CR itself. */
  normalizesLineEndings: boolean;
  /** Whether an empty or whitespace-only body makes the loader reject the skill. */
  rejectsEmptyBody: boolean;
  /** Whether invalid UTF-8 makes the loader reject the skill. */
  rejectsInvalidUtf8: boolean;
  /** Gating semantics for `requires`, when the runtime gates skills. */
  gating: 'ironclaw' | 'openclaw' | null;
  /** Facts the gating rule reads, when the runtime gates skills. */
  gatingFacts: GatingFacts | null;
  /** On a name collision, which skill the runtime keeps (after ordering by root precedence, then path): the first,
   *  the last, all of them (each listed under the same name), or whichever a race decides (no prediction). */
  collisionWinner: 'first' | 'last' | 'all' | 'race';
  /** The target is a validator (skills-ref for agentskills): every departure from the standard makes the skill
   *  invalid, so it counts as not loading. */
  strictValidator: boolean;
  /** Whether a leading byte-order mark makes the runtime refuse the file. */
  rejectsBom: boolean;
  /** Whether a file with lone CR line endings is refused (its frontmatter is never found). */
  rejectsLoneCr: boolean;
  /** Known roots, highest precedence first (a skill under an earlier root shadows one under a later root). */
  roots: readonly SkillsRoot[];
  /**
   * How third-party skills of this client are recognised on disk (plugin caches, installer lock files, registry
   * markers, git checkouts), each with the source of the fact. A match gives the skill the `installed` ceiling;
   * provenance never raises trust (src/core/policy/provenance.ts, evaluated for every skill with every profile's
   * rules, the facts gathered by src/node/provenance.ts).
   */
  provenance: readonly ProvenanceRule[];
  /** Folder depth the runtime scans below a root (`skills/<name>/SKILL.md` is 1), where the runtime's documentation states it;
   *  null when it does not (the scan-limits rule then says nothing). */
  scanDepth: number | null;
  /** Skills the runtime loads at most (all roots together), where stated; null otherwise. */
  maxSkills: number | null;
  /** Per-target default severities that differ from the rule's default. */
  severities: Readonly<Record<string, Severity>>;
  /** Exact skill file names the runtime opens (case-sensitive, as on Linux); null: `SKILL.md` in any letter case. */
  skillFileNames: readonly string[] | null;
  /** Whether skills in `node_modules` folders below a root are found (Codex, OpenCode, skills-ref walk them;
   *  OpenClaw skips `node_modules`; not measured for the others, which skillcheck assumes skip it). */
  readsNodeModules: boolean;
  /** Whether a symlinked skill file is read through the link (checked where it leads inside the tree). */
  followsSkillFileLinks: boolean;
  /**
   * Whether the runtime loads a skill folder (or group folder) that is a symlink in one of its skills roots: true,
   * false (it skips the entry), or null (not documented). `skillDirLinksSource` says where the fact comes from.
   * skillcheck checks the content where the link leads whatever the answer; the `symlink` finding says what this
   * runtime does with it.
   */
  followsSkillDirLinks: boolean | null;
  skillDirLinksSource: string;
  /** Whether folders whose names start with "." below a root are skipped. */
  skipsDotFolders: boolean;
  /** Whether the runtime's scan stops at a folder that holds `SKILL.md`: a skill in a folder below another skill's
   *  folder is never found. false where the runtime's code was not read for it. */
  stopsAtSkillFolder: boolean;
  /** Whether a frontmatter that fails to parse (or is never closed) makes the runtime drop the skill ('rejects'),
   *  or only the frontmatter: the skill loads with the name and description fallbacks ('fallback'). */
  frontmatterFailure: 'rejects' | 'fallback';
  /** Whether a scalar name or description that is not a string (`name: 123`) is read as its text. */
  coercesScalars: boolean;
  /** What the runtime does to the description's whitespace: nothing, trim the ends, or also join lines with a
   *  space ('trim-lines'), or collapse every run of whitespace to one space ('collapse'). */
  descriptionWhitespace: 'keep' | 'trim' | 'trim-lines' | 'collapse';
  /** Whether a `metadata` that is not a mapping makes the runtime skip the skill (Codex). */
  metadataMustBeMap: boolean;
  /** Whether the runtime lists a description with `<` and `>` written as `&lt;` and `&gt;` (Claude Code). */
  escapesAngleBrackets: boolean;
  /** Whether `description:` with no value (YAML null) makes the runtime skip the skill while a missing key does
   *  not (OpenCode's schema `description: Q.optional(Q.String)` accepts no key, not null). */
  rejectsNullDescription: boolean;
  /** Whether a list or mapping name or description is read as its JSON text (OpenClaw). */
  structuredAsJson: boolean;
  /** Whether a `name` or `description` key of any other type than a string is checked as JavaScript's `String()`
   *  of its value: skills-ref's `validate` checks `String(metadata.description)` (dist/validator.js), so `42`,
   *  a list (`"one,two"`), a mapping (`"[object Object]"`) and no value (`"null"`) pass, while its
   *  `readProperties` (dist/parser.js) throws on them. A warning, not a rejection, under such a target. */
  stringifiesValues: boolean;
  /** The byte limit is a listing cap checked from the file's size (Claude Code): it does not raise skillcheck's read
   *  bound, which reads every target's smaller limits in full. */
  byteLimitBySize?: boolean;
  /** Whether the runtime trims the name (Claude Code, Codex, OpenClaw: a quoted `"  x  "` is `x`). */
  nameTrim: boolean;
  /** A blank name (`name: ""`, `name:`): the skill is rejected, named by the next name source (the folder), or
   *  registered under the empty name (OpenCode). */
  blankName: 'rejects' | 'fallback' | 'kept';
  /** Whether a list or mapping name is read as JavaScript's `String()` of it (Claude Code `Lyn`: `String(e)`). */
  nameStringified: boolean;
  /** Control characters in the description: kept, each shown as a space (Claude Code), or removed (OpenClaw). */
  descriptionControl: 'keep' | 'space' | 'strip';
  /** Whether a whitespace-only description is kept as it is (OpenCode) instead of counting as none. */
  keepsBlankDescription: boolean;
  /** Whether a skill without a description is registered but never shown to the model (OpenCode's prompt builder
   *  keeps `filter(d => d.description !== undefined)`): it counts as not loading. */
  missingDescriptionHidden: boolean;
  /** How skills with one name are ordered within a root before the winner is picked: by path bytes, or by
   *  `localeCompare` of their path below the root (OpenClaw `discoverSkillCandidates`). */
  collisionOrder: 'bytes' | 'locale';
  /** Which skills with one name meet: those in one folder of skill folders ('folder'), or every skill below the
   *  same root, however deep (OpenClaw and OpenCode scan the whole root into one list: 'root'). */
  collisionScope: 'folder' | 'root';
  /** The `default` description source: its text, `{folder}` standing for the folder name. */
  defaultDescription: string;
  /** A `first-line` description longer than this many characters is cut to this length, ending in "..." (Claude
   *  Code's `Ize`: 97 characters and "..."); null when kept whole. */
  firstLineMax: number | null;
  /** Pinned runtime version the profile was checked against by `npm run conformance`; null when not checked. */
  checkedAgainst: string | null;
  /** Where the facts come from (the runtime's own code or documentation). */
  sources: readonly string[];
  /** The row of the targets table in docs/targets.md (generated by `npm run docs`). */
  docs: { layout: string; naming: string; facts: string };
}

/** Targets whose runtime documents no name pattern: any non-blank text is a name. */
export const FREE_NAME: NameRule = {
  pattern: '^[\\s\\S]+$',
  expected: 'any non-blank text',
  maxLength: Number.MAX_SAFE_INTEGER,
  mustMatchFolder: false,
  hyphenRules: false,
};

/** Fields every profile shares unless it says otherwise (a folder with SKILL.md, YAML, no fallbacks). */
export const BASE = {
  skillFiles: 'skill-md',
  acceptsFlatSkillMd: false,
  flatRoots: [],
  looseFileRoots: [],
  autoPathCues: [],
  frontmatterParser: 'yaml',
  nameSources: ['frontmatter'],
  descriptionSources: ['frontmatter'],
  descriptionOneLine: false,
  uniqueNames: false,
  sideFiles: [],
  listsReferences: false,
  triggersField: null,
  toolsField: null,
  catalog: { descriptionMax: null, envelope: 'plain', order: 'discovery' },
  byteLimit: null,
  frontmatterRequired: true,
  nameRequired: true,
  stripsBom: false,
  recommendedBodyLines: null,
  descriptionRequired: true,
  descriptionMaxLength: null,
  versionPattern: null,
  unknownFields: 'ignored',
  activation: null,
  tokenBudget: null,
  normalizesLineEndings: false,
  rejectsEmptyBody: false,
  rejectsInvalidUtf8: true,
  gating: null,
  gatingFacts: null,
  collisionWinner: 'first',
  scanDepth: null,
  maxSkills: null,
  severities: {},
  provenance: [],
  skillFileNames: null,
  skipsDotFolders: false,
  stopsAtSkillFolder: false,
  followsSkillFileLinks: false,
  followsSkillDirLinks: null,
  skillDirLinksSource: 'not documented by the runtime',
  readsNodeModules: false,
  rejectsBom: false,
  rejectsLoneCr: false,
  strictValidator: false,
  frontmatterFailure: 'rejects',
  coercesScalars: false,
  descriptionWhitespace: 'keep',
  escapesAngleBrackets: false,
  defaultDescription: 'Skill: {folder}',
  nameTrim: false,
  blankName: 'rejects',
  nameStringified: false,
  descriptionControl: 'keep',
  keepsBlankDescription: false,
  missingDescriptionHidden: false,
  collisionOrder: 'bytes',
  collisionScope: 'folder',
  structuredAsJson: false,
  stringifiesValues: false,
  rejectsNullDescription: false,
  firstLineMax: null,
  metadataMustBeMap: false,
  checkedAgainst: null,
  sources: ["the runtime's documentation, summarised in docs/targets.md (not checked against the runtime)"],
  docs: { layout: '', naming: '', facts: '' },
} as const satisfies Partial<TargetProfile>;

/** A client that reads any name (no pattern), up to `maxLength` characters. */
export function clientName(maxLength: number): NameRule {
  return { pattern: maxLength < Number.MAX_SAFE_INTEGER ? `^[\\s\\S]{1,${maxLength}}$` : '^[\\s\\S]+$', expected: maxLength < Number.MAX_SAFE_INTEGER ? `any text up to ${maxLength} characters` : 'any non-blank text', maxLength, mustMatchFolder: false, hyphenRules: false };
}

export interface Resolved<S extends string> {
  value: string;
  source: S;
  /** Offset in the skill file's normalized text where the value was read, when it came from the skill file. */
  offset?: number;
  /** The side file it came from (`_meta.json`, `skill-card.md`), relative to the skill folder. */
  sideFile?: string;
}

export interface Resolution {
  name: Resolved<NameSource> | null;
  description: Resolved<DescriptionSource> | null;
}

/** vercel-labs/skills (`npx skills`), read at 1.3.9 (src/skill-lock.ts, src/installer.ts, src/agents.ts) and at commit
 *  0363f53 (src/local-lock.ts): the global lock, the project lock, and the folders each client's installs go to. */
const NPX_SKILLS = 'vercel-labs/skills 1.3.9: src/skill-lock.ts (getSkillLockPath: ~/.agents/.skill-lock.json, `skills` keyed by name), src/installer.ts (a copy in <base>/.agents/skills/<name>, linked or copied into the client\'s folder), src/agents.ts (the client\'s project and global folders); src/local-lock.ts at 0363f53 (skills-lock.json in the project)';

/**
 * The two `npx skills` lock rules for a client: `global` are the home-relative folders `add -g` fills (the shared
 * `.agents/skills` and the client's own), `project` the project-relative ones `add` fills.
 */
export function npxSkillsProvenance(global: readonly string[], project: readonly string[]): ProvenanceRule[] {
  return [
    { kind: 'lockfile', id: 'npx-skills-global', lock: '.agents/.skill-lock.json', anchor: 'home', folders: global, key: 'skills', because: 'installed by `npx skills add -g` (its global lock lists it)', source: NPX_SKILLS },
    { kind: 'lockfile', id: 'npx-skills-project', lock: 'skills-lock.json', anchor: 'project', folders: project, key: 'skills', because: 'installed by `npx skills add` (the project lock lists it)', source: NPX_SKILLS },
  ];
}

/** A skill folder that is a git checkout or submodule below one of the client's roots. */
export function gitProvenance(roots: readonly string[]): ProvenanceRule {
  return {
    kind: 'git',
    id: 'git-checkout',
    roots,
    because: 'a git checkout or submodule inside the skills folder: content of another repository, updated from its origin',
    source: 'git: a checkout has a .git folder, a submodule or worktree a .git file (gitrepository-layout(5), gitsubmodules(7))',
  };
}
