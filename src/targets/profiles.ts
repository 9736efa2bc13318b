// Runtime facts as data: limits, name rules, known fields and roots for each target.
// Source: ../shared/docs/runtimes.md. Rules read these; no rule hard-codes a runtime fact.

import type { Severity, TargetId, Trust } from '../types.js';

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
  /** How the runtime scores and picks skills for a message (src/activation/ironclaw.ts). */
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

export interface TargetProfile {
  id: TargetId;
  title: string;
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
  /** On a name collision, which skill the runtime keeps. */
  collisionWinner: 'first' | 'last';
  roots: readonly SkillsRoot[];
  /** Folder depth the runtime scans below a root. */
  scanDepth: number;
  maxSkills: number | null;
  /** Per-target default severities that differ from the rule's default. */
  severities: Readonly<Record<string, Severity>>;
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

export const PROFILES: Readonly<Record<'agentskills' | 'ironclaw', TargetProfile>> & Partial<Record<TargetId, TargetProfile>> = {
  agentskills: {
    id: 'agentskills',
    title: 'Agent Skills standard (Claude Code, OpenCode, Codex, Copilot, Cursor)',
    byteLimit: null,
    name: AGENTSKILLS_NAME,
    frontmatterRequired: true,
    nameRequired: true,
    stripsBom: false,
    recommendedBodyLines: 500,
    descriptionRequired: true,
    descriptionMaxLength: 1024,
    versionPattern: null,
    knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
    unknownFields: 'rejected-by-validator',
    activation: null,
    tokenBudget: null,
    normalizesLineEndings: false,
    rejectsEmptyBody: false,
    rejectsInvalidUtf8: true,
    gating: null,
    collisionWinner: 'first',
    roots: [
      { path: '.claude/skills', trust: 'trusted' },
      { path: '.opencode/skills', trust: 'trusted' },
      { path: '.agents/skills', trust: 'trusted' },
      { path: '.github/skills', trust: 'trusted' },
    ],
    scanDepth: 6,
    maxSkills: null,
    severities: {},
  },
  ironclaw: {
    id: 'ironclaw',
    title: 'IronClaw v1 loader',
    byteLimit: 65536,
    name: IRONCLAW_NAME,
    frontmatterRequired: true,
    nameRequired: true,
    stripsBom: true,
    recommendedBodyLines: null,
    descriptionRequired: false,
    descriptionMaxLength: null,
    versionPattern: '^[a-zA-Z0-9._\\-+~]{1,32}$',
    knownFields: ['name', 'version', 'description', 'activation', 'metadata', 'requires'],
    unknownFields: 'ignored',
    activation: IRONCLAW_ACTIVATION,
    tokenBudget: { tokensPerByte: 0.25, rejectFactor: 2 },
    normalizesLineEndings: true,
    rejectsEmptyBody: true,
    rejectsInvalidUtf8: true,
    gating: 'ironclaw',
    collisionWinner: 'first',
    roots: [
      { path: 'skills', trust: 'trusted' },
      { path: '.ironclaw/skills', trust: 'trusted' },
      { path: '.ironclaw/installed_skills', trust: 'installed' },
    ],
    scanDepth: 3,
    maxSkills: 100,
    severities: {},
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
