// The program-code part of the behaviour model (Python, JavaScript/TypeScript, Ruby, Perl, PHP, PowerShell): a
// recognizer of calls at the token level, not a parser. Statements are read line by line (a call's arguments up to
// their closing parenthesis); assignments carry a taint to the variable's later uses; strings handed to a shell
// (os.system, subprocess with a shell, child_process.exec, spawn("sh", ["-c", …])) go to the shell model with the
// skill's shared state. What it recognizes:
// - download → execute: exec/eval/Function/vm/instance_eval/Invoke-Expression of fetched content, or of a
//   variable that holds it; a download written to a file that a shell string then runs;
// - secret → network: a credential file's content, the environment as data, or a secret variable sent in a
//   request body, a socket or a DNS name to a host (a credential sent to the service its name names is not);
// - reverse shells: an INET socket connected to a non-local host and wired to a shell (dup2, pty.spawn, a child
//   process with the socket as its standard streams; Node net + child_process piping).

import { hostOf, isLocalHost, isPlaceholderHost, METADATA_SERVICE, metadataCredential, persistencePath, secretPath } from './paths.js';
import { DOTENV_FILE, oneSetting, ownService, SECRET_NAME, sentEvidence, shownChain, shownStore, stage, type State } from './shellflow.js';
import type { Chain, Lang, Snippet, Step, Taint, Where } from './types.js';
import { INVISIBLE_SOURCE } from '../../core/unicode.js';
import { mcpServerCode } from '../tooldesc.js';

const step = (at: Where, what: string): Step => ({ at, what });

/** Expressions that fetch content over the network. */
const DOWNLOAD = /\b(?:urllib\.request\.urlopen|urlopen|requests\.(?:get|request)|httpx\.get|session\.get|fetch|axios(?:\.get)?|https?\.get|got(?:\.get)?|URI\.open|URI\.parse\([^)]*\)\.read|Net::HTTP\.get|open-uri|LWP::Simple::get|getstore|get|file_get_contents|curl_exec|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|DownloadString|DownloadData|DownloadFile|urlretrieve)\s*\(?\s*(?:-[A-Za-z]+\s+)?(?:["'`]|\$?[A-Za-z_][\w.]*)/;
const URL_LIT = /["'`](https?:\/\/[^"'`\s]+)["'`]/;
/** A URL written bare, as PowerShell's and Perl's command-style calls take it (`irm https://h/x`). */
const URL_BARE = /(?:^|[\s(=,])(https?:\/\/[^\s"'`)]+)/;
/** Code execution of a value. */
const EXEC_CALL = /(?<![\w.])(?:exec|eval|compile|execfile|Function|runInThisContext|runInNewContext|runInContext|instance_eval|class_eval|module_eval|Invoke-Expression|iex|create_function|assert)\s*\(|\bnew\s+Function\s*\(|(?<![\w.$])eval\s+(?=[\w$(])|\bvm\.(?:runInThisContext|runInNewContext|runInContext|compileFunction)\s*\(|\bnew\s+vm\.Script\s*\(|\b(?:builtins|__builtins__)\.(?:exec|eval)\s*\(|\b(?:pickle|cPickle|_pickle|dill|cloudpickle|jsonpickle)\.(?:loads?|decode)\s*\(|(?<![\w.$])import\s*\((?!\s*["'][^"'`]*["']\s*\))|\[[Ss]cript[Bb]lock\]::[Cc]reate\s*\(|(?<![\w.$-])(?:[Ii]nvoke-[Ee]xpression|[Ii][Ee][Xx])\s+(?=[$(])/g;
/** Calls that hand a string to a shell. */
const SHELL_CALL = /\b(?:os\.system|os\.popen|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\.getoutput|child_process\.exec(?:Sync)?|execSync|exec|execa(?:Command)?|shell_exec|system|passthru|popen|proc_open|spawn(?:Sync)?|Start-Process|Open3\.(?:capture2e?|popen3))\s*\(\s*/g;
/** Whether a call that runs a command (`head` its name, `args` its argument text) hands the command's output to the
 *  program rather than to the terminal: Python's `check_output`, `getoutput`, `os.popen`, `run`/`Popen` with
 *  `capture_output=True` or `stdout=PIPE`; Node's `execSync`, `exec`, `spawnSync`, `execa` unless `stdio` is
 *  `'inherit'`; PHP's `shell_exec`; Ruby's `Open3.capture2`. */
export function capturesOutput(head: string, args: string): boolean {
  const fn = head.replace(/^(?:child_process|subprocess|os|commands|Open3)\./, '');
  if (/^(?:check_output|getoutput|getstatusoutput|popen|shell_exec|capture2e?|popen3)$/.test(fn)) return true;
  if (/^(?:run|Popen)$/.test(fn)) return /\bcapture_output\s*=\s*True\b|\bstdout\s*=\s*(?:subprocess\.)?PIPE\b/.test(args);
  if (/^(?:execSync|exec|spawnSync|execa|execaCommand)$/.test(fn)) return !/\bstdio\s*:\s*(?:["']inherit["']|\[\s*["'](?:inherit|pipe)["']\s*,\s*["']inherit["'])/.test(args);
  return false;
}
/**
 * For a JavaScript call of exec/spawn at `a`: whether it is a function that starts a process, either called bare
 * (imported by name) or as a method of a module that runs commands (`child_process.exec`, `cp.exec` where `cp` is
 * bound to `require('child_process')` or imported from it; ShellJS's `shell.exec`). A method of any other object
 * (`re.exec(html)`: RegExp.prototype.exec, `db.exec(sql)`) is not. Answers are kept per text and receiver name.
 */
function childProcessReceiver(text: string, a: number): boolean {
  const before = text.slice(Math.max(0, a - 80), a);
  const recv = /([A-Za-z_$][\w$]*)\s*\.\s*$/.exec(before)?.[1];
  // A bare call, or a method of a computed object (`require('child_process').exec`): kept.
  if (recv === undefined || recv === 'child_process') return true;
  if (receiverText !== text) [receiverText, receiverCache] = [text, new Map()];
  let known = receiverCache.get(recv);
  if (known === undefined) {
    const name = recv.replace(/\$/g, '\\$');
    const mod = `["'](?:node:)?(?:child_process|shelljs)["']`;
    known = new RegExp(`\\b(?:const|let|var)\\s+${name}\\s*=\\s*(?:await\\s+)?(?:require|import)\\(\\s*${mod}|\\bimport\\s+(?:\\*\\s+as\\s+)?${name}\\s+from\\s+${mod}`).test(text);
    receiverCache.set(recv, known);
  }
  return known;
}
let receiverText = '';
let receiverCache = new Map<string, boolean>();

/** Calls that send a body to a host. */
const SEND_CALL = /\b(?:requests|httpx|session|client|s|http|aiohttp)\.(?:post|put|patch|request|get)\s*\(|\burllib\.request\.Request\s*\(|\bRequest\s*\(|\burlopen\s*\(|\bfetch\s*\(|\baxios\.(?:post|put|patch|get)\s*\(|\baxios\s*\(|\bNet::HTTP\.(?:post(?:_form)?|get)\s*\(|\bInvoke-(?:WebRequest|RestMethod)\b|\bhttps?\.(?:request|get)\s*\(|\brequire\(\s*["'](?:node:)?https?["']\s*\)\.(?:request|get)\s*\(/g;

/** Steganography libraries' embed calls (stegano, stepic, steganography, LSBSteg, cryptosteganography, PIL's PNG
 *  text chunks): what they are given ends up inside an image. */
const STEGO_CALL = /\b(?:lsb|exifHeader|red_blue|stepic|steganography|Steganography|steg|LSBSteg\([^)]*\))\.(?:hide|encode|encode_text|encode_image|embed)\s*\(|\bPngInfo\(\)|\.add_text\s*\(|\bpiexif\.(?:dump|insert)\s*\(/;
/** Data mapped bit by bit to invisible characters (zero-width space, joiners, word joiner, BOM): text that carries
 *  it unseen. */
const ZW_CHAR = String.raw`(?:\\u(?:200[bcdBCD]|2060|[fF][eE][fF][fF]|180[eE])|${INVISIBLE_SOURCE})`;
const ZW_LOOP = String.raw`(?:\bfor\b|\bmap\(|\.map\(|\bjoin\(|\breplace\()`;
const ZERO_WIDTH_ENCODE = new RegExp(`${ZW_CHAR}[^\\n]{0,80}${ZW_LOOP}|${ZW_LOOP}[^\\n]{0,80}${ZW_CHAR}`, 'u');
/** Data mapped bit by bit to blanks and tabs (whitespace steganography, as SNOW does): `" " if b == "0" else "\t"`. */
const WHITESPACE_ENCODE = /["'] ["']\s*(?:if\b[^\n]{0,60}\belse|\?[^\n:]{0,60}:)\s*["']\\t["']|["']\\t["']\s*(?:if\b[^\n]{0,60}\belse|\?[^\n:]{0,60}:)\s*["'] ["']/;
/** Least-significant-bit embedding: a pixel's low bit cleared and set from the data (`p & ~1 | bit`, `& 0xFE`). */
const LSB_EMBED = /&\s*(?:~\s*1|0[xX][fF][eE]|254|0b1111111?0)\b[^\n]{0,40}\||\|\s*\(?[^\n]{0,40}&\s*1\b/;

/** Calls that read a file's content. */
const READ_CALL = /\.read(?:_text|_bytes|lines)?\s*\(|\breadFile(?:Sync)?\s*\(|\b(?:File|IO)\.read\s*\(|\bfile_get_contents\s*\(|\bGet-Content\b|\bslurp\b|\b(?:json|yaml|toml|tomllib|tomli|pickle)\.(?:safe_)?load\s*\(/;
/** A statement that fills a variable it does not assign: a parser reading a file into itself (`config.read(path)`,
 *  configparser's `read_file`), a collection given an item (`out.append(x)`, `found[k] = x`, `keys += [x]`). */
const FILLS = /^[ \t]*([A-Za-z_]\w*)(?:\.(?:read|read_file|read_string|append|extend|add|update|insert|push|set)\s*\(|\[[^\]\n]*\][ \t]*=(?!=)|[ \t]*\+=)[ \t]*(.*)$/gm;
/** A loop over the files a pattern or a folder listing yields (`for p in glob.glob(x)`, `for f in Path(x).iterdir()`,
 *  `for (const f of fs.readdirSync(x))`): the loop's name is each of those files. */
const FILE_LOOP = /\bfor\s*\(?\s*(?:const|let|var)?\s*([A-Za-z_]\w*)\s+(?:in|of)\s+([^\n]*\b(?:glob|iglob|iterdir|listdir|scandir|readdirSync|readdir|walk|rglob)\b[^\n]*)$/gm;
/** The whole environment as a value: Python's `os.environ` (copied, as a dict, walked), JavaScript's `process.env`
 *  (spread, copied, walked). */
const ENV_WHOLE = /\bdict\(\s*os\.environ\s*\)|\bos\.environ\.(?:copy\(\s*\)|items\(\s*\))|\bos\.environ\b(?!\s*[.[])|\{\s*\.\.\.process\.env\s*\}|\bObject\.(?:entries|assign)\(\s*(?:\{\}\s*,\s*)?process\.env\s*\)|\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))/;
const ENV_WHOLE_ALL = new RegExp(ENV_WHOLE.source, 'g');
/** A call that sends a request and yields its answer (not a request object being built). */
const RESPONSE_OF = /\b(?:urlopen|requests\.(?:get|post|put|patch|delete|head|request)|httpx\.(?:get|post|put|patch|delete|request)|(?:session|client|http)\.(?:get|post|put|patch|delete|request|send)|fetch|axios(?:\.(?:get|post|put|patch|delete|request))?)\s*\(/;
/** A read of one environment variable, in any of the languages' forms. */
const ENV_READ = /\bos\.(?:environ(?:\.get)?\s*[[(]|getenv\s*\()|\bprocess\.env(?:\.\w|\[)|\$env:\w|\bENV\[|\bgetenv\s*\(/;
/** An assignment's right side that is only such a read, with a fallback (`os.environ.get("K", "")`, `process.env.K ??
 *  ""`, `os.getenv("K") or os.getenv("L")`). */
const ENV_READ_ONLY = /^(?:(?:os\.(?:environ\.get\(|environ\[|getenv\()[^()\n]*[)\]]|process\.env(?:\.\w+|\[[^\]\n]*\]))(?:\s*(?:or|\|\||\?\?)\s*)?)+[^()\n]*;?$/;
/** A secret's value turned into something else before it is returned: whether it is set, its length, a masked form. */
const NOT_THE_VALUE = /\bbool\(|\blen\(|\bis\s+(?:not\s+)?None\b|[!=]=\s*None\b|!!\s*(?:os|process)|\?\s*["'`]|\bmask|redact|\*{3}|\[\s*:\s*-?\d+\s*\]|\[\s*-\d+\s*:\s*\]|\.slice\(|\.substring\(|\bin\s+os\.environ\b|\bhas(?:Own)?(?:Property)?\(/;
/** Calls that print to standard output. */
const PRINT_CALL = /(?<![\w.])(?:print|console\.(?:log|info|warn|error)|process\.stdout\.write|sys\.stdout\.write|puts|Write-(?:Output|Host))\s*\(/g;

/** An expression for the home folder: pathlib, expanduser, os.homedir, or the HOME/USERPROFILE variable read in any
 *  language's way. */
const HOME_EXPR = /\bPath\.home\(\)|expanduser|\bhomedir\(\)|process\.env(?:\.|\[\s*["'])(?:HOME|USERPROFILE)\b|os\.environ(?:\.get\(|\[)\s*["'](?:HOME|USERPROFILE)\b|\bgetenv\(\s*["'](?:HOME|USERPROFILE)\b|\bDir\.home\b|\bENV\[\s*["']HOME\b|\$env:(?:USERPROFILE|HOME)\b/;
/** The home folder interpolated into a string: `${process.env.HOME}`, `${os.homedir()}`, `{Path.home()}`. */
const HOME_INTERP = /^(?:\$\{|\{)[^}]*(?:HOME|USERPROFILE|homedir\(\)|home\(\))[^}]*\}/;

/**
 * A dotenv file's settings read into a mapping, then one taken by its name (`env.get("MEMOHUB_APP_SECRET")`,
 * `cfg["OPENAI_API_KEY"]`): what comes out is that key alone, as the shell model's `grep '^NAME=' .env` (oneSetting),
 * so the own-service test of its name applies. Every use of the mapping in `expr` must take that one name; the
 * mapping itself (`json.dumps(env)`) is the file. Null otherwise.
 */
function pickedSetting(name: string, t: Taint, expr: string, here: Where): Taint | null {
  if (t.kind !== 'secret' || t.envName || t.owner || t.setting || !DOTENV_FILE.test(t.what)) return null;
  const id = name.replace(/\$/g, '\\$');
  const uses = expr.match(new RegExp(`(?<![\\w.$])${id}\\b`, 'g'))?.length ?? 0;
  const picks = [...expr.matchAll(new RegExp(`(?<![\\w.$])${id}(?:\\.get\\(|\\[)[ \\t]*["']([A-Za-z_][A-Za-z0-9_]*)["']`, 'g'))].map((m) => m[1]!);
  if (picks.length === 0 || picks.length !== uses || new Set(picks).size !== 1) return null;
  return { ...t, steps: [...t.steps, step(here, `keeps the setting ${picks[0]}`)], setting: picks[0]! };
}

/** Walk `s[from, end)` outside string literals, tracking bracket depth (after the character at `i` is counted);
 *  returns the first index where `stop` says so, or `end`. */
function scanTop(s: string, from: number, end: number, stop: (c: string, depth: number) => boolean): number {
  let depth = 0;
  let q = '';
  for (let i = from; i < end; i++) {
    const c = s[i]!;
    if (q) {
      if (c === '\\') i++;
      else if (c === q) q = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') q = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    if (stop(c, depth)) return i;
  }
  return end;
}

/** The text of a call's arguments from its "(" at `open` to the matching ")" (strings skipped; bounded). */
export function callText(s: string, open: number, limit = 4000): string {
  const end = Math.min(s.length, open + limit);
  return s.slice(open + 1, scanTop(s, open, end, (c, depth) => depth === 0 && (c === ')' || c === ']' || c === '}')));
}

/** The first top-level argument of an argument list (strings and brackets skipped). */
function firstArg(args: string): string {
  return args.slice(0, scanTop(args, 0, args.length, (c, depth) => c === ',' && depth === 0));
}

function stringsIn(s: string): { value: string; at: number }[] {
  const out: { value: string; at: number }[] = [];
  const re = /(?:[rbfu]{0,2})("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const q = m[1]!;
    const inner = q.startsWith('"""') || q.startsWith("'''") ? q.slice(3, -3) : q.slice(1, -1);
    out.push({ value: inner.replace(/\\(["'\\`])/g, '$1').replace(/\\n/g, '\n'), at: m.index + m[0].length - q.length });
  }
  return out;
}

/** The same text with what hides a call's name folded, offsets kept (the folded form padded with blanks):
 *  literal concatenations (`'sys' + 'tem'` → `'system'`), `__import__('os')` and `importlib.import_module('os')`
 *  → `os`, `getattr(os, 'system')` → `os.system`. */
export function foldNames(text: string, lang: Lang): string {
  if (lang === 'shell' || text.length > 512 * 1024) return text;
  let t = text;
  const pad = (from: string, to: string, lead = false) => (lead ? ' '.repeat(Math.max(0, from.length - to.length)) + to : to + ' '.repeat(Math.max(0, from.length - to.length)));
  const CONCAT = lang === 'php' || lang === 'perl' ? /(["'])([^"'\\\n]*)\1\s*[.+]\s*(["'])([^"'\\\n]*)\3/g : /(["'])([^"'\\\n]*)\1\s*\+\s*(["'])([^"'\\\n]*)\3/g;
  for (let g = 0; g < 8 && CONCAT.test(t); g++) {
    CONCAT.lastIndex = 0;
    t = t.replace(CONCAT, (x, q: string, a: string, _q2: string, b: string) => pad(x, `${q}${a}${b}${q}`));
  }
  t = t.replace(/\b(?:__import__|importlib\.import_module)\(\s*(["'])([\w.]+)\1\s*\)/g, (x, _q: string, m: string) => pad(x, m, true));
  t = t.replace(/\bgetattr\(\s*([\w.]+)\s*,\s*(["'])(\w+)\2\s*\)/g, (x, o: string, _q: string, f: string) => pad(x, `${o}.${f}`, true));
  return t;
}

/** Names bound to a shell call, to code execution, or to a module that fetches: `run = os.system`,
 *  `import requests as r`, `const { execSync: run } = require('child_process')`, `b = builtins` (after foldNames). */
function aliasesOf(text: string): { shell: string[]; exec: string[]; http: string[]; builtins: string[] } {
  const out = { shell: [] as string[], exec: [] as string[], http: [] as string[], builtins: [] as string[] };
  const SHELL_FN = /^(?:os\.(?:system|popen)|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput)|child_process\.(?:exec|execSync|spawn|spawnSync)|execSync|exec|spawn)$/;
  const EXEC_FN = /^(?:builtins\.|__builtins__\.)?(?:exec|eval)$/;
  const HTTP_MOD = /^(?:requests|httpx|urllib\.request|urllib3|aiohttp)$/;
  const add = (name: string, target: string) => {
    if (SHELL_FN.test(target)) out.shell.push(name);
    else if (EXEC_FN.test(target)) out.exec.push(name);
    else if (HTTP_MOD.test(target)) out.http.push(name);
    else if (/^(?:builtins|__builtins__)$/.test(target)) out.builtins.push(name);
  };
  for (const m of text.matchAll(/^[ \t]*(?:(?:const|let|var)\s+)?([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*)[ \t]*;?[ \t]*$/gm)) add(m[1]!, m[2]!);
  for (const m of text.matchAll(/^[ \t]*import\s+([\w.]+)\s+as\s+(\w+)/gm)) add(m[2]!, m[1]!);
  for (const m of text.matchAll(/^[ \t]*from\s+([\w.]+)\s+import\s+(\w+)\s+as\s+(\w+)/gm)) add(m[3]!, `${m[1]}.${m[2]}`);
  for (const m of text.matchAll(/\{([^}]*)\}\s*=\s*require\(\s*["'](?:node:)?child_process["']\s*\)/g)) for (const p of m[1]!.matchAll(/(\w+)\s*:\s*(\w+)/g)) add(p[2]!, `child_process.${p[1]}`);
  return out;
}

/** The environment walked with its values: Python's `os.environ.items()`, JavaScript's `Object.entries(process.env)`. */
const ENV_WALK = /\bos\.environ\.items\(\s*\)|\bObject\.entries\(\s*process\.env\s*\)/;

/**
 * The bodies of an MCP server's tool handlers, whose returns are the tools' results: Python functions under a
 * `@….tool` decorator (to the end of their indented block), JavaScript callbacks given to `….tool(…)`,
 * `registerTool(…)` or `setRequestHandler(CallToolRequestSchema, …)`. A helper's return goes to its caller.
 */
function toolBodies(text: string, lang: Lang): [number, number][] {
  const out: [number, number][] = [];
  if (lang === 'python') {
    for (const m of text.matchAll(/^([ \t]*)@[\w.]*\btool\b[^\n]*\n(?:\1@[^\n]*\n)*\1(?:async[ \t]+)?def[ \t]/gm)) {
      const indent = m[1]!.length;
      const head = text.indexOf(':\n', m.index + m[0].length);
      if (head === -1) continue;
      let end = head + 2;
      for (let ln = end; ln < text.length; ) {
        const nl = text.indexOf('\n', ln);
        const line = text.slice(ln, nl === -1 ? text.length : nl);
        if (line.trim() !== '' && line.length - line.trimStart().length <= indent) break;
        end = nl === -1 ? text.length : nl + 1;
        ln = end;
      }
      out.push([head + 2, end]);
    }
  } else if (lang === 'javascript') {
    for (const m of text.matchAll(/\.(?:tool|registerTool)\s*\(|\bsetRequestHandler\s*\(\s*CallToolRequestSchema\b/g)) {
      const open = text.indexOf('(', m.index);
      out.push([open, open + callText(text, open, 200000).length]);
    }
  }
  return out;
}

/** A use of the variable `name` in an expression; a keyword argument's name (`text=True`) is not one, nor a string's
 *  prefix (`f"…"`, `r'…'`, `b"…"`: a variable named f is not read by an f-string). */
const IDENT_USE = (name: string) => new RegExp(`(?<![\\w.$])\\$?${name.replace(/\$/g, '\\$')}\\b(?![ \\t]*=(?!=))(?!["'])`);

export function codeRun(sn: Snippet, st: State, depth: number, via: Step[]): void {
  const text = foldNames(sn.text.slice(sn.start, sn.end), sn.lang);
  if (text.length > 512 * 1024) return;
  const alias = aliasesOf(text);
  const names = (xs: string[]) => xs.map((x) => x.replace(/\$/g, '\\$')).join('|');
  const off = sn.start;
  const at = (a: number, b: number) => sn.place(off + a, off + b);
  const emit = (c: Chain) => {
    const steps = [...via, ...c.steps];
    if (sn.trigger) steps.unshift(step(steps[0]!.at, sn.trigger));
    st.out.push(sn.negated ? { ...c, steps, severity: 'info', confidence: 'low', lowered: { severity: c.severity, confidence: c.confidence } } : { ...c, steps });
  };
  const lineEnd = (i: number) => {
    const e = text.indexOf('\n', i);
    return e === -1 ? text.length : e;
  };
  const lineStart = (i: number) => text.lastIndexOf('\n', i - 1) + 1;
  const vars = new Map<string, Taint>();
  /** Variables holding a file's content (read with .read(), read_text(), readFileSync…), not only its name. */
  const contentVars = new Set<string>();
  /** Variables assigned a key of the environment as it is (`TOKEN = os.environ["TOKEN"]`), not something built with
   *  it (a client authenticated by it, whose answers are the service's). */
  const envKeyVars = new Set<string>();
  /** Variables assigned the whole environment as it is (`ENV = os.environ.copy()`), not the result of a call given it
   *  (`subprocess.run(…, env=ENV)` returns the child's output). */
  const envWholeVars = new Set<string>();
  const urls = new Map<string, string>();
  /** Variables holding a path literal (`p = os.path.expanduser('~/.claude/settings.json')`, `$p = "$env:TEMP\\x.exe"`). */
  const paths = new Map<string, string>();
  const httpRe = alias.http.length ? new RegExp(`\\b(?:${names(alias.http)})\\.(?:get|request|urlopen)\\s*\\(\\s*(?:["'\`]|\\$?[A-Za-z_][\\w.]*)`) : null;
  const taintOfExpr = (expr: string, a: number, b: number): Taint | null => {
    // A tainted variable used in it. The answer of a request the variable went into is the service's answer, not
    // the variable (`json.loads(urlopen(req).read())` with a token in req's headers); whether the request gave the
    // secret away is the send's own question.
    const answer = RESPONSE_OF.test(expr);
    for (const [name, t] of vars) if (IDENT_USE(name).test(expr) && !(answer && t.kind === 'secret' && !t.what.endsWith(METADATA_SERVICE))) return pickedSetting(name, t, expr, at(a, b)) ?? t;
    for (const [name, t] of st.vars) if (t.kind !== 'literal' && name.length > 1 && IDENT_USE(name).test(expr) && sn.lang !== 'shell') return t;
    // The environment walked whole (`{k: v for k, v in os.environ.items()}`, no filter).
    const walked = ENV_WALK.exec(expr);
    if (walked && !/\bif\b|\.filter\(/.test(expr)) return { kind: 'env', steps: [step(at(a, b), `takes the whole environment (${walked[0].replace(/\s+/g, ' ').slice(0, 60)})`)], what: 'the environment' };
    const env = /\b(?:dict\(\s*os\.environ\s*\)|os\.environ\.copy\(\)|\{\s*\*\*os\.environ|json\.dumps\(\s*(?:dict\()?os\.environ|JSON\.stringify\(\s*process\.env\s*\)|Object\.(?:entries|keys|assign)\(\s*(?:\{\}\s*,\s*)?process\.env\s*\)|\{\s*\.\.\.process\.env\s*\}|ENV\.to_h|Get-ChildItem\s+env:|\bgci\s+env:)/i.exec(expr);
    if (env) return { kind: 'env', steps: [step(at(a, b), `takes the whole environment (${env[0].replace(/\s+/g, ' ')})`)], what: 'the environment' };
    const sec = new RegExp(`(?:os\\.environ(?:\\.get)?[\\[(]\\s*|os\\.getenv\\(\\s*|process\\.env\\.|process\\.env\\[\\s*|ENV\\[\\s*|\\$env:|getenv\\(\\s*)["']?([A-Z0-9_]+)`).exec(expr);
    if (sec && SECRET_NAME.test(sec[1]!)) return { kind: 'secret', steps: [step(at(a, b), `reads the secret ${sec[1]}`)], what: sec[1]!, envName: sec[1]! };
    // The whole environment as a value (not one variable of it): `{ env: process.env }`, `json=dict(os.environ)`.
    const whole = /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))|\bos\.environ\b(?!\s*(?:\.|\[))/.exec(expr);
    if (whole && !/\b(?:spawn\w*|exec\w*|execa|fork|subprocess\.\w+|Popen|run|call|check_output|Process)\s*\(/.test(expr)) return { kind: 'env', steps: [step(at(a, b), `takes the whole environment (${whole[0]})`)], what: 'the environment' };
    for (const s of stringsIn(expr)) {
      const f = st.files.get(s.value);
      if (f && f.kind !== 'literal') return f;
    }
    for (const s of stringsIn(expr)) {
      const p = secretPath(s.value) ?? (/\.ssh|\.aws|id_rsa|credentials|Cookies|Login Data|\.gnupg|\.kube/.test(s.value) ? secretPath(`~/${s.value.replace(/^~?\/?/, '')}`) : null);
      if (p) return { kind: 'secret', steps: [{ ...step(at(a, b), `reads ${p.browser ? 'the browser data' : 'the credentials'} ${p.what}`), store: p.what }], what: p.what };
    }
    if (HOME_EXPR.test(expr)) {
      // The home folder joined with path parts: each prefix of the parts is tried, a mode argument ("utf8") after
      // the path is not part of it.
      const parts = stringsIn(expr).map((s) => s.value.replace(HOME_INTERP, '').replace(/^[/\\]+/, '')).filter((v) => v.length > 0 && !/^(?:HOME|USERPROFILE|~)$/.test(v) && !/^(?:utf-?8|utf-?16\w*|ascii|latin-?1|binary|base64|hex|[rwabxt+]{1,3})$/i.test(v));
      for (let k = parts.length; k >= 1; k--) {
        const p = secretPath(`~/${parts.slice(0, k).join('/')}`);
        if (p) return { kind: 'secret', steps: [{ ...step(at(a, b), `reads the credentials ${p.what}`), store: p.what }], what: p.what };
      }
    }
    // A request to the cloud metadata service's credentials path: its answer is the instance's keys.
    for (const s of stringsIn(expr)) {
      const imds = metadataCredential(s.value);
      if (imds && /\b(?:get|request|urlopen|fetch|Request|Invoke-(?:WebRequest|RestMethod)|curl|http)\b/i.test(expr)) return { kind: 'secret', steps: [step(at(a, b), `reads ${imds}`)], what: imds };
    }
    const d = (httpRe ? httpRe.exec(expr) : null) ?? DOWNLOAD.exec(expr);
    if (d && (URL_LIT.test(expr) || URL_BARE.test(expr) || /\b(?:url|uri|endpoint|link|src|source|payload)\w*\b/i.test(expr.slice(d.index)) || [...urls.keys()].some((u) => IDENT_USE(u).test(expr)))) {
      if (d[0].startsWith('get') && !/LWP|Simple/.test(expr) && sn.lang !== 'perl') return null;
      const u = URL_LIT.exec(expr)?.[1] ?? URL_BARE.exec(expr)?.[1] ?? [...urls].find(([n]) => IDENT_USE(n).test(expr))?.[1] ?? 'a URL';
      if (hostOf(u) && isLocalHost(hostOf(u)!)) return null;
      return { kind: 'download', steps: [step(at(a, b), `fetches ${u}`)], what: u };
    }
    return null;
  };
  // Pass 1: assignments, in order (a later use sees an earlier assignment).
  const ASSIGN = /^[ \t]*(?:(?:const|let|var|my|our|local)\s+)?(\$?[A-Za-z_][\w]*)\s*(?::\s*[\w[\], |]+)?\s*(?<![=!<>])=(?!=)\s*(.*)$/gm;
  const WITH_OPEN = /\bwith\s+(.+?)\s+as\s+([A-Za-z_]\w*)\s*:/g;
  const events: { at: number; run: () => void }[] = [];
  for (let m = ASSIGN.exec(text); m; m = ASSIGN.exec(text)) {
    const name = m[1]!.replace(/^\$/, '');
    const rhsAt = m.index + m[0].length - m[2]!.length;
    const open = m[2]!.indexOf('(');
    const rhs = open >= 0 && /\($/.test(m[2]!.trimEnd()) ? m[2]! + callText(text, rhsAt + open).slice(m[2]!.length - open - 1) : m[2]!;
    const a = m.index;
    const b = lineEnd(m.index);
    events.push({
      at: a,
      run: () => {
        const lit = /^["'`](https?:\/\/[^"'`\s]+)["'`]/.exec(rhs.trim());
        if (lit) urls.set(name, lit[1]!);
        const pl = /^(?:os\.path\.expanduser\(\s*)?(?:r|f)?["'`]([~$%/.\\][^"'`\n]*)["'`]\s*\)?\s*;?$/.exec(rhs.trim());
        if (pl) paths.set(name, pl[1]!.replace(/^\$env:(?:USERPROFILE|HOME)/i, '~'));
        else if (/\bexpanduser\(|Path\.home\(\)|homedir\(\)/.test(rhs)) paths.set(name, `~/${stringsIn(rhs).map((x) => x.value.replace(/^~?\/+/, '')).join('/')}`);
        let t = taintOfExpr(rhs, a, b);
        // One setting cut out of a dotenv file's text by a pattern anchored on its name
        // (`re.search(r'^GITHUB_TOKEN=(.*)$', open(p).read(), re.M).group(1)`, `text.match(/^GH_TOKEN=(.*)$/m)`): the
        // value of that setting, as `grep '^NAME='` gives in a shell (oneSetting reads the pattern the same way).
        if (t && t.kind === 'secret' && !t.setting && !t.envName && !t.owner && DOTENV_FILE.test(t.what)) {
          const pat = /\bre\.(?:search|match|fullmatch|findall)\(\s*[rRbB]{0,2}(["'])((?:(?!\1)[^\\\n]|\\.)*)\1/.exec(rhs) ?? /\.match\(\s*\/((?:[^/\\\n]|\\.)+)\/[gimsuy]*\s*\)/.exec(rhs);
          const name = pat ? oneSetting('grep', [pat[2] ?? pat[1]!]) : null;
          if (name) t = { ...t, steps: [...t.steps, step(at(a, b), `keeps the setting ${name}`)], setting: name };
        }
        // A secret hidden in a carrier as it is assigned: a steganography library's embed call, or its bits mapped to
        // invisible characters.
        if (t && (t.kind === 'secret' || t.kind === 'env') && !t.hiddenIn) {
          const how = STEGO_CALL.test(rhs) ? "hides it in an image (a steganography library)" : ZERO_WIDTH_ENCODE.test(rhs) ? 'encodes it as invisible characters' : WHITESPACE_ENCODE.test(rhs) ? 'encodes it as blanks and tabs' : null;
          if (how) t = { ...t, hiddenIn: how, steps: [...t.steps, step(at(a, b), how)] };
        }
        if (t) vars.set(name, t);
        else vars.delete(name);
        if (t?.envName && ENV_READ_ONLY.test(rhs.trim())) envKeyVars.add(name);
        else envKeyVars.delete(name);
        if (t?.kind === 'env' && ENV_WHOLE.test(rhs) && !/[\w\])]\s*\(/.test(rhs.replace(ENV_WHOLE_ALL, ''))) envWholeVars.add(name);
        else envWholeVars.delete(name);
        if (t && (READ_CALL.test(rhs) || t.what.endsWith(METADATA_SERVICE))) contentVars.add(name);
        else contentVars.delete(name);
      },
    });
  }
  // A carrier saved to a file (`img.save("out.png")`): the file holds what the carrier holds. A secret iterated
  // byte by byte into pixels' low bits (LSB embedding) makes any image saved after it a carrier of that secret.
  const lsb = LSB_EMBED.exec(text);
  for (const m of text.matchAll(/\b([A-Za-z_]\w*)\.save\s*\(\s*(?:r|f)?["'`]([^"'`\n]+)["'`]/g)) {
    const a = m.index;
    events.push({
      at: a,
      run: () => {
        let t = vars.get(m[1]!);
        if (!t && lsb && lsb.index < a) {
          const loop = [...text.slice(0, lsb.index).matchAll(/\bfor\b[^\n]*?\bin\s+(?:enumerate\(\s*)?([A-Za-z_]\w*)/g)].map((l) => vars.get(l[1]!)).find((x) => x && (x.kind === 'secret' || x.kind === 'env'));
          if (loop) t = { ...loop, hiddenIn: "hides it in an image's pixels", steps: [...loop.steps, step(at(lsb.index, lineEnd(lsb.index)), "hides it in the lowest bits of an image's pixels")] };
        }
        if (!t || t.kind === 'literal' || t.kind === 'download') return;
        const file = m[2]!;
        st.files.set(file, { ...t, steps: [...t.steps, step(at(a, lineEnd(a)), `writes it to ${file}`)] });
        stage(st, t, at(a, lineEnd(a)), file, sn.negated === true);
      },
    });
  }
  // Printed where the agent reads it: a credential store's content (read here, or held by a variable that was). A
  // value returned by a tool of an MCP server the skill ships (registered with the SDK's decorator or call) is the
  // tool's result, which the client puts into the model's context as a print would.
  const mcpCode = (sn.lang === 'python' || sn.lang === 'javascript') && mcpServerCode(text, sn.lang);
  /** Where the tools' handlers are: a return there is a tool's result. */
  const tools = mcpCode ? toolBodies(text, sn.lang) : [];
  const shownAt = (a: number, expr: string, how?: string) => {
    events.push({
      at: a,
      run: () => {
        const t = taintOfExpr(expr, a, lineEnd(a));
        if (!t) return;
        // An MCP tool that returns the whole environment hands the model every key and token the server was started
        // with (the client's configuration puts them there).
        const inTool = tools.some(([x, y]) => a >= x && a < y);
        const wholeHere = ENV_WHOLE.test(expr) || [...envWholeVars].some((n) => IDENT_USE(n).test(expr));
        if (how && inTool && wholeHere && t.kind === 'env' && t.what === 'the environment') {
          emit({ ...shownChain(t, at(a, lineEnd(a)), how), impact: "every variable of the environment, the API keys and tokens the client gave the server included, goes into the model's context: it is sent to the model provider, kept in the transcript and logs, and the skill's next words can send it anywhere", fix: 'Return only the settings the tool needs, without their secret values' });
          return;
        }
        // A secret of the environment returned by an MCP tool: the key itself in the model's context.
        // Only the value itself (alone, or in a literal): a call around it uses the key (`return
        // requests.get(u, headers={...: os.environ["K"]}).json()` returns the service's answer).
        const rest = expr.replace(/\bos\.(?:environ\.get|getenv)\s*\([^)]*\)|\bprocess\.env(?:\.\w+|\[[^\]]*\])|\bos\.environ\[[^\]]*\]|\b(?:str|dict|String|JSON\.stringify|json\.dumps)\s*\(/g, '');
        const direct = ENV_READ.test(expr) || [...envKeyVars].some((n) => IDENT_USE(n).test(expr));
        if (how && inTool && direct && t.kind === 'secret' && t.envName && !NOT_THE_VALUE.test(expr) && !/[\w\])]\s*\(/.test(rest)) {
          emit({ ...shownChain(t, at(a, lineEnd(a)), how), fix: 'Return whether the key is set, never its value' });
          return;
        }
        if (!shownStore(t)) return;
        if (!READ_CALL.test(expr) && ![...contentVars].some((n) => IDENT_USE(n).test(expr))) return;
        emit(shownChain(t, at(a, lineEnd(a)), how));
      },
    });
  };
  for (const m of text.matchAll(PRINT_CALL)) shownAt(m.index, callText(text, m.index + m[0].length - 1));
  if (mcpCode) {
    for (const m of text.matchAll(/(?<![\w.])return[ \t]+(?=\S)/g)) shownAt(m.index, text.slice(m.index + m[0].length, lineEnd(m.index)), "returns it as an MCP tool's result, which the agent reads");
  }
  for (const m of text.matchAll(FILLS)) {
    const a = m.index;
    const name = m[1]!;
    const expr = m[2]!.replace(/\)\s*;?\s*$/, '');
    events.push({
      at: a,
      run: () => {
        if (vars.has(name) && contentVars.has(name)) return;
        // Only content fills it (a read, a variable holding content, a parser's read): checked first, as most such
        // statements (`out.append(x)`, `n += 1`) carry none and the taint of an expression costs more.
        const content = READ_CALL.test(expr) || /^[ \t]*\w+\.read(?:_file)?\s*\(/.test(m[0]) || [...contentVars].some((n) => IDENT_USE(n).test(expr));
        if (!content) return;
        const t = taintOfExpr(expr, a, lineEnd(a));
        if (!t || t.kind !== 'secret') return;
        vars.set(name, t);
        contentVars.add(name);
      },
    });
  }
  for (const m of text.matchAll(FILE_LOOP)) {
    const a = m.index;
    events.push({
      at: a,
      run: () => {
        const t = taintOfExpr(m[2]!, a, lineEnd(a));
        if (t && t.kind === 'secret') vars.set(m[1]!, t);
      },
    });
  }
  for (let m = WITH_OPEN.exec(text); m; m = WITH_OPEN.exec(text)) {
    // Each item of `with A as a, B as b:` binds its own name; a name bound to something untainted is rebound (a
    // later `with open(cache, "rb") as f` is not the download an earlier `f` held).
    const clause = `${m[1]!} as ${m[2]!}`;
    const a = m.index;
    for (const item of clause.matchAll(/\s*(.+?)\s+as\s+([A-Za-z_]\w*)\s*(?:,|$)/g)) {
      const expr = item[1]!;
      const name = item[2]!;
      events.push({ at: a, run: () => { const t = taintOfExpr(expr, a, lineEnd(a)); if (t) vars.set(name, t); else vars.delete(name); } });
    }
  }
  // Pass 2: sinks.
  const execRe = alias.exec.length || alias.builtins.length ? new RegExp(`${EXEC_CALL.source}${alias.exec.length ? `|(?<![\\w.$])(?:${names(alias.exec)})\\s*\\(` : ''}${alias.builtins.length ? `|\\b(?:${names(alias.builtins)})\\.(?:exec|eval)\\s*\\(` : ''}`, 'g') : EXEC_CALL;
  execRe.lastIndex = 0;
  for (let m = execRe.exec(text); m; m = execRe.exec(text)) {
    const a = m.index;
    const isCall = m[0].endsWith('(');
    // The code is the first argument; the rest are its globals or options (`vm.runInNewContext(code, { data })`).
    const all = isCall ? callText(text, a + m[0].length - 1) : '';
    // The Function constructor takes the body last (`Function('require', src)`): all its arguments are code.
    const arg = isCall ? (/Function\s*\($/.test(m[0]) ? all : firstArg(all)) : text.slice(a + m[0].length, lineEnd(a));
    const name = m[0].replace(/\s*\($/, '').replace(/^new\s+/, '').trim();
    if (sn.lang === 'python' && name === 'compile' && !/exec|eval/.test(text)) continue;
    if (name === 'exec' && (sn.lang === 'javascript' || sn.lang === 'ruby' || sn.lang === 'php' || sn.lang === 'perl')) continue;
    events.push({
      at: a,
      run: () => {
        const t = taintOfExpr(arg, a, a + m![0].length + arg.length);
        if (t?.kind === 'download') {
          // PowerShell's Invoke-Expression of a fetched installer is the documented install form written in two
          // lines (`$s = irm URL; iex $s`): a warning like `irm URL | iex` above, unless something runs it by itself.
          const psInstall = /^(?:iex|Invoke-Expression)$/i.test(name) && !sn.trigger && !sn.hidden;
          emit({ rule: 'remote-exec', kind: 'download-run', severity: psInstall ? 'warning' : 'error', confidence: 'high', steps: [...t.steps, step(at(a, lineEnd(a)), `runs it as code (${name})`)], impact: 'whatever the server returns runs unreviewed, with the user\'s rights', fix: 'Remove it; ship the code in the skill instead' });
        }
      },
    });
  }
  // A promise chain ending in eval: fetch(u).then(r => r.text()).then(eval).
  for (const m of text.matchAll(/\b(?:fetch|axios\.get|got)\(\s*(["'`][^"'`]+["'`]|[A-Za-z_]\w*)[^;\n]*?\.then\(\s*(?:eval|Function|vm\.runInThisContext)\s*\)/g)) {
    const a = m.index!;
    const u = /^["'`]/.test(m[1]!) ? m[1]!.slice(1, -1) : (urls.get(m[1]!) ?? 'a URL');
    if (hostOf(u) && isLocalHost(hostOf(u)!)) continue;
    events.push({ at: a, run: () => emit({ rule: 'remote-exec', kind: 'download-run', severity: 'error', confidence: 'high', steps: [step(at(a, a + m[0].length), `fetches ${u}`), step(at(a, a + m[0].length), 'runs the response as code (.then(eval))')], impact: 'whatever the server returns runs unreviewed', fix: 'Remove it; ship the code in the skill instead' }) });
  }
  // PowerShell: … | iex, IEX (New-Object Net.WebClient).DownloadString(u).
  if (sn.lang === 'powershell' || /\biex\b|Invoke-Expression/i.test(text)) {
    const PS = /(?:\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|DownloadString)\b[^\n|]*\|\s*(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\b[^\n]*\b(?:DownloadString|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b)/gi;
    for (let m = PS.exec(text); m; m = PS.exec(text)) {
      const a = m.index;
      const u = /https?:\/\/[^\s'")]+/.exec(m[0])?.[0] ?? 'a URL';
      if (hostOf(u) && isLocalHost(hostOf(u)!)) continue;
      // `iwr … | iex` is a documented install form (a visible step in a guide): a warning unless something runs it by itself.
      events.push({ at: a, run: () => emit({ rule: 'remote-exec', kind: 'download-run', severity: sn.trigger || sn.hidden ? 'error' : 'warning', confidence: 'high', steps: [step(at(a, a + m![0].length), `fetches ${u}`), step(at(a, a + m![0].length), 'runs it (Invoke-Expression)')], impact: 'whatever the server returns runs unreviewed', fix: 'Download, verify a pinned hash, read it, then run it' }) });
    }
  }
  // Files written with downloaded content: open(f, "wb").write(r.content), fs.writeFileSync(f, body), urlretrieve(u, f).
  const WRITE = /\b(?:open\(\s*(["'][^"']+["'])\s*,\s*["'][wa]b?\+?["']\s*\)\s*(?:as\s+(\w+)\s*:)?|(?:writeFileSync|appendFileSync)\(\s*(["'][^"']+["'])\s*,|urlretrieve\(\s*([^,]+),\s*(["'][^"']+["'])|File\.write\(\s*(["'][^"']+["'])\s*,)/g;
  for (let m = WRITE.exec(text); m; m = WRITE.exec(text)) {
    const a = m.index;
    const file = (m[1] ?? m[3] ?? m[5] ?? m[6] ?? '').slice(1, -1);
    const rest = m[4] !== undefined ? m[4] : text.slice(a, Math.min(text.length, lineEnd(a) + (m[2] ? 300 : 0)));
    events.push({
      at: a,
      run: () => {
        const t = m![4] !== undefined ? taintOfExpr(`urlopen(${rest})`, a, lineEnd(a)) : taintOfExpr(rest.replace(/^open\([^)]*\)/, '').replace(/^(?:writeFileSync|appendFileSync)\(\s*["'][^"']+["']\s*,/, ''), a, lineEnd(a));
        if (t) st.files.set(file, { ...t, steps: [...t.steps, step(at(a, lineEnd(a)), `writes it to ${file}`)] });
        if (t) stage(st, t, at(a, lineEnd(a)), file, sn.negated === true);
        const pp = persistencePath(file);
        if (pp && (t?.kind === 'download' || /\b(?:curl|wget|nc|bash\s+-i|\/dev\/tcp)\b/.test(rest))) {
          emit({ rule: 'persistence', kind: 'persistence-write', severity: 'error', confidence: 'high', steps: [...(t?.steps ?? []), step(at(a, lineEnd(a)), `writes commands into ${pp}`)], impact: 'it runs again later without the user asking', fix: 'Remove it' });
        } else if (pp && (/agent's|git hook/.test(pp))) {
          const memory = /CLAUDE\.md/.test(pp);
          emit({ rule: 'persistence', kind: 'persistence-write', severity: memory ? 'warning' : 'info', confidence: memory ? 'medium' : 'low', steps: [step(at(a, lineEnd(a)), `writes into ${pp}`)], impact: /agent's/.test(pp) ? 'the agent reads that file in every later session, so what is written there outlives the skill' : 'git runs the hook on every commit or checkout in that repository', fix: 'Remove it, or tell the user what to add and let them do it' });
        }
      },
    });
  }
  // Files copied: shutil.copy(src, dst), fs.copyFileSync(src, dst), FileUtils.cp(src, dst), Copy-Item src dst. A
  // credential store copied out is collected as if it were read and written.
  for (const m of text.matchAll(/\b(?:shutil\.(?:copy|copy2|copyfile|copytree|move)|(?:fs\.)?(?:copyFileSync|cpSync)|fs\.(?:copyFile|cp)|FileUtils\.(?:cp|cp_r|copy)|File::Copy::copy)\s*\(/g)) {
    const a = m.index;
    const args = callText(text, a + m[0].length - 1);
    const src = firstArg(args);
    const dst = stringsIn(args.slice(src.length)).at(0)?.value ?? paths.get(args.slice(src.length).replace(/^\s*,\s*/, '').split(/[,)]/)[0]!.trim()) ?? null;
    if (!dst) continue;
    events.push({
      at: a,
      run: () => {
        const t = taintOfExpr(src, a, lineEnd(a)) ?? (paths.has(src.trim()) ? taintOfExpr(JSON.stringify(paths.get(src.trim())), a, lineEnd(a)) : null);
        if (!t || t.kind !== 'secret') return;
        const held = { ...t, steps: [...t.steps, step(at(a, lineEnd(a)), `copies it (${m[0].replace(/\s*\($/, '')})`)] };
        st.files.set(dst, held);
        stage(st, held, at(a, lineEnd(a)), dst, sn.negated === true);
      },
    });
  }
  // Shell strings: os.system("…"), subprocess.run("…", shell=True), exec("…"), spawn("sh", ["-c", "…"]).
  const shellRe = alias.shell.length ? new RegExp(`${SHELL_CALL.source}|(?<![\\w.$])(?:${names(alias.shell)})\\s*\\(\\s*`, 'g') : SHELL_CALL;
  shellRe.lastIndex = 0;
  for (let m = shellRe.exec(text); m; m = shellRe.exec(text)) {
    const a = m.index;
    const open = a + m[0].lastIndexOf('(');
    const args = callText(text, open);
    const head = m[0].replace(/\s*\(\s*$/, '');
    if (head === 'exec' && sn.lang === 'python') continue;
    if ((head === 'system' || head === 'exec') && sn.lang === 'javascript' && !/child_process|require\(\s*["']child_process/.test(text)) continue;
    // A method of another object (`re.exec(html)`: RegExp.prototype.exec, `db.exec(sql)`) is no child process.
    if (sn.lang === 'javascript' && /^(?:exec|execSync|system|spawn|spawnSync)$/.test(head) && !childProcessReceiver(text, a)) continue;
    events.push({
      at: a,
      run: () => {
        const strs = stringsIn(args);
        const list = /^\s*\[/.test(args);
        let cmd: string | null = null;
        if (list || /^(?:spawn|spawnSync|execa)$/.test(head.replace(/^.*\./, ''))) {
          const words = strs.map((s) => s.value);
          cmd = words.length >= 3 && /^(?:\/bin\/)?(?:ba|z|da)?sh$/.test(words[0]!) && words[1] === '-c' ? words.slice(2).join(' ') : words.map((w) => (/[\s|;&$]/.test(w) ? `'${w.replace(/'/g, "'\\''")}'` : w)).join(' ');
        } else if (strs[0] && args.trimStart().replace(/^[rbfu]{1,2}(?=["'])/, '').match(/^["'`]/)) cmd = strs[0].value;
        else {
          // A variable: its taint (a downloaded script) is run by the shell.
          const t = taintOfExpr(args, a, lineEnd(a));
          if (t?.kind === 'download') emit({ rule: 'remote-exec', kind: 'download-run', severity: 'error', confidence: 'high', steps: [...t.steps, step(at(a, lineEnd(a)), `runs it in a shell (${head})`)], impact: 'whatever the server returns runs unreviewed', fix: 'Remove it' });
        }
        if (cmd) {
          const captured = capturesOutput(head, args);
          // The program's name that takes the output (`k = subprocess.check_output(…)`, `const k = execSync(…)`)
          // holds what the command prints: a secret it reads goes on with that name to wherever the program sends it.
          const target = captured ? /(?:^|[;{])[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]*)[ \t]*(?::[^=\n]*)?=[ \t]*(?:await[ \t]+)?$/.exec(text.slice(lineStart(a), a))?.[1] : undefined;
          const onOutput = target
            ? (t: Taint) => {
                if (t.kind === 'literal' || vars.has(target)) return;
                vars.set(target, { ...t, steps: [...t.steps, step(at(a, lineEnd(a)), `takes its output into ${target}`)] });
                // It holds the content itself (what a print of it shows), as a file read's result does.
                if (t.kind !== 'download') contentVars.add(target);
              }
            : undefined;
          if (target) vars.delete(target);
          const inner: Snippet = { text: cmd, start: 0, end: cmd.length, lang: 'shell', place: () => at(a, a + m![0].length + args.length + 1), negated: sn.negated, ...(captured ? { captured } : {}), ...(onOutput ? { onOutput } : {}) };
          st.code(inner, st, depth + 1, via);
        }
        // A program's variables interpolated into an argument list that sends data (`["curl", "-d", f"t={token}"]`,
        // `["wget", "--post-data", body]`): the shell model sees only the literal words, so the variables' taint is
        // read here.
        if (list && /^(?:curl|wget|http|https|xh)$/.test(strs[0]?.value.replace(/^.*\//, '') ?? '') && strs.some((x) => /^(?:-d|--data(?:-\w+)?|-F|--form|--post-(?:data|file)|-T|--upload-file)$/.test(x.value))) {
          const t = taintOfExpr(args.replace(/(["'`])(?:(?!\1)[^\\\n]|\\.)*\1/g, (q) => (/^f|\{/.test(q) ? q.replace(/[^{}\w]+/g, ' ') : '""')), a, lineEnd(a));
          const u = strs.map((x) => x.value).find((v) => /^https?:\/\//.test(v)) ?? null;
          const host = u ? hostOf(u) : null;
          if (t && (t.kind === 'secret' || t.kind === 'env') && !(host && isLocalHost(host))) {
            const ev = sentEvidence(t, host, u, args, st.hostNamed);
            if (ev) emit({ rule: 'exfiltration', kind: 'secret-sent', ...ev, steps: [...t.steps, step(at(a, lineEnd(a)), `sends it to ${host ?? 'a host'} (${strs[0]!.value} in an argument list)`)] });
          }
        }
      },
    });
  }
  // A value put into an object by a method that fills it (`msg.set_content(x)`, `parts.append(x)`,
  // `bundle.update(x)`) or by a subscript (`found[p] = x`): the object then holds what the value held.
  for (const m of text.matchAll(/^[ \t]*([A-Za-z_]\w*)((?:\.\w+)*?)(?:\.(set_content|set_payload|attach|add_attachment|append|extend|update|push|add)\s*\(|\[[^\]\n]{1,80}\]\s*=(?!=))/gm)) {
    const a = m.index! + m[0].length;
    const name = m[1]!;
    // A module, the process or the object itself is no container of the value (`os.environ["X"] = v`,
    // `sys.path.append(p)`, `self.cache[k] = v`): tainting that name would taint every later use of it.
    if (/^(?:os|sys|process|self|this|cls|window|document|global|globalThis|module|exports|env|environ|ENV|console|Object|Array|JSON|Math)$/.test(name) || /\b(?:environ|env)\b/.test(m[2]!)) continue;
    const expr = m[3] ? callText(text, a - 1) : text.slice(a, lineEnd(a));
    events.push({
      at: m.index!,
      run: () => {
        if (vars.has(name)) return;
        const t = taintOfExpr(expr, m.index!, lineEnd(m.index!));
        if (!t || (t.kind !== 'secret' && t.kind !== 'env')) return;
        // An image's or a document's metadata (`img.info["comment"] = x`, `exif[…] = x`) carries it unseen.
        const meta = /\.(?:info|exif|metadata|tags)\b|\bexif/i.test(m[0]) && !t.hiddenIn;
        const filled = { ...t, steps: [...t.steps, step(at(m.index!, lineEnd(m.index!)), meta ? `hides it in ${name}'s metadata` : `puts it into ${name}`)] };
        vars.set(name, meta ? { ...filled, hiddenIn: `${name}'s metadata` } : filled);
        if (READ_CALL.test(expr) || [...contentVars].some((n) => IDENT_USE(n).test(expr))) contentVars.add(name);
      },
    });
  }
  // Network sends with a body.
  SEND_CALL.lastIndex = 0;
  for (let m = SEND_CALL.exec(text); m; m = SEND_CALL.exec(text)) {
    const a = m.index;
    const paren = text.indexOf('(', a + m[0].length - 1);
    const args = m[0].endsWith('(') ? callText(text, a + m[0].length - 1) : text.slice(a, lineEnd(a));
    void paren;
    events.push({
      at: a,
      run: () => {
        const u = URL_LIT.exec(args)?.[1] ?? [...urls].find(([n]) => new RegExp(`^\\s*${n}\\b`).test(args) || IDENT_USE(n).test(args.split(',')[0] ?? ''))?.[1] ?? null;
        const host = u ? hostOf(u) : null;
        if (host && isLocalHost(host)) return;
        // The call is a statement of its own and nothing reads its result (`requests.post(…)`, `await fetch(…);`).
        const close = a + m![0].length + args.length;
        const discarded = m![0].endsWith('(') && /^[ \t]*(?:await[ \t]+)?$/.test(text.slice(lineStart(a), a)) && /^\)[ \t]*;?[ \t]*(?:$|\n|#|\/\/)/.test(text.slice(close, close + 64));
        // The body: keyword arguments data/json/files/content/body, a fetch init's body, axios's second argument.
        const body: string[] = [];
        for (const k of args.matchAll(/\b(?:data|json|files|content|params|body|Body|InFile)\s*[=:]\s*/g)) {
          const rest = args.slice(k.index! + k[0].length);
          body.push(rest.startsWith('(') || rest.startsWith('{') || rest.startsWith('[') ? `${rest[0]}${callText(rest, 0)}` : rest.split(/[,\n})]/)[0]!);
        }
        for (const k of args.matchAll(/-(?:Body|InFile)\s+(\S+)/gi)) body.push(k[1]!);
        if (/axios\.(?:post|put|patch)/.test(m![0])) {
          const parts = args.split(',');
          if (parts[1]) body.push(parts.slice(1).join(','));
        }
        // Headers and cookies carrying a credential file's content (`headers={"User-Agent": key_file_text}`): not
        // authentication, unless under an authentication name and sent as it is (not encoded).
        for (const k of args.matchAll(/\b(?:headers|cookies)\s*[=:]\s*/g)) {
          const rest = args.slice(k.index! + k[0].length);
          const h = rest.startsWith('{') ? `{${callText(rest, 0)}` : rest.split(/[,\n)]/)[0]!;
          const t = taintOfExpr(h, a, lineEnd(a));
          if (!t || t.kind !== 'secret' || t.envName !== undefined || t.weak || t.asPath || ownService(t, host) === true) continue;
          if (/["'](?:authorization|proxy-authorization|cookie|x-[\w-]*(?:key|token|auth)[\w-]*)["']/i.test(h) && !/b64encode|\.hex\(\)|hexlify|btoa\(|toString\(\s*["'](?:base64|hex)/.test(text.slice(Math.max(0, lineStart(a) - 2000), lineEnd(a)))) continue;
          emit({ rule: 'exfiltration', kind: 'secret-sent', severity: host ? 'error' : 'warning', confidence: 'high', steps: [...t.steps, step(at(a, lineEnd(a)), `puts it in a request header to ${host ?? 'a host'}`)], impact: 'whoever runs that host receives the credentials', fix: 'Remove it' });
          return;
        }
        // The URL itself built from a secret (a query string, a path): `fetch(`https://h/p?k=${process.env.X_TOKEN}`)`.
        const first = args.split(/,(?![^(]*\))/)[0] ?? '';
        if (/^\s*(?:f["']|`)[^\n]*\?[^\n]*(?:\{|\$\{)/.test(first) || /^\s*["'][^"']*\?[^"']*["']\s*\+/.test(first)) body.push(first);
        for (const b of body) {
          const t = taintOfExpr(b, a, lineEnd(a));
          if (t && t.kind === 'secret' && ownService(t, host) === true) st.cleared.push({ rule: 'exfiltration', at: at(a, lineEnd(a)) });
          // A named key in the address's query string is how many APIs authenticate (`appid=`, `api_key=`), to hosts
          // a skill rarely spells out (Last.fm's ws.audioscrobbler.com): that the text never names the host is no
          // evidence there. A credential file's content, or a key with other evidence, still is.
          const inAddress = b === first && t?.envName !== undefined;
          const ev = t ? sentEvidence(t, host, u, body.join('\n'), inAddress ? undefined : st.hostNamed, discarded) : null;
          if (t && ev) {
            const how = b === first ? `puts it into the address it requests from ${host ?? 'a host'}` : `sends it to ${host ?? 'a host'} in a request body`;
            emit({ rule: 'exfiltration', kind: 'secret-sent', ...ev, steps: [...t.steps, step(at(a, lineEnd(a)), how)] });
            return;
          }
        }
      },
    });
  }
  // Mail and FTP carrying credentials: smtplib's sendmail/send_message, ftplib's storbinary/storlines, to the host
  // the client was opened on.
  for (const m of text.matchAll(/\.(?:sendmail|send_message|storbinary|storlines)\s*\(/g)) {
    const a = m.index!;
    const arg = callText(text, a + m[0].length - 1);
    events.push({
      at: a,
      run: () => {
        const host = /\b(?:SMTP(?:_SSL)?|FTP(?:_TLS)?)\(\s*["']([^"']+)["']/.exec(text)?.[1] ?? null;
        if (!host || isLocalHost(host)) return;
        const t = taintOfExpr(arg, a, lineEnd(a));
        if (t && ((t.kind === 'secret' && !t.weak && !t.envName) || t.kind === 'env')) emit({ rule: 'exfiltration', kind: 'secret-sent', severity: 'error', confidence: 'high', steps: [...t.steps, step(at(a, lineEnd(a)), `sends it through ${host} (${/stor/.test(m[0]) ? 'FTP' : 'mail'})`)], impact: 'the credentials leave the machine to whoever reads that mailbox or server', fix: 'Remove it' });
      },
    });
  }
  // Sockets and DNS carrying secrets: s.send(x), sendall(x), gethostbyname(f"{x}.d.example").
  // A name resolved: the socket module's calls, a DNS module's or resolver's (`dns.resolve4`, `dns.promises.lookup`,
  // dnspython's `resolver.resolve`), or a bare resolve/lookup the file imports from a DNS module. A bare
  // `resolve(…)` elsewhere is a path's or a promise's.
  const dnsBare = /\b(?:import\s*\{[^}]*\}\s*from|(?:const|let|var)\s*\{[^}]*\}\s*=\s*require\()\s*["'](?:node:)?dns(?:\/promises)?["']|\bfrom\s+dns\.resolver\s+import\b/.test(text);
  const SOCK = dnsBare
    ? /\.(?:sendall|send|sendto|write)\s*\(|\b(?:gethostbyname(?:_ex)?|getaddrinfo)\s*\(|\b(?:dns(?:\.promises)?|resolver|Resolver\(\))\.(?:resolve[46]?|resolveTxt|resolveAny|lookup|query)\s*\(|(?<![\w.])(?:resolve[46]?|resolveTxt|resolveAny|lookup|query)\s*\(/g
    : /\.(?:sendall|send|sendto|write)\s*\(|\b(?:gethostbyname(?:_ex)?|getaddrinfo)\s*\(|\b(?:dns(?:\.promises)?|resolver|Resolver\(\))\.(?:resolve[46]?|resolveTxt|resolveAny|lookup|query)\s*\(/g;
  for (let m = SOCK.exec(text); m; m = SOCK.exec(text)) {
    const a = m.index;
    const arg = callText(text, a + m[0].length - 1);
    const dns = !m[0].startsWith('.');
    events.push({
      at: a,
      run: () => {
        if (!dns && !/socket|net\.|Socket|TCPSocket/.test(text)) return;
        const t = taintOfExpr(arg, a, lineEnd(a));
        if (t && (t.kind === 'secret' || t.kind === 'env') && !(t.envName && !dns)) {
          emit({ rule: 'exfiltration', kind: dns ? 'dns-tunnel' : 'secret-sent', severity: 'error', confidence: dns ? 'high' : 'medium', steps: [...t.steps, step(at(a, lineEnd(a)), dns ? 'looks up a DNS name built from it' : 'writes it to a network socket')], impact: dns ? 'the DNS query itself carries the data to whoever runs that domain' : 'whoever is at the other end receives the credentials', fix: 'Remove it' });
        }
      },
    });
  }
  // Callbacks and streams of a fetch (JavaScript): the response parameter holds the download
  // (`https.get(u, (res) => …)`, `fetch(u).then((r) => …)`), a 'data' handler's chunk too, and `body += chunk`
  // accumulates it.
  if (sn.lang === 'javascript') {
    for (const m of text.matchAll(/\b(?:https?|axios|got|needle|request|superagent)(?:\.(?:get|request))?\s*\(|\bfetch\s*\(/g)) {
      const a = m.index!;
      const call = callText(text, a + m[0].length - 1);
      const rest = text.slice(a + m[0].length + call.length, lineEnd(a + m[0].length + call.length));
      const cb = /(?:^|,)\s*(?:async\s*)?(?:\(\s*(?:\w+\s*,\s*)?(\w+)|(\w+)\s*=>|function\s*\w*\s*\(\s*(?:\w+\s*,\s*)?(\w+))/.exec(call.slice(call.search(/,\s*(?:async\s*)?(?:\(|\w+\s*=>|function)/) >= 0 ? call.search(/,\s*(?:async\s*)?(?:\(|\w+\s*=>|function)/) : call.length));
      const then = /^\s*\)?\s*\.then\(\s*(?:async\s*)?\(?\s*(\w+)/.exec(rest);
      const param = cb?.[1] ?? cb?.[2] ?? cb?.[3] ?? then?.[1];
      if (!param) continue;
      events.push({ at: a + 1, run: () => { const t = taintOfExpr(`${m[0]}${call})`, a, lineEnd(a)); if (t?.kind === 'download') vars.set(param, t); } });
    }
    for (const m of text.matchAll(/\b([A-Za-z_$][\w$]*)\.on\(\s*["']data["']\s*,\s*(?:async\s*)?(?:\(\s*(\w+)|(\w+)\s*=>|function\s*\w*\s*\(\s*(\w+))/g)) {
      const src = m[1]!;
      const chunk = (m[2] ?? m[3] ?? m[4])!;
      events.push({ at: m.index!, run: () => { const t = vars.get(src); if (t) vars.set(chunk, t); } });
    }
    for (const m of text.matchAll(/(?<![\w.$])([A-Za-z_$][\w$]*)\s*\+=\s*([^;\n)]+)/g)) {
      events.push({ at: m.index!, run: () => { const t = taintOfExpr(m[2]!, m.index!, lineEnd(m.index!)); if (t && !vars.has(m[1]!)) vars.set(m[1]!, t); } });
    }
    // A download piped into a spawned interpreter: `res.pipe(spawn('sh').stdin)`.
    for (const m of text.matchAll(/\b([A-Za-z_$][\w$]*)\.pipe\(\s*/g)) {
      const a = m.index!;
      const arg = callText(text, a + m[0].length - 1 - (m[0].length - m[0].indexOf('(') - 1));
      events.push({
        at: a,
        run: () => {
          const t = vars.get(m[1]!);
          const interp = /\b(?:spawn|exec|fork)\w*\(\s*["'`](?:\/\w+\/)*(?:(?:ba|z|da|k)?sh|node|python[0-9.]*|perl|ruby|pwsh|powershell|cmd(?:\.exe)?)["'`]/.test(arg) || [...arg.matchAll(/\b(\w+)\.stdin\b/g)].some((x) => new RegExp(`\\b${x[1]}\\s*=\\s*(?:\\w+\\.)?spawn\\w*\\(\\s*["'\`](?:\\/\\w+\\/)*(?:(?:ba|z|da|k)?sh|node|python[0-9.]*)["'\`]`).test(text));
          if (t?.kind === 'download' && interp) emit({ rule: 'remote-exec', kind: 'download-run', severity: 'error', confidence: 'high', steps: [...t.steps, step(at(a, lineEnd(a)), 'pipes it into an interpreter it starts')], impact: 'whatever the server returns runs unreviewed', fix: 'Remove it; ship the code in the skill instead' });
        },
      });
    }
  }
  // Files: a download saved (PowerShell -OutFile, WebClient.DownloadFile), a credential copied (shutil.copy,
  // fs.copyFileSync, Copy-Item); a saved download then started (Start-Process, `& $p`, Invoke-Item).
  const resolve = (w: string) => paths.get(w.replace(/^\$/, '')) ?? w.replace(/^["'`]|["'`]$/g, '');
  for (const m of text.matchAll(/\b(?:Invoke-WebRequest|iwr|Invoke-RestMethod|irm|Start-BitsTransfer)\b[^\n]*?-(?:OutFile|Destination)\s+(["'][^"'\n]+["']|\S+)|\.DownloadFile\(\s*([^,]+),\s*([^)]+)\)/gi)) {
    const a = m.index!;
    events.push({
      at: a,
      run: () => {
        const t = taintOfExpr(m[2] !== undefined ? `DownloadString(${m[2]})` : m[0].replace(/-(?:OutFile|Destination)\s+\S+/i, ''), a, lineEnd(a));
        if (t?.kind !== 'download') return;
        const f = resolve((m[1] ?? m[3]!).trim());
        st.files.set(f, { ...t, steps: [...t.steps, step(at(a, lineEnd(a)), `saves it to ${f}`)] });
      },
    });
  }
  for (const m of text.matchAll(/\b(?:Get-FileHash|Get-AuthenticodeSignature)\s+(?:-(?:Path|LiteralPath|FilePath)\s+)?(["'][^"'\n]+["']|\$[\w:]+|\S+)|\bcertutil\s+-hashfile\s+(\S+)/gi)) {
    events.push({ at: m.index!, run: () => void st.files.delete(resolve((m[1] ?? m[2]!).trim())) });
  }
  for (const m of text.matchAll(/\b(?:Start-Process|saps|Invoke-Item|ii)\s+(?:-FilePath\s+)?(["'][^"'\n]+["']|\$[\w:]+|\S+)|(?:^|[;\s])&\s*(["'][^"'\n]+["']|\$[\w:]+)/gim)) {
    // The call operator's place is the `&`, not the separator or line break matched before it.
    const a = m.index! + /^[;\s]*/.exec(m[0])![0].length;
    events.push({
      at: a,
      run: () => {
        const f = resolve((m[1] ?? m[2]!).trim());
        const t = st.files.get(f);
        // As in a shell (shellflow's emit): a visible download-then-start is an install step (a warning); an error
        // where it runs by itself or its form is hidden.
        if (t?.kind === 'download') emit({ rule: 'remote-exec', kind: 'download-run', severity: sn.trigger || sn.hidden ? 'error' : 'warning', confidence: 'high', steps: [...t.steps, step(at(a, lineEnd(a)), `starts ${f}`)], impact: 'whatever the server returned runs unreviewed', fix: 'Ship the program in the skill, or verify a pinned checksum before starting it' });
      },
    });
  }
  for (const m of text.matchAll(/\b(?:shutil\.(?:copy|copy2|copyfile|copytree|move)|fs\.(?:copyFileSync|copyFile|cpSync)|FileUtils\.cp|Copy-Item)\s*\(?\s*([^,\n]+?)\s*,\s*([^,)\n]+)/g)) {
    const a = m.index!;
    events.push({
      at: a,
      run: () => {
        const t = taintOfExpr(m[1]!, a, lineEnd(a)) ?? (paths.has(m[1]!.trim()) ? taintOfExpr(`'${paths.get(m[1]!.trim())}'`, a, lineEnd(a)) : null);
        if (!t || t.kind === 'literal') return;
        const f = resolve(m[2]!.trim());
        st.files.set(f, { ...t, steps: [...t.steps, step(at(a, lineEnd(a)), `copies it to ${f}`)] });
      },
    });
  }
  // Files written through a variable that holds a path: json.dump(cfg, open(p, 'w')), Path(p).write_text(…).
  for (const m of text.matchAll(/\bopen\(\s*([A-Za-z_]\w*)\s*,\s*["'][wa]b?\+?["']|\bPath\(\s*([A-Za-z_]\w*)\s*\)\.write_(?:text|bytes)\(|\bwriteFileSync\(\s*([A-Za-z_]\w*)\s*,/g)) {
    const a = m.index!;
    const v = (m[1] ?? m[2] ?? m[3])!;
    events.push({
      at: a,
      run: () => {
        const f = paths.get(v);
        const pp = f ? persistencePath(f) : null;
        if (!pp) return;
        // The agent's settings with a hook: a command the agent runs at every matching event, from now on.
        const hook = /settings/.test(pp) && /["']hooks["']|\bhooks\s*:/.test(text) && /["']command["']|\bcommand\s*:/.test(text);
        if (hook) emit({ rule: 'persistence', kind: 'persistence-write', severity: 'warning', confidence: 'medium', steps: [step(at(a, lineEnd(a)), `writes a hook command into ${pp}`)], impact: 'the agent runs that command at every matching event of every later session, after the skill is gone', fix: 'Remove it, or tell the user what hook to add and let them do it' });
      },
    });
  }
  // A shell pipe written in a string the code never hands to a shell (an install hint a check returns, a message)
  // is text: the line is cleared for remote-exec. A string counts as handed over when it sits in the arguments of a
  // shell or exec call, or is assigned to a name such a call uses.
  // Python and JavaScript only: in PowerShell, Ruby and Perl a string after a command name is its argument and runs.
  if (depth === 0 && (sn.lang === 'python' || sn.lang === 'javascript')) {
    const spans: [number, number, string][] = [];
    for (const re of [shellRe, execRe]) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const open = m[0].endsWith('(') || /\(\s*$/.test(m[0]) ? m.index + m[0].lastIndexOf('(') : -1;
        if (open >= 0) spans.push([open, open + callText(text, open).length + 1, callText(text, open)]);
        else spans.push([m.index, lineEnd(m.index), text.slice(m.index, lineEnd(m.index))]);
      }
    }
    for (const sl of stringsIn(text)) {
      if (!/\|\s*(?:sudo\s+)?(?:(?:ba|z|da)?sh|python[0-9.]*|node|iex)\b/.test(sl.value)) continue;
      if (spans.some(([a, b]) => sl.at >= a && sl.at < b)) continue;
      const ls = lineStart(sl.at);
      const name = /^[ \t]*(?:(?:const|let|var)\s+)?\$?([A-Za-z_]\w*)\s*=/.exec(text.slice(ls, sl.at))?.[1];
      if (name && spans.some(([, , args]) => IDENT_USE(name).test(args))) continue;
      if (name && new RegExp(`[$]\\{?${name}\\b`).test(text)) continue;
      st.cleared.push({ rule: 'remote-exec', at: at(sl.at, sl.at + sl.value.length) });
    }
  }
  events.sort((x, y) => x.at - y.at);
  for (const e of events) {
    if (--st.budget < 0) return;
    e.run();
  }
  reverseShell(text, sn, at, emit);
}

/** A socket to a host wired to a shell: the known reverse-shell forms of Python, Node, Ruby. */
function reverseShell(text: string, sn: Snippet, at: (a: number, b: number) => Where, emit: (c: Chain) => void): void {
  const lang: Lang = sn.lang;
  let m: RegExpExecArray | null = null;
  /** Where the socket is handed to the shell. */
  let w: RegExpExecArray | null = null;
  let host: string | null = null;
  if (lang === 'python' || /\bimport\s+socket\b|socket\.socket\(/.test(text)) {
    if (/AF_UNIX/.test(text) && !/AF_INET/.test(text)) return;
    m = /(?:\.connect|\bcreate_connection)\(\s*\(\s*(["'][^"']*["']|[A-Za-z_]\w*)\s*,/.exec(text);
    // The socket's own name handed to a child process as its standard input (`stdin=s` or `stdin=s.fileno()`).
    const sock = /\b(\w+)\s*=\s*(?:\w+\.)?(?:socket|create_connection)\(/.exec(text)?.[1];
    w = /\bdup2\s*\(|pty\.spawn\s*\(|stdin\s*=\s*\w+\.fileno\(\)|subprocess\.\w+\([^)]*\b(?:sh|bash|cmd)\b[^)]*stdout\s*=\s*\w+\.fileno/.exec(text);
    if (!w && sock) w = new RegExp(`\\bstdin\\s*=\\s*${sock}\\b`).exec(text);
    if (!m || !w || !/\bsocket\b/.test(text)) m = null;
  } else if (lang === 'javascript') {
    m = /\b(?:net\.connect|net\.createConnection|\.connect)\(\s*(?:\{[^}]*host\s*:\s*)?(?:[0-9]+\s*,\s*)?(["'][^"']*["']|[A-Za-z_]\w*)/.exec(text);
    w = /\b(?:spawn|exec)\(\s*["'](?:\/bin\/)?(?:ba|z)?sh|cmd\.exe["']/.exec(text);
    if (!m || !w || !/\.pipe\(/.test(text) || !/\bnet\b|Socket/.test(text)) m = null;
  } else if (lang === 'ruby') {
    m = /TCPSocket\.(?:new|open)\(\s*(["'][^"']*["']|[A-Za-z_]\w*)/.exec(text);
    w = /\b(?:exec|spawn|IO\.popen|system)\b[^\n]*(?:sh|bash)\b/.exec(text);
    if (m && !w) m = null;
  }
  if (!m) return;
  const h = m[1]!;
  host = /^["']/.test(h) ? h.slice(1, -1) : null;
  if (host !== null && isLocalHost(host)) return;
  const a = m.index;
  const eol = (i: number) => (text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i));
  emit({
    rule: 'reverse-shell',
    kind: 'socket-shell',
    // A placeholder host (ATTACKER_IP, <lhost>) reaches nobody as written: a warning, like a host from a variable.
    severity: host !== null && !isPlaceholderHost(host) ? 'error' : 'warning',
    confidence: host !== null ? 'high' : 'medium',
    steps: [step(at(a, eol(a)), `connects a socket to ${host ?? 'a host from a variable'}`), step(at(w!.index, eol(w!.index)), 'hands the connection to a shell')],
    impact: 'whoever listens there runs commands on this machine',
    fix: 'Remove it',
  });
}
