// `skillcheck explain`: each skill as each runtime sees it — name and description with their sources, whether it
// loads and every reason, trust, its catalog entry, activation after the runtime's filtering, token estimate and
// budget, and who wins a name collision. Built from the lint result; the formatters are pure functions.

import { loadActivation } from '../targets/activation/load.js';
import { renderCatalog, CATALOG_FORMATS } from '../targets/catalog.js';
import type { LintResult } from './lint.js';
import type { SkillInput } from '../core/rule.js';
import { listedReferences } from './skillfiles.js';
import { locate } from '../core/parse.js';
import { positionAt } from '../core/source.js';
import { SOURCE_LABEL, type Resolved } from '../targets/names.js';
import type { DescriptionSource, NameSource } from '../targets/profiles.js';
import { quote, utf8Length, visible } from '../core/text.js';
import type { Diagnostic, TargetId, Trust } from '../core/types.js';
import { diagnosticJson } from '../report/json.js';
import { collisions } from '../targets/precedence.js';
import { getProfile } from '../targets/profiles.js';

export interface ExplainedValue {
  value: string | null;
  /** Where the runtime took it from: frontmatter, h1, meta-slug, folder, first-line, after-h1, skill-card, default. */
  source: NameSource | DescriptionSource | null;
  /** Human wording of the source. */
  from: string;
  /** 1-based line in the skill file, when it came from it. */
  line?: number;
  /** Side file it came from (relative to the skill folder). */
  sideFile?: string;
}

export interface ExplainedActivation {
  /** How the runtime decides to load the skill. */
  mode: 'ironclaw-scoring' | 'triggers' | 'search' | 'model-reads-description';
  summary: string;
  keywords?: string[];
  excludeKeywords?: string[];
  tags?: string[];
  patterns?: string[];
  triggers?: string[];
  /** Entries the runtime drops at load, with the reason. */
  dropped?: { list: string; value: string; reason: string }[];
}

export interface ExplainedSkill {
  file: string;
  target: TargetId;
  name: ExplainedValue;
  description: ExplainedValue;
  loads: boolean;
  /** Every unsuppressed finding that makes the runtime refuse the skill. */
  reasons: Diagnostic[];
  trust: Trust;
  /** Why it has that trust: the trust mapping, location rule or provenance fact that decided. */
  trustBecause: string;
  /** The skill's entry in the runtime's catalog, escaped as rendered; null when the runtime lists none for it. */
  catalog: string | null;
  /** What the catalog cut from the description, when it cuts. */
  catalogCut: string | null;
  envelope: string;
  activation: ExplainedActivation;
  tokens: { bodyBytes: number; estimate: number; budget: { maxContextTokens: number; declared: boolean; rejectAbove: number; selectionCost: number } | null };
  references?: string[];
  /** A name collision: none; this skill wins over `others`; it is shadowed by `winner`; or a race among it and
   *  `others` (the runtime keeps exactly one of them, whichever its file reads finish first: OpenCode), so `loads`
   *  then means "loads if it wins". */
  collision: { status: 'none' | 'wins' | 'shadowed' | 'race'; winner?: string; others?: string[] };
}

function explainValue<S extends NameSource | DescriptionSource>(r: Resolved<S> | null, input: SkillInput, key: 'name' | 'description', missing: string): ExplainedValue {
  if (!r) return { value: null, source: null, from: missing };
  const out: ExplainedValue = { value: r.value, source: r.source, from: SOURCE_LABEL[r.source] };
  const offset = r.offset ?? (r.source === 'frontmatter' ? locate(input.doc?.frontmatter ?? null, [key])?.start : undefined);
  if (offset !== undefined && input.source) out.line = positionAt(input.source, offset).line;
  if (r.sideFile) out.sideFile = r.sideFile;
  return out;
}

function activationOf(input: SkillInput): ExplainedActivation {
  const p = input.profile;
  const data = input.doc?.frontmatter?.data ?? null;
  if (p.activation) {
    const a = loadActivation(data?.activation, p.activation);
    const dropped = a.dropped.map((d) => ({ list: d.list, value: d.value, reason: d.reason }));
    const kept = a.keywords.length + a.tags.length + a.patterns.length;
    const s = p.activation.selection;
    return {
      mode: 'ironclaw-scoring',
      summary:
        kept === 0
          ? `no keywords, tags or patterns survive loading: ${p.id} never scores this skill above 0, so it is never selected`
          : s
            ? `${p.id} scores each message: keyword +${s.keywordWord} whole word / +${s.keywordSubstring} substring (cap ${s.keywordCap}), tag +${s.tag} (cap ${s.tagCap}), pattern +${s.pattern} (cap ${s.patternCap}); an exclude keyword vetoes`
            : `${p.id} scores each message on its keywords, tags and patterns; an exclude keyword vetoes`,
      keywords: a.keywords.map((k) => k.value),
      excludeKeywords: a.excludeKeywords.map((k) => k.value),
      tags: a.tags.map((k) => k.value),
      patterns: a.patterns.map((k) => k.value),
      dropped,
    };
  }
  if (p.triggersField) {
    const t = data?.[p.triggersField];
    const list = Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
    return {
      mode: 'triggers',
      summary: list.length === 0 ? `no triggers: ${p.id} never loads this skill by itself` : `${p.id} loads the skill when a trigger appears in the conversation`,
      triggers: list,
    };
  }
  if (p.search) {
    const w = p.search;
    return { mode: 'search', summary: `${p.id} search: each query term scores ${w.name} per occurrence in the name, ${w.description} in the description, ${w.instructions} in the instructions` };
  }
  return { mode: 'model-reads-description', summary: `the model reads the catalog entry and decides; the description is all it has to go on` };
}

function tokensOf(input: SkillInput): ExplainedSkill['tokens'] {
  const body = input.doc?.body ?? '';
  const bodyBytes = utf8Length(body);
  const estimate = Math.floor(bodyBytes * (input.profile.tokenBudget?.tokensPerByte ?? 0.25));
  const p = input.profile;
  if (!p.tokenBudget || !p.activation) return { bodyBytes, estimate, budget: null };
  const act = input.doc?.frontmatter?.data?.activation as Record<string, unknown> | undefined;
  const declaredV = act && typeof act === 'object' ? act.max_context_tokens : undefined;
  const declared = typeof declaredV === 'number' && Number.isInteger(declaredV) && declaredV >= 0;
  const max = declared ? (declaredV as number) : p.activation.defaultMaxContextTokens;
  const rejectAbove = p.tokenBudget.rejectFactor * max;
  return { bodyBytes, estimate, budget: { maxContextTokens: max, declared, rejectAbove, selectionCost: Math.max(estimate > rejectAbove ? estimate : max, 1) } };
}

function appliesTo(d: Diagnostic, input: SkillInput): boolean {
  return d.file === input.file && (d.targets ?? (d.target ? [d.target] : [input.target])).includes(input.target);
}

/** The explain view of a lint result (every skill × target the lint checked). */
export function explain(result: LintResult): ExplainedSkill[] {
  const inputs = result.inputs;
  // Loading as the per-skill rules decide, before collisions: the collision groups are built from these.
  const pre: { input: SkillInput; loads: boolean }[] = inputs.map((input) => ({
    input,
    loads: !result.diagnostics.some((d) => d.rejects && !d.suppressed && d.ruleId !== 'duplicate-name' && appliesTo(d, input)),
  }));
  const coll = new Map<SkillInput, ExplainedSkill['collision']>();
  for (const { winner, ordered } of collisions(pre)) {
    if (getProfile(winner.s.input.target).collisionWinner === 'race') {
      // No winner to predict: exactly one of the group loads (the harness checks that, docs/conformance.md).
      for (const o of ordered) coll.set(o.s.input, { status: 'race', others: ordered.filter((x) => x !== o).map((x) => x.s.input.file) });
      continue;
    }
    coll.set(winner.s.input, { status: 'wins', others: ordered.filter((o) => o !== winner).map((o) => o.s.input.file) });
    for (const o of ordered) if (o !== winner) coll.set(o.s.input, { status: 'shadowed', winner: winner.s.input.file });
  }
  return inputs.map((input, i) => {
    const reasons = result.diagnostics.filter((d) => d.rejects && !d.suppressed && appliesTo(d, input));
    const name = explainValue(input.resolved?.name ?? null, input, 'name', `none: ${input.target} requires a frontmatter "name"`);
    const description = explainValue(
      input.resolved?.description ?? null,
      input,
      'description',
      input.profile.descriptionRequired ? `none: ${input.target} requires a frontmatter "description"` : 'none: the catalog shows an empty description',
    );
    let catalog: string | null = null;
    let catalogCut: string | null = null;
    const loads = result.skills[i]?.loads ?? reasons.length === 0;
    // A skill the runtime does not load (or drops in a collision) is not in its catalog.
    if (loads && Object.prototype.hasOwnProperty.call(CATALOG_FORMATS, input.target)) {
      const data = input.doc?.frontmatter?.data;
      const version = typeof data?.version === 'string' ? data.version : undefined;
      catalog = renderCatalog(
        [{ name: name.value ?? '', description: description.value ?? '', location: input.file, trust: input.trust, ...(version !== undefined ? { version } : {}) }],
        { target: input.target },
      );
      const max = input.profile.catalog.descriptionMax;
      const chars = [...(description.value ?? '')];
      if (max !== null && chars.length > max) catalogCut = chars.slice(max).join('');
    }
    const out: ExplainedSkill = {
      file: input.file,
      target: input.target,
      name,
      description,
      loads,
      reasons,
      trust: input.trust,
      trustBecause: input.trustBecause ?? 'not recorded',
      catalog,
      catalogCut,
      envelope:
        input.profile.catalog.envelope === 'skill-xml'
          ? '<skill name="…" version="…" trust="…">…</skill>'
          : input.profile.catalog.envelope === 'system-reminder'
            ? '<system-reminder>…</system-reminder> (user-role text)'
            : 'the file as written',
      activation: activationOf(input),
      tokens: tokensOf(input),
      collision: coll.get(input) ?? { status: 'none' },
    };
    if (input.profile.listsReferences && input.layout === 'folder' && input.folder) out.references = listedReferences(input.folder);
    return out;
  });
}

export function formatExplainJson(skills: readonly ExplainedSkill[], tool: { name: string; version: string }): string {
  const doc = {
    schemaVersion: 1,
    tool,
    skills: skills.map((s) => ({ ...s, reasons: s.reasons.map(diagnosticJson) })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function valueLine(v: ExplainedValue): string {
  if (v.value === null) return v.from;
  const where = v.line !== undefined ? `, line ${v.line}` : '';
  return `${quote(v.value, 120)}  (${v.from}${where})`;
}

function indent(text: string, pad: string): string {
  return text.split('\n').map((l, i) => (i === 0 ? l : `${pad}${l}`)).join('\n');
}

export function formatExplainText(skills: readonly ExplainedSkill[]): string {
  const out: string[] = [];
  const pad = ' '.repeat(15);
  for (const s of skills) {
    const row = (k: string, v: string) => out.push(`  ${k.padEnd(12)} ${indent(v, pad)}`);
    out.push(`${visible(s.file)}  [${s.target}]`);
    row('name', valueLine(s.name));
    row('description', valueLine(s.description));
    row('loads', s.loads ? (s.collision.status === 'race' ? 'yes, if it wins the race (see collision)' : 'yes') : `no`);
    for (const r of s.reasons) out.push(`${pad}- ${r.line}:${r.column} ${r.ruleId}: ${visible(r.message)}`);
    row('trust', `${s.trust} (${s.trustBecause})`);
    row('catalog', s.catalog === null ? (s.loads ? '(none)' : '(not listed: the skill does not load)') : visible(s.catalog).replace(/<U\+000A>/g, '\n'));
    if (s.catalogCut !== null) out.push(`${pad}(cut: ${quote(s.catalogCut, 60)} is not shown)`);
    row('envelope', s.envelope);
    const a = s.activation;
    const lists: string[] = [];
    const fmt = (label: string, l?: string[]) => {
      if (l && l.length > 0) lists.push(`${label}: ${l.map((x) => quote(x, 40)).join(', ')}`);
    };
    fmt('keywords', a.keywords);
    fmt('exclude', a.excludeKeywords);
    fmt('tags', a.tags);
    fmt('patterns', a.patterns);
    fmt('triggers', a.triggers);
    row('activation', [a.summary, ...lists, ...(a.dropped ?? []).map((d) => `dropped at load: ${d.list} ${quote(d.value, 40)} (${d.reason})`)].join('\n'));
    const t = s.tokens;
    row(
      'tokens',
      `${t.estimate} (floor(${t.bodyBytes} body bytes × 0.25))` +
        (t.budget
          ? `; max_context_tokens ${t.budget.maxContextTokens}${t.budget.declared ? '' : ' (default)'}, rejected above ${t.budget.rejectAbove}, costs ${t.budget.selectionCost} of the selection budget`
          : '; no token budget in this runtime'),
    );
    if (s.references) row('references', s.references.length === 0 ? '(none)' : s.references.join('\n'));
    const c = s.collision;
    row(
      'collision',
      c.status === 'none'
        ? 'none'
        : c.status === 'wins'
          ? `wins over ${c.others!.join(', ')}`
          : c.status === 'race'
            ? `race with ${c.others!.join(', ')}: exactly one of them loads, whichever the runtime reads first (not predictable)`
            : `shadowed by ${c.winner}`,
    );
    out.push('');
  }
  // Each race (a group of same-named skills) loads exactly one of its members.
  const raced = skills.filter((s) => s.loads && s.collision.status === 'race');
  const races = new Set(raced.map((s) => `${s.target}\0${[s.file, ...(s.collision.others ?? [])].sort().join('\0')}`)).size;
  const loads = skills.filter((s) => s.loads).length - raced.length + races;
  out.push(
    `${skills.length} skill view${skills.length === 1 ? '' : 's'} (skill × target), ${loads} of ${skills.length} load${raced.length > 0 ? ` (${raced.length} in ${races === 1 ? 'a race' : `${races} races`}: exactly one of each race loads)` : ''}`,
  );
  // Every line, not only the fields escaped above: reference names, collisions and the envelope carry skill text too.
  return `${out.join('\n').split('\n').map(visible).join('\n')}\n`;
}
