// IronClaw's v1 loader: layout, name rule, activation caps and selection scores, token budget, gating.

import type { ActivationLimits, NameRule, TargetProfile } from '../../core/profile-types.js';
import { BASE } from '../../core/profile-types.js';

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

export const IRONCLAW: TargetProfile = {
  ...BASE,
  id: 'ironclaw',
  followsSkillDirLinks: false,
  skillDirLinksSource: 'IronClaw skills documentation: an entry of a skills root or skill folder that is a symlink is skipped',
  title: 'IronClaw v1 loader',
  sources: ['IronClaw (github.com/nearai/ironclaw): src/skills/ (registry.rs, parser.rs, selector.rs, gating.rs, attenuation.rs) and its skills documentation; not checked against the runtime'],
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
  gatingFacts: { requiresKeys: ['bins', 'env', 'config'], metadataKeys: [], splitsCommaStrings: false, blankEnvIsUnset: false, configDefaults: {}, ignoresNonMappingRequires: false },
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
