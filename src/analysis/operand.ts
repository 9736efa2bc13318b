// Commands named without what they act on. Security guides, checklists and detector tables name the forms of risky
// commands as patterns ("`curl | bash`", "`nc -e /bin/sh`", "`xattr -d com.apple.quarantine`", "`base64 -d | bash`")
// with no address, peer, file or input: run as written, such a command downloads, connects, changes or decodes
// nothing. A sentence can still supply what is missing ("pipe https://h/x.sh into `curl | bash`"), so a line that
// names an address anywhere keeps the finding. These checks read Markdown prose (inline code spans, table cells,
// lines); the callers apply them outside code blocks only, and only where the author is trusted: an attacker can
// leave the address to the agent ("the host in config.json").

import { codeRanges, inRanges } from './packs.js';
import { tableCells } from './tables.js';

/** The command a match at `start` begins, in its line of Markdown prose: up to the end of the inline code span it is
 *  in, else of its table cell, else of the line; and the rest of the line outside that extent. */
export function commandAt(text: string, start: number): { command: string; rest: string } {
  const ls = text.lastIndexOf('\n', start - 1) + 1;
  let le = text.indexOf('\n', start);
  if (le === -1) le = text.length;
  const line = text.slice(ls, le);
  const at = start - ls;
  for (const m of line.matchAll(/(`+)([^`]+?)\1/g)) {
    const s = m.index! + m[1]!.length;
    const e = s + m[2]!.length;
    if (at >= s && at < e) return { command: line.slice(at, e), rest: line.slice(0, m.index!) + ' ' + line.slice(e + m[1]!.length) };
  }
  for (const [cs, ce] of tableCells(line) ?? []) if (at >= cs && at < ce) return { command: line.slice(at, ce), rest: line.slice(0, cs) + ' ' + line.slice(ce) };
  return { command: line.slice(at), rest: line.slice(0, at) };
}

/** An address a reader could take the missing part from: a URL, an IPv4 address, a dotted name ending in letters (a
 *  host name; a file name such as `config.json` counts too, which only keeps more findings), or a shell variable. */
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/\S|\b[0-9]{1,3}(?:\.[0-9]{1,3}){3}\b|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b|\$\{?[A-Za-z_]/i;
export function namesAddress(s: string): boolean {
  return ADDRESS.test(s);
}

/** The words of `raw` up to the first shell operator (a pipe, `)`, `;`, `&`, a backtick, an output redirection). */
function wordsUntilOperator(raw: string): string[] {
  // A name in angle brackets (`<url>`) is a placeholder, not a redirection.
  const s = raw.replace(/<[A-Za-z][\w .-]*>/g, '…');
  const end = s.search(/[|);&`>]/);
  return (end === -1 ? s : s.slice(0, end)).trim().split(/[ \t]+/).filter((w) => w !== '');
}

/** A word written where a value goes: an ellipsis, a name in angle brackets or braces (`curl <url> | bash`). */
export const PLACEHOLDER_WORD = /^(?:\.{3}|…|<[A-Za-z][\w .-]*>|\{[A-Za-z][\w.-]*\})$/;
/** A word that names nothing to act on: an option, an escaped bar (`curl \| bash` in a table), a bare wildcard, a
 *  placeholder, or the word "url" standing for one. */
const NO_OBJECT = new RegExp(`^(?:-.*|\\\\|\\*|url|uri)$|${PLACEHOLDER_WORD.source}`, 'i');

/** Whether the download command at the start of `command` (curl, wget, fetch, iwr, irm, Invoke-WebRequest,
 *  Invoke-RestMethod) is given no address: its words up to the pipe or the end are options and placeholders. */
export function downloadWithoutSource(command: string): boolean {
  const m = /\b(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)\b/i.exec(command);
  if (!m) return false;
  return wordsUntilOperator(command.slice(m.index + m[0].length)).every((w) => NO_OBJECT.test(w));
}

/** Whether `command` starts with a decoder (base64, xxd -r, openssl base64/enc) given no input: nothing piped into
 *  it (it starts its span or cell) and no file among its words up to the pipe. */
export function decoderWithoutInput(command: string): boolean {
  if (!/^(?:base64|xxd|openssl)\b/.test(command)) return false;
  // Input redirected from a file or a here-string (`base64 -d < p.b64 | sh`, `base64 -d <<< "$P"`).
  const pipe = command.indexOf('|');
  if (command.slice(0, pipe === -1 ? command.length : pipe).includes('<')) return false;
  return wordsUntilOperator(command).every((w) => /^(?:base64|xxd|openssl|enc)$/.test(w) || NO_OBJECT.test(w));
}

/** Whether the netcat command at the start of `command` names no peer and no port: its words, less options and the
 *  program an -e/-c option runs, are none (`nc -e /bin/sh` connects nowhere and listens on no port). */
export function netcatWithoutPeer(command: string): boolean {
  const m = /^(?:nc|ncat|netcat)(?:\.exe|\.traditional|\.openbsd)?\b/i.exec(command);
  if (!m) return false;
  const words = wordsUntilOperator(command.slice(m[0].length).replace(/(["'])[^"'\n]*\1/g, 'PROGRAM'));
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (/^-[a-z]*[ec]$|^--(?:exec|sh-exec|lua-exec)$/i.test(w)) i++;
    else if (/^--(?:exec|sh-exec|lua-exec)=/.test(w) || NO_OBJECT.test(w)) continue;
    else return false;
  }
  return true;
}

/** Whether the `xattr` command at the start of `command` names no file after the attribute it removes. */
export function xattrWithoutFile(command: string): boolean {
  const m = /^xattr\b[^\n]*?\bcom\.apple\.quarantine\b/i.exec(command);
  if (!m) return false;
  return wordsUntilOperator(command.slice(m[0].length)).every((w) => NO_OBJECT.test(w));
}

/** Whether `offset` of `file`'s `text` is Markdown prose: a Markdown file, outside its fenced code blocks. */
export function inMarkdownProse(file: string, text: string, offset: number): boolean {
  return /\.(?:md|markdown|mdx)$/i.test(file) && !inRanges(codeRanges(text), offset);
}

/**
 * Whether the match at `offset` of a Markdown file's `text` is a command named in prose (an inline code span, a table
 * cell, a line; not a code block) that `check` finds without its object, on a line naming no address.
 */
export function namedWithoutObject(file: string, text: string, offset: number, check: (command: string) => boolean): boolean {
  if (!inMarkdownProse(file, text, offset)) return false;
  const { command, rest } = commandAt(text, offset);
  // Other commands in code spans on the line (a deny-list cell: `rm -rf $HOME`, `curl \| bash`) are commands of
  // their own: their words supply nothing to this one. A span of one word (`$URL`, `https://h/x.sh`) still does.
  return check(command) && !namesAddress(rest.replace(/(`+)([^`]*?[ \t][^`]*?)\1/g, ' '));
}
