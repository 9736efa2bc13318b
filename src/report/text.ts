// Text formatter: `path:line:col  severity  message  rule-id`, grouped by file, then a summary line.

import type { LintResult } from '../core/result.js';
import { plural, visible } from '../core/text.js';
import { summarize } from './json.js';

export interface TextOptions {
  color: boolean;
  /** List findings accepted by the baseline one by one; default: only their count (--show-suppressed). */
  showSuppressed?: boolean;
}

const C = { red: '\x1b[31m', yellow: '\x1b[33m', cyan: '\x1b[36m', dim: '\x1b[2m', bold: '\x1b[1m', reset: '\x1b[0m' } as const;

/** Paths may hold newlines or escape bytes: show them visibly so one finding stays one line. */
export function safePath(p: string): string {
  return visible(p);
}

export function formatText(result: LintResult, opts: TextOptions): string {
  const paint = (code: string, s: string) => (opts.color ? `${code}${s}${C.reset}` : s);
  const lines: string[] = [];
  let current: string | null = null;
  // A file checked against several targets (--target a,b): say whose finding each of its lines is.
  const targetsOf = new Map<string, Set<string>>();
  for (const k of result.skills) targetsOf.set(k.file, (targetsOf.get(k.file) ?? new Set()).add(k.target));
  const multiFile = (f: string) => (targetsOf.get(f)?.size ?? 0) > 1;
  let baselined = 0;
  for (const d of result.diagnostics) {
    // After adopting a baseline its findings would bury the new ones: counted, listed only on request.
    if (d.suppressed?.kind === 'baseline' && !opts.showSuppressed) {
      baselined++;
      continue;
    }
    if (d.file !== current) {
      if (current !== null) lines.push('');
      current = d.file;
    }
    const sev = d.severity === 'error' ? paint(C.red, 'error  ') : d.severity === 'warning' ? paint(C.yellow, 'warning') : paint(C.cyan, 'info   ');
    const sup = d.suppressed ? paint(C.dim, ` (suppressed${d.suppressed.reason ? `: ${visible(d.suppressed.reason)}` : ''})`) : '';
    lines.push(`${paint(C.bold, safePath(d.file))}:${d.line}:${d.column}  ${sev}  ${visible(d.message).replace(/<U\+000A>/g, ' ')}${sup}  ${paint(C.dim, d.ruleId)}${multiFile(d.file) && d.target ? paint(C.dim, ` [${(d.targets ?? [d.target]).join(', ')}]`) : ''}`);
  }
  if (lines.length > 0) lines.push('');
  if (baselined > 0) lines.push(paint(C.dim, `${plural(baselined, 'finding')} accepted by the baseline not shown (--show-suppressed lists them)`));
  lines.push(summaryLine(result));
  return `${lines.join('\n')}\n`;
}

/** The last line of the text report: counts, suppressed findings, skills and how many load. */
export function summaryLine(result: LintResult): string {
  const s = summarize(result);
  const counts = `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}`;
  const sec = s.securitySuppressed ?? [];
  const LISTED = 5;
  const secText =
    sec.length > 0
      ? `; security findings the skills suppressed: ${sec
          .slice(0, LISTED)
          .map((x) => `${x.ruleId} at ${safePath(x.file)}:${x.line} (${JSON.stringify(visible(x.reason.length > 60 ? `${x.reason.slice(0, 59)}…` : x.reason))})`)
          .join(', ')}${sec.length > LISTED ? `, and ${sec.length - LISTED} more (see --format json)` : ''}`
      : '';
  const sup = s.suppressed > 0 ? ` (${s.suppressed} suppressed${secText})` : '';
  const loads = result.skills.filter((k) => k.loads).length;
  // A skill held back only by a machine-dependent finding (a gating binary missing here) has no error to show: say so.
  const rejecting = new Map<string, boolean>();
  for (const d of result.diagnostics) {
    if (!d.rejects) continue;
    for (const t of d.targets ?? [d.target ?? '']) {
      const key = `${d.file}\0${t}`;
      rejecting.set(key, (rejecting.get(key) ?? true) && !!d.machineDependent);
    }
  }
  const here = result.skills.filter((k) => !k.loads && rejecting.get(`${k.file}\0${k.target}`) === true).length;
  const hereText = here > 0 ? `; ${here} of them held back only by this machine (gating)` : '';
  return `${counts}${sup} in ${plural(s.skills, 'skill')} (${loads} of ${result.skills.length} load as checked${hereText})`;
}
