// IronClaw's load-time view of an `activation` block: what the runtime keeps after dropping short entries,
// cutting lists to their caps and dropping patterns that do not compile. One function, used by the
// activation-limits and activation-pattern rules and by the activation engine, so they never disagree.

import { analyzePattern, type PatternAnalysis } from '../../analysis/regex/pattern.js';
import type { ActivationLimits } from '../profiles.js';
import { typeName, utf8Length } from '../../core/text.js';

export const ACTIVATION_LISTS = ['keywords', 'exclude_keywords', 'tags', 'patterns'] as const;
export type ActivationList = (typeof ACTIVATION_LISTS)[number];

export interface ActivationEntry {
  value: string;
  /** Index in the list as written in the frontmatter. */
  index: number;
}

export interface DroppedEntry extends ActivationEntry {
  list: ActivationList;
  /** short: under minEntryBytes; over-cap: past the list's cap; invalid-pattern / too-large-pattern: dropped at compile. */
  reason: 'short' | 'over-cap' | 'invalid-pattern' | 'too-large-pattern';
  /** 1-based position among the entries kept so far (for over-cap). */
  position?: number;
}

export interface LoadedPattern extends ActivationEntry {
  analysis: PatternAnalysis;
}

export interface ActivationProblem {
  /** Path of the offending value, e.g. ['activation', 'keywords']. */
  path: (string | number)[];
  message: string;
}

export interface LoadedActivation {
  keywords: ActivationEntry[];
  excludeKeywords: ActivationEntry[];
  tags: ActivationEntry[];
  /** Patterns the runtime keeps and compiles. */
  patterns: LoadedPattern[];
  /** Every pattern within the cap, with its analysis (including the ones dropped at compile). */
  analysedPatterns: LoadedPattern[];
  maxContextTokens: number;
  /** Whether max_context_tokens was written (false: the default applies). */
  maxContextTokensDeclared: boolean;
  dropped: DroppedEntry[];
  /** Type errors that make the runtime fail to load the skill (serde refuses them). */
  problems: ActivationProblem[];
}

/**
 * Apply IronClaw's load-time rules to a frontmatter's `activation` value. `null` when the skill has no
 * activation block. Pattern analysis is syntax + size estimate only: it never loads RE2.
 */
export function loadActivation(activation: unknown, limits: ActivationLimits): LoadedActivation {
  // Three rules and the engine ask for the same block of the same skill: analyse each pattern once. Keyed on the
  // parsed value's identity (a WeakMap, so nothing outlives the skill); the result is read-only by convention.
  if (activation === null || typeof activation !== 'object') return loadActivationUncached(activation, limits);
  let byLimits = cache.get(activation);
  if (!byLimits) cache.set(activation, (byLimits = new Map()));
  let hit = byLimits.get(limits);
  if (!hit) byLimits.set(limits, (hit = loadActivationUncached(activation, limits)));
  return hit;
}

const cache = new WeakMap<object, Map<ActivationLimits, LoadedActivation>>();

function loadActivationUncached(activation: unknown, limits: ActivationLimits): LoadedActivation {
  const out: LoadedActivation = {
    keywords: [],
    excludeKeywords: [],
    tags: [],
    patterns: [],
    analysedPatterns: [],
    maxContextTokens: limits.defaultMaxContextTokens,
    maxContextTokensDeclared: false,
    dropped: [],
    problems: [],
  };
  if (activation === undefined || activation === null) return out;
  if (typeof activation !== 'object' || Array.isArray(activation)) {
    out.problems.push({ path: ['activation'], message: `"activation" is ${typeName(activation)}; expected a mapping with keywords, exclude_keywords, patterns, tags, max_context_tokens` });
    return out;
  }
  const a = activation as Record<string, unknown>;
  for (const list of ACTIVATION_LISTS) {
    const v = a[list];
    if (v === undefined || v === null) continue;
    if (!Array.isArray(v) || v.some((e) => typeof e !== 'string')) {
      out.problems.push({ path: ['activation', list], message: `"activation.${list}" must be a list of strings; got ${Array.isArray(v) ? 'a list with non-string entries' : typeName(v)}` });
      continue;
    }
    const cap = limits[list];
    let kept = 0;
    (v as string[]).forEach((value, index) => {
      // IronClaw: retain entries of at least minEntryBytes (patterns are not filtered), then truncate.
      if (list !== 'patterns' && utf8Length(value) < limits.minEntryBytes) {
        out.dropped.push({ list, value, index, reason: 'short' });
        return;
      }
      kept++;
      if (kept > cap) {
        out.dropped.push({ list, value, index, reason: 'over-cap', position: kept });
        return;
      }
      if (list === 'keywords') out.keywords.push({ value, index });
      else if (list === 'exclude_keywords') out.excludeKeywords.push({ value, index });
      else if (list === 'tags') out.tags.push({ value, index });
      else {
        const analysis = analyzePattern(value, limits.patternSizeLimit);
        const p = { value, index, analysis };
        out.analysedPatterns.push(p);
        if (analysis.verdict === 'ok') out.patterns.push(p);
        else out.dropped.push({ list, value, index, reason: analysis.verdict === 'invalid' ? 'invalid-pattern' : 'too-large-pattern' });
      }
    });
  }
  const mct = a.max_context_tokens;
  if (mct !== undefined && mct !== null) {
    if (typeof mct === 'number' && Number.isInteger(mct) && mct >= 0) {
      out.maxContextTokens = mct;
      out.maxContextTokensDeclared = true;
    } else {
      out.problems.push({ path: ['activation', 'max_context_tokens'], message: `"activation.max_context_tokens" is ${JSON.stringify(String(mct))}; expected a whole number of tokens (default ${limits.defaultMaxContextTokens})` });
    }
  }
  return out;
}
