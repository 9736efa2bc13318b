// JSON formatter: the documented contract (schemaVersion 1). A pure function of the result.

import type { LintResult } from '../core/result.js';
import type { Diagnostic } from '../core/types.js';

export interface Summary {
  skills: number;
  files: number;
  errors: number;
  warnings: number;
  infos: number;
  suppressed: number;
  /** Findings of security rules that an inline directive suppressed (the skill's own words), when there are any. */
  securitySuppressed?: SecuritySuppression[];
}

export interface SecuritySuppression {
  ruleId: string;
  file: string;
  line: number;
  column: number;
  reason: string;
}

export function summarize(result: Pick<LintResult, 'skills' | 'diagnostics' | 'files' | 'securityRules'>): Summary {
  const s: Summary = { skills: new Set(result.skills.map((k) => k.file)).size, files: result.files, errors: 0, warnings: 0, infos: 0, suppressed: 0 };
  const security = new Set(result.securityRules ?? []);
  const listed: SecuritySuppression[] = [];
  for (const d of result.diagnostics) {
    if (d.suppressed) {
      s.suppressed++;
      if (d.suppressed.kind === 'inline' && security.has(d.ruleId)) listed.push({ ruleId: d.ruleId, file: d.file, line: d.line, column: d.column, reason: d.suppressed.reason ?? '' });
      continue;
    }
    if (d.severity === 'error') s.errors++;
    else if (d.severity === 'warning') s.warnings++;
    else s.infos++;
  }
  if (listed.length > 0) s.securitySuppressed = listed;
  return s;
}

/** The diagnostic as it appears in JSON: internal-only fields dropped, key order fixed. */
export function diagnosticJson(d: Diagnostic): Record<string, unknown> {
  const o: Record<string, unknown> = {
    ruleId: d.ruleId,
    severity: d.severity,
    confidence: d.confidence,
    message: d.message,
    file: d.file,
    line: d.line,
    column: d.column,
  };
  if (d.endLine !== undefined) o.endLine = d.endLine;
  if (d.endColumn !== undefined) o.endColumn = d.endColumn;
  if (d.fix) o.fix = d.fix;
  if (d.suppressed) o.suppressed = d.suppressed;
  if (d.target) o.target = d.target;
  if (d.targets) o.targets = d.targets;
  if (d.rejects) o.rejects = true;
  if (d.machineDependent) o.machineDependent = true;
  if (d.fingerprint) o.fingerprint = d.fingerprint;
  // A grouped finding (one cause repeated): how many places it stands for and the first of them.
  if (d.occurrences !== undefined) o.occurrences = d.occurrences;
  if (d.related) o.related = d.related.map((p) => ({ file: p.file, line: p.line, column: p.column }));
  return o;
}

export function formatJson(result: LintResult, tool: { name: string; version: string }): string {
  const doc = {
    schemaVersion: 1,
    tool,
    skills: result.skills.map((s) => ({ name: s.name, file: s.file, target: s.target, trust: s.trust, loads: s.loads })),
    diagnostics: result.diagnostics.map(diagnosticJson),
    summary: summarize(result),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
