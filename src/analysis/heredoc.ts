// Here-documents a shell script only prints. `cat <<'EOF'` standing alone on its line, with its output left on the
// terminal, shows its body the way `echo` shows its arguments: the lines are text for whoever reads the output (a
// cheat sheet, a usage message), not commands the script runs.

/** The opener: `cat [options] <<[-] DELIM` (DELIM bare, quoted or escaped), nothing after it but a redirect of the
 *  output to the terminal (`>&2`, `1>&2`, `>/dev/stderr`, `>/dev/tty`). A pipe, a file redirect or another command
 *  on the line sends the body somewhere that may run or keep it. */
const OPENER = /^[ \t]*cat(?:[ \t]+-[A-Za-z]+)*[ \t]*<<(-?)[ \t]*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)"|\\?([A-Za-z_][A-Za-z0-9_]*))[ \t]*(?:(?:1?>&2|>[ \t]*\/dev\/(?:stderr|stdout|tty))[ \t]*)?$/gm;

/**
 * The bodies [start, end) of the here-documents of `text` that are only printed (OPENER), each up to its closing
 * delimiter line (leading tabs stripped for `<<-`). With an unquoted delimiter the shell still runs the command
 * substitutions of the body (`$(…)`, backticks): such a body is not text and is left out, as is a body that never
 * closes. None is only printed when the script runs some command's output (RUNS_OUTPUT outside the bodies): a
 * function printing a here-document may be what is piped into the shell. Linear in the text.
 */
export function printedHereDocs(text: string): [number, number][] {
  const out: [number, number][] = [];
  if (!text.includes('<<')) return out;
  OPENER.lastIndex = 0;
  for (let m = OPENER.exec(text); m; m = OPENER.exec(text)) {
    const strip = m[1] === '-';
    const quoted = m[2] !== undefined || m[3] !== undefined || /<<-?[ \t]*\\/.test(m[0]);
    const delim = m[2] ?? m[3] ?? m[4]!;
    const start = text.indexOf('\n', m.index + m[0].length) + 1;
    if (start === 0) break;
    const end = hereDocEnd(text, start, delim, strip);
    if (end === -1) break;
    const body = text.slice(start, end);
    if (quoted || !/\$\(|`/.test(body)) out.push([start, end]);
    OPENER.lastIndex = end;
  }
  if (out.length === 0) return out;
  // Output that something runs: a function that prints a here-document and is piped into a shell (`payload | bash`),
  // evaluated or sourced. Outside the bodies any such construct means none is only printed.
  let rest = '';
  let at = 0;
  for (const [a, b] of out) {
    rest += text.slice(at, a);
    at = b;
  }
  rest += text.slice(at);
  return RUNS_OUTPUT.test(rest) ? [] : out;
}

/** Where the body of a here-document that starts at `start` ends: the start of its closing line, the delimiter alone
 *  on it (leading tabs stripped for `<<-`, a CR before the newline ignored), or -1 when it never closes. */
export function hereDocEnd(text: string, start: number, delim: string, strip: boolean): number {
  let a = start;
  while (a <= text.length) {
    let b = text.indexOf('\n', a);
    if (b === -1) b = text.length;
    let line = text.slice(a, b);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if ((strip ? line.replace(/^\t+/, '') : line) === delim) return a;
    a = b + 1;
  }
  return -1;
}

/** A shell construct that runs the output of a command: a pipe into a shell or interpreter, `eval`, `source` or `.`
 *  of a process substitution, `sh -c` of an expansion. */
const RUNS_OUTPUT = /\|[ \t]*(?:sudo[ \t]+(?:-\S+[ \t]+)*)?(?:\S*\/)?(?:(?:ba|z|k|da|fi)?sh|python[0-9.]*|perl|ruby|node|php|pwsh|powershell)\b|\beval\b|(?:\bsource|(?:^|[;&|(][ \t]*|[ \t])\.)[ \t]+<\(|\b(?:(?:ba|z|k|da)?sh)[ \t]+-c[ \t]+["']?\$/m;
