// Fenced code blocks of a Markdown text: the one scanner behind every "is this code?" question (pattern-rule
// scopes, inline suppression directives, name/description fallbacks, links). Scanners that disagreed let a
// suppression directive apply to lines the pattern rules treated as code, and the other way round.
//
// CommonMark's fence rules (spec 0.31, "Fenced code blocks"): an opening fence is at least three backticks or
// tildes, indented at most three spaces; a backtick fence's info string holds no backtick. The closing fence uses
// the same character, is at least as long, is indented at most three spaces and has nothing but spaces or tabs after
// it. An unclosed fence runs to the end of the text. Containers are approximated: leading blockquote markers (`>`)
// are set aside, and inside a list item the indentation counts from the item's content column (so a fence under
// `1. Step` indented to the item's text is a fence, as CommonMark reads it).

/** Fenced-block info strings whose content is shell commands (an untagged or plain-text block too). */
export const SHELL_FENCE_INFO = /^(?:|sh|bash|zsh|ksh|fish|shell|shell-session|shellsession|console|terminal|cmd|bat|powershell|ps1|pwsh|dockerfile|docker|makefile|make|text|txt|plain|plaintext)$/;

export interface FencedBlock {
  /** Offsets in the text: the opening fence's line start to the closing fence's line end (or the scan's end). */
  start: number;
  end: number;
  /** 1-based lines of the opening and closing fence (relative to `firstLine`); `closeLine` null when unclosed. */
  openLine: number;
  closeLine: number | null;
}

/** Columns of leading spaces and tabs (a tab goes to the next multiple of 4), and how many characters they are. */
function indentOf(s: string): { width: number; chars: number } {
  let width = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20) width++;
    else if (c === 0x09) width += 4 - (width % 4);
    else break;
  }
  return { width, chars: i };
}

const BLOCKQUOTE = /^(?: {0,3}> ?)+/;
/** First characters of a line that may strip to something (space, tab, `>`), start a list item (`-`, `*`, `+`, a
 *  digit) or a fence (backtick, tilde): every other line is plain text to the scanner. */
const MAY_MATTER = new Uint8Array(128);
for (const c of ' \t>-*+0123456789`~') MAY_MATTER[c.charCodeAt(0)] = 1;
const LIST_ITEM = /^([-*+]|\d{1,9}[.)])( {1,4}(?! )|\t|$)/;
const FENCE = /^(`{3,}|~{3,})(.*)$/;
const CLOSING = /^(`{3,}|~{3,})[ \t]*$/;

/**
 * Fenced code blocks of `text[from, to)`, in order. `firstLine` is the line number of `from` (for the lines in the
 * result).
 */
export function fencedBlocks(text: string, from = 0, to = text.length, firstLine = 1): FencedBlock[] {
  const out: FencedBlock[] = [];
  let open: { start: number; line: number; ch: string; code: number; len: number; base: number } | null = null;
  /** Content column of the list item the lines belong to, or null outside lists. */
  let listCol: number | null = null;
  let pos = from;
  let line = firstLine;
  // No run of three backticks or tildes in the range: no fence opens (most texts without code).
  const bt = text.indexOf('```', from);
  const tl = text.indexOf('~~~', from);
  if ((bt === -1 || bt + 3 > to) && (tl === -1 || tl + 3 > to)) return out;
  while (pos < to) {
    let le = text.indexOf('\n', pos);
    if (le === -1 || le > to) le = to;
    // Most lines start with a letter: nothing to strip (no `>`, space or tab first), no list marker, no fence. Such a
    // line opens nothing and outside a block ends a list (a list's content column is at least 2); inside a block,
    // only a line starting with a space, tab, `>` or the fence's character can close it. An empty line changes nothing.
    const c0 = pos < le ? text.charCodeAt(pos) : -1;
    if (c0 === -1 || (open ? c0 !== 0x20 && c0 !== 0x09 && c0 !== 0x3e && c0 !== open.code : !MAY_MATTER[c0])) {
      if (c0 !== -1 && !open) listCol = null;
      if (le >= to) break;
      pos = le + 1;
      line++;
      continue;
    }
    const raw = text.slice(pos, le);
    const quote = BLOCKQUOTE.exec(raw);
    const rest = quote ? raw.slice(quote[0].length) : raw;
    const ind = indentOf(rest);
    const body = rest.slice(ind.chars);
    if (open) {
      const c = CLOSING.exec(body);
      if (c && c[1]![0] === open.ch && c[1]!.length >= open.len && ind.width <= open.base + 3) {
        out.push({ start: open.start, end: le, openLine: open.line, closeLine: line });
        open = null;
      }
    } else {
      let base = 0;
      let candidate = body;
      let width = ind.width;
      const item = LIST_ITEM.exec(body);
      if (item) {
        // A list item: its content starts after the marker; a fence may follow the marker on the same line.
        listCol = ind.width + item[1]!.length + (item[2] === '\t' ? 4 - ((ind.width + item[1]!.length) % 4) : item[2]!.length || 1);
        candidate = body.slice(item[0].length);
        base = listCol;
        width = listCol;
      } else if (body !== '') {
        if (listCol !== null && ind.width >= listCol) base = listCol;
        else listCol = null;
      }
      const f = FENCE.exec(candidate);
      if (f && width - base <= 3 && !(f[1]![0] === '`' && f[2]!.includes('`'))) {
        open = { start: pos, line, ch: f[1]![0]!, code: f[1]!.charCodeAt(0), len: f[1]!.length, base };
      }
    }
    if (le >= to) break;
    pos = le + 1;
    line++;
  }
  if (open) out.push({ start: open.start, end: to, openLine: open.line, closeLine: null });
  return out;
}

/** The 1-based lines (relative to `firstLine`) inside fenced code blocks, fence lines included, as a predicate. */
export function codeLines(text: string, from = 0, to = text.length, firstLine = 1): (line: number) => boolean {
  const blocks = fencedBlocks(text, from, to, firstLine);
  if (blocks.length === 0) return () => false;
  return (n) => {
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const b = blocks[mid]!;
      if (n < b.openLine) hi = mid - 1;
      else if (b.closeLine !== null && n > b.closeLine) lo = mid + 1;
      else return true;
    }
    return false;
  };
}
