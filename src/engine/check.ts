// Stage 4, check: run every rule over the parsed input and turn reports into located diagnostics.

import type { DiscoveryEvent, Host } from '../core/contracts.js';
import { locate } from '../core/parse.js';
import { reportMessage, type ProjectContext, type ProjectSkill, type ReportInput, type Rule, type SkillContext, type SkillInput } from '../core/rule.js';
import { positionAt } from '../core/source.js';
import { getProfile } from '../targets/profiles.js';
import type { Diagnostic, Severity, TargetId } from '../core/types.js';

export type SeverityOverride = Severity | 'off';

export interface CheckOptions {
  rules: readonly Rule[];
  host: Host;
  /** Machine-dependent checks (gating) on. */
  gating: boolean;
  /** `default` hides low-confidence findings; `auditor` shows everything. */
  persona: 'default' | 'auditor';
  /** Per-rule severity from the config file or the command line. */
  severity: Readonly<Record<string, SeverityOverride>>;
  /** Options per rule id (each rule's meta.schema), e.g. { 'tool-ceiling': { readOnlyTools: [...] } }. */
  ruleOptions?: RuleOptions;
}

/** Options per rule id. */
export type RuleOptions = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** The shorthands LintOptions and VerifyOptions keep for two rules' options. */
export interface RuleOptionShorthands {
  ruleOptions?: RuleOptions;
  /** tool-ceiling's readOnlyTools. */
  readOnlyTools?: readonly string[];
  /** gating's openclawConfig. */
  openclawConfig?: Record<string, unknown>;
}

/** The run's options per rule: `ruleOptions`, over what the shorthands say. Undefined when there are none. */
export function ruleOptionsOf(o: RuleOptionShorthands): RuleOptions | undefined {
  const out: Record<string, Readonly<Record<string, unknown>>> = {};
  if (o.readOnlyTools) out['tool-ceiling'] = { readOnlyTools: o.readOnlyTools };
  if (o.openclawConfig) out.gating = { openclawConfig: o.openclawConfig };
  for (const [id, v] of Object.entries(o.ruleOptions ?? {})) out[id] = { ...out[id], ...v };
  return Object.keys(out).length > 0 ? out : undefined;
}

function buildDiagnostic(
  rule: Rule,
  r: ReportInput,
  file: string,
  src: SkillInput['source'],
  profileSeverity: Severity | undefined,
  opts: CheckOptions,
  target: TargetId | undefined,
): Diagnostic | null {
  const override = opts.severity[rule.meta.id];
  if (override === 'off') return null;
  const confidence = r.confidence ?? rule.meta.confidence;
  if (opts.persona === 'default' && confidence === 'low') return null;
  let line = r.line ?? 1;
  let column = r.column ?? 1;
  let endLine = r.endLine;
  let endColumn = r.endColumn;
  if (r.line === undefined && r.offset !== undefined && src) {
    ({ line, column } = positionAt(src, r.offset));
    if (r.endOffset !== undefined && r.endOffset > r.offset) {
      const e = positionAt(src, r.endOffset);
      endLine = e.line;
      endColumn = e.column;
    }
  }
  const machineDependent = !!(r.machineDependent || rule.meta.machineDependent);
  const d: Diagnostic = {
    ruleId: rule.meta.id,
    // Severity follows consequence: a finding that says the target will not load the skill is an error, whatever
    // the rule's or profile's default, unless the user set the rule's severity. A machine-dependent one (a gating
    // binary missing here) describes this machine, not the skill: it keeps its own severity.
    severity: override ?? (r.rejects && !machineDependent ? 'error' : (r.severity ?? profileSeverity ?? rule.meta.severity)),
    confidence,
    message: reportMessage(rule.meta, r),
    file,
    line,
    column,
  };
  if (endLine !== undefined && endColumn !== undefined) {
    d.endLine = endLine;
    d.endColumn = endColumn;
  }
  if (r.messageId !== undefined) d.messageId = r.messageId;
  if (r.fix) d.fix = r.fix;
  if (target) d.target = target;
  if (r.rejects) d.rejects = true;
  if (machineDependent) d.machineDependent = true;
  if (r.occurrences !== undefined) d.occurrences = r.occurrences;
  if (r.related) d.related = r.related;
  return d;
}

/** Run the per-skill rules on one skill under one target. */
export function checkSkill(skill: SkillInput, opts: CheckOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fm = skill.doc?.frontmatter ?? null;
  for (const rule of opts.rules) {
    if (!rule.checkSkill) continue;
    if (rule.meta.machineDependent && !opts.gating) continue;
    if (opts.severity[rule.meta.id] === 'off') continue;
    const ctx: SkillContext = {
      skill,
      profile: skill.profile,
      fm,
      data: fm?.data ?? null,
      host: opts.host,
      gating: opts.gating,
      persona: opts.persona,
      options: { ...rule.meta.defaultOptions, ...opts.ruleOptions?.[rule.meta.id] },
      locate: (p) => locate(fm, p),
      report: (r) => {
        const d = buildDiagnostic(rule, r, r.file ?? skill.file, r.file ? (r.source ?? null) : skill.source, skill.profile.severities[rule.meta.id], opts, skill.target);
        if (d) out.push(d);
      },
    };
    try {
      rule.checkSkill(ctx);
    } catch (e) {
      // A rule bug must not hide every other finding: report it against the file and go on.
      out.push({
        ruleId: 'internal-error',
        severity: 'error',
        confidence: 'high',
        message: `rule ${rule.meta.id} failed: ${(e as Error).message}`,
        file: skill.file,
        line: 1,
        column: 1,
      });
    }
  }
  return out;
}

/** Run the project-level rules (duplicates, discovery events). */
export function checkProject(
  skills: readonly ProjectSkill[],
  events: readonly DiscoveryEvent[],
  display: (abs: string) => string,
  opts: CheckOptions,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of opts.rules) {
    if (!rule.checkProject) continue;
    if (opts.severity[rule.meta.id] === 'off') continue;
    const ctx: ProjectContext = {
      skills,
      events,
      display,
      options: { ...rule.meta.defaultOptions, ...opts.ruleOptions?.[rule.meta.id] },
      report: (r) => {
        // Project rules report line and column (sources are not kept for the whole run).
        const profileSeverity = r.target ? getProfile(r.target).severities[rule.meta.id] : undefined;
        const d = buildDiagnostic(rule, r, r.file, null, profileSeverity, opts, r.target);
        if (d) out.push(d);
      },
    };
    try {
      rule.checkProject(ctx);
    } catch (e) {
      // As in checkSkill: a rule bug becomes a finding, never an aborted run that hides every other finding.
      // It is pinned to the first skill (path order), or the first discovery event, or the run itself.
      const first = skills[0]?.input.file ?? (events[0] ? display(events[0].absPath) : '.');
      out.push({
        ruleId: 'internal-error',
        severity: 'error',
        confidence: 'high',
        message: `rule ${rule.meta.id} failed: ${(e as Error)?.message ?? String(e)}`,
        file: first,
        line: 1,
        column: 1,
      });
    }
  }
  return out;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Deterministic order: file, line, column, rule, then the rest. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    cmp(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    cmp(a.ruleId, b.ruleId) ||
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    cmp(a.target ?? '', b.target ?? '') ||
    cmp(a.message, b.message)
  );
}

/**
 * Sort and merge exact repeats: the same file-level finding seen under several targets (`--target a,b`) keeps one
 * copy whose `target` is the first and whose `targets` lists them all, so a consumer filtering by target misses none.
 */
export function finalizeDiagnostics(diags: Diagnostic[]): Diagnostic[] {
  const seen = new Map<string, Diagnostic>();
  const out: Diagnostic[] = [];
  for (const d of [...diags].sort(compareDiagnostics)) {
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.ruleId}\0${d.severity}\0${d.message}`;
    const first = seen.get(key);
    if (first) {
      if (d.target && first.target && d.target !== first.target) {
        const list = first.targets ?? [first.target];
        if (!list.includes(d.target)) first.targets = [...list, d.target];
      }
      continue;
    }
    const copy = { ...d };
    seen.set(key, copy);
    out.push(copy);
  }
  return out;
}
