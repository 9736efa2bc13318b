// Runtime facts as data: limits, name rules, known fields and roots for each target.
// docs/targets.md documents them (generated). Rules read these; no rule hard-codes a runtime fact.
// Each runtime's profile, with the sources of its facts, is src/targets/<id>/profile.ts; the types and the fields
// the profiles share are in src/core/profile-types.ts. This module assembles them (the key order below is the
// order of TARGET_IDS).

import type { TargetId } from '../core/types.js';
import type { TargetProfile } from '../core/profile-types.js';
import { AGENTSKILLS } from './agentskills/profile.js';
import { CLAUDE_CODE } from './claude-code/profile.js';
import { CODEX } from './codex/profile.js';
import { OPENCODE } from './opencode/profile.js';
import { IRONCLAW } from './ironclaw/profile.js';
import { OPENCLAW } from './openclaw/profile.js';
import { CERVEAU } from './cerveau/profile.js';
import { JERN } from './jern/profile.js';
import { CREO } from './creo/profile.js';
import { CUCA } from './cuca/profile.js';

export type {
  ActivationLimits, CatalogStyle, DescriptionSource, FrontmatterParser, GatingFacts, NameRule, NameSource, SearchWeights, SelectionRules, SkillsRoot, TargetProfile, TokenBudget,
} from '../core/profile-types.js';

export const PROFILES: Readonly<Record<TargetId, TargetProfile>> = {
  agentskills: AGENTSKILLS,
  'claude-code': CLAUDE_CODE,
  codex: CODEX,
  opencode: OPENCODE,
  ironclaw: IRONCLAW,
  openclaw: OPENCLAW,
  cerveau: CERVEAU,
  jern: JERN,
  creo: CREO,
  cuca: CUCA,
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
  // A cap checked from the file's size alone (Claude Code's 1,000,000 bytes) does not raise the read bound.
  for (const id of TARGET_IDS) if (!getProfile(id).byteLimitBySize) max = Math.max(max, getProfile(id).byteLimit ?? 0);
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
