// Source-to-sink reading of one code block: where a line pattern sees only half of an exfiltration (the
// environment copied on one line, posted on another; a secret base64-encoded, then sent), the block as a whole
// shows both. Pure and linear: a few regular-expression scans of the block, no parsing of any language.

export type FlowKind = 'environment-sent' | 'encoded-secret-sent' | 'hidden-destination' | 'credential-harvest';

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
const SECRET_READ = new RegExp(`\\bos\\.environ(?:\\.get)?[\\[(]\\s*["'](${SECRET_NAME})["']|\\bos\\.getenv\\(\\s*["'](${SECRET_NAME})["']|\\bprocess\\.env(?:\\.|\\[["'])(${SECRET_NAME})\\b|\\$\\{?(${SECRET_NAME})\\b`, 'g');
const ENCODE = /\b(?:b64encode|b32encode|urlsafe_b64encode|hexlify|btoa|Buffer\.from\([^)\n]*\)\.toString\(\s*["'](?:base64|hex)["']|base64|xxd)\b/;
/** Something that sends data out of the machine. */
const SINK = /\b(?:requests|httpx|session|aiohttp|client)\.(?:post|put|patch|request|get)\(|\burllib\.request\.(?:urlopen|Request)\(|\burlopen\(|\bfetch\(|\baxios(?:\.(?:post|put|get))?\(|\bhttps?\.request\(|\bsocket\.(?:socket|create_connection)\(|\.sendall?\(|\bsmtplib\b|\b(?:curl|wget|nc|ncat|netcat)\b|\b(?:dig|nslookup|gethostbyname)\b/;
const HARVEST_PAIR = new RegExp(`["']${SECRET_NAME}["']\\s*:\\s*(?:os\\.environ|os\\.getenv|process\\.env)`, 'g');
/** A literal decoded at run time (a URL or host hidden from a reader). */
const DECODED_LITERAL = /\b(?:b64decode|b32decode|urlsafe_b64decode|atob|fromhex|unhexlify)\(\s*b?["'][A-Za-z0-9+/=_-]{16,}["']\s*\)/;
const SERIALIZE = /\bjson\.dumps\(|\bJSON\.stringify\(|\bpickle\.dumps\(|\byaml\.dump\(/;

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
  // Every flow ends in a sink or a serialization: most blocks have neither.
  if (!sinkM && !SERIALIZE.test(block)) return [];
  const out: FlowFinding[] = [];
  const dump = ENV_DUMP.exec(block);
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
  return out;
}
