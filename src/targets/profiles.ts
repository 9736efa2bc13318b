// Runtime facts as data: limits, name rules, known fields and roots for each target.
// Source: ../shared/docs/runtimes.md. Rules read these; no rule hard-codes a runtime fact.

import type { Severity, TargetId, Trust } from '../core/types.js';

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
  /** How the runtime scores and picks skills for a message (src/targets/activation/ironclaw.ts). */
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
   *  when the runtime has no search (src/targets/activation/others.ts cucaSearch, explain). */
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
  /** Folder depth the runtime scans below a root (`skills/<name>/SKILL.md` is 1), where runtimes.md states it;
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
  /** Whether folders whose names start with "." below a root are skipped. */
  skipsDotFolders: boolean;
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
  /** The `default` description source: its text, `{folder}` standing for the folder name. */
  defaultDescription: string;
  /** A `first-line` description longer than this many characters is cut to this length, ending in "..." (Claude
   *  Code's `Ize`: 97 characters and "..."); null when kept whole. */
  firstLineMax: number | null;
  /** Pinned runtime version the profile was checked against by `npm run conformance`; null when not checked. */
  checkedAgainst: string | null;
  /** Where the facts come from (the runtime's own code or documentation). */
  sources: readonly string[];
  /** The README Targets table row (generated by `npm run docs`). */
  docs: { layout: string; naming: string; facts: string };
}

const AGENTSKILLS_NAME: NameRule = {
  pattern: '^[a-z0-9-]{1,64}$',
  expected: '1-64 lowercase letters, digits and hyphens, no leading, trailing or double hyphen',
  maxLength: 64,
  mustMatchFolder: true,
  hyphenRules: true,
};

const IRONCLAW_NAME: NameRule = {
  pattern: '^[a-zA-Z0-9][a-zA-Z0-9._-]{0,63}$',
  expected: '^[a-zA-Z0-9][a-zA-Z0-9._-]{0,63}$ (a letter or digit, then up to 63 letters, digits, ".", "_" or "-")',
  maxLength: 64,
  mustMatchFolder: false,
  hyphenRules: false,
};

const IRONCLAW_ACTIVATION: ActivationLimits = {
  keywords: 20,
  exclude_keywords: 20,
  tags: 10,
  patterns: 5,
  minEntryBytes: 3,
  defaultMaxContextTokens: 2000,
  patternSizeLimit: 64 * 1024,
  // IronClaw v1 selector (prefilter_skills / score_skill).
  selection: {
    keywordWord: 10,
    keywordSubstring: 5,
    keywordCap: 30,
    tag: 3,
    tagCap: 15,
    pattern: 20,
    patternCap: 40,
    maxCandidates: 3,
    budgetTokens: 4000,
    maxMessageBytes: 64 * 1024,
  },
};

/** Targets whose runtime documents no name pattern: any non-blank text is a name. */
const FREE_NAME: NameRule = {
  pattern: '^[\\s\\S]+$',
  expected: 'any non-blank text',
  maxLength: Number.MAX_SAFE_INTEGER,
  mustMatchFolder: false,
  hyphenRules: false,
};

/** Fields every profile shares unless it says otherwise (a folder with SKILL.md, YAML, no fallbacks). */
const BASE = {
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
  skillFileNames: null,
  skipsDotFolders: false,
  followsSkillFileLinks: false,
  readsNodeModules: false,
  rejectsBom: false,
  rejectsLoneCr: false,
  strictValidator: false,
  frontmatterFailure: 'rejects',
  coercesScalars: false,
  descriptionWhitespace: 'keep',
  escapesAngleBrackets: false,
  defaultDescription: 'Skill: {folder}',
  structuredAsJson: false,
  stringifiesValues: false,
  rejectsNullDescription: false,
  firstLineMax: null,
  metadataMustBeMap: false,
  checkedAgainst: null,
  sources: ['shared/docs/runtimes.md'],
  docs: { layout: '', naming: '', facts: '' },
} as const satisfies Partial<TargetProfile>;

/** A client that reads any name (no pattern), up to `maxLength` characters. */
function clientName(maxLength: number): NameRule {
  return { pattern: maxLength < Number.MAX_SAFE_INTEGER ? `^[\\s\\S]{1,${maxLength}}$` : '^[\\s\\S]+$', expected: maxLength < Number.MAX_SAFE_INTEGER ? `any text up to ${maxLength} characters` : 'any non-blank text', maxLength, mustMatchFolder: false, hyphenRules: false };
}

// The three clients below were measured with `npm run conformance` (scripts/conformance.mjs) against the pinned
// packages; the facts come from their own loaders' answers and code (docs/conformance.md lists the remaining
// differences with the code that explains each).

/** Claude Code 2.1.332 (@anthropic-ai/claude-code): project skills are `.claude/skills/<name>/SKILL.md`, one level. */
const CLAUDE_CODE: TargetProfile = {
  ...BASE,
  id: 'claude-code',
  title: 'Claude Code',
  autoPathCues: ['.claude'],
  // A YAML error is retried with colon-holding values quoted; a frontmatter that still fails (or is missing,
  // or never closed) is dropped and the skill loads with the folder name and the first line of the body.
  frontmatterParser: 'yaml-lenient-first-dashes',
  frontmatterFailure: 'fallback',
  frontmatterRequired: false,
  nameRequired: false,
  descriptionRequired: false,
  nameSources: ['frontmatter', 'folder'],
  // `GIe(m.description) ?? Ize(content, "Skill")`: the first non-blank line (a heading's text), cut at 100, else "Skill".
  descriptionSources: ['frontmatter', 'first-line', 'default'],
  defaultDescription: 'Skill',
  firstLineMax: 100,
  coercesScalars: true,
  descriptionWhitespace: 'trim-lines',
  escapesAngleBrackets: true,
  followsSkillFileLinks: true,
  name: clientName(Number.MAX_SAFE_INTEGER),
  skillFileNames: ['SKILL.md'],
  knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools', 'argument-hint', 'disable-model-invocation', 'user-invocable', 'model', 'when_to_use', 'version', 'hooks', 'context', 'agent', 'effort', 'paths', 'shell'],
  normalizesLineEndings: true,
  stripsBom: true,
  rejectsInvalidUtf8: false,
  roots: [{ path: '.claude/skills', trust: 'trusted' }],
  scanDepth: 1,
  collisionWinner: 'all',
  checkedAgainst: '@anthropic-ai/claude-code@2.1.332',
  sources: ['@anthropic-ai/claude-code@2.1.332: the SDK initialize reply (scripts/conformance.mjs)'],
  docs: {
    layout: '`.claude/skills/<folder>/SKILL.md`, one level (no nested or grouped skills); exactly `SKILL.md`',
    naming: 'frontmatter (numbers read as text) → folder; frontmatter → first line of the body',
    facts: 'loads without frontmatter, with YAML errors (a retry quotes values and turns leading tabs into spaces, else the frontmatter is dropped), unterminated frontmatter, missing name or description; the block ends at the first `---`; duplicate keys: the later wins; descriptions trimmed, lines joined; both copies of a shared name listed',
  },
};

/** Codex 0.171.0 (@openai/codex): `.agents/skills` (and `.codex/skills`) scanned up to 6 levels, no symlinks. */
const CODEX: TargetProfile = {
  ...BASE,
  id: 'codex',
  title: 'Codex',
  autoPathCues: ['.agents', '.codex'],
  frontmatterParser: 'codex',
  nameRequired: false,
  nameSources: ['frontmatter', 'folder'],
  coercesScalars: true,
  descriptionWhitespace: 'collapse',
  metadataMustBeMap: true,
  name: clientName(64),
  skillFileNames: ['SKILL.md'],
  knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
  normalizesLineEndings: true,
  rejectsInvalidUtf8: true,
  roots: [
    { path: '.agents/skills', trust: 'trusted' },
    { path: '.codex/skills', trust: 'trusted' },
  ],
  scanDepth: 6,
  skipsDotFolders: true,
  readsNodeModules: true,
  collisionWinner: 'all',
  rejectsBom: true,
  rejectsLoneCr: true,
  checkedAgainst: '@openai/codex@0.171.0',
  sources: ['@openai/codex@0.171.0: app-server skills/list (scripts/conformance.mjs)'],
  docs: {
    layout: '`.agents/skills/**/SKILL.md` (and `.codex/skills`), 6 levels, no dot-folders; exactly `SKILL.md`',
    naming: 'frontmatter (numbers read as text) → folder; frontmatter description required',
    facts: 'unquoted `: ` values load; an indented `---` closes the frontmatter; a BOM, lone CR line endings, a symlinked SKILL.md or a name over 64 characters stop the skill; `node_modules` read; whitespace in descriptions collapsed; both copies of a shared name listed',
  },
};

/** OpenCode 1.18.33 (opencode-ai): `.opencode/skills/**\/SKILL.md`, YAML with a colon-sanitizing retry. */
const OPENCODE: TargetProfile = {
  ...BASE,
  id: 'opencode',
  title: 'OpenCode',
  autoPathCues: ['.opencode'],
  // gray-matter's js-yaml 3 (`qq`: `v0.default(q)`, retried on `Jq(q)`, its colon sanitizer).
  frontmatterParser: 'opencode',
  descriptionRequired: false,
  rejectsNullDescription: true,
  followsSkillFileLinks: true,
  readsNodeModules: true,
  name: clientName(Number.MAX_SAFE_INTEGER),
  skillFileNames: ['SKILL.md'],
  knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
  normalizesLineEndings: true,
  rejectsInvalidUtf8: false,
  roots: [{ path: '.opencode/skills', trust: 'trusted' }],
  skipsDotFolders: true,
  rejectsLoneCr: true,
  collisionWinner: 'race',
  checkedAgainst: 'opencode-ai@1.18.33',
  sources: ['opencode-ai@1.18.33: `opencode debug skill --pure` (scripts/conformance.mjs)'],
  docs: {
    layout: '`.opencode/{skill,skills}/**/SKILL.md`, any depth, no dot-folders; exactly `SKILL.md`',
    naming: '`name` required; description optional (registered empty)',
    facts: 'a YAML retry that quotes colon values; js-yaml 3 reads a key on a tab-indented line as a top-level key; `description:` with no value skips the skill; lone CR files skipped; invalid UTF-8 read; `node_modules` read; a shared name is decided by a race (no winner predicted)',
  },
};

const IRONCLAW: TargetProfile = {
  ...BASE,
  id: 'ironclaw',
  title: 'IronClaw v1 loader',
  acceptsFlatSkillMd: true,
  autoPathCues: ['.ironclaw', 'installed_skills'],
  byteLimit: 65536,
  name: IRONCLAW_NAME,
  stripsBom: true,
  descriptionRequired: false,
  versionPattern: '^[a-zA-Z0-9._\\-+~]{1,32}$',
  knownFields: ['name', 'version', 'description', 'activation', 'metadata', 'requires'],
  activation: IRONCLAW_ACTIVATION,
  tokenBudget: { tokensPerByte: 0.25, rejectFactor: 2 },
  normalizesLineEndings: true,
  rejectsEmptyBody: true,
  gating: 'ironclaw',
  gatingFacts: { requiresKeys: ['bins', 'env', 'config'], metadataKeys: [], splitsCommaStrings: false, blankEnvIsUnset: false, configDefaults: {} },
  // IronClaw's escape: Rust `(?i)</?[\s\x00]*skill` (Unicode case folding: `ſ` and the Kelvin sign match too).
  catalog: { descriptionMax: null, envelope: 'skill-xml', order: 'discovery', escape: { pattern: '</?[\\s\\x00]*skill', caseInsensitive: true } },
  roots: [
    { path: 'skills', trust: 'trusted' },
    { path: '.ironclaw/skills', trust: 'trusted' },
    { path: '.ironclaw/installed_skills', trust: 'installed' },
  ],
  scanDepth: 3,
  maxSkills: 100,
  // IronClaw normalizes CRLF itself: a portability warning, not a load failure.
  severities: { 'line-endings': 'warning' },
  docs: {
    layout: '`skills/<name>/SKILL.md`, flat `skills/SKILL.md`',
    naming: '`name` required, description optional',
    facts: '65,536-byte limit; name `^[a-zA-Z0-9][a-zA-Z0-9._-]{0,63}$`; `version`; activation caps; token budget; gating (env set even if empty, config = file paths); BOM/CRLF normalized',
  },
};

export const PROFILES: Readonly<Record<TargetId, TargetProfile>> = {
  agentskills: {
    ...BASE,
    id: 'agentskills',
    title: 'Agent Skills standard (what the reference validator skills-ref accepts)',
    // skills-ref 0.1.5 (parser.js findSkillMd, validator.js): SKILL.md or skill.md; a BOM fails the "---" check;
    // every name rule, unknown key and over-long description makes the skill invalid; descriptions are trimmed.
    strictValidator: true,
    frontmatterParser: 'skills-ref',
    // validator.js validateMetadata: `validateName(String(metadata.name))`, `validateDescription(String(metadata.description))`.
    stringifiesValues: true,
    // readFile follows a symlinked SKILL.md (parser.js findSkillMd only checks that the path exists).
    followsSkillFileLinks: true,
    readsNodeModules: true,
    skillFileNames: ['SKILL.md', 'skill.md'],
    rejectsBom: true,
    descriptionWhitespace: 'trim',
    rejectsInvalidUtf8: false,
    checkedAgainst: 'skills-ref@0.1.5',
    sources: ['skills-ref@0.1.5: dist/parser.js (findSkillMd, parseFrontmatter), dist/validator.js (validate)'],
    docs: {
      layout: '`<root>/<name>/SKILL.md` (or `skill.md`)',
      naming: 'frontmatter, required',
      facts: 'what the reference validator `skills-ref` accepts: name 1–64 of `a-z0-9-` equal to the folder; description ≤ 1,024 characters; standard keys only (an unknown key is an error); a BOM is an error; a name or description that is not a string is checked as its `String()` text (a warning: `readProperties` throws on it)',
    },
    name: AGENTSKILLS_NAME,
    recommendedBodyLines: 500,
    descriptionMaxLength: 1024,
    knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
    unknownFields: 'rejected-by-validator',
    roots: [
      { path: '.claude/skills', trust: 'trusted' },
      { path: '.opencode/skills', trust: 'trusted' },
      { path: '.agents/skills', trust: 'trusted' },
      { path: '.github/skills', trust: 'trusted' },
    ],
    // The client guide recommends bounding the scan at depth 4–6: a recommendation clients differ on, not a limit.
    scanDepth: null,
  },
  'claude-code': CLAUDE_CODE,
  codex: CODEX,
  opencode: OPENCODE,
  ironclaw: IRONCLAW,
  // OpenClaw: IronClaw's structure (layout, YAML, name pattern, BOM/CRLF handling), OpenClaw's own gating.
  // IronClaw's byte limit, activation block and token budget are IronClaw v1 facts and are not assumed here.
  openclaw: {
    ...IRONCLAW,
    id: 'openclaw',
    title: 'OpenClaw',
    autoPathCues: ['.openclaw'],
    // Measured against openclaw@2026.9.6 (`openclaw skills list --json`, scripts/conformance.mjs): no name
    // pattern, a YAML retry that re-quotes values holding ": ", name from the folder when missing, a required
    // description (trimmed), numbers read as text, only `SKILL.md`, dot-folders skipped, 6 levels scanned,
    // 256,000 bytes at most, invalid UTF-8 read with replacement characters, the later folder wins a collision.
    byteLimit: 256000,
    name: clientName(Number.MAX_SAFE_INTEGER),
    frontmatterParser: 'openclaw',
    // coerceYamlFrontmatterValue: a list or mapping value is its JSON text.
    structuredAsJson: true,
    nameRequired: false,
    nameSources: ['frontmatter', 'folder'],
    descriptionRequired: true,
    coercesScalars: true,
    descriptionWhitespace: 'trim',
    skillFileNames: ['SKILL.md'],
    skipsDotFolders: true,
    // A symlinked SKILL.md whose real path stays inside the root loads (realpath containment check).
    followsSkillFileLinks: true,
    scanDepth: 6,
    rejectsInvalidUtf8: false,
    collisionWinner: 'last',
    checkedAgainst: 'openclaw@2026.9.6',
    sources: ['openclaw@2026.9.6: `openclaw skills list --json` and dist/skill-root-discovery-*.mjs (scripts/conformance.mjs)'],
    docs: {
      layout: '`skills/**/SKILL.md`, 6 levels, no dot-folders or `node_modules`; exactly `SKILL.md`',
      naming: 'frontmatter (numbers read as text) → folder; description required, trimmed',
      facts: 'no name pattern; the description re-quoted at a YAML error; list or map values read as JSON text; a `metadata` JSON string gates; 256,000-byte limit; invalid UTF-8 read; the later of two folders with one name wins; gating from `metadata.openclaw`: `bins`, `anyBins`, `env` non-empty, `config` dot-paths in the OpenClaw config (`--openclaw-config FILE`), `os`',
    },
    versionPattern: null,
    knownFields: [
      'name',
      'description',
      'metadata',
      'homepage',
      'user-invocable',
      'disable-model-invocation',
      'command-dispatch',
      'command-tool',
      'command-arg-mode',
      'requires',
    ],
    activation: null,
    tokenBudget: null,
    rejectsEmptyBody: false,
    gating: 'openclaw',
    // openclaw@2026.9.6: resolveOpenClawManifestRequires reads bins, anyBins, env, config (os only from the block
    // itself, resolveOpenClawManifestOs); MANIFEST_KEY then LEGACY_MANIFEST_KEYS; normalizeCsvOrLooseStringList;
    // DEFAULT_CONFIG_VALUES (dist/config-*.mjs) for config paths the user's config does not set.
    gatingFacts: {
      requiresKeys: ['bins', 'anyBins', 'env', 'config'],
      metadataKeys: ['openclaw', 'clawdbot'],
      splitsCommaStrings: true,
      blankEnvIsUnset: true,
      configDefaults: { 'browser.enabled': true, 'browser.evaluateEnabled': true },
    },
    catalog: { descriptionMax: null, envelope: 'plain', order: 'discovery' },
    roots: [
      { path: 'skills', trust: 'trusted' },
      { path: '.openclaw/skills', trust: 'trusted' },
    ],
    maxSkills: null,
  },
  cerveau: {
    ...BASE,
    id: 'cerveau',
    title: 'Cerveau (flat .md skills)',
    skillFiles: 'flat-md',
    flatRoots: ['.crv/skills'],
    autoPathCues: ['.crv'],
    name: FREE_NAME,
    descriptionOneLine: true,
    uniqueNames: true,
    triggersField: 'triggers',
    toolsField: 'tools',
    knownFields: ['name', 'description', 'triggers', 'tools'],
    // Cerveau escapes exactly `<system-reminder>` and `</system-reminder>` to entities before wrapping.
    catalog: { descriptionMax: null, envelope: 'system-reminder', order: 'discovery', escape: { pattern: '</?system-reminder>', caseInsensitive: false } },
    roots: [{ path: '.crv/skills', trust: 'trusted' }],
    scanDepth: 0,
    docs: {
      layout: 'flat `.crv/skills/*.md` (and `skills/*.md` with `--target cerveau`)',
      naming: '`name` required and unique, one-line `description`',
      facts: '`triggers` (none: never auto-loaded), `tools` with a schema that compiles under ajv strict mode; `<system-reminder>` envelope',
    },
    // Names must be unique: two files with one name is a broken install, not a shadowing.
    severities: { 'duplicate-name': 'error' },
  },
  jern: {
    ...BASE,
    id: 'jern',
    title: 'Jern',
    looseFileRoots: ['.jern/skills'],
    autoPathCues: ['.jern'],
    name: FREE_NAME,
    frontmatterRequired: false,
    nameRequired: false,
    descriptionRequired: false,
    nameSources: ['frontmatter', 'folder'],
    descriptionSources: ['frontmatter', 'first-line'],
    knownFields: ['name', 'description'],
    roots: [{ path: '.jern/skills', trust: 'trusted' }],
    docs: { layout: '`.jern/skills/<folder>/SKILL.md`; loose files ignored', naming: 'frontmatter → folder; frontmatter → first line of text', facts: 'no frontmatter needed' },
  },
  creo: {
    ...BASE,
    id: 'creo',
    title: 'Creo',
    autoPathCues: ['.creo'],
    name: FREE_NAME,
    frontmatterParser: 'yaml-lenient',
    frontmatterRequired: false,
    nameRequired: false,
    descriptionRequired: false,
    nameSources: ['frontmatter', 'h1', 'meta-slug', 'folder'],
    descriptionSources: ['frontmatter', 'after-h1', 'skill-card', 'default'],
    sideFiles: ['_meta.json', 'skill-card.md'],
    knownFields: ['name', 'description'],
    catalog: { descriptionMax: 200, envelope: 'plain', order: 'discovery' },
    docs: {
      layout: '`.creo/autoskills`, `.creo/skills`, `.claude/skills`, `.opencode/skills` (that precedence)',
      naming: 'frontmatter → `# H1` → `_meta.json` slug → folder; frontmatter → line after the H1 → `skill-card.md` → `Skill: <folder>`',
      facts: 'lenient YAML retry (values with colons quoted); catalog cuts descriptions at 200 characters',
    },
    // Precedence, highest first, from the documented "autoskill beats regular, native beats external"
    // (the project side; global ~/.config/creo/skills comes after project roots: "project beats global").
    roots: [
      { path: '.creo/autoskills', trust: 'trusted' },
      { path: '.creo/skills', trust: 'trusted' },
      { path: '.claude/skills', trust: 'trusted' },
      { path: '.opencode/skills', trust: 'trusted' },
      { path: '.config/creo/skills', trust: 'trusted' },
    ],
  },
  cuca: {
    ...BASE,
    id: 'cuca',
    title: 'Cuca (Rust SkillsPlugin)',
    name: FREE_NAME,
    frontmatterParser: 'strict-kv',
    listsReferences: true,
    knownFields: ['name', 'description'],
    collisionWinner: 'last',
    catalog: { descriptionMax: null, envelope: 'plain', order: 'name' },
    search: { name: 3, description: 2, instructions: 1 },
    roots: [],
    docs: {
      layout: '`<folder>/<name>/SKILL.md`, `references/` listed',
      naming: '`name`, `description` required',
      facts: 'strict `---` / `key: value` / `---` format: BOM, CRLF, nested YAML, block scalars fail; the later of two names wins; catalog sorted by name',
    },
    // The strict parser fails on a "---\r" first line: construction fails, so CRLF is an error here.
    severities: { 'line-endings': 'error' },
  },
};

export const TARGET_IDS = Object.keys(PROFILES) as TargetId[];

export function getProfile(id: TargetId): TargetProfile {
  const p = PROFILES[id];
  if (!p) throw new Error(`unknown target "${id}"`);
  return p;
}

/** Largest byte limit among targets, so that one bounded read serves every target. */
export function maxByteLimit(): number {
  let max = 0;
  for (const id of TARGET_IDS) max = Math.max(max, getProfile(id).byteLimit ?? 0);
  return max;
}

/**
 * Who breaks on a name that differs from its folder, from the profiles measured by `npm run conformance`: the
 * runtimes whose rule requires them equal (skills-ref's validator) and the clients that load the skill anyway.
 */
export function nameFolderFacts(): { rejects: string[]; loads: string[] } {
  const rejects: string[] = [];
  const loads: string[] = [];
  for (const id of TARGET_IDS) {
    const p = getProfile(id);
    if (p.checkedAgainst === null) continue;
    if (p.name.mustMatchFolder) rejects.push(p.checkedAgainst.replace(/@[^@/]*$/, ''));
    else loads.push(p.title);
  }
  return { rejects, loads };
}
