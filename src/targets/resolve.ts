// Which target a skill is checked against (`--target auto`), and the name each target gives it.

import type { DiscoveredSkill } from '../core/contracts.js';
import type { ParsedDocument } from '../core/parse.js';
import type { TargetId } from '../core/types.js';
import { PROFILES } from './profiles.js';

/**
 * Keys of an IronClaw/OpenClaw `requires` block: every gating runtime's `requiresKeys` (profile data), and `os`.
 * Other ecosystems use `requires` for other things (e.g. `mcp`).
 */
const GATING_KEYS = [...new Set(Object.values(PROFILES).flatMap((p) => p.gatingFacts?.requiresKeys ?? [])), 'os'];

export function isGatingBlock(v: unknown): boolean {
  return !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((k) => GATING_KEYS.includes(k));
}

export type TargetSelection = 'auto' | TargetId[];

/**
 * What `auto` knows of a skill beyond its path and text, gathered by the node layer (this module does no I/O).
 * `claudePlugin`: a folder on the skill's path, up to its repository root, holds Claude Code's plugin manifest
 * (`.claude-plugin/plugin.json` or `.claude-plugin/marketplace.json`): the repository ships Claude Code plugins.
 */
export interface AutoFacts {
  claudePlugin?: boolean;
}

function has(data: Record<string, unknown> | null | undefined, key: string): boolean {
  return !!data && Object.prototype.hasOwnProperty.call(data, key);
}

function cerveauCue(data: Record<string, unknown> | null | undefined): boolean {
  if (!data) return false;
  // `triggers:` alone is not Cerveau's: many ecosystems write a list of trigger phrases.
  const tools = data.tools;
  return Array.isArray(tools) && tools.some((t) => !!t && typeof t === 'object' && has(t as Record<string, unknown>, 'command'));
}

/** A path segment that only one runtime reads (`.jern`, `.crv`, `.creo`, `.openclaw`, `.ironclaw`, `installed_skills`). */
function exclusiveLocation(segs: readonly string[]): TargetId | null {
  for (const id of Object.keys(PROFILES) as TargetId[]) {
    if (PROFILES[id].autoPathCues.some((cue) => segs.includes(cue))) return id;
  }
  return null;
}

/**
 * `auto`: decide per skill, most specific evidence first.
 * 1. a path segment only one runtime reads (each profile's autoPathCues): `.claude` → claude-code, `.opencode` → opencode,
 *    `.agents`/`.codex` → codex, `.jern` → jern, `.crv` → cerveau, `.creo` → creo, `.openclaw` → openclaw,
 *    `.ironclaw` or `installed_skills` → ironclaw; a flat `*.md` skill file (not SKILL.md) → cerveau;
 * 2. frontmatter cues: `activation` or a top-level `requires` holding gating keys → ironclaw; `tools` entries with a
 *    `command` → cerveau (`triggers` alone is not enough); `metadata.openclaw` or `metadata.clawdbot` → openclaw;
 * 3. shared locations: `.github/skills` (and agentskills' other roots, which step 1 claims first) → agentskills;
 *    the flat `skills/SKILL.md` layout → ironclaw;
 * 4. a repository that ships Claude Code plugins (`facts.claudePlugin`) → claude-code: Claude Code is what loads
 *    its skills, and it ignores keys the standard's validator rejects;
 * 5. otherwise agentskills, the open standard.
 */
export function autoTarget(skill: Pick<DiscoveredSkill, 'layout'>, posixPath: string, doc: ParsedDocument | null, facts: AutoFacts = {}): TargetId {
  const segs = posixPath.split('/').slice(0, -1);
  const exclusive = exclusiveLocation(segs);
  if (exclusive) return exclusive;
  if (skill.layout === 'file') return 'cerveau';
  const data = doc?.frontmatter?.data;
  const meta = data?.metadata;
  if (has(data, 'activation') || isGatingBlock(data?.requires)) return 'ironclaw';
  if (cerveauCue(data)) return 'cerveau';
  // ClawHub skills carry OpenClaw's block under its legacy key `clawdbot` (OpenClaw reads both; rules/gating.ts).
  // The keys are OpenClaw's profile data (gatingFacts.metadataKeys), read here so that one fact has one definition.
  if (meta && typeof meta === 'object' && PROFILES.openclaw.gatingFacts!.metadataKeys.some((k) => has(meta as Record<string, unknown>, k))) return 'openclaw';
  for (const root of PROFILES.agentskills.roots) {
    if (posixPath.includes(`${root.path}/`)) return 'agentskills';
  }
  if (skill.layout === 'flat') return 'ironclaw';
  if (facts.claudePlugin) return 'claude-code';
  return 'agentskills';
}

/** Whether `auto` chose `target` for lack of evidence (step 5 above), not from a location, a cue or a fact. */
export function isAutoFallback(target: TargetId, skill: Pick<DiscoveredSkill, 'layout'>, posixPath: string, doc: ParsedDocument | null, facts: AutoFacts = {}): boolean {
  if (target !== 'agentskills' || skill.layout !== 'folder') return false;
  const segs = posixPath.split('/').slice(0, -1);
  if (exclusiveLocation(segs) !== null) return false;
  return !PROFILES.agentskills.roots.some((root) => posixPath.includes(`${root.path}/`)) && autoTarget(skill, posixPath, doc, facts) === 'agentskills';
}

/**
 * Whether a target reads a skill found with this layout: a flat `*.md` file only by flat-md targets (Cerveau);
 * a SKILL.md loose in a root whose loose files the runtime ignores (Jern) is not a skill there (`loose-file`).
 */
export function targetAccepts(target: TargetId, skill: Pick<DiscoveredSkill, 'layout'>, posixPath: string): boolean {
  const p = PROFILES[target];
  if (skill.layout === 'file') return p.skillFiles === 'flat-md';

  if (skill.layout === 'flat') {
    const dir = posixPath.slice(0, posixPath.lastIndexOf('/'));
    return !p.looseFileRoots.some((r) => dir === r || dir.endsWith(`/${r}`));
  }
  return true;
}

export function targetsFor(sel: TargetSelection, skill: Pick<DiscoveredSkill, 'layout'>, posixPath: string, doc: ParsedDocument | null, facts: AutoFacts = {}): TargetId[] {
  const list = sel === 'auto' ? [autoTarget(skill, posixPath, doc, facts)] : sel;
  return list.filter((t) => targetAccepts(t, skill, posixPath));
}
