// Encoded payloads: literal base64, hex and escaped strings that a skill decodes at run time (`echo … | base64 -d |
// bash`, `xxd -r -p`, `printf '\x..'`, PowerShell `-EncodedCommand`, `exec(base64.b64decode(…))`, `eval(atob(…))`),
// decoded here (never run), with what runs them. The rules see the decoded text (packs.ts runs every entry over it)
// and `encoded-payload` reports the decode → execute chain. Bounded: literal size, decoded size, payloads per file,
// and depth (a payload inside a payload is decoded once more, no further). Line-local apart from simple variables
// (`P = "…"` … `b64decode(P)`, `d = b64decode(…)` … `exec(d)`) within one file.

import type * as Zlib from 'node:zlib';
import { positionAt } from '../core/source.js';

/** Characters of one encoded literal at most. */
const MAX_LITERAL = 64 * 1024;
/** Characters of decoded text kept at most. */
const MAX_DECODED = 64 * 1024;
/** Payloads decoded per text at most. */
export const MAX_PAYLOADS = 64;
/** Decoding levels: a payload, and a payload inside it. */
export const MAX_DEPTH = 2;

export type Encoding = 'base64' | 'hex' | 'escapes' | 'utf16le-base64' | 'reversed' | 'charcodes' | 'url' | 'rot13' | 'base85' | 'ascii85';

export interface Payload {
  /** Offsets of the decode site in the text (the encoded literal, or the whole decode command when it has none). */
  start: number;
  end: number;
  encoding: Encoding | null;
  /** Steps from the literal to what runs it, e.g. ["base64 -d", "bash"]; the first is the decoder. */
  chain: string[];
  /** What runs the decoded text (an interpreter or eval), or null when it is only decoded. */
  sink: string | null;
  /** 1-based line of the sink when it is on another line than the decode site. */
  sinkLine?: number;
  /** The decoded text (null when the literal is not in the text, e.g. `base64 -d file | bash`, or not text). */
  text: string | null;
  /** Payloads found inside the decoded text (one level more). */
  inner: Payload[];
  depth: number;
  /** Internal: a blind decode waiting for a sink on a later line. */
  pending?: boolean;
}

/** Lines of the text worth a closer look (lowercased literals). */
export const PAYLOAD_TRIGGERS: readonly string[] = ['base64', 'b64decode', 'decodebytes', 'fromhex', 'unhexlify', 'atob', 'frombase64string', 'xxd', '\\x', 'powershell', 'pwsh', "'hex'", '"hex"', '[::-1]', 'reverse()', 'chr(', 'chr,', 'fromcharcode', 'unquote', 'decodeuri', 'rot13', 'rot_13', 'b85decode', 'a85decode'];
const TRIGGERS = PAYLOAD_TRIGGERS;

const B64 = '[A-Za-z0-9+/_-]{12,}={0,2}';
const HEX = '(?:[0-9a-fA-F]{2}){8,}';
/** A literal: double-quoted, single-quoted or bare (shell words); three groups. */
const QUOTED = (body: string) => `(?:b?"(${body})"|b?'(${body})'|(${body}))`;
/** A quoted literal only (code: a bare word there is a name); three groups, the third never set. */
const QUOTED_ONLY = (body: string) => `(?:b?"(${body})"|b?'(${body})'())`;
const IDENT = '[A-Za-z_][A-Za-z0-9_]*';

/** Shell interpreters and evaluators a decoded stream may be piped into. */
/** The words after an interpreter a decoded stream is piped into give it its program (`python3 -c "…"`, `node -e
 *  …`, `perl -E …`, `php -r …`, `python3 -m tool`, `sh -c …`, `bash script.sh`, `node tool.js`): the stream is then
 *  the program's input, data it reads, not code it runs. `-` (`python3 -`) and `-s` (`bash -s`) read the program
 *  from the stream: code. So does a given program that hands its input to an evaluator (`python3 -c
 *  "exec(sys.stdin.read())"`, `bash -c 'eval "$(cat)"'`, `source /dev/stdin`). `after` is the text after the
 *  interpreter's name, past the end of its line (a quoted program may run over several). */
export function programGiven(after: string): boolean {
  const words = /^[^|;&\n]*/.exec(after)![0].trim().split(/\s+/).filter(Boolean);
  for (const w of words) {
    if (w === '-' || (/^-[a-z]*s[a-z]*$/i.test(w) && !/^-[a-z]*[ce]/i.test(w))) return false;
    if (/^-[a-zA-Z]*[ceErm]$|^--(?:eval|command|print)\b/.test(w)) return !runsInput(programText(after, w));
    if (w.startsWith('-')) continue;
    // A script file named as the operand; anything else (a closing quote or bracket of the string the command sits
    // in: `os.system("… | bash")`, `"args": ["-c", "… | sh"]`) ends the command with the stream as its program.
    return /^[\w.~\/$][\w.~\/${}-]*$/.test(w);
  }
  return false;
}

/** The program given after the option `opt`: a quoted string (over lines, to 4,000 characters) or the next word. */
function programText(after: string, opt: string): string {
  const at = after.indexOf(opt) + opt.length;
  const rest = after.slice(at, at + 4000).replace(/^[ \t]+/, '');
  const q = rest[0];
  if (q !== '"' && q !== "'") return /^\S*/.exec(rest)![0];
  for (let i = 1; i < rest.length; i++) {
    if (rest[i] === '\\' && q === '"') i++;
    else if (rest[i] === q) return rest.slice(1, i);
  }
  return rest;
}

/** A program that runs what it reads: an evaluator in it, or its standard input sourced or substituted. */
function runsInput(program: string): boolean {
  return /\b(?:exec|eval|compile|execfile|runpy|__import__|import_module|Function|execSync|spawnSync|system|popen|source|iex|Invoke-Expression)\b|\/dev\/stdin|\$\(\s*cat\b|`\s*cat\b|^\s*\.\s/m.test(program);
}

const PIPE_SINK = new RegExp(`^\\s*\\|\\s*(?:sudo(?:\\s+-\\S+)*\\s+)?(?:env\\s+)?(?:/usr/bin/|/bin/|/usr/local/bin/)?((?:ba|z|da|k)?sh|python[0-9.]*|perl|ruby|node|php|iex|invoke-expression|source)\\b`, 'i');
/** Evaluators written before the decode on the same line. */
const BEFORE_SINK = /(?:\b(exec|eval|compile|Function|execSync|spawnSync|os\.system|subprocess\.\w+|popen|iex|Invoke-Expression)\s*\(?\s*$|\b(eval|(?:ba|z|da|k)?sh\s+-c|python[0-9.]*\s+-c|source|\.)\s+["']?(?:\$\(|<\(|`)\s*$)/i;

interface Site {
  start: number;
  end: number;
  encoding: Encoding;
  decoder: string;
  literal: string | null;
  variable: string | null;
  /** Offset after the decode expression (to look for a pipe sink). */
  after: number;
  /** Offset of the decode expression's start (to look for a sink before it). */
  before: number;
  /** The decoded stream is decompressed first (zlib / gzip). */
  inflate: boolean;
}

function printable(s: string): boolean {
  if (s.length === 0) return false;
  let bad = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd || (c >= 0x7f && c < 0xa0)) bad++;
  }
  return bad / s.length < 0.05;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** node:zlib, loaded on the first compressed payload (few runs meet one), not at start-up. */
const zlib = (): typeof Zlib => process.getBuiltinModule('node:zlib');

function inflateMaybe(bytes: Buffer): Buffer | null {
  try {
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) return zlib().gunzipSync(bytes, { maxOutputLength: MAX_DECODED });
    if (bytes[0] === 0x78) return zlib().inflateSync(bytes, { maxOutputLength: MAX_DECODED });
  } catch {
    return null;
  }
  return null;
}

/** Decode one literal; null when it does not decode to text. */
/** Base85 (RFC 1924, Python's b85encode) and Ascii85 (Adobe, a85encode) to bytes, or null. */
function base85(literal: string, ascii85: boolean): Buffer | null {
  const ALPHA = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';
  let s = literal.replace(/\s+/g, '');
  if (ascii85) s = s.replace(/^<~|~>$/g, '').replace(/z/g, '!!!!!');
  const value = (c: string) => (ascii85 ? c.charCodeAt(0) - 33 : ALPHA.indexOf(c));
  const out: number[] = [];
  for (let i = 0; i < s.length; i += 5) {
    const chunk = s.slice(i, i + 5);
    const pad = 5 - chunk.length;
    let n = 0;
    for (let k = 0; k < 5; k++) {
      const v = k < chunk.length ? value(chunk[k]!) : 84;
      if (v < 0 || v > 84) return null;
      n = n * 85 + v;
    }
    if (n > 0xffffffff) return null;
    const b = [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
    out.push(...b.slice(0, 4 - pad));
  }
  return Buffer.from(out);
}

export function decodeLiteral(literal: string, encoding: Encoding, inflate = false): string | null {
  if (literal.length > MAX_LITERAL) return null;
  // Text transforms: reversed, character codes, URL escapes, rot13.
  if (encoding === 'reversed' || encoding === 'charcodes' || encoding === 'url' || encoding === 'rot13') {
    let text: string | null = null;
    if (encoding === 'reversed') text = [...literal].reverse().join('');
    else if (encoding === 'rot13') text = literal.replace(/[A-Za-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)));
    else if (encoding === 'charcodes') {
      const codes = literal.split(',').map((x) => x.trim()).filter((x) => x !== '').map((x) => (/^0x[0-9a-f]+$/i.test(x) ? parseInt(x, 16) : /^[0-9]+$/.test(x) ? Number(x) : NaN));
      text = codes.every((c) => Number.isInteger(c) && c >= 0 && c <= 0xffff) ? String.fromCharCode(...codes.slice(0, MAX_DECODED)) : null;
    } else {
      try {
        text = decodeURIComponent(literal.replace(/\+/g, ' '));
      } catch {
        text = null;
      }
    }
    return text !== null && printable(text) ? text.slice(0, MAX_DECODED) : null;
  }
  if (encoding === 'base85' || encoding === 'ascii85') {
    const b = base85(literal, encoding === 'ascii85');
    if (!b) return null;
    const inflated = inflate || b[0] === 0x78 ? inflateMaybe(b) : null;
    const text = utf8.decode((inflated ?? b).subarray(0, MAX_DECODED));
    return printable(text) ? text : null;
  }
  let bytes: Buffer;
  if (encoding === 'hex') {
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(literal)) return null;
    bytes = Buffer.from(literal, 'hex');
  } else if (encoding === 'escapes') {
    const out: number[] = [];
    for (let i = 0; i < literal.length && out.length < MAX_DECODED; i++) {
      const c = literal[i]!;
      if (c === '\\') {
        const m = /^x([0-9a-fA-F]{1,2})|^([0-7]{1,3})|^u([0-9a-fA-F]{4})/.exec(literal.slice(i + 1, i + 6));
        if (m) {
          if (m[3]) out.push(...Buffer.from(String.fromCharCode(parseInt(m[3], 16)), 'utf8'));
          else out.push(m[1] ? parseInt(m[1], 16) : parseInt(m[2]!, 8) & 0xff);
          i += m[0].length;
          continue;
        }
        const e = literal[i + 1];
        const simple: Record<string, number> = { n: 10, t: 9, r: 13, '\\': 92, "'": 39, '"': 34, a: 7, e: 27, '0': 0 };
        if (e !== undefined && simple[e] !== undefined) {
          out.push(simple[e]!);
          i++;
          continue;
        }
      }
      out.push(...Buffer.from(c, 'utf8'));
    }
    bytes = Buffer.from(out);
  } else {
    const clean = literal.replace(/-/g, '+').replace(/_/g, '/');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.replace(/=+$/, '').length % 4 === 1) return null;
    bytes = Buffer.from(clean, 'base64');
  }
  if (inflate || (encoding !== 'escapes' && (bytes[0] === 0x78 || (bytes[0] === 0x1f && bytes[1] === 0x8b)))) {
    const inflated = inflateMaybe(bytes);
    if (inflated) bytes = inflated;
  }
  if (bytes.length > MAX_DECODED) bytes = bytes.subarray(0, MAX_DECODED);
  let text: string;
  if (encoding === 'utf16le-base64' || (bytes.length >= 4 && bytes[1] === 0 && bytes[3] === 0 && bytes[0] !== 0)) text = bytes.toString('utf16le');
  else text = utf8.decode(bytes);
  return printable(text) ? text : null;
}

/** Decode sites on one line: [pattern, encoding, decoder name]. Group 1–3: quoted/bare literal; group 4: variable. */
const SITES: { re: RegExp; encoding: Encoding; decoder: string; inflate?: RegExp }[] = [
  // Python / generic calls on a literal or a variable.
  { re: new RegExp(`\\b(?:base64\\.)?(?:urlsafe_|standard_)?b64decode\\(\\s*(?:${QUOTED_ONLY(B64)}|(${IDENT})\\s*[,)])`, 'g'), encoding: 'base64', decoder: 'base64.b64decode', inflate: /\b(?:zlib\.decompress|gzip\.decompress)\s*\(\s*(?:base64\.)?\w*b64decode/ },
  { re: new RegExp(`\\b(?:base64\\.)?decodebytes\\(\\s*(?:${QUOTED_ONLY(B64)}|(${IDENT})\\s*\\))`, 'g'), encoding: 'base64', decoder: 'base64.decodebytes' },
  { re: new RegExp(`\\bbytes\\.fromhex\\(\\s*(?:${QUOTED_ONLY(HEX)}|(${IDENT})\\s*\\))`, 'g'), encoding: 'hex', decoder: 'bytes.fromhex' },
  { re: new RegExp(`\\bunhexlify\\(\\s*(?:${QUOTED_ONLY(HEX)}|(${IDENT})\\s*\\))`, 'g'), encoding: 'hex', decoder: 'binascii.unhexlify' },
  // Text transforms (Python): a reversed literal, a list of character codes joined, URL escapes, rot13, base85.
  { re: /(?:^|[^\w"'])(?:b?"([^"\\\n]{8,})"|b?'([^'\\\n]{8,})')()\s*\[\s*::\s*-1\s*\]/g, encoding: 'reversed', decoder: "[::-1]" },
  { re: /(?:""|'')\.join\(\s*(?:chr\(\s*\w+\s*\)\s+for\s+\w+\s+in\s+|map\(\s*chr\s*,\s*)[[(]((?:\s*(?:0x[0-9a-fA-F]+|[0-9]+)\s*,){7,}\s*(?:0x[0-9a-fA-F]+|[0-9]+)\s*,?\s*)[\])]()()/g, encoding: 'charcodes', decoder: 'chr()' },
  { re: /\b(?:urllib\.parse\.)?unquote(?:_plus)?\(\s*(?:"((?:[^"%\\\n]|%[0-9A-Fa-f]{2}){8,})"|'((?:[^'%\\\n]|%[0-9A-Fa-f]{2}){8,})')()/g, encoding: 'url', decoder: 'unquote' },
  { re: /\bcodecs\.decode\(\s*(?:"([^"\\\n]{8,})"|'([^'\\\n]{8,})')()\s*,\s*["']rot_?13["']/g, encoding: 'rot13', decoder: 'rot13' },
  { re: /\b(?:base64\.)?b85decode\(\s*(?:b?"([0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]{10,})"|b?'([0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]{10,})')()/g, encoding: 'base85', decoder: 'base64.b85decode' },
  { re: /\b(?:base64\.)?a85decode\(\s*(?:b?"([!-uz\s]{10,})"|b?'([!-uz\s]{10,})')()/g, encoding: 'ascii85', decoder: 'base64.a85decode' },
  // JavaScript: character codes, URL escapes, a literal split, reversed and joined.
  { re: /\bString\.fromCharCode\(\s*(?:\.\.\.\s*\[)?((?:\s*(?:0x[0-9a-fA-F]+|[0-9]+)\s*,){7,}\s*(?:0x[0-9a-fA-F]+|[0-9]+)\s*)\]?\s*\)()()/g, encoding: 'charcodes', decoder: 'String.fromCharCode' },
  { re: /\bdecodeURI(?:Component)?\(\s*(?:"((?:[^"%\\\n]|%[0-9A-Fa-f]{2}){8,})"|'((?:[^'%\\\n]|%[0-9A-Fa-f]{2}){8,})')()/g, encoding: 'url', decoder: 'decodeURIComponent' },
  { re: /(?:"([^"\\\n]{8,})"|'([^'\\\n]{8,})')()\.split\(\s*(?:""|'')\s*\)\.reverse\(\)\.join\(\s*(?:""|'')\s*\)/g, encoding: 'reversed', decoder: ".split('').reverse().join('')" },
  // JavaScript.
  { re: new RegExp(`\\batob\\(\\s*(?:${QUOTED_ONLY(B64)}|(${IDENT})\\s*\\))`, 'g'), encoding: 'base64', decoder: 'atob' },
  { re: new RegExp(`\\bBuffer\\.from\\(\\s*(?:${QUOTED_ONLY(B64)}|(${IDENT}))\\s*,\\s*["']base64["']`, 'g'), encoding: 'base64', decoder: "Buffer.from(…, 'base64')" },
  { re: new RegExp(`\\bBuffer\\.from\\(\\s*(?:${QUOTED_ONLY(HEX)}|(${IDENT}))\\s*,\\s*["']hex["']`, 'g'), encoding: 'hex', decoder: "Buffer.from(…, 'hex')" },
  // PowerShell.
  { re: new RegExp(`FromBase64String\\(\\s*(?:${QUOTED_ONLY(B64)}|\\$(${IDENT})\\s*\\))`, 'gi'), encoding: 'base64', decoder: '[Convert]::FromBase64String' },
  { re: new RegExp(`\\b(?:powershell|pwsh)(?:\\.exe)?\\b[^\\n|;]{0,300}?\\s-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\\w*)\\s+${QUOTED('[A-Za-z0-9+/]{16,}={0,2}')}`, 'gi'), encoding: 'utf16le-base64', decoder: 'powershell -EncodedCommand' },
  // Shell: echo/printf a literal or a variable into base64 -d / xxd -r -p, or a here-string.
  { re: new RegExp(`\\b(?:echo|printf)(?:\\s+-[neE]+)*(?:\\s+["']%s["'])?\\s+(?:${QUOTED(B64)}|["']?\\$\\{?(${IDENT})\\}?["']?)\\s*\\|\\s*base64\\s+(?:-d|--decode|-D|-di|-id)\\b`, 'g'), encoding: 'base64', decoder: 'base64 -d' },
  { re: new RegExp(`\\bbase64\\s+(?:-d|--decode|-D|-di|-id)\\s*<<<\\s*(?:${QUOTED(B64)}|["']?\\$\\{?(${IDENT})\\}?["']?)`, 'g'), encoding: 'base64', decoder: 'base64 -d' },
  { re: new RegExp(`\\b(?:echo|printf)(?:\\s+-[neE]+)*(?:\\s+["']%s["'])?\\s+(?:${QUOTED(HEX)}|["']?\\$\\{?(${IDENT})\\}?["']?)\\s*\\|\\s*xxd\\s+(?:-r\\s+-p|-p\\s+-r|-rp|-pr|-r\\s+-ps|-ps\\s+-r)\\b`, 'g'), encoding: 'hex', decoder: 'xxd -r -p' },
  { re: new RegExp(`\\bxxd\\s+(?:-r\\s+-p|-p\\s+-r|-rp|-pr)\\s*<<<\\s*(?:${QUOTED(HEX)}|["']?\\$\\{?(${IDENT})\\}?["']?)`, 'g'), encoding: 'hex', decoder: 'xxd -r -p' },
  { re: /(?:\b(?:printf|echo\s+-e)\s+|\$)(?:"((?:\\x[0-9a-fA-F]{2}|\\[0-7]{3}){6,}[^"]{0,200})"|'((?:\\x[0-9a-fA-F]{2}|\\[0-7]{3}){6,}[^']{0,200})')()()/g, encoding: 'escapes', decoder: "printf '\\x..'" },
];

/** A decode with no literal in sight fed straight into a shell: `base64 -d /tmp/x | bash`, `… | base64 -d | sh`. */
const BLIND = /\b(base64\s+(?:-d|--decode|-D)|xxd\s+(?:-r\s+-p|-p\s+-r|-rp|-pr)|openssl\s+(?:base64|enc)\s+-d)\b[^|\n]{0,200}(?=\|)/g;

const ASSIGN_LITERAL = new RegExp(`^\\s*(?:export\\s+|const\\s+|let\\s+|var\\s+|\\$)?(${IDENT})\\s*=\\s*${QUOTED(`${B64}|${HEX}`)}\\s*;?\\s*(?:#.*)?$`);
const ASSIGN_DECODED = new RegExp(`^\\s*(?:const\\s+|let\\s+|var\\s+|\\$)?(${IDENT})\\s*=\\s*`);

function lineStartsOf(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

function lineOf(starts: readonly number[], off: number): number {
  return positionAt({ lineStarts: starts }, off).line - 1;
}

/** Every encoded payload of `text` (decoded, bounded), in text order. */
export function findPayloads(text: string, depth = 1): Payload[] {
  const lower = text.toLowerCase();
  if (!TRIGGERS.some((t) => lower.includes(t))) return [];
  const starts = lineStartsOf(text);
  const out: Payload[] = [];
  /** Variables holding a literal, and variables holding a decoded payload (the index into out). */
  const literals = new Map<string, string>();
  const decodedVars = new Map<string, number>();
  for (let li = 0; li < starts.length && out.length < MAX_PAYLOADS; li++) {
    const ls = starts[li]!;
    const le = li + 1 < starts.length ? starts[li + 1]! - 1 : text.length;
    const line = text.slice(ls, le);
    const a = ASSIGN_LITERAL.exec(line);
    if (a && line.length <= MAX_LITERAL + 200) literals.set(a[1]!, a[2] ?? a[3] ?? a[4]!);
    const lowerLine = lower.slice(ls, le);
    // A sink on a variable that holds a decoded payload: exec(decoded), eval(p), Invoke-Expression $p.
    if (decodedVars.size > 0) {
      for (const [name, idx] of decodedVars) {
        const sink = new RegExp(`\\b(exec|eval|compile|Function|execSync|os\\.system|subprocess\\.\\w+|iex|Invoke-Expression)\\s*\\(?\\s*\\$?${name}\\b`, 'i');
        const m = sink.exec(line);
        if (m && m[1] && out[idx]!.sink === null && li !== lineOf(starts, out[idx]!.start)) {
          out[idx]!.sink = m[1];
          out[idx]!.chain.push(m[1]);
          out[idx]!.sinkLine = li + 1;
          out[idx]!.pending = false;
        }
      }
    }
    if (!TRIGGERS.some((t) => lowerLine.includes(t))) continue;
    const taken: [number, number][] = [];
    for (const s of SITES) {
      s.re.lastIndex = 0;
      for (let m = s.re.exec(line); m && out.length < MAX_PAYLOADS; m = s.re.exec(line)) {
        if (m[0] === '') {
          s.re.lastIndex++;
          continue;
        }
        const lit = m[1] ?? m[2] ?? m[3] ?? null;
        const variable = lit === null ? (m[4] ?? null) : null;
        const litAt = lit !== null ? m.index + m[0].indexOf(lit) : m.index;
        const site: Site = {
          start: ls + litAt,
          end: ls + (lit !== null ? litAt + lit.length : m.index + m[0].length),
          encoding: s.encoding,
          decoder: s.decoder,
          literal: lit ?? (variable !== null ? (literals.get(variable) ?? null) : null),
          variable,
          after: ls + m.index + m[0].length,
          before: ls + m.index,
          inflate: s.inflate ? s.inflate.test(line) : false,
        };
        if (taken.some(([x, y]) => site.start < y && x < site.end)) continue;
        taken.push([site.start, site.end]);
        // A literal out of sight (a parameter, a file): the decode → execute chain is still the finding.
        const p = site.literal === null ? blindPayload(site, text, le, ls, depth) : payloadOf(site, text, le, ls, depth);
        if (!p) continue;
        out.push(p);
        const assigned = ASSIGN_DECODED.exec(line);
        if (assigned && p.sink === null) decodedVars.set(assigned[1]!, out.length - 1);
      }
    }
    // A decoder fed into a shell without a literal in sight: the chain is the finding, the payload unknown.
    BLIND.lastIndex = 0;
    for (let m = BLIND.exec(line); m && out.length < MAX_PAYLOADS; m = BLIND.exec(line)) {
      const start = ls + m.index;
      if (out.some((p) => lineOf(starts, p.start) === li)) break;
      const rest = text.slice(start + m[0].length, le);
      const sink = PIPE_SINK.exec(rest);
      if (!sink || programGiven(text.slice(start + m[0].length + sink[0].length, start + m[0].length + sink[0].length + 4000))) continue;
      out.push({ start, end: start + m[0].length + sink[0].length, encoding: null, chain: [m[1]!.replace(/\s+/g, ' '), sink[1]!], sink: sink[1]!, text: null, inner: [], depth });
    }
  }
  // Decoded values never run and never known (a blind decode whose variable no sink used) say nothing.
  return out.filter((p) => p.text !== null || p.sink !== null || p.pending !== true).map((p) => {
    delete p.pending;
    return p;
  }).filter((p) => p.text !== null || p.sink !== null);
}

/** A decode of a value not in the text: kept only if something runs it (same line now, or a later sink). */
function blindPayload(site: Site, text: string, lineEnd: number, lineStart: number, depth: number): Payload {
  const sink = sinkOf(site, text, lineEnd, lineStart);
  const chain = [site.variable !== null ? `${site.decoder} of ${site.variable}` : site.decoder];
  if (sink && !chain[0]!.startsWith(sink)) chain.push(sink);
  return { start: site.start, end: site.end, encoding: site.encoding, chain, sink, text: null, inner: [], depth, pending: sink === null };
}

function sinkOf(site: Site, text: string, lineEnd: number, lineStart: number): string | null {
  if (site.encoding === 'utf16le-base64') return 'powershell';
  // What follows on the line: a pipe into an interpreter (through `| tee f`, `| cat` too).
  const rest = text.slice(site.after, lineEnd).replace(/^\s*\|\s*(?:tee(?:\s+-a)?\s+\S+|cat|tr\s+-d\s+\S+)\s*/, '|');
  const pipe = PIPE_SINK.exec(rest);
  if (pipe && !programGiven(rest.slice(pipe[0].length) + text.slice(lineEnd, lineEnd + 4000))) return pipe[1]!;
  const b = BEFORE_SINK.exec(text.slice(Math.max(lineStart, site.before - 200), site.before).replace(/(?:base64\.|zlib\.decompress\(\s*|gzip\.decompress\(\s*|bytes\(|str\(|\.decode\(\)|codecs\.decode\(\s*)*$/, ''));
  return b ? (b[1] ?? b[2])! : null;
}

function payloadOf(site: Site, text: string, lineEnd: number, lineStart: number, depth: number): Payload | null {
  const decoded = decodeLiteral(site.literal!, site.encoding, site.inflate);
  if (decoded === null) return null;
  const chain = [site.variable !== null ? `${site.decoder} of ${site.variable}` : site.decoder];
  if (site.inflate) chain.push('decompress');
  const sink = sinkOf(site, text, lineEnd, lineStart);
  if (sink && !chain[0]!.startsWith(sink)) chain.push(sink);
  const inner = depth < MAX_DEPTH ? findPayloads(decoded, depth + 1) : [];
  return { start: site.start, end: site.end, encoding: site.encoding, chain, sink, text: decoded, inner, depth };
}

/** Whether decoded text does something worth saying on its own: a URL, a network or shell command. */
export function payloadIsActive(text: string): boolean {
  return /\b(?:https?|ftp|wss?):\/\/|\/dev\/tcp\/|\b(?:curl|wget|nc|ncat|socat|bash|sh|powershell|iex|invoke-expression|os\.system|subprocess|eval|exec|import\s+os|rm\s+-rf|chmod|crontab)\b/i.test(text);
}

const cache = new WeakMap<object, Payload[]>();

/** Payloads of a file's normalized text, computed once per source. `triggerFree`: the caller has already seen that
 *  the lowercased text holds none of PAYLOAD_TRIGGERS (the pack keyword scan looks for them in the same pass), so
 *  findPayloads would return [] at its first test. */
export function payloadsOf(src: { normalized: string }, triggerFree = false): Payload[] {
  let p = cache.get(src);
  if (!p) cache.set(src, (p = triggerFree ? [] : findPayloads(src.normalized)));
  return p;
}

/** Every payload and the payloads inside it, with the chain from the outermost literal. */
export function flattenPayloads(list: readonly Payload[]): { payload: Payload; outer: Payload; chain: string[] }[] {
  const out: { payload: Payload; outer: Payload; chain: string[] }[] = [];
  const walk = (ps: readonly Payload[], outer: Payload | null, prefix: string[]) => {
    for (const p of ps) {
      const chain = [...prefix, ...p.chain];
      out.push({ payload: p, outer: outer ?? p, chain });
      walk(p.inner, outer ?? p, chain);
    }
  };
  walk(list, null, []);
  return out;
}

/**
 * One finding per cause: the flattened payloads of one text with the same decoded text, sink and chain counted
 * once, at the first occurrence; `suffix` names how many more and where (malware repeats one payload at every
 * install step: four findings of one payload tell the reader nothing the first did not).
 */
export function distinctPayloads(list: readonly { payload: Payload; outer: Payload; chain: string[] }[], src: { text: string } & Parameters<typeof positionAt>[0]): { payload: Payload; outer: Payload; chain: string[]; suffix: string }[] {
  const groups = new Map<string, { first: (typeof list)[number]; more: number[] }>();
  for (const item of list) {
    const key = `${item.payload.sink ?? ''}\0${item.chain.join('>')}\0${item.payload.text ?? src.text.slice(item.payload.start, item.payload.end)}`;
    const g = groups.get(key);
    if (g) g.more.push(item.outer.start);
    else groups.set(key, { first: item, more: [] });
  }
  return [...groups.values()].map(({ first, more }) => {
    if (more.length === 0) return { ...first, suffix: '' };
    const lines = [...new Set(more.map((o) => positionAt(src, o).line))];
    const shown = lines.slice(0, 5).join(', ') + (lines.length > 5 ? ', …' : '');
    return { ...first, suffix: ` (the same payload ${more.length} more time${more.length === 1 ? '' : 's'} in this file: line${lines.length === 1 ? '' : 's'} ${shown})` };
  });
}

/** How a chain reads in a message: "base64 -d → bash". */
export function describeChain(chain: readonly string[]): string {
  return chain.join(' → ');
}
