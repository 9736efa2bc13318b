// IronClaw v1 skill selection, reproduced: exclude-keyword veto, keyword/tag/pattern scores with caps, stable sort,
// at most N skills within a token budget (a skill that does not fit is skipped and the walk goes on).
// Load-time filtering comes from src/targets/activation/load.ts (the same function the lint rules use); patterns run on
// RE2 after translation from Rust syntax, so a hostile pattern or a 64 KiB message stays linear.

import { compileForMatch, type CompiledPattern } from '../../analysis/regex/pattern.js';
import type { Approximation } from '../../analysis/regex/emit.js';
import { PROFILES, type ActivationLimits, type SelectionRules } from '../profiles.js';
import { thousands, utf8Length } from '../../core/text.js';
import { loadActivation, type LoadedActivation } from '../activation/load.js';

/** What the engine needs of a skill: its name, frontmatter data and body. */
export interface ActivationSkill {
  name: string;
  /** Frontmatter as data; its `activation` block drives selection. */
  frontmatter: Record<string, unknown> | null;
  /** Body after the frontmatter, line endings normalized (what the runtime injects). */
  body: string;
}

export interface PreparedSkill {
  skill: ActivationSkill;
  activation: LoadedActivation;
  /** Lowercased keywords/exclude keywords/tags, as the runtime precomputes them. */
  keywords: string[];
  excludeKeywords: string[];
  tags: string[];
  /** Token estimate of the body: floor(UTF-8 bytes × the profile's tokensPerByte, 0.25). */
  tokenEstimate: number;
  /** Compiled on first use (this is what loads RE2). */
  compiled: (CompiledPattern | { pattern: string; error: string })[] | null;
}

export class ActivationInputError extends Error {}

const IRONCLAW = PROFILES.ironclaw.activation!;
/** IronClaw's token estimate (bytes × tokensPerByte) and the factor past which the estimate is the cost. */
const BUDGET = PROFILES.ironclaw.tokenBudget!;

function rulesOf(limits: ActivationLimits): SelectionRules {
  const r = limits.selection ?? IRONCLAW.selection;
  if (!r) throw new Error('no selection rules in the profile');
  return r;
}

const prepared = new WeakMap<ActivationSkill, PreparedSkill>();

/** Apply load-time filtering once per skill (cached per object). */
export function prepareSkill(skill: ActivationSkill, limits: ActivationLimits = IRONCLAW): PreparedSkill {
  const hit = prepared.get(skill);
  if (hit) return hit;
  const activation = loadActivation(skill.frontmatter?.activation, limits);
  const p: PreparedSkill = {
    skill,
    activation,
    keywords: activation.keywords.map((k) => k.value.toLowerCase()),
    excludeKeywords: activation.excludeKeywords.map((k) => k.value.toLowerCase()),
    tags: activation.tags.map((k) => k.value.toLowerCase()),
    tokenEstimate: Math.floor(utf8Length(skill.body) * BUDGET.tokensPerByte),
    compiled: null,
  };
  prepared.set(skill, p);
  return p;
}

function compiledPatterns(p: PreparedSkill) {
  if (!p.compiled) {
    p.compiled = p.activation.patterns.map((x) => {
      const c = compileForMatch(x.analysis);
      return 'error' in c ? { pattern: x.value, error: c.error } : c;
    });
  }
  return p.compiled;
}

/** Free the RE2 programs a prepared skill compiled (re2-wasm memory is not garbage-collected). */
export function releaseSkill(p: PreparedSkill): void {
  for (const c of p.compiled ?? []) if ('dispose' in c) c.dispose();
  p.compiled = null;
}

/** Refuse messages the engine will not evaluate (over the profile's byte limit). */
export function checkMessage(message: string, limits: ActivationLimits = IRONCLAW): void {
  const max = rulesOf(limits).maxMessageBytes;
  const n = utf8Length(message);
  if (n > max) throw new ActivationInputError(`message is ${thousands(n)} bytes; skillcheck evaluates messages up to ${thousands(max)} bytes (UTF-8)`);
}

const ALNUM = /[\p{Alphabetic}\p{N}]/u;
/** Rust's `str::split_whitespace`: runs of Unicode White_Space. */
const WHITESPACE = /\p{White_Space}+/u;

/** Rust's `word.trim_matches(|c| !c.is_alphanumeric())`. */
function trimNonAlnum(word: string): string {
  const cps = [...word];
  let a = 0;
  let b = cps.length;
  while (a < b && !ALNUM.test(cps[a]!)) a++;
  while (b > a && !ALNUM.test(cps[b - 1]!)) b--;
  return cps.slice(a, b).join('');
}

export interface KeywordHit {
  keyword: string;
  kind: 'word' | 'substring';
  points: number;
}

export interface SkillScore {
  name: string;
  /** Final score (0 when vetoed). */
  score: number;
  /** The exclude keyword found in the message, if any: the skill scores 0. */
  vetoedBy: string | null;
  keywords: { points: number; uncapped: number; hits: KeywordHit[] };
  tags: { points: number; uncapped: number; hits: { tag: string; points: number }[] };
  patterns: {
    points: number;
    uncapped: number;
    hits: { pattern: string; points: number }[];
    /** Patterns skillcheck could not evaluate (RE2 refused the translation). */
    notEvaluated: { pattern: string; error: string }[];
    /** Set when RE2 may differ from Rust for this message (e.g. Unicode \b next to a non-ASCII letter). */
    approximate: Approximation[];
  };
}

const NON_ASCII_WORD = /[^\x00-\x7f]/u;

/** Score one skill for one message, exactly as IronClaw v1's score_skill. */
export function scoreSkill(skill: ActivationSkill | PreparedSkill, message: string, limits: ActivationLimits = IRONCLAW): SkillScore {
  checkMessage(message, limits);
  const p = 'activation' in skill && 'skill' in skill ? skill : prepareSkill(skill, limits);
  const r = rulesOf(limits);
  const lower = message.toLowerCase();
  const out: SkillScore = {
    name: p.skill.name,
    score: 0,
    vetoedBy: null,
    keywords: { points: 0, uncapped: 0, hits: [] },
    tags: { points: 0, uncapped: 0, hits: [] },
    patterns: { points: 0, uncapped: 0, hits: [], notEvaluated: [], approximate: [] },
  };
  for (const ex of p.excludeKeywords) {
    if (lower.includes(ex)) {
      out.vetoedBy = ex;
      return out;
    }
  }
  const words = lower.split(WHITESPACE).filter((w) => w !== '').map(trimNonAlnum);
  for (const kw of p.keywords) {
    if (words.includes(kw)) out.keywords.hits.push({ keyword: kw, kind: 'word', points: r.keywordWord });
    else if (lower.includes(kw)) out.keywords.hits.push({ keyword: kw, kind: 'substring', points: r.keywordSubstring });
  }
  out.keywords.uncapped = out.keywords.hits.reduce((s, h) => s + h.points, 0);
  out.keywords.points = Math.min(out.keywords.uncapped, r.keywordCap);
  for (const tag of p.tags) if (lower.includes(tag)) out.tags.hits.push({ tag, points: r.tag });
  out.tags.uncapped = out.tags.hits.length * r.tag;
  out.tags.points = Math.min(out.tags.uncapped, r.tagCap);
  if (p.activation.patterns.length > 0) {
    const approx = new Set<Approximation>();
    const nonAscii = NON_ASCII_WORD.test(message);
    for (const c of compiledPatterns(p)) {
      if ('error' in c) {
        out.patterns.notEvaluated.push({ pattern: c.pattern, error: c.error });
        continue;
      }
      if (nonAscii) for (const a of c.approximations) approx.add(a);
      if (c.test(message)) out.patterns.hits.push({ pattern: c.pattern, points: r.pattern });
    }
    out.patterns.approximate = [...approx];
  }
  out.patterns.uncapped = out.patterns.hits.length * r.pattern;
  out.patterns.points = Math.min(out.patterns.uncapped, r.patternCap);
  out.score = out.keywords.points + out.tags.points + out.patterns.points;
  return out;
}

export type NotSelectedReason = 'vetoed' | 'zero-score' | 'cap' | 'budget' | 'empty-message';

export interface Candidate extends SkillScore {
  selected: boolean;
  /** Why the skill was not selected (absent when selected). */
  reason?: NotSelectedReason;
  /** Tokens the skill costs at selection: max_context_tokens, or the body estimate when that exceeds twice it. */
  cost: number;
  /** Budget left when the walk reached this skill (absent for skills that never reached the walk). */
  budgetBefore?: number;
}

export interface Selection {
  /** Selected skill names in selection order. */
  selected: string[];
  /** Every skill, in the order the runtime ranks them (score descending, stable), then the zero scores. */
  candidates: Candidate[];
  budget: number;
  maxCandidates: number;
}

export interface SelectOptions {
  limits?: ActivationLimits;
  /** Override the profile's maximum number of selected skills. */
  maxCandidates?: number;
  /** Override the profile's token budget. */
  budgetTokens?: number;
}

/** Token cost at selection (IronClaw: declared, or the estimate when it exceeds twice that; at least 1). */
export function selectionCost(p: PreparedSkill): number {
  const declared = p.activation.maxContextTokens;
  const raw = p.tokenEstimate > declared * BUDGET.rejectFactor ? p.tokenEstimate : declared;
  return Math.max(raw, 1);
}

/** IronClaw v1 prefilter_skills: rank the skills for a message and pick at most N within the token budget. */
export function selectSkills(skills: readonly (ActivationSkill | PreparedSkill)[], message: string, options: SelectOptions = {}): Selection {
  const limits = options.limits ?? IRONCLAW;
  checkMessage(message, limits);
  const r = rulesOf(limits);
  const maxCandidates = options.maxCandidates ?? r.maxCandidates;
  const budget = options.budgetTokens ?? r.budgetTokens;
  const preps = skills.map((s) => ('activation' in s && 'skill' in s ? s : prepareSkill(s, limits)));
  if (message === '') {
    // The runtime returns nothing for an empty message, without scoring.
    return {
      selected: [],
      candidates: preps.map((p) => ({ ...scoreSkill(p, message, limits), selected: false, reason: 'empty-message' as const, cost: selectionCost(p) })),
      budget,
      maxCandidates,
    };
  }
  const scored = preps.map((p) => ({ p, s: scoreSkill(p, message, limits) }));
  // Array.prototype.sort is stable: equal scores keep the input order, as Rust's sort_by_key does.
  const ranked = scored.filter((x) => x.s.score > 0).sort((a, b) => b.s.score - a.s.score);
  const candidates: Candidate[] = [];
  const selected: string[] = [];
  let remaining = budget;
  for (const { p, s } of ranked) {
    const cost = selectionCost(p);
    if (selected.length >= maxCandidates) {
      candidates.push({ ...s, selected: false, reason: 'cap', cost });
      continue;
    }
    if (cost <= remaining) {
      candidates.push({ ...s, selected: true, cost, budgetBefore: remaining });
      remaining -= cost;
      selected.push(p.skill.name);
    } else candidates.push({ ...s, selected: false, reason: 'budget', cost, budgetBefore: remaining });
  }
  for (const { p, s } of scored) {
    if (s.score > 0) continue;
    candidates.push({ ...s, selected: false, reason: s.vetoedBy !== null ? 'vetoed' : 'zero-score', cost: selectionCost(p) });
  }
  return { selected, candidates, budget, maxCandidates };
}
