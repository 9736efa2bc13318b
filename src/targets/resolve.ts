// Which target a skill is checked against (`--target auto`), and the name each target gives it.

import type { DiscoveredSkill } from '../discover.js';
import type { ParsedDocument } from '../parse.js';
import type { TargetId } from '../types.js';
import { PROFILES } from './profiles.js';

/** Keys of an IronClaw/OpenClaw `requires` block. Other ecosystems use `requires` for other things (e.g. `mcp`). */
const GATING_KEYS = ['bins', 'anyBins', 'env', 'config', 'os'];

function isGatingBlock(v: unknown): boolean {
  return !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((k) => GATING_KEYS.includes(k));
}

export type TargetSelection = 'auto' | TargetId[];

function has(data: Record<string, unknown> | null | undefined, key: string): boolean {
  return !!data && Object.prototype.hasOwnProperty.call(data, key);
}

/**
 * `auto`: decide from frontmatter cues first, then location.
 * - `activation`, a top-level `requires` holding gating keys (bins, anyBins, env, config, os) or `metadata.openclaw` → ironclaw
 * - a path under `.claude/skills`, `.opencode/skills`, `.agents/skills`, `.github/skills` → agentskills
 * - a path with an `installed_skills` or `.ironclaw` segment, or the flat `skills/SKILL.md` layout → ironclaw
 * - otherwise agentskills, the open standard.
 */
export function autoTarget(skill: Pick<DiscoveredSkill, 'layout'>, posixPath: string, doc: ParsedDocument | null): TargetId {
  const data = doc?.frontmatter?.data;
  const meta = data?.metadata;
  if (has(data, 'activation') || isGatingBlock(data?.requires)) return 'ironclaw';
  if (meta && typeof meta === 'object' && has(meta as Record<string, unknown>, 'openclaw')) return 'ironclaw';
  const segs = posixPath.split('/');
  for (const root of PROFILES.agentskills.roots) {
    if (posixPath.includes(`${root.path}/`)) return 'agentskills';
  }
  if (segs.includes('installed_skills') || segs.includes('.ironclaw')) return 'ironclaw';
  if (skill.layout === 'flat') return 'ironclaw';
  return 'agentskills';
}

export function targetsFor(sel: TargetSelection, skill: Pick<DiscoveredSkill, 'layout'>, posixPath: string, doc: ParsedDocument | null): TargetId[] {
  return sel === 'auto' ? [autoTarget(skill, posixPath, doc)] : sel;
}

/** The name the target uses: frontmatter `name` when it is a string. */
export function resolveName(_target: TargetId, doc: ParsedDocument | null): string | null {
  const n = doc?.frontmatter?.data?.name;
  return typeof n === 'string' ? n : null;
}
