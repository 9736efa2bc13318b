// MCP server definitions of a JSON file (`.mcp.json`, Claude Desktop's `mcpServers`, VS Code's top-level `servers`
// or `mcp.servers`), rebuilt from the file's string values (src/analysis/jsonscan.ts). A server's command line is split over
// a JSON array (`"command": "curl", "args": ["-X", "POST", "https://…"]`), so what it runs is invisible string by
// string: here `command` + `args` become one shell-quoted command line, and the script a shell runs (`sh -c …`) or
// the inline code an interpreter runs (`node -e`, `python -c`, `deno eval`, `perl -e`, `ruby -e`, `pwsh -Command`,
// `pwsh -EncodedCommand` decoded) becomes a script of its language. Each text keeps a map from its offsets back to
// the JSON strings, so a finding lands on the string that carries it. Pure, bounded by the JSON scan's bounds.

import { decodeLiteral } from './decode.js';
import { effectiveWords, type Word } from './shell.js';
import type { JsonScan, JsonString } from './jsonscan.js';

/** Languages of a rebuilt text: a pack scope kind (src/node/skillfiles.ts), or perl/ruby (scope `other`). */
export type McpLang = 'shell' | 'python' | 'javascript' | 'powershell' | 'perl' | 'ruby';

export interface McpSegment {
  /** Offsets in the rebuilt text. */
  start: number;
  end: number;
  str: JsonString;
}

export interface McpText {
  /** What the text is, for messages: `command + args`, `"sh -c" script`, `"node -e" code`. */
  label: string;
  lang: McpLang;
  text: string;
  /** Which JSON string each stretch of the text comes from, in order. */
  segments: McpSegment[];
}

export interface McpServer {
  name: string;
  /** JSON path of the server object, e.g. ["mcpServers", "x"]. */
  path: (string | number)[];
  command: JsonString | null;
  args: JsonString[];
  /** `env` entries with string values: variable name and value. */
  env: { name: string; value: JsonString }[];
  /** `command` + `args`, shell-quoted; null without a command. */
  line: McpText | null;
  /** The script a shell runs (`-c`) or an interpreter's inline code; null when there is none. */
  script: McpText | null;
  /** A remote server's address (`url`, `serverUrl`, `httpUrl`) and declared transport (`type`: sse, http…). */
  url: JsonString | null;
  transport: string | null;
}

/** The JSON string a text offset comes from (the segment holding it, else the last one starting before it). */
export function segmentAt(t: McpText, off: number): JsonString {
  let best = t.segments[0]!;
  for (const s of t.segments) {
    if (s.start <= off) best = s;
    else break;
  }
  return best.str;
}

/** A word as a POSIX shell reads it back: bare when safe, double-quoted when it holds `$` expansions an MCP client
 *  substitutes (`${VAR}`), single-quoted otherwise. */
export function shellQuote(s: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  if (!/["\\`]/.test(s)) return `"${s}"`;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Where servers are defined: `mcpServers` at any of the first levels, `servers` at the top or under `mcp`. */
function serverKeyAt(p: readonly (string | number)[]): number {
  for (let k = 0; k < Math.min(p.length, 3); k++) {
    if (p[k] === 'mcpServers' || (p[k] === 'servers' && (k === 0 || p[k - 1] === 'mcp'))) return k;
  }
  return -1;
}

/** A program's name from a command path: base name, lowercase, no .exe. */
export function progName(v: string): string {
  const b = v.replace(/\\/g, '/').replace(/\/+$/, '');
  return b.slice(b.lastIndexOf('/') + 1).toLowerCase().replace(/\.exe$/, '');
}

const SHELLS = /^(?:(?:ba|z|k|da|a|fi|tc|c|yash|mk)?sh|busybox)$/;
const PWSH = /^(?:pwsh|powershell)$/;

const servers = new WeakMap<JsonScan, McpServer[]>();

/** The MCP servers a JSON file defines (cached per scan). */
export function mcpServers(scan: JsonScan): McpServer[] {
  let hit = servers.get(scan);
  if (!hit) servers.set(scan, (hit = readServers(scan)));
  return hit;
}

function readServers(scan: JsonScan): McpServer[] {
  const byKey = new Map<string, { path: (string | number)[]; command: JsonString | null; args: [number, JsonString][]; env: { name: string; value: JsonString }[]; url: JsonString | null; transport: string | null }>();
  for (const s of scan.strings) {
    const k = serverKeyAt(s.path);
    if (k === -1 || s.path.length < k + 3 || typeof s.path[k + 1] !== 'string') continue;
    const spath = s.path.slice(0, k + 2);
    const key = JSON.stringify(spath);
    let srv = byKey.get(key);
    const field = s.path[k + 2];
    const depth = s.path.length - (k + 3);
    const remote = depth === 0 && (field === 'url' || field === 'serverUrl' || field === 'httpUrl' || field === 'type' || field === 'transport');
    if (!(field === 'command' && depth === 0) && !(field === 'args' && depth === 1 && typeof s.path[k + 3] === 'number') && !(field === 'env' && depth === 1) && !remote) continue;
    if (!srv) byKey.set(key, (srv = { path: spath, command: null, args: [], env: [], url: null, transport: null }));
    if (field === 'command') srv.command ??= s;
    else if (field === 'type' || field === 'transport') srv.transport ??= s.value;
    else if (remote) srv.url ??= s;
    else if (field === 'args') srv.args.push([s.path[k + 3] as number, s]);
    else srv.env.push({ name: String(s.path[k + 3]), value: s });
  }
  const out: McpServer[] = [];
  for (const srv of byKey.values()) {
    const args = srv.args.sort((a, b) => a[0] - b[0]).map((x) => x[1]);
    const words = srv.command ? [srv.command, ...args] : [];
    const line = words.length > 0 ? commandLine(words) : null;
    out.push({ name: String(srv.path[srv.path.length - 1]), path: srv.path, command: srv.command, args, env: srv.env, line, script: line ? inlineScript(words) : null, url: srv.url, transport: srv.transport });
  }
  return out;
}

function commandLine(words: readonly JsonString[]): McpText {
  let text = '';
  const segments: McpSegment[] = [];
  for (const w of words) {
    // A command written as one string with its arguments ("command": "curl -X POST …") is a command line already.
    const q = w === words[0] && /\s/.test(w.value) && !/["'\\]/.test(w.value) ? w.value : shellQuote(w.value);
    if (text !== '') text += ' ';
    segments.push({ start: text.length, end: text.length + q.length, str: w });
    text += q;
  }
  return { label: 'command + args', lang: 'shell', text, segments };
}

function script(label: string, lang: McpLang, str: JsonString, value = str.value): McpText {
  return { label, lang, text: value, segments: [{ start: 0, end: value.length, str }] };
}

/** The script or inline code the command line runs, after wrappers (env, sudo, nohup, timeout…). */
function inlineScript(all: readonly JsonString[]): McpText | null {
  const asWords: Word[] = all.map((s) => ({ value: s.value, start: s.start, end: s.end, subs: [], proc: null }));
  const eff = effectiveWords(asWords);
  const strs = all.slice(all.length - eff.length);
  if (strs.length === 0) return null;
  const prog = progName(strs[0]!.value);
  const rest = strs.slice(1);
  const after = (pred: (v: string) => boolean): JsonString | null => {
    const k = rest.findIndex((s) => pred(s.value));
    return k === -1 ? null : (rest[k + 1] ?? null);
  };
  const label = (flag: string) => `${JSON.stringify(`${prog} ${flag}`)} ${flag === 'eval' || /^-[ceEp]$|^--(?:eval|print)$/.test(flag) ? 'code' : 'script'}`;
  if (SHELLS.test(prog) || prog === 'cmd') {
    const k = rest.findIndex((s) => (prog === 'cmd' ? /^\/[ck]$/i.test(s.value) : /^-[A-Za-z]*c[A-Za-z]*$/.test(s.value)));
    const code = k === -1 ? undefined : rest[k + 1];
    return code ? script(`${JSON.stringify(`${prog} ${rest[k]!.value}`)} script`, 'shell', code) : null;
  }
  if (/^(?:node|nodejs|bun)$/.test(prog)) {
    const eq = rest.find((s) => /^--(?:eval|print)=/.test(s.value));
    if (eq) return script(label('--eval'), 'javascript', eq, eq.value.slice(eq.value.indexOf('=') + 1));
    const flag = rest.find((s) => /^(?:-e|--eval|-p|--print)$/.test(s.value));
    const code = after((v) => /^(?:-e|--eval|-p|--print)$/.test(v));
    return code && flag ? script(label(flag.value), 'javascript', code) : null;
  }
  if (prog === 'deno' && rest[0]?.value === 'eval') {
    const code = rest.slice(1).find((s) => !s.value.startsWith('-'));
    return code ? script(label('eval'), 'javascript', code) : null;
  }
  if (/^(?:python[0-9.]*|pypy[0-9.]*|py)$/.test(prog)) {
    const code = after((v) => /^-[A-Za-z]*c$/.test(v));
    return code ? script(label('-c'), 'python', code) : null;
  }
  if (prog === 'perl' || prog === 'ruby') {
    const code = after((v) => /^-[A-Za-z]*[eE]$/.test(v));
    return code ? script(label('-e'), prog, code) : null;
  }
  if (PWSH.test(prog)) {
    const k = rest.findIndex((s) => /^-(?:c|command|e|ec|enc|encodedcommand)$/i.test(s.value));
    const code = k === -1 ? undefined : rest[k + 1];
    if (!code) return null;
    const flag = rest[k]!.value;
    if (/^-(?:e|ec|enc|encodedcommand)$/i.test(flag)) {
      const decoded = decodeLiteral(code.value.trim(), 'utf16le-base64');
      return decoded === null ? null : script(`${JSON.stringify(`${prog} ${flag}`)} script (decoded)`, 'powershell', code, decoded);
    }
    return script(`${JSON.stringify(`${prog} ${flag}`)} script`, 'powershell', code);
  }
  return null;
}

/** The rebuilt texts of a server: its command line, then the script it runs (when any). */
export function mcpTexts(s: McpServer): McpText[] {
  const out: McpText[] = [];
  if (s.line) out.push(s.line);
  if (s.script) out.push(s.script);
  return out;
}
