// GitHub Actions workflow-command formatter (`::error file=…,line=…::message`). Every value is escaped the way
// the runner unescapes it, so no skill text (name, description, path) can end a command or start another.

import type { LintResult } from '../core/result.js';
import type { Diagnostic } from '../core/types.js';
import { visible } from '../core/text.js';

/** Message data: `%`, CR and LF (the runner splits lines on CR and LF). */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Property values: as data, plus `:` and `,` which delimit properties and the message. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

export function githubLine(d: Diagnostic): string {
  const props: [string, string][] = [
    ['file', d.file],
    ['line', String(d.line)],
    ['col', String(d.column)],
  ];
  if (d.endLine !== undefined && d.endColumn !== undefined) {
    props.push(['endLine', String(d.endLine)], ['endColumn', String(d.endColumn)]);
  }
  props.push(['title', `skillcheck ${d.ruleId}${d.target ? ` (${d.target})` : ''}`]);
  // Control characters (ESC, BEL, C1) from paths and messages are made visible first: the runner prints the
  // values to the log, and a raw escape would reach the reader's terminal. A message keeps its line breaks (%0A).
  const p = props.map(([k, v]) => `${k}=${escapeProperty(visible(v))}`).join(',');
  return `::${COMMAND[d.severity]} ${p}::${escapeData(d.message.split('\n').map(visible).join('\n'))}`;
}

/** One annotation per unsuppressed finding, then a plain summary line (never starting with "::"). */
export function formatGithub(result: Pick<LintResult, 'diagnostics'>, summaryLine: string): string {
  const lines = result.diagnostics.filter((d) => !d.suppressed).map(githubLine);
  lines.push(summaryLine.replace(/^:+/, ''));
  return `${lines.join('\n')}\n`;
}
