// Unified diff of two texts (--fix-dry-run), on the `diff` package (jsdiff: Myers' O(ND) line diff; hunks with 3
// lines of context, merged when closer than 2 × context, as GNU diff does). What stays ours is the display:
// control and invisible characters are shown as <U+XXXX> (a CR removed by a fix stays visible, and a skill's
// escape sequences never reach the terminal), so the output is for review, not for `patch`.

import { diffArrays, structuredPatch } from 'diff';
import { visible } from './text.js';

type Op = { kind: ' ' | '-' | '+'; text: string };

function splitLines(s: string): string[] {
  if (s === '') return [];
  const lines = s.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Shortest edit script between two line arrays. */
export function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  const ops: Op[] = [];
  for (const part of diffArrays(a as string[], b as string[])) {
    const kind = part.added ? '+' : part.removed ? '-' : ' ';
    for (const text of part.value) ops.push({ kind, text });
  }
  return ops;
}

function show(line: string): string {
  return line
    .split('\t')
    .map((s) => visible(s))
    .join('\t');
}

/** A unified diff (`--- a/file`, `+++ b/file`, `@@ -l,n +l,n @@` hunks); '' when the texts are equal. */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  // Compare lines split on LF only, each ended by LF: a CR stays part of its line (a CRLF → LF fix shows as a
  // changed line), and a missing final newline is reported once below instead of on a changed last line.
  const norm = (s: string) => splitLines(s).map((l) => `${l}\n`).join('');
  const patch = structuredPatch('a', 'b', norm(before), norm(after), '', '', { context });
  const out: string[] = [`--- a/${visible(file)}`, `+++ b/${visible(file)}`];
  for (const h of patch.hunks) {
    out.push(`@@ -${h.oldLines === 0 ? h.oldStart - 1 : h.oldStart},${h.oldLines} +${h.newLines === 0 ? h.newStart - 1 : h.newStart},${h.newLines} @@`);
    for (const l of h.lines) if (!l.startsWith('\\')) out.push(`${l[0]}${show(l.slice(1))}`);
  }
  const noNl = (s: string) => s !== '' && !s.endsWith('\n');
  if (noNl(before) !== noNl(after)) out.push('\\ No newline at end of file (changed)');
  return `${out.join('\n')}\n`;
}
