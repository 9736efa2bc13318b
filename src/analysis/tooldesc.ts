// Tool descriptions in a bundled MCP server's source: the texts an MCP client hands the model as the description of a
// tool, a prompt, a resource or a parameter (the `tools/list` result; modelcontextprotocol.io specification,
// "Tools": `description` — "Human-readable description of functionality", shown to the model). The model reads them
// as instructions, and the user rarely sees them, so they are where a poisoned server puts its orders.
//
// Read as text, never run. The forms extracted (each only in a file that names an MCP SDK or its idioms):
// - Python (the official SDK's FastMCP, github.com/modelcontextprotocol/python-sdk README): a function under
//   `@<x>.tool(...)`, `@<x>.prompt(...)` or `@<x>.resource(...)` — its docstring, which FastMCP uses as the
//   description — and `description="…"` keyword arguments (`@mcp.tool(description=…)`, `Tool(name=…,
//   description=…)`, `Field(description=…)`);
// - JavaScript/TypeScript (github.com/modelcontextprotocol/typescript-sdk README): `server.tool("name",
//   "description", …)`, `description:` properties (`registerTool(name, { description })`, tool lists with
//   `inputSchema`), and zod `.describe("…")` on parameters.
// Each description comes back decoded (escapes, adjacent or `+`-joined literals) with a map to source offsets.

import { lowerBound } from '../core/sorted.js';

export interface ToolDescription {
  /** The tool (function or first string argument) when known. */
  tool: string | null;
  /** The decoded text. */
  text: string;
  /** Source offset of each character of `text` (length text.length + 1: the last entry is the end). */
  at: number[];
}

/** A file that uses an MCP SDK (or writes a tool list in its shape). */
const MCP_PY = /\bfrom[ \t]+(?:mcp|fastmcp)\b|\bimport[ \t]+(?:mcp|fastmcp)\b|\bFastMCP\(|@\w+\.tool\b/;
const MCP_JS = /@modelcontextprotocol\/sdk|\bMcpServer\b|\bListToolsRequestSchema\b|\binputSchema\s*:|\bregisterTool\(/;

/** Whether `source` is the code of an MCP server written with the Python or TypeScript SDK (MCP_PY, MCP_JS). */
export function mcpServerCode(source: string, lang: 'python' | 'javascript'): boolean {
  return (lang === 'python' ? MCP_PY : MCP_JS).test(source);
}

/** Bound: descriptions are looked for in at most this many characters of a file, and this many are returned. */
const SCAN = 1 << 20;
const MAX = 500;

interface Lit {
  text: string;
  at: number[];
  end: number;
}

/** The string literal (or juxtaposed / `+`-joined literals) starting at `i` (after spaces and an opening `(`). */
function literalAt(s: string, i: number, lang: 'python' | 'javascript'): Lit | null {
  let text = '';
  const at: number[] = [];
  let pos = i;
  let any = false;
  for (let parts = 0; parts < 64; parts++) {
    let j = pos;
    while (j < s.length && /[ \t\r\n(]/.test(s[j]!)) j++;
    if (any) {
      // Joined by juxtaposition (Python) or `+` (JavaScript, Python).
      if (s[j] === '+') {
        j++;
        while (j < s.length && /[ \t\r\n]/.test(s[j]!)) j++;
      } else if (lang !== 'python') break;
    }
    let k = j;
    if (lang === 'python') while (k < s.length && k - j < 3 && /[rRuUbBfF]/.test(s[k]!)) k++;
    const q = s[k];
    if (q !== '"' && q !== "'" && !(lang === 'javascript' && q === '`')) break;
    const raw = lang === 'python' && /[rR]/.test(s.slice(j, k));
    const triple = s.startsWith(q.repeat(3), k);
    const close = triple ? q.repeat(3) : q;
    let c = k + close.length;
    let closed = false;
    while (c < s.length) {
      if (s.startsWith(close, c)) {
        closed = true;
        break;
      }
      const ch = s[c]!;
      if (!triple && q !== '`' && ch === '\n') break;
      if (ch === '\\' && c + 1 < s.length) {
        if (raw) {
          text += ch + s[c + 1];
          at.push(c, c + 1);
        } else {
          const e = s[c + 1]!;
          const dec = e === 'n' ? '\n' : e === 't' ? '\t' : e === '\n' ? '' : e;
          if (dec !== '') {
            text += dec;
            at.push(c);
          }
        }
        c += 2;
        continue;
      }
      // A template literal's substitution is not text the model reads as written: kept as a space.
      if (q === '`' && ch === '$' && s[c + 1] === '{') {
        const e = s.indexOf('}', c);
        text += ' ';
        at.push(c);
        c = e === -1 ? s.length : e + 1;
        continue;
      }
      text += ch;
      at.push(c);
      c++;
    }
    if (!closed) return any ? { text, at: [...at, pos], end: pos } : null;
    any = true;
    pos = c + close.length;
  }
  if (!any) return null;
  return { text, at: [...at, pos], end: pos };
}

/** The docstring of the `def` following a decorator at `from` (Python), with the function's name. */
function docstringAfter(s: string, from: number): { tool: string; lit: Lit } | null {
  const def = /^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/m;
  const rest = s.slice(from, from + 4000);
  const m = def.exec(rest);
  if (!m) return null;
  // The end of the signature: the first ":" at bracket depth 0 after the name.
  let i = from + m.index + m[0].length;
  let depth = 0;
  for (; i < s.length && i < from + 8000; i++) {
    const ch = s[i]!;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ':' && depth === 0) break;
  }
  let j = i + 1;
  while (j < s.length && /[ \t\r\n]/.test(s[j]!)) j++;
  if (!/^[rRuU]?(?:"""|''')/.test(s.slice(j, j + 4))) return null;
  const lit = literalAt(s, j, 'python');
  return lit ? { tool: m[1]!, lit } : null;
}

/** The tool descriptions a Python or JavaScript/TypeScript MCP server's source gives the model. */
function parseToolDescriptions(source: string, lang: 'python' | 'javascript'): ToolDescription[] {
  const s = source.length > SCAN ? source.slice(0, SCAN) : source;
  if (!mcpServerCode(s, lang)) return [];
  const out: ToolDescription[] = [];
  const seen = new Set<number>();
  const add = (tool: string | null, lit: Lit | null) => {
    if (!lit || lit.text.trim() === '' || seen.has(lit.at[0]!) || out.length >= MAX) return;
    seen.add(lit.at[0]!);
    out.push({ tool, text: lit.text, at: lit.at });
  };
  if (lang === 'python') {
    const deco = /^[ \t]*@[A-Za-z_][\w.]*\.(?:tool|prompt|resource)\b/gm;
    for (let m = deco.exec(s); m; m = deco.exec(s)) {
      const d = docstringAfter(s, m.index + m[0].length);
      if (d) add(d.tool, d.lit);
    }
    const kw = /\bdescription[ \t]*=[ \t]*/g;
    for (let m = kw.exec(s); m; m = kw.exec(s)) add(toolNameBefore(s, m.index), literalAt(s, m.index + m[0].length, 'python'));
  } else {
    const call = /\.tool\(\s*(["'`])([^"'`\n]{1,100})\1\s*,\s*/g;
    for (let m = call.exec(s); m; m = call.exec(s)) add(m[2]!, literalAt(s, m.index + m[0].length, 'javascript'));
    const prop = /(?:\bdescription|["']description["'])\s*:\s*/g;
    for (let m = prop.exec(s); m; m = prop.exec(s)) add(toolNameBefore(s, m.index), literalAt(s, m.index + m[0].length, 'javascript'));
    const describe = /\.describe\(\s*/g;
    for (let m = describe.exec(s); m; m = describe.exec(s)) add(null, literalAt(s, m.index + m[0].length, 'javascript'));
  }
  return out.sort((a, b) => a.at[0]! - b.at[0]!);
}

/** The nearest `name` given before a description in the same definition (`name="x"`, `name: "x"`), if close. */
function toolNameBefore(s: string, at: number): string | null {
  const before = s.slice(Math.max(0, at - 300), at);
  let last: string | null = null;
  for (const m of before.matchAll(/\bname["']?\s*[:=]\s*["'`]([^"'`\n]{1,100})["'`]/g)) last = m[1]!;
  return last;
}

/** The program language of a file by its name, for the two readers below. */
function programLang(file: string): 'python' | 'javascript' | 'shell' | 'powershell' | null {
  return /\.pyw?$/i.test(file) ? 'python' : /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/i.test(file) ? 'javascript' : /\.(?:sh|bash|zsh|ksh)$/i.test(file) ? 'shell' : /\.psm?1$/i.test(file) ? 'powershell' : null;
}

/** The last file read: the prose rules ask once per finding in a file, the mcp-server rule once per file. */
let last: { source: string; lang: string; out: ToolDescription[] } | null = null;

/** The tool descriptions a Python or JavaScript/TypeScript MCP server's source gives the model (the last file's kept). */
export function toolDescriptions(source: string, lang: 'python' | 'javascript'): ToolDescription[] {
  if (last && last.source === source && last.lang === lang) return last.out;
  const out = parseToolDescriptions(source, lang);
  last = { source, lang, out };
  return out;
}

/** Whether `offset` of a Python or JavaScript file's text falls inside a tool description of an MCP server it
 *  defines: the mcp-server rule reports what is written there, so prose rules reading the file leave it to that rule. */
export function inToolDescription(source: string, file: string, offset: number): boolean {
  const lang = programLang(file);
  if (lang !== 'python' && lang !== 'javascript') return false;
  return toolDescriptions(source, lang).some((d) => d.at.length > 0 && offset >= d.at[0]! && offset <= d.at[d.at.length - 1]!);
}

/**
 * Whether `offset` of a program file's text lies in a comment or a docstring, the parts of a script written for a
 * reader (`# …`, `// …`, `/* … *\/`, `<# … #>`, a Python triple-quoted string that stands as a statement). Elsewhere
 * it is code or a string the program uses (a CLI option's help text, a message it prints): words there are data of
 * the program, not text addressed to whoever reads the file. Null when the file is not program code.
 */
/** Per text, the places of its triple quotes and its lines' comment openers (the last text and marker asked about). */
let commentText = '';
let commentMarker = '';
let commentLines = new Map<number, number>();
let tripleText = '';
let triple: { dq: number[]; sq: number[] } = { dq: [], sq: [] };

/** Where the line starting at `ls` opens a line comment (`marker` outside quotes), or -1. */
function lineCommentAt(source: string, ls: number, marker: string): number {
  if (commentText !== source || commentMarker !== marker) [commentText, commentMarker, commentLines] = [source, marker, new Map()];
  const known = commentLines.get(ls);
  if (known !== undefined) return known;
  let le = source.indexOf('\n', ls);
  if (le === -1) le = source.length;
  let at = -1;
  let q = '';
  for (let i = ls; i < le; i++) {
    const c = source[i]!;
    if (q) {
      if (c === '\\') i++;
      else if (c === q) q = '';
    } else if (c === '"' || c === "'" || c === '`') q = c;
    else if (source.startsWith(marker, i)) {
      at = i;
      break;
    }
  }
  commentLines.set(ls, at);
  return at;
}

/** The places of `"""` and `\'\'\'` in `source`, each list sorted, non-overlapping as the scan reads them. */
function tripleQuotes(source: string): { dq: number[]; sq: number[] } {
  if (tripleText === source) return triple;
  const find = (tq: string) => {
    const out: number[] = [];
    for (let k = source.indexOf(tq); k !== -1; k = source.indexOf(tq, k + 3)) out.push(k);
    return out;
  };
  [tripleText, triple] = [source, { dq: find('"""'), sq: find("\'\'\'") }];
  return triple;
}


export function inCommentOrDocstring(source: string, file: string, offset: number): boolean | null {
  const lang = programLang(file);
  if (!lang || offset < 0 || offset > source.length) return null;
  const ls = source.lastIndexOf('\n', offset - 1) + 1;
  // A line comment opened before the offset, outside quotes (found once per line: many findings on one long line
  // cost one scan of it).
  const marker = lang === 'javascript' ? '//' : '#';
  const opened = lineCommentAt(source, ls, marker);
  if (opened !== -1 && opened + marker.length <= offset) return true;
  // A block comment or docstring around the offset: the nearest opener before it with no closer in between.
  const head = source.slice(Math.max(0, offset - 20000), offset);
  const block = (open: string, close: string): boolean => {
    const o = head.lastIndexOf(open);
    return o !== -1 && head.indexOf(close, o + open.length) === -1;
  };
  if (lang === 'python') {
    // Triple quotes open and close with the same token: inside one when an odd number of them come before (their
    // places found once per text, counted by binary search; one that reaches past the offset is not before it).
    const quotes = tripleQuotes(source);
    for (const list of [quotes.dq, quotes.sq]) {
      const n = lowerBound(list, offset - 2);
      if (n % 2 === 1) {
        const last = list[n - 1]!;
        // A docstring stands as a statement: alone at the start of its line, and not the continuation of an
        // expression (an argument after "(" or ",", a value after "=").
        const lineStart = source.lastIndexOf('\n', last - 1) + 1;
        if (!/^[ \t]*[rRuU]?$/.test(source.slice(lineStart, last))) return false;
        let k = lineStart - 1;
        while (k > 0 && /\s/.test(source[k - 1]!)) k--;
        const lead = k > 0 ? source[k - 1]! : '';
        return lead === '' || !/[(,=[{+:\\]/.test(lead) || lead === ':';
      }
    }
    return false;
  }
  if (lang === 'javascript') return block('/*', '*/');
  if (lang === 'powershell') return block('<#', '#>');
  return false;
}
