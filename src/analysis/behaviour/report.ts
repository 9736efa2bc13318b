// Reporting the behaviour model's chains from a rule: one finding per chain, at its last step (the sink), its
// message naming every step with its place. A rule's earlier layers (its pattern pack, older block readers) report
// through `collecting`, which holds their findings back; `reportChains` then reports the chains, and the held
// findings except where the model has more to say on the same line: a chain ending there (it replaces the line
// pattern's finding, with the whole chain and its evidence-based severity), or a line the model read and cleared
// (a credential sent to its own service, an echoed install hint, text warning against the command). In a test file
// (tests/, test_*.py, *.test.js) of a skill at the highest trust, one the skill file does not name, nothing runs when
// the skill is used: findings there drop to info.

import type { ReportInput, Rule, RuleMeta, SkillContext } from '../../core/rule.js';
import { catalogueAware } from '../catalogue.js';
import { loadPack, runPack, type Pack, withPackMessages } from '../packs.js';
import { positionAt } from '../../core/source.js';
import { highestTrust } from '../../core/trust.js';
import { behaviourOf } from './model.js';
import type { BehaviourRule, Chain, Where } from './types.js';

/** The message template every rule gives its chains (meta.messages.chain). */
export const CHAIN_MESSAGE = '{{chain}}; {{impact}}. {{fix}}';

/** Paths of test files and folders (relative to the skill folder). */
export const TEST_FILE = /(?:^|\/)(?:tests?|__tests__|spec|specs)\/|(?:^|\/)(?:test_[^/]*|[^/]*_test)\.py$|\.(?:test|spec)\.[cm]?[jt]sx?$/;

function lineOf(ctx: SkillContext, w: Where): number {
  const src = w.source ?? ctx.skill.source;
  return src ? positionAt(src, Math.min(w.start, src.normalized.length)).line : 1;
}

/** The last line a place covers (a call written over several lines ends below where it starts). */
function endLineOf(ctx: SkillContext, w: Where): number {
  const src = w.source ?? ctx.skill.source;
  return src ? positionAt(src, Math.min(Math.max(w.start, w.end - 1), src.normalized.length)).line : 1;
}

function placeName(ctx: SkillContext, w: Where): string {
  const file = w.file ?? ctx.skill.file;
  const short = file.slice(file.lastIndexOf('/') + 1);
  return `${short}:${lineOf(ctx, w)}`;
}

/** "reads ~/.ssh/id_rsa (SKILL.md:12) → sends it to x.test (SKILL.md:14)". */
export function describeChain(ctx: SkillContext, c: Chain): string {
  const parts: string[] = [];
  for (const s of c.steps) {
    const p = `${s.what} (${placeName(ctx, s.at)})`;
    if (parts[parts.length - 1] !== p) parts.push(p);
  }
  return parts.slice(0, 8).join(' → ') + (parts.length > 8 ? ' → …' : '');
}

export interface Taken {
  file: string | undefined;
  line: number;
  report: ReportInput;
}

/** A context whose reports are held in `taken` until reportChains releases them. */
export function collecting(ctx: SkillContext, taken: Taken[]): SkillContext {
  const wrapped: SkillContext = { ...ctx };
  wrapped.report = (r) => {
    const src = r.source ?? ctx.skill.source;
    const line = r.line ?? (src && r.offset !== undefined ? positionAt(src, Math.min(r.offset, src.normalized.length)).line : -1);
    taken.push({ file: r.file, line, report: r });
  };
  return wrapped;
}

/** A file's path inside the skill's folder (the skill file itself when `file` is undefined). */
function relOf(ctx: SkillContext, file: string | undefined): string {
  const f = file ?? ctx.skill.file;
  const dir = ctx.skill.dir;
  return dir && f.startsWith(`${dir}/`) ? f.slice(dir.length + 1) : f;
}

/**
 * Whether findings in `file` drop to info as a test's: a test file (TEST_FILE) of a skill at the highest trust that
 * the skill file does not name. A folder called `tests/` is the author's own word: in an installed or audited skill
 * it lowers nothing (a payload put under tests/ runs like any other when the skill says to run it), and a test file
 * the skill file names ("run `bash tests/setup.sh`") is what the agent is told to run, whatever its folder.
 */
function inTest(ctx: SkillContext, file: string | undefined): boolean {
  if (ctx.skill.trust !== highestTrust()) return false;
  const rel = relOf(ctx, file);
  if (!TEST_FILE.test(rel)) return false;
  const skillText = ctx.skill.source?.normalized ?? '';
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return !new RegExp(`(?:^|[\\s\`'"(/=:])(?:${esc(rel)}|${esc(name)})(?![\\w.-])`).test(skillText);
}

/** The files of a skill's evaluations and tests (`evals/evals.json`, as skill authoring tools lay them out, a
 *  test's fixtures: data, pages, transcripts): the prompts a user might send and the attack samples a check must
 *  reject, which a harness feeds the tool or agent as test input, not text the skill gives it. Never a skill file
 *  (`SKILL.md`: a runtime may load it as a skill). Only in a skill at the highest trust: the path is the skill's own,
 *  and an installed skill's words about itself lower nothing. */
export function inEvalData(ctx: SkillContext, file: string | undefined): boolean {
  if (file === undefined || ctx.skill.trust !== highestTrust() || /(?:^|\/)skill\.md$/i.test(file)) return false;
  return /(?:^|\/)(?:evals?|evaluations?|tests?|__tests__|fixtures?|testdata)\//.test(relOf(ctx, file));
}

function quiet(r: ReportInput): ReportInput {
  return { ...r, severity: 'info', confidence: 'low' };
}

/** Report the skill's chains of `rule` through `ctx`, then through `release` (the context the held findings were
 *  meant for, wrappers already applied) the held findings of the earlier layers the chains do not supersede. */
export function reportChains(ctx: SkillContext, rule: BehaviourRule, taken: readonly Taken[] = [], release: SkillContext = ctx): void {
  const model = behaviourOf(ctx);
  const rank = { info: 0, warning: 1, error: 2 } as const;
  /** Held findings a chain replaces: those on the lines of its steps. */
  const superseded = new Set<Taken>();
  // Below the highest trust (installed, audited), the skill's own words do not lower what its code does.
  const distrusted = ctx.skill.trust !== highestTrust();
  for (const c0 of model.chains) {
    if (c0.rule !== rule) continue;
    const c = distrusted && c0.lowered ? { ...c0, ...c0.lowered } : c0;
    const sink = c.steps[c.steps.length - 1]!.at;
    // A step's place may span lines (a call written over a few): a held finding on any of them is the same one. A
    // longer place (a block, a here-document) holds other commands, whose findings stand on their own.
    const spans = c.steps.map((s) => {
      const from = lineOf(ctx, s.at);
      const to = endLineOf(ctx, s.at);
      return { file: s.at.file, from, to: to - from <= 4 ? to : from };
    });
    const held = taken.filter((t) => spans.some((l) => (t.file ?? ctx.skill.file) === (l.file ?? ctx.skill.file) && t.line >= l.from && t.line <= l.to));
    // The earlier layer's finding stands unless the chain says more: a higher severity, or that the text warns
    // against the command (a low-confidence chain).
    if (held.length > 0 && c.confidence !== 'low' && !held.some((t) => rank[t.report.severity ?? 'warning'] < rank[c.severity])) continue;
    for (const t of held) superseded.add(t);
    let r: ReportInput = {
      messageId: 'chain',
      data: { chain: describeChain(ctx, c), impact: c.impact, fix: c.fix },
      offset: sink.start,
      endOffset: sink.end,
      severity: c.severity,
      confidence: c.confidence,
    };
    if (sink.file) {
      r.file = sink.file;
      r.source = sink.source;
    }
    if (inTest(ctx, sink.file)) r = quiet(r);
    ctx.report(r);
  }
  const cleared = (distrusted ? [] : model.cleared).filter((c) => c.rule === rule || c.rule === '*').map((c) => {
    const src = c.at.source ?? ctx.skill.source;
    const from = lineOf(ctx, c.at);
    const to = src ? positionAt(src, Math.min(c.at.end, src.normalized.length)).line : from;
    return { file: c.at.file, from, to };
  });
  const bad = (distrusted ? [] : model.bad).map((b) => ({ file: b.file, from: lineOf(ctx, b), to: endLineOf(ctx, b) }));
  for (const t of taken) {
    if (superseded.has(t)) continue;
    if (cleared.some((c) => (c.file ?? ctx.skill.file) === (t.file ?? ctx.skill.file) && t.line >= c.from && t.line <= c.to)) continue;
    const shownBad = bad.some((b) => (b.file ?? ctx.skill.file) === (t.file ?? ctx.skill.file) && t.line >= b.from && t.line <= b.to);
    release.report((inTest(ctx, t.file) || shownBad) && t.report.severity !== 'info' ? quiet(t.report) : t.report);
  }
}

/**
 * A rule whose checks are the pack rules/packs/<meta.id>.yaml (through catalogueAware, as packRule with that wrapper)
 * and then the behaviour model's chains of that rule. `review`, when given, sees each pack finding with the text of
 * its line first and returns it (changed or not), or null to drop it: what an RE2 pattern cannot say.
 */
export function packAndChainsRule(meta: RuleMeta & { id: BehaviourRule }, review?: (ctx: SkillContext, t: Taken, line: string) => Taken | null): Rule {
  let pack: Pack | null = null;
  return {
    meta: withPackMessages(meta, { chain: CHAIN_MESSAGE }),
    checkSkill(skillCtx) {
      pack ??= loadPack(meta.id);
      const taken: Taken[] = [];
      runPack(catalogueAware(collecting(skillCtx, taken)), pack);
      const kept = review ? taken.flatMap((t) => review(skillCtx, t, lineText(skillCtx, t)) ?? []) : taken;
      reportChains(catalogueAware(skillCtx), meta.id, kept, skillCtx);
    },
  };
}

/** The whole line a held finding starts on. */
function lineText(ctx: SkillContext, t: Taken): string {
  const src = t.report.source ?? ctx.skill.source;
  if (!src || t.report.offset === undefined) return '';
  const text = src.normalized;
  const off = Math.min(t.report.offset, text.length);
  const start = text.lastIndexOf('\n', off - 1) + 1;
  const end = text.indexOf('\n', off);
  return text.slice(start, end === -1 ? text.length : end);
}
