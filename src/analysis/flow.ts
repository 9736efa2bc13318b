// Source-to-sink reading of one code block: where a line pattern sees only half of an exfiltration (the
// environment copied on one line, posted on another; a secret base64-encoded, then sent), the block as a whole
// shows both. Pure and linear: a few regular-expression scans of the block, no parsing of any language.

import { decodeLiteral } from './decode.js';
import { unusualDestinationIn } from './destinations.js';
import { hostOf, servesHost } from './behaviour/paths.js';
import { callText } from './behaviour/codeflow.js';

export type FlowKind = 'environment-sent' | 'encoded-secret-sent' | 'hidden-destination' | 'credential-harvest' | 'secret-sent';

export interface FlowFinding {
  kind: FlowKind;
  /** From the evidence: error for the user's data (the whole environment) reaching a sink; a warning for a named
   *  credential sent somewhere that receives data from anyone, or several gathered into one payload that is sent;
   *  info for a named credential used in a request (its normal use) and for a lone source. */
  severity: 'error' | 'warning' | 'info';
  /** What the evidence means, for the message. */
  why: string;
  /** Offsets of the source line (what is read), in the scanned text. */
  start: number;
  end: number;
  detail: string;
}

const SECRET_NAME = '[A-Z0-9_]*(?:_KEY|API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|PRIVATE_KEY|AUTH|DATABASE_URL|ACCESS_KEY)[A-Z0-9_]*';
/** The whole environment taken as data (not passed on to a child process). `$(printenv NAME)` reads one variable, and
 *  `env NAME=v cmd` runs a command: neither is the environment. */
const ENV_DUMP = /\bdict\(\s*os\.environ\s*\)|\bos\.environ\.copy\(\)|\{\s*\*\*os\.environ|\b(?:json\.dumps|str|repr)\(\s*(?:dict\()?os\.environ\b|\bJSON\.stringify\(\s*process\.env\b|\bObject\.(?:entries|assign\(\{\},)\s*\(?process\.env\b|\$\(\s*(?:env|printenv)\b(?!\s+[A-Za-z_])|(?:^|[;&|]\s*)(?:env|printenv)\s*(?:\||>)/m;
const ENV_DUMP_ALL = new RegExp(ENV_DUMP.source, 'gm');
const SECRET_READ = new RegExp(`\\bos\\.environ(?:\\.get)?[\\[(]\\s*["'](${SECRET_NAME})["']|\\bos\\.getenv\\(\\s*["'](${SECRET_NAME})["']|\\bprocess\\.env(?:\\.|\\[["'])(${SECRET_NAME})\\b|\\$\\{?(${SECRET_NAME})\\b`, 'g');
const ENCODE = /\b(?:b64encode|b32encode|urlsafe_b64encode|hexlify|btoa|Buffer\.from\([^)\n]*\)\.toString\(\s*["'](?:base64|hex)["']|base64|xxd)\b/;
/** Something that sends data out of the machine. A `session.get("key")` or `client.get("name")` with a bare word is a
 *  dictionary or cache lookup, not a request (a request names a URL or a variable holding one). */
const SINK = /\b(?:requests|httpx|aiohttp)\.(?:post|put|patch|request|get)\(|\b(?:session|client)\.(?:post|put|patch|request|get)\((?!\s*["'][^"'\/:\s]*["']\s*[,)])|\burllib\.request\.(?:urlopen|Request)\(|\burlopen\(|\bfetch\(|\baxios(?:\.(?:post|put|get))?\(|\bhttps?\.request\(|\bsocket\.(?:socket|create_connection)\(|\.sendall?\(|\bsmtplib\b|\b(?:curl|wget|nc|ncat|netcat)\b|\b(?:dig|nslookup|gethostbyname)\b/;
const HARVEST_PAIR = new RegExp(`["']${SECRET_NAME}["']\\s*:\\s*(?:os\\.environ|os\\.getenv|process\\.env)`, 'g');
/** A literal decoded at run time (a URL or host hidden from a reader). */
const DECODED_LITERAL = /\b(?:b64decode|b32decode|urlsafe_b64decode|atob|fromhex|unhexlify)\(\s*b?["']([A-Za-z0-9+/=_-]{16,})["']\s*\)/;
const SERIALIZE = /\bjson\.dumps\(|\bJSON\.stringify\(|\bpickle\.dumps\(|\byaml\.dump\(/;


/**
 * The environment walked name by name and the credential-named entries kept: Python `for k, v in
 * os.environ.items(): … out[k] = v` or `{k: v for k, v in os.environ.items() if …}`, JavaScript
 * `Object.entries(process.env).filter(…/TOKEN|KEY/…)`. Masking (`print(f"{k}=***")`) keeps nothing and stays quiet.
 */
const PY_ENV_LOOP = /\bfor\s+([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s+in\s+os\.environ\.items\(\)/g;
/** A comprehension that keeps names with their values, filtered: `{k: v for k, v in os.environ.items() if …}`,
 *  `[(k, v) for k, v in os.environ.items() if …]`, `{k: os.environ[k] for k in os.environ if …}`. */
const PY_ENV_COMPREHENSION = /[{[(]\s*(?:\(?\s*([A-Za-z_]\w*)\s*[:,]\s*([A-Za-z_]\w*)\s*\)?\s+for\s+\1\s*,\s*\2\s+in\s+os\.environ\.items\(\)|\(?\s*([A-Za-z_]\w*)\s*[:,]\s*os\.(?:environ\[|environ\.get\(|getenv\()\s*\3\s*[\])]\s*\)?\s+for\s+\3\s+in\s+os\.environ(?:\.keys\(\))?)\s+if\b/g;
/** The bracket that closes a comprehension (a dict's or a list's). */
const CLOSER = /[}\]]/g;
/** A filter over the environment's entries, or over its names whose values are then read (`Object.keys(process.env)
 *  .filter(…).map((k) => process.env[k])`). */
const JS_ENV_FILTER = /\bObject\.entries\(\s*process\.env\s*\)\s*\.filter\(|\bObject\.keys\(\s*process\.env\s*\)\s*\.filter\((?=[^;]{0,300}process\.env\[)/g;
/** A credential word as a string literal or inside a regular-expression literal. */
const CRED_WORD_LITERAL = /["'](?:[A-Z0-9_]*_)?(?:KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIALS?|PRIVATE|AUTH)(?:_[A-Z0-9_]*)?["']|\/[^/\n]*\b(?:KEY|SECRET|TOKEN|PASSWORD)\b[^/\n]*\/i?/g;

function credentialFilter(block: string): number {
  CRED_WORD_LITERAL.lastIndex = 0;
  const words = new Set((block.match(CRED_WORD_LITERAL) ?? []).map((w) => w.toUpperCase()));
  if (words.size === 0) return -1;
  PY_ENV_COMPREHENSION.lastIndex = 0;
  for (let comp = PY_ENV_COMPREHENSION.exec(block); comp; comp = PY_ENV_COMPREHENSION.exec(block)) {
    // The condition picks names (`"KEY" in k`, `k.endswith("_TOKEN")`), not only leaves some out (`k != "X"`,
    // `k not in DROP`: the environment minus a few names, as a child process gets it).
    const from = comp.index + comp[0].length;
    CLOSER.lastIndex = from;
    const close = CLOSER.exec(block)?.index ?? -1;
    const cond = block.slice(from, close === -1 ? from + 300 : close);
    // `not k.startswith("X_")`, `not RE.match(k)`: names left out, the rest kept.
    if (/\bnot\s+[\w.]*\.(?:startswith|endswith|search|match|fullmatch)\(|\bnot\s+any\(/.test(cond) && !/\b(?:and|or)\b/.test(cond)) continue;
    if (/(?<!\bnot\s)\bin\b|==|\.(?:startswith|endswith)\(|\b(?:search|match|fullmatch|any)\(/.test(cond)) return comp.index;
  }
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
function secretSent(block: string): { at: number; detail: string; name: string; url: string } | null {
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
        if (servesHost(service, host) !== false) continue;
        return { at, name, url, detail: `sends the credential ${name} in the request ${kw[1]} to ${host}, a host not named for it (${m[0].replace(/\($/, '')})` };
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
  // The copy written as a child process's environment (`env={**os.environ, "X": "1"}`, `env: {...process.env}`):
  // the child runs on this machine; nothing leaves.
  if (childEnv(block, ls, at)) return false;
  // Assigned to a variable or an attribute (`self.env: dict[str, str] = dict(os.environ)`): followed where it is used.
  const assigned = /^[ \t]*((?:self\.|this\.)?[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[^=]/.exec(block.slice(ls, at + 1))?.[1];
  if (!assigned) return true;
  return variableSent(block, assigned, le0 === -1 ? block.length : le0, new Set());
}

/** Whether `block[ls, at)` (a line up to a value) names that value as a call's `env=` keyword or an options object's
 *  `env:` property: inside a call or literal on this line, or on a line of its own after one that opens or
 *  continues an argument list. A statement `env = …` is a variable, followed by variableSent. */
function childEnv(block: string, ls: number, at: number): boolean {
  const m = /^[ \t]*(.*?)\benv[ \t]*[=:][ \t]*$/.exec(block.slice(ls, at));
  if (!m) return false;
  if (/[(,{]/.test(m[1]!)) return true;
  if (m[1] !== '') return false;
  const prev = block.slice(0, ls).replace(/\s+$/, '');
  const last = prev.slice(prev.lastIndexOf('\n') + 1).replace(/[ \t]+(?:#|\/\/)[^"'`]*$/, '');
  return /[(,{][ \t]*$/.test(last);
}

/** A pipeline of filters and pagers ending at the terminal (no redirect, no other command). */
const SHOWN = /^(?:\|\s*(?:grep|egrep|fgrep|sort|uniq|head|tail|less|more|cut|wc|column|cat)\b[^|;&<>`$\n]*)+\s*(?:#.*)?$/;

/** Whether the environment copy held in `name` from `from` on is used other than as a child process's environment.
 *  `seen`: the functions whose callers are being followed (a function met again adds nothing). */
function variableSent(block: string, name: string, from: number, seen: Set<string>): boolean {
  const rest = block.slice(from);
  for (const m of rest.matchAll(new RegExp(`(?<![\\w.])${name.replace('.', '\\.')}\\b`, 'g'))) {
    const before = rest.slice(Math.max(0, m.index! - 20), m.index!);
    // To the end of the line: `env["A_LONG_VARIABLE_NAME"] = …` is still a change in place.
    const after = rest.slice(m.index! + name.length, m.index! + name.length + 200);
    if (/\benv\s*[=:]\s*$|\bos\.environ\s*=\s*$/.test(before)) continue;
    // One key read or set (`env["X"]`, `env.get("X")`), or a membership test (`"X" in env`): not the copy sent.
    if (/^\s*(?:\[[^\]\n]*\]|\.(?:update|pop|setdefault|get|copy|items|keys)\()/.test(after)) continue;
    if (/\bin[ \t]+$/.test(before) && !/\bfor\b/.test(before.slice(before.lastIndexOf('\n') + 1)) && /^[ \t]*(?:and\b|or\b|:|\)|$)/m.test(after)) continue;
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

const SINK_ALL = new RegExp(SINK.source, 'g');

/** Where each sink's data can be: a call's argument list, or a command's line with its backslash continuations. */
function sinkExtents(block: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of block.matchAll(SINK_ALL)) {
    const s = m.index;
    let e = s + m[0].length;
    if (m[0].endsWith('(')) {
      // To the matching parenthesis (strings skipped, at most 4,000 characters), as the behaviour model reads a call.
      e = s + m[0].length + callText(block, s + m[0].length - 1).length + 1;
    } else {
      for (;;) {
        const le = block.indexOf('\n', e);
        if (le === -1) { e = block.length; break; }
        e = le;
        if (!/\\[ \t]*$/.test(block.slice(block.lastIndexOf('\n', le - 1) + 1, le))) break;
        e = le + 1;
      }
    }
    out.push([s, e]);
  }
  return out;
}

/**
 * Whether the environment taken at `at` reaches one of the sinks: on the sink's own line or inside its argument list
 * (`env | curl -d @- …`, `requests.post(u, json=dict(os.environ))`), through the variable it is assigned to, through
 * one value built from that variable (`payload = json.dumps(env)`, `body = {"e": env}`), or through the file a shell
 * dump is written to (`env > /tmp/e` … `curl -F f=@/tmp/e`). A copy used elsewhere in a file that also has a request
 * somewhere is no chain: a child process's environment, a log line and a request are unrelated uses.
 */
function dumpReaches(block: string, at: number, extents: [number, number][]): boolean {
  const ls = block.lastIndexOf('\n', at - 1) + 1;
  const le0 = block.indexOf('\n', at);
  const le = le0 === -1 ? block.length : le0;
  if (extents.some(([s, e]) => (at >= s && at < e) || (s >= at && s < le))) return true;
  const inSink = (word: string) => {
    const re = new RegExp(`(?<![\\w.$-])${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w-])`);
    return extents.some(([s, e]) => s > ls && re.test(block.slice(s, e)));
  };
  const redirect = /^(?:env|printenv)\s*>>?\s*(["']?)([^\s"';&|]+)\1/.exec(block.slice(at).replace(/^[;&|\s]*/, ''));
  if (redirect) return inSink(redirect[2]!);
  // The variable on the line (`creds = {…}`, `const env = {...process.env}`), or the one a loop stores into (`out[k] = v`).
  const name = /^[ \t]*(?:(?:const|let|var)[ \t]+)?((?:self\.|this\.)?[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[^=]/.exec(block.slice(ls, at + 1))?.[1]
    ?? (/^[ \t]*for\b/.test(block.slice(ls, le)) ? /^[ \t]+([A-Za-z_]\w*)\[\s*[A-Za-z_]\w*\s*\]\s*=/m.exec(block.slice(le, le + 600))?.[1] : undefined);
  if (!name) return false;
  const tracked = [name];
  // Returned from the function it is built in: the function's result is the value (`json=grab()`).
  if (new RegExp(`^[ \\t]*return[ \\t]+${name.replace('.', '\\.')}[ \\t]*$`, 'm').test(block.slice(le))) {
    const def = [...block.slice(0, at).matchAll(/^[ \t]*(?:async[ \t]+)?(?:def|function)[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm)].pop()?.[1];
    if (def) tracked.push(def);
  }
  for (const t of tracked) {
    if (inSink(t)) return true;
    const uses = new RegExp(`^[ \\t]*(?:(?:const|let|var)[ \\t]+)?((?:self\\.|this\\.)?[A-Za-z_]\\w*)[ \\t]*(?::[^=\\n]*)?=[^=\\n]*(?<![\\w.])${t.replace('.', '\\.')}\\b`, 'gm');
    for (const m of block.slice(le).matchAll(uses)) if (m[1] !== t && inSink(m[1]!)) return true;
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

const STEALS = "that sends the user's keys and tokens to whoever runs the host. Remove it";

/** Whether the dict literal holding the credential pairs is assigned to a variable that reaches a sink (directly, or
 *  through one serialization `p = json.dumps(v)`), read in the block: the payload itself is sent. */
function harvestSent(block: string): boolean {
  HARVEST_PAIR.lastIndex = 0;
  const first = HARVEST_PAIR.exec(block);
  if (!first) return false;
  const ls = block.lastIndexOf('{', first.index);
  const head = block.slice(block.lastIndexOf('\n', ls - 1) + 1, ls);
  const name = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*(?:dict\()?[ \t]*$/.exec(head)?.[1];
  const after = block.slice(first.index);
  const sinkLine = (v: string) => after.split('\n').some((l) => SINK.test(l) && new RegExp(`\\b${v}\\b`).test(l.slice(l.search(SINK))));
  if (!name) {
    // The literal written inside the sending call: `requests.post(u, json={"A_KEY": os.environ[…], …})`.
    const line = block.slice(block.lastIndexOf('\n', ls - 1) + 1, block.indexOf('\n', ls) === -1 ? block.length : block.indexOf('\n', ls));
    return SINK.test(line);
  }
  if (sinkLine(name)) return true;
  const ser = new RegExp(`^[ \\t]*([A-Za-z_]\\w*)[ \\t]*=[^\\n]*\\b(?:json\\.dumps|JSON\\.stringify|pickle\\.dumps|yaml\\.dump|b64encode)\\([^\\n]*\\b${name}\\b`, 'm').exec(after)?.[1];
  return ser !== undefined && sinkLine(ser);
}

/**
 * Whether the environment filter starting `cond` (its first line) names one service: every string it tests names have
 * a word that is not a generic credential word (GENERIC_NAME_WORDS), and the first such word is the same in all
 * (`k.startswith("SERPAPI_API_KEY")`, `"OPENAI" in k`). Generic words only (`"KEY" in k`, `k.endswith("_TOKEN")`) or
 * two services (`("AWS_", "GITHUB_")`) pick credentials across services: a harvest.
 */
export function oneServiceFilter(cond: string): boolean {
  const line = cond.split('\n', 1)[0]!;
  const literals = [...line.matchAll(/["']([^"'\n]{1,80})["']/g)].map((m) => m[1]!);
  if (literals.length === 0) return false;
  const services = new Set<string>();
  for (const lit of literals) {
    const word = lit.toUpperCase().split(/[^A-Z0-9]+/).find((w) => w !== '' && !/^[0-9]+$/.test(w) && !GENERIC_NAME_WORDS.has(w));
    if (word === undefined) return false;
    services.add(word);
  }
  return services.size === 1;
}

/** Exfiltration flows in `text[start, end)` (one code block). */
export function codeFlows(text: string, start = 0, end = text.length, hostNamed?: (host: string) => boolean): FlowFinding[] {
  const block = text.slice(start, end);
  const sinkM = SINK.exec(block);
  // Credential-named variables picked out of the environment: a harvest even when the send is in another file.
  const filtered = /os\.environ|process\.env/.test(block) ? credentialFilter(block) : -1;
  if (filtered >= 0) {
    const ln = lineAt(text, start + filtered, start, end);
    if (sinkM && dumpReaches(block, filtered, sinkExtents(block))) return [{ kind: 'environment-sent', severity: 'error', why: STEALS, ...ln, detail: `picks every credential-named variable out of the environment and sends them out (${sinkM[0].replace(/\($/, '')})` }];
    // A bulk dump of the environment's credentials: no request needs every key, and the send is often in another file.
    // A filter naming one service (`k.startswith("SERPAPI_API_KEY")`: the numbered keys of one API, rotated) reads
    // that service's keys, as reading one variable does: no harvest by itself.
    if (!oneServiceFilter(block.slice(filtered, filtered + 300)))
      return [{ kind: 'credential-harvest', severity: 'warning', why: 'no request needs every key of the environment; gathering them all is the first half of stealing them, and the send may be in another file. Remove it', ...ln, detail: 'picks every credential-named variable out of the environment into one collection' }];
  }
  // Every flow ends in a sink or a serialization: most blocks have neither.
  if (!sinkM && !SERIALIZE.test(block)) return [];
  const out: FlowFinding[] = [];
  let dump: RegExpExecArray | null = null;
  if (sinkM) {
    const extents = sinkExtents(block);
    for (const m of block.matchAll(ENV_DUMP_ALL)) if (sentAsData(block, m.index) && dumpReaches(block, m.index, extents)) { dump = m; break; }
  }
  if (dump && sinkM) {
    out.push({ kind: 'environment-sent', severity: 'error', why: STEALS, ...lineAt(text, start + dump.index, start, end), detail: `copies the whole environment and sends it out (${sinkM[0].replace(/\($/, '')})` });
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
  // Where the block sends to, when that is a place that receives data from anyone (src/analysis/destinations.ts).
  const odd = sinkM && names.size > 0 ? unusualDestinationIn(block) : null;
  const named = (name: string) => odd
    ? { severity: 'warning' as const, why: `${odd.host} is ${odd.why}, not a service ${name} authenticates to: whoever reads what arrives there receives the credential. Remove it` }
    : { severity: 'info' as const, why: `a single named credential in a request is how that key is used (HTTP Basic and signed requests encode it too); check that the host is the service ${name} belongs to` };
  if (out.length === 0 && sinkM && names.size > 0) {
    // A secret encoded before it leaves. Encoding alone is no evidence (HTTP Basic is base64 of id:secret, RFC 7617;
    // a passphrase or HMAC key encodes only its output): the destination decides.
    for (const [name, at] of names) {
      const ln = lineAt(text, at, start, end);
      const line = text.slice(ln.start, ln.end);
      const encodedHere = ENCODE.test(line);
      // The variable the secret was assigned to ("t = os.environ[…]"), later encoded.
      const assigned = /^[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[^=]/.exec(line)?.[1];
      const encodedLater = new RegExp(`\\b(?:b64encode|hexlify|btoa|b32encode)\\([^)\\n]*\\b(?:${name}${assigned ? `|${assigned}` : ''}|secret|token|key|payload)\\b`, 'i').test(block);
      if (encodedHere || encodedLater) {
        out.push({ kind: 'encoded-secret-sent', ...named(name), ...ln, detail: `encodes the secret ${name} and sends it out (${sinkM[0].replace(/\($/, '')})` });
        break;
      }
    }
  }
  // A secret sent to a destination that is decoded at run time: the reader never sees where it goes.
  const hidden = DECODED_LITERAL.exec(block);
  if (out.length === 0 && sinkM && names.size > 0 && hidden) {
    const name = [...names.keys()][0]!;
    const decoded = decodeLiteral(hidden[1]!, /hex/i.test(hidden[0]) ? 'hex' : 'base64');
    // Only a decoded address is a hidden destination; a decoded certificate or config is data.
    const address = decoded !== null && /^\s*(?:https?:\/\/|[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::[0-9]+)?(?:\/|\s*$))/i.test(decoded);
    out.push({
      kind: 'hidden-destination',
      ...(address
        ? { severity: 'warning' as const, why: `the address is decoded at run time, out of a reader's sight; a credential's own service has no reason to hide. Write the URL in clear, or remove it` }
        : { severity: 'info' as const, why: 'the decoded value is not an address; check what it is' }),
      ...lineAt(text, start + hidden.index, start, end),
      detail: `decodes a hidden value and sends the secret ${name} out (${sinkM[0].replace(/\($/, '')})`,
    });
  }
  // Several credentials read into one structure: three or more, or two written as "NAME": os.environ["NAME"]. Only
  // the structure itself sent is a payload; reads passed each to its own client are configuration.
  HARVEST_PAIR.lastIndex = 0;
  const pairs = block.match(HARVEST_PAIR)?.length ?? 0;
  if (out.length === 0 && (codeNames.size >= 3 || pairs >= 2) && (sinkM || SERIALIZE.test(block))) {
    const first = [...codeNames].map((n) => names.get(n)!).sort((a, b) => a - b)[0]!;
    const sent = pairs >= 2 && sinkM !== null && harvestSent(block);
    out.push({
      kind: 'credential-harvest',
      ...(sent
        ? { severity: 'warning' as const, why: 'a request authenticates with one key; several in one payload sent out is the user\'s keys handed over. Remove it, or send each key only to its own service' }
        : { severity: 'info' as const, why: 'nothing shows them sent together; each may go to its own client. Check that each key reaches only its own service' }),
      ...lineAt(text, first, start, end),
      detail: `collects ${codeNames.size} different credentials (${[...codeNames].slice(0, 4).join(', ')}${codeNames.size > 4 ? ', …' : ''})${sent ? ' into one payload that is sent' : ''}`,
    });
  }
  if (out.length === 0 && sinkM) {
    const sent = secretSent(block);
    if (sent) {
      const o = unusualDestinationIn(sent.url);
      const host = hostOf(sent.url);
      const hidden = host !== null && hostNamed !== undefined && !hostNamed(host);
      out.push({
        kind: 'secret-sent',
        ...(o
          ? { severity: 'warning' as const, why: `${o.host} is ${o.why}, not a service ${sent.name} authenticates to: whoever reads what arrives there receives the credential. Remove it` }
          : hidden
          ? { severity: 'warning' as const, why: `${host} is not named anywhere in the skill's text: the key goes to a host the user was never told about. Name the service and its address in SKILL.md, or remove the request` }
          : { severity: 'info' as const, why: `a key in a request normally authenticates to its own service; check that the host is the one ${sent.name} belongs to` }),
        ...lineAt(text, start + sent.at, start, end),
        detail: sent.detail,
      });
    }
  }
  return out;
}
