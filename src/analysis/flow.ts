// Source-to-sink reading of one code block: where a line pattern sees only half of an exfiltration (the
// environment copied on one line, posted on another; a secret base64-encoded, then sent), the block as a whole
// shows both. Pure and linear: a few regular-expression scans of the block, no parsing of any language.

export type FlowKind = 'environment-sent' | 'encoded-secret-sent' | 'hidden-destination' | 'credential-harvest' | 'secret-sent';

export interface FlowFinding {
  kind: FlowKind;
  /** Offsets of the source line (what is read), in the scanned text. */
  start: number;
  end: number;
  detail: string;
}

const SECRET_NAME = '[A-Z0-9_]*(?:_KEY|API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|PRIVATE_KEY|AUTH|DATABASE_URL|ACCESS_KEY)[A-Z0-9_]*';
/** The whole environment taken as data (not passed on to a child process). */
const ENV_DUMP = /\bdict\(\s*os\.environ\s*\)|\bos\.environ\.copy\(\)|\{\s*\*\*os\.environ|\b(?:json\.dumps|str|repr)\(\s*(?:dict\()?os\.environ\b|\bJSON\.stringify\(\s*process\.env\b|\bObject\.(?:entries|assign\(\{\},)\s*\(?process\.env\b|\$\(\s*(?:env|printenv)\b|(?:^|[;&|]\s*)(?:env|printenv)\s*(?:\||>)/m;
const ENV_DUMP_ALL = new RegExp(ENV_DUMP.source, 'gm');
const SECRET_READ = new RegExp(`\\bos\\.environ(?:\\.get)?[\\[(]\\s*["'](${SECRET_NAME})["']|\\bos\\.getenv\\(\\s*["'](${SECRET_NAME})["']|\\bprocess\\.env(?:\\.|\\[["'])(${SECRET_NAME})\\b|\\$\\{?(${SECRET_NAME})\\b`, 'g');
const ENCODE = /\b(?:b64encode|b32encode|urlsafe_b64encode|hexlify|btoa|Buffer\.from\([^)\n]*\)\.toString\(\s*["'](?:base64|hex)["']|base64|xxd)\b/;
/** Something that sends data out of the machine. */
const SINK = /\b(?:requests|httpx|session|aiohttp|client)\.(?:post|put|patch|request|get)\(|\burllib\.request\.(?:urlopen|Request)\(|\burlopen\(|\bfetch\(|\baxios(?:\.(?:post|put|get))?\(|\bhttps?\.request\(|\bsocket\.(?:socket|create_connection)\(|\.sendall?\(|\bsmtplib\b|\b(?:curl|wget|nc|ncat|netcat)\b|\b(?:dig|nslookup|gethostbyname)\b/;
const HARVEST_PAIR = new RegExp(`["']${SECRET_NAME}["']\\s*:\\s*(?:os\\.environ|os\\.getenv|process\\.env)`, 'g');
/** A literal decoded at run time (a URL or host hidden from a reader). */
const DECODED_LITERAL = /\b(?:b64decode|b32decode|urlsafe_b64decode|atob|fromhex|unhexlify)\(\s*b?["'][A-Za-z0-9+/=_-]{16,}["']\s*\)/;
const SERIALIZE = /\bjson\.dumps\(|\bJSON\.stringify\(|\bpickle\.dumps\(|\byaml\.dump\(/;


/**
 * The environment walked name by name and the credential-named entries kept: Python `for k, v in
 * os.environ.items(): … out[k] = v` or `{k: v for k, v in os.environ.items() if …}`, JavaScript
 * `Object.entries(process.env).filter(…/TOKEN|KEY/…)`. Masking (`print(f"{k}=***")`) keeps nothing and stays quiet.
 */
const PY_ENV_LOOP = /\bfor\s+([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s+in\s+os\.environ\.items\(\)/g;
const PY_ENV_COMPREHENSION = /\{\s*([A-Za-z_]\w*)\s*:\s*([A-Za-z_]\w*)\s+for\s+\1\s*,\s*\2\s+in\s+os\.environ\.items\(\)\s+if\b/g;
const JS_ENV_FILTER = /\bObject\.entries\(\s*process\.env\s*\)\s*\.filter\(/g;
/** A credential word as a string literal or inside a regular-expression literal. */
const CRED_WORD_LITERAL = /["'](?:[A-Z0-9_]*_)?(?:KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIALS?|PRIVATE|AUTH)(?:_[A-Z0-9_]*)?["']|\/[^/\n]*\b(?:KEY|SECRET|TOKEN|PASSWORD)\b[^/\n]*\/i?/g;

function credentialFilter(block: string): number {
  CRED_WORD_LITERAL.lastIndex = 0;
  const words = new Set((block.match(CRED_WORD_LITERAL) ?? []).map((w) => w.toUpperCase()));
  if (words.size === 0) return -1;
  PY_ENV_COMPREHENSION.lastIndex = 0;
  const comp = PY_ENV_COMPREHENSION.exec(block);
  if (comp) return comp.index;
  JS_ENV_FILTER.lastIndex = 0;
  const js = JS_ENV_FILTER.exec(block);
  if (js && /\b(?:KEY|SECRET|TOKEN|PASSWORD|CREDENTIALS?)\b/.test(block.slice(js.index, js.index + 300))) return js.index;
  PY_ENV_LOOP.lastIndex = 0;
  for (let m = PY_ENV_LOOP.exec(block); m; m = PY_ENV_LOOP.exec(block)) {
    // The loop body (the next few lines) stores the value under its name: `out[k] = v`.
    const body = block.slice(m.index, m.index + 600);
    const [, k, v] = m;
    if (new RegExp(`\\b[A-Za-z_]\\w*\\[\\s*${k}\\s*\\]\\s*=\\s*${v}\\b`).test(body) && /\bif\b/.test(body)) return m.index;
  }
  return -1;
}

/** Words of a credential's name that say nothing about which service it is for. */
const GENERIC_NAME_WORDS = new Set(['API', 'KEY', 'KEYS', 'TOKEN', 'SECRET', 'ACCESS', 'AUTH', 'PASSWORD', 'PASSWD', 'CREDENTIAL', 'CREDENTIALS', 'PRIVATE', 'CLIENT', 'ID', 'BEARER', 'APP', 'OAUTH', 'PAT', 'PERSONAL', 'SERVICE', 'USER', 'ACCOUNT', 'MY', 'THE', 'DATABASE', 'URL', 'SESSION', 'API_KEY', 'APIKEY']);
const PY_SECRET_ASSIGN = new RegExp(`^[ \\t]*([A-Za-z_]\\w*)[ \\t]*=[ \\t]*os\\.(?:getenv\\(|environ\\.get\\(|environ\\[)\\s*["'](${SECRET_NAME})["']`, 'gm');
const PY_SEND_CALL = /\b(?:requests|httpx|session|client)\.(?:post|put|patch|get|request)\(/g;
const PY_URL_CONST = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*["'](https?:\/\/[^"'\s]+)["']/gm;

/** The top-level arguments of the call whose "(" is at `open` (strings skipped; bounded). */
function callArgs(block: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote = '';
  let from = open + 1;
  const limit = Math.min(block.length, open + 2000);
  for (let i = open; i < limit; i++) {
    const c = block[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        args.push(block.slice(from, i));
        return args;
      }
    } else if (c === ',' && depth === 1) {
      args.push(block.slice(from, i));
      from = i + 1;
    }
  }
  return args;
}

/**
 * A credential read from the environment into a variable and sent in a request's body or query (`json=`, `data=`,
 * `params=`) to a literal host that does not carry the credential's service name (`API_KEY` → any host; `TAVILY_API_KEY`
 * → api.tavily.com is its own service). Headers are how a key authenticates and are not looked at.
 */
function secretSent(block: string): { at: number; detail: string } | null {
  const vars = new Map<string, { name: string; at: number }>();
  PY_SECRET_ASSIGN.lastIndex = 0;
  for (let m = PY_SECRET_ASSIGN.exec(block); m; m = PY_SECRET_ASSIGN.exec(block)) vars.set(m[1]!, { name: m[2]!, at: m.index });
  if (vars.size === 0) return null;
  const consts = new Map<string, string>();
  PY_URL_CONST.lastIndex = 0;
  for (let m = PY_URL_CONST.exec(block); m; m = PY_URL_CONST.exec(block)) consts.set(m[1]!, m[2]!);
  PY_SEND_CALL.lastIndex = 0;
  for (let m = PY_SEND_CALL.exec(block); m; m = PY_SEND_CALL.exec(block)) {
    const args = callArgs(block, m.index + m[0].length - 1);
    if (args.length < 2) continue;
    const first = args[0]!.trim();
    const url = /^f?["'](https?:\/\/[^"'\s]+)["']$/.exec(first)?.[1] ?? consts.get(first.replace(/^self\./, ''));
    if (!url) continue;
    const host = (/^https?:\/\/([^/:?#]+)/.exec(url)?.[1] ?? '').toLowerCase();
    if (!host) continue;
    for (const a of args.slice(1)) {
      const kw = /^\s*(json|data|params|content|files)\s*=/.exec(a);
      if (!kw) continue;
      for (const [v, { name, at }] of vars) {
        if (!new RegExp(`\\b${v}\\b`).test(a)) continue;
        const service = name.split('_').filter((w) => w.length > 1 && !GENERIC_NAME_WORDS.has(w)).map((w) => w.toLowerCase());
        if (service.some((w) => host.includes(w))) continue;
        return { at, detail: `sends the credential ${name} in the request ${kw[1]} to ${host}, a host not named for it (${m[0].replace(/\($/, '')})` };
      }
    }
  }
  return null;
}

/**
 * Whether the environment copied at `at` is used as data. A copy assigned to a variable (`env = os.environ.copy()`)
 * counts only when the variable is used other than as a child process's environment (`env=env`) or changed in
 * place (`env["X"] = …`, `env.update(…)`, `env.get(…)`): a subprocess environment stays on this machine.
 */
function sentAsData(block: string, at: number): boolean {
  // The environment filtered and shown on the terminal (`env | grep NAME`, `printenv | sort`): nothing leaves.
  const le0 = block.indexOf('\n', at);
  const line = block.slice(at, le0 === -1 ? block.length : le0);
  if (/^[;&|\s]*(?:env|printenv)\s*\|/.test(line) && SHOWN.test(line.replace(/^[;&|\s]*(?:env|printenv)\s*/, ''))) return false;
  const ls = block.lastIndexOf('\n', at - 1) + 1;
  const assigned = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[^=]/.exec(block.slice(ls, at + 1))?.[1];
  if (!assigned) return true;
  return variableSent(block, assigned, le0 === -1 ? block.length : le0, new Set());
}

/** A pipeline of filters and pagers ending at the terminal (no redirect, no other command). */
const SHOWN = /^(?:\|\s*(?:grep|egrep|fgrep|sort|uniq|head|tail|less|more|cut|wc|column|cat)\b[^|;&<>`$\n]*)+\s*(?:#.*)?$/;

/** Whether the environment copy held in `name` from `from` on is used other than as a child process's environment.
 *  `seen`: the functions whose callers are being followed (a function met again adds nothing). */
function variableSent(block: string, name: string, from: number, seen: Set<string>): boolean {
  const rest = block.slice(from);
  for (const m of rest.matchAll(new RegExp(`\\b${name}\\b`, 'g'))) {
    const before = rest.slice(Math.max(0, m.index! - 20), m.index!);
    // To the end of the line: `env["A_LONG_VARIABLE_NAME"] = …` is still a change in place.
    const after = rest.slice(m.index! + name.length, m.index! + name.length + 200);
    if (/\benv\s*=\s*$|\bos\.environ\s*=\s*$/.test(before)) continue;
    if (/^\s*(?:\[[^\]\n]*\]\s*=[^=]|\.(?:update|pop|setdefault|get|copy|items|keys)\()/.test(after)) continue;
    if (/^\s*=[^=]/.test(after) && (/[(,][ \t]*$/.test(before) || /^[ \t]*$/.test(before.slice(before.lastIndexOf('\n') + 1)))) continue;
    // Returned from a function: the copy goes wherever the function's callers put it.
    if (/\breturn[ \t]+$/.test(before) && /^[ \t]*(?:#.*)?(?:\n|$)/.test(after) && seen.size < 4) {
      const def = [...block.slice(0, from + m.index!).matchAll(/^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm)].pop()?.[1];
      if (def && (seen.has(def) || !functionResultSent(block, def, new Set([...seen, def])))) continue;
    }
    return true;
  }
  return false;
}

/** Whether the result of calls to `fn` is used other than as a child process's environment. */
function functionResultSent(block: string, fn: string, seen: Set<string>): boolean {
  for (const m of block.matchAll(new RegExp(`\\b${fn}[ \t]*\\(`, 'g'))) {
    const ls = block.lastIndexOf('\n', m.index! - 1) + 1;
    const before = block.slice(ls, m.index!);
    if (/\bdef[ \t]+$/.test(before)) continue;
    if (/\benv\s*=\s*$/.test(before)) continue;
    const v = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*$/.exec(before)?.[1];
    const le = block.indexOf('\n', m.index!);
    if (v && !variableSent(block, v, le === -1 ? block.length : le, seen)) continue;
    return true;
  }
  return false;
}

function lineAt(text: string, off: number, lo: number, hi: number): { start: number; end: number } {
  const s = text.lastIndexOf('\n', off - 1) + 1;
  let e = text.indexOf('\n', off);
  if (e === -1 || e > hi) e = hi;
  return { start: Math.max(s, lo), end: e };
}

/** Exfiltration flows in `text[start, end)` (one code block). */
export function codeFlows(text: string, start = 0, end = text.length): FlowFinding[] {
  const block = text.slice(start, end);
  const sinkM = SINK.exec(block);
  // Credential-named variables picked out of the environment: a harvest even when the send is in another file.
  const filtered = /os\.environ|process\.env/.test(block) ? credentialFilter(block) : -1;
  if (filtered >= 0) {
    const ln = lineAt(text, start + filtered, start, end);
    if (sinkM) return [{ kind: 'environment-sent', ...ln, detail: `picks every credential-named variable out of the environment and sends them out (${sinkM[0].replace(/\($/, '')})` }];
    return [{ kind: 'credential-harvest', ...ln, detail: 'picks every credential-named variable out of the environment into one collection' }];
  }
  // Every flow ends in a sink or a serialization: most blocks have neither.
  if (!sinkM && !SERIALIZE.test(block)) return [];
  const out: FlowFinding[] = [];
  let dump: RegExpExecArray | null = null;
  if (sinkM) for (const m of block.matchAll(ENV_DUMP_ALL)) if (sentAsData(block, m.index)) { dump = m; break; }
  if (dump && sinkM) {
    out.push({ kind: 'environment-sent', ...lineAt(text, start + dump.index, start, end), detail: `copies the whole environment and sends it out (${sinkM[0].replace(/\($/, '')})` });
  }
  const names = new Map<string, number>();
  /** Read in program code (os.environ, getenv, process.env), not a shell "$NAME" handed to a command. */
  const codeNames = new Set<string>();
  SECRET_READ.lastIndex = 0;
  for (let m = SECRET_READ.exec(block); m; m = SECRET_READ.exec(block)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    // A shell "$NAME" counts only where it is read as a value, not in an assignment or a placeholder.
    if (!names.has(name)) names.set(name, start + m.index);
    if (m[4] === undefined) codeNames.add(name);
  }
  if (out.length === 0 && sinkM && names.size > 0) {
    // A secret that is encoded before it leaves: nobody base64-encodes a key to authenticate with it.
    for (const [name, at] of names) {
      const ln = lineAt(text, at, start, end);
      const line = text.slice(ln.start, ln.end);
      const encodedHere = ENCODE.test(line);
      // The variable the secret was assigned to ("t = os.environ[…]"), later encoded.
      const assigned = /^[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[^=]/.exec(line)?.[1];
      const encodedLater = new RegExp(`\\b(?:b64encode|hexlify|btoa|b32encode)\\([^)\\n]*\\b(?:${name}${assigned ? `|${assigned}` : ''}|secret|token|key|payload)\\b`, 'i').test(block);
      if (encodedHere || encodedLater) {
        out.push({ kind: 'encoded-secret-sent', ...ln, detail: `encodes the secret ${name} and sends it out (${sinkM[0].replace(/\($/, '')})` });
        break;
      }
    }
  }
  // A secret sent to a destination that is decoded at run time: the reader never sees where it goes.
  const hidden = DECODED_LITERAL.exec(block);
  if (out.length === 0 && sinkM && names.size > 0 && hidden) {
    out.push({ kind: 'hidden-destination', ...lineAt(text, start + hidden.index, start, end), detail: `decodes a hidden value and sends the secret ${[...names.keys()][0]} out (${sinkM[0].replace(/\($/, '')})` });
  }
  // Several credentials read into one structure: three or more, or two written as "NAME": os.environ["NAME"].
  HARVEST_PAIR.lastIndex = 0;
  const pairs = block.match(HARVEST_PAIR)?.length ?? 0;
  if (out.length === 0 && (codeNames.size >= 3 || pairs >= 2) && (sinkM || SERIALIZE.test(block))) {
    const first = [...codeNames].map((n) => names.get(n)!).sort((a, b) => a - b)[0]!;
    out.push({ kind: 'credential-harvest', ...lineAt(text, first, start, end), detail: `collects ${codeNames.size} different credentials (${[...codeNames].slice(0, 4).join(', ')}${codeNames.size > 4 ? ', …' : ''}) into one payload` });
  }
  if (out.length === 0 && sinkM) {
    const sent = secretSent(block);
    if (sent) out.push({ kind: 'secret-sent', ...lineAt(text, start + sent.at, start, end), detail: sent.detail });
  }
  return out;
}
