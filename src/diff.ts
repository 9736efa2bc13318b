// Unified diff of two texts (--fix-dry-run): Myers' O(ND) line diff, hunks with 3 lines of context.
// Control and invisible characters are shown as <U+XXXX> (a CR removed by a fix stays visible, and a skill's
// escape sequences never reach the terminal), so the output is for review, not for `patch`.

import { visible } from './text.js';

type Op = { kind: ' ' | '-' | '+'; text: string };

function splitLines(s: string): string[] {
  if (s === '') return [];
  const lines = s.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Shortest edit script between two line arrays (Myers 1986, forward, with the V history kept for backtracking). */
export function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  let v: Int32Array = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  // Backtrack from (n, m).
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    v = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: ' ', text: a[--x]! });
      y--;
    }
    if (x === prevX) ops.push({ kind: '+', text: b[--y]! });
    else ops.push({ kind: '-', text: a[--x]! });
  }
  while (x > 0 && y > 0) {
    ops.push({ kind: ' ', text: a[--x]! });
    y--;
  }
  return ops.reverse();
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
  // Split on LF only: a CR stays part of its line, so a CRLF → LF fix shows as a changed line.
  const ops = diffLines(splitLines(before), splitLines(after));
  const out: string[] = [`--- a/${visible(file)}`, `+++ b/${visible(file)}`];
  let i = 0;
  while (i < ops.length) {
    // Find the next change.
    while (i < ops.length && ops[i]!.kind === ' ') i++;
    if (i >= ops.length) break;
    let start = Math.max(0, i - context);
    let end = i;
    // Extend while changes are within 2 × context of each other.
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end++;
      let j = end;
      while (j < ops.length && ops[j]!.kind === ' ' && j - end < 2 * context) j++;
      if (j < ops.length && ops[j]!.kind !== ' ' && j - end <= 2 * context) {
        end = j;
        continue;
      }
      end = Math.min(ops.length, end + context);
      break;
    }
    // Line numbers at `start`.
    let aLine = 1;
    let bLine = 1;
    for (let k = 0; k < start; k++) {
      if (ops[k]!.kind !== '+') aLine++;
      if (ops[k]!.kind !== '-') bLine++;
    }
    const hunk = ops.slice(start, end);
    const aCount = hunk.filter((o) => o.kind !== '+').length;
    const bCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aCount === 0 ? aLine - 1 : aLine},${aCount} +${bCount === 0 ? bLine - 1 : bLine},${bCount} @@`);
    for (const o of hunk) out.push(`${o.kind}${show(o.text)}`);
    i = end;
    start = end;
  }
  const noNl = (s: string) => s !== '' && !s.endsWith('\n');
  if (noNl(before) !== noNl(after)) out.push('\\ No newline at end of file (changed)');
  return `${out.join('\n')}\n`;
}
