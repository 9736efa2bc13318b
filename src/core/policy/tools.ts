// The tool decision: the lowest trust among the active skills sets the ceiling, the ceiling cuts the host's
// tool list. Pure functions; the result is data (a policy document) that a host logs and enforces.

import type * as Crypto from 'node:crypto';
import { TRUST_LEVELS, highestTrust, trustRank } from '../trust.js';
import type { Trust } from '../types.js';
import { CEILINGS, POLICY_DATA, type Ceiling } from './data.js';

/** node:crypto, loaded when first used rather than at start-up. */
const crypto = (): typeof Crypto => process.getBuiltinModule('node:crypto');

/** An active skill as the policy sees it. */
export interface PolicySkill {
  /** The name the runtime uses; null when the skill has none (it still counts for the ceiling). */
  name: string | null;
  trust: Trust;
  /** Display path of the skill file (POSIX). */
  file: string;
}

/** What decides the cut besides the skills: the read-only set and the ceiling per trust level. */
export interface ToolPolicy {
  /** Preset the read-only set came from, or null for a custom set. */
  preset: string | null;
  readOnlyTools: readonly string[];
  /** Ceiling per trust level; defaults to the shipped data (installed → read-only, trusted → all). */
  ceilings?: Readonly<Partial<Record<Trust, Ceiling>>>;
}

export interface ToolReason {
  tool: string;
  because: string;
}

export interface PolicyWarning {
  tool: string;
  message: string;
}

export interface Attenuation {
  effectiveTrust: Trust;
  ceiling: Ceiling;
  allowedTools: string[];
  deniedTools: string[];
  reasons: ToolReason[];
}

/** The policy document (schemas/policy.schema.json). Field names are a contract: add, never remove. */
export interface PolicyDocument {
  schemaVersion: 1;
  effectiveTrust: Trust;
  skills: PolicySkill[];
  allowedTools: string[];
  deniedTools: string[];
  reasons: ToolReason[];
  policyDigest: string;
  ceiling: Ceiling;
  preset: string | null;
  readOnlyTools: string[];
  warnings: PolicyWarning[];
  /** The ceiling of every trust level (covered by the digest): a reader recomputes the digest and decision from it. */
  ceilings: Record<Trust, Ceiling>;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted (UTF-16 code unit order), duplicates dropped. */
export function sortedUnique(names: readonly string[]): string[] {
  return [...new Set(names)].sort(cmp);
}

function checkNames(names: readonly unknown[], what: string): asserts names is readonly string[] {
  for (const n of names) {
    if (typeof n !== 'string' || n === '') throw new TypeError(`${what}: every tool name must be a non-empty string, got ${JSON.stringify(n)}`);
  }
}

/** A read-only preset as a ToolPolicy. Throws on an unknown preset name. */
export function toolPolicy(preset: string = POLICY_DATA.defaultPreset): ToolPolicy {
  if (!Object.prototype.hasOwnProperty.call(POLICY_DATA.presets, preset)) {
    throw new Error(`unknown read-only preset "${preset}"; expected one of ${Object.keys(POLICY_DATA.presets).join(', ')}`);
  }
  return { preset, readOnlyTools: POLICY_DATA.presets[preset]!.tools };
}

/**
 * The read-only set from a config file's `policy` section: `readOnlyTools` (a custom set) wins over `preset`;
 * neither gives the default preset. Throws on an unknown preset name.
 */
export function toolPolicyFromConfig(section: { readOnlyTools?: readonly string[]; preset?: string } | undefined): ToolPolicy {
  if (section?.readOnlyTools) {
    checkNames(section.readOnlyTools, 'policy.readOnlyTools');
    return { preset: null, readOnlyTools: [...section.readOnlyTools] };
  }
  return toolPolicy(section?.preset);
}

/** The lowest trust among the skills; with no skill, the highest level (no ceiling). Order never matters. */
export function lowestTrust(skills: readonly { trust: Trust }[]): Trust {
  let low = highestTrust();
  for (const s of skills) {
    if (trustRank(s.trust) < 0) throw new TypeError(`unknown trust level ${JSON.stringify(s.trust)}; expected one of ${TRUST_LEVELS.join(', ')}`);
    if (trustRank(s.trust) < trustRank(low)) low = s.trust;
  }
  return low;
}

export function ceilingFor(trust: Trust, policy: ToolPolicy): Ceiling {
  const c = policy.ceilings?.[trust] ?? POLICY_DATA.ceilings[trust];
  if (!CEILINGS.includes(c)) throw new TypeError(`ceiling for ${trust} must be one of ${CEILINGS.join(', ')}`);
  return c;
}

function compareSkills(a: PolicySkill, b: PolicySkill): number {
  return cmp(a.name ?? '', b.name ?? '') || cmp(a.file, b.file) || trustRank(a.trust) - trustRank(b.trust);
}

function skillLabel(s: PolicySkill): string {
  return s.name === null ? `the skill at ${s.file}` : `skill "${s.name}" (${s.file})`;
}

/**
 * Cut `tools` (the host's full list) to what the active `skills` may use. The lowest trust sets the ceiling:
 * `all` keeps every tool, `read-only` keeps the tools of the read-only set, `none` keeps nothing.
 * Names are exact and case-sensitive. The result is sorted and does not depend on input order.
 */
export function attenuateTools(tools: readonly string[], skills: readonly PolicySkill[], policy: ToolPolicy = toolPolicy()): Attenuation {
  checkNames(tools, 'tools');
  checkNames(policy.readOnlyTools, 'readOnlyTools');
  const all = sortedUnique(tools);
  const effectiveTrust = lowestTrust(skills);
  const ceiling = ceilingFor(effectiveTrust, policy);
  const readOnly = new Set(policy.readOnlyTools);
  const setName = policy.preset === null ? 'the read-only set' : `the read-only set (preset "${policy.preset}")`;
  const lowest = [...skills].sort(compareSkills).filter((s) => s.trust === effectiveTrust);
  const who =
    lowest.length === 0
      ? ''
      : `${skillLabel(lowest[0]!)} is ${effectiveTrust}${lowest.length > 1 ? ` (and ${lowest.length - 1} more ${effectiveTrust} skill${lowest.length > 2 ? 's' : ''})` : ''}`;
  const allowedTools: string[] = [];
  const deniedTools: string[] = [];
  const reasons: ToolReason[] = [];
  for (const tool of all) {
    let allowed: boolean;
    let because: string;
    if (ceiling === 'all') {
      allowed = true;
      because = skills.length === 0 ? 'no active skill, so no ceiling' : `every active skill is ${effectiveTrust}: the ${effectiveTrust} ceiling keeps every tool`;
    } else if (ceiling === 'read-only') {
      allowed = readOnly.has(tool);
      because = allowed
        ? `in ${setName}, kept under the read-only ceiling (${who})`
        : `not in ${setName}: the ceiling is read-only because ${who}`;
    } else {
      allowed = false;
      because = `the ${effectiveTrust} ceiling allows no tool (${who})`;
    }
    (allowed ? allowedTools : deniedTools).push(tool);
    reasons.push({ tool, because });
  }
  return { effectiveTrust, ceiling, allowedTools, deniedTools, reasons };
}

/** Network tools in the read-only set: each one an exfiltration channel for an installed skill. */
export function policyWarnings(policy: ToolPolicy, tools: readonly string[]): PolicyWarning[] {
  const offered = new Set(tools);
  const setName = policy.preset === null ? 'the read-only set' : `read-only preset "${policy.preset}"`;
  return sortedUnique(policy.readOnlyTools)
    .filter((t) => POLICY_DATA.networkTools.includes(t))
    .map((tool) => ({
      tool,
      message:
        `${setName} contains the network tool "${tool}": an installed skill keeps it under the read-only ceiling and can send ` +
        `what it reads out of the machine${offered.has(tool) ? '' : ' (the host does not offer it now)'}. Use a read-only set without network tools`,
    }));
}

/**
 * The canonical serialization the digest covers: every input that decided the policy, sorted, in a fixed
 * key order, as compact JSON (JSON.stringify, UTF-8):
 * `{"schemaVersion":1,"tools":[…],"skills":[{"name":…,"trust":…,"file":…}],"readOnlyTools":[…],"ceilings":[[level,ceiling],…]}`
 * with tools and readOnlyTools sorted and unique, skills sorted by name, file, trust, ceilings in
 * TRUST_LEVELS order. A host can recompute it from a policy document (tools = allowed ∪ denied).
 */
export function canonicalPolicyInput(tools: readonly string[], skills: readonly PolicySkill[], policy: ToolPolicy): string {
  return JSON.stringify({
    schemaVersion: 1,
    tools: sortedUnique(tools),
    skills: [...skills].sort(compareSkills).map((s) => ({ name: s.name, trust: s.trust, file: s.file })),
    readOnlyTools: sortedUnique(policy.readOnlyTools),
    ceilings: TRUST_LEVELS.map((l) => [l, ceilingFor(l, policy)]),
  });
}

export function policyDigest(tools: readonly string[], skills: readonly PolicySkill[], policy: ToolPolicy): string {
  return `sha256:${crypto().createHash('sha256').update(canonicalPolicyInput(tools, skills, policy), 'utf8').digest('hex')}`;
}

/** The full policy document for the active skills and the host's tools. */
export function buildPolicy(tools: readonly string[], skills: readonly PolicySkill[], policy: ToolPolicy = toolPolicy()): PolicyDocument {
  const a = attenuateTools(tools, skills, policy);
  const sortedSkills = [...skills].sort(compareSkills).map((s) => ({ name: s.name, trust: s.trust, file: s.file }));
  return {
    schemaVersion: 1,
    effectiveTrust: a.effectiveTrust,
    skills: sortedSkills,
    allowedTools: a.allowedTools,
    deniedTools: a.deniedTools,
    reasons: a.reasons,
    policyDigest: policyDigest(tools, skills, policy),
    ceiling: a.ceiling,
    preset: policy.preset,
    readOnlyTools: sortedUnique(policy.readOnlyTools),
    warnings: policyWarnings(policy, tools),
    ceilings: Object.fromEntries(TRUST_LEVELS.map((l) => [l, ceilingFor(l, policy)])) as Record<Trust, Ceiling>,
  };
}
