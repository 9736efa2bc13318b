// The shell part of the behaviour model: each command of a parsed script (src/analysis/shell.ts) read for what it
// takes in (stdin, files, variables), what it does (downloads, reads a credential store, runs code, sends data to
// a host, writes where something runs later) and what comes out (stdout, files, variables). Taints carry the steps
// that made them, so a sink names the whole chain. Nothing is expanded or run; the state (variables, files) is
// shared by every snippet of one skill, so a download in one block and its run in another are one chain.

import { decodeLiteral } from '../decode.js';
import { effectiveWords, MAX_DEPTH, parseShell, shownFiles, type Command, type Script, type Word } from '../shell.js';
import { unusualDestination } from '../destinations.js';
import { hostOf, isLocalHost, KEY_NAME_SLOT, KEY_VAR_SLOT, metadataCredential, persistencePath, secretPath, servesHost } from './paths.js';
import type { Chain, Lang, Snippet, Step, Taint, Where } from './types.js';

/** What one skill's code has set so far. */
export interface State {
  vars: Map<string, Taint>;
  files: Map<string, Taint>;
  /** A folder holding credentials the shell has changed into (`cd ~/.ssh`). */
  cwd: Taint | null;
  /** Credentials added to a git index (`git add ~/.ssh`). */
  gitStaged: Taint | null;
  out: Chain[];
  /** Lines the model read and found harmless (a credential sent to its own service, an echoed hint, a warning),
   *  by rule ('*' for every rule): a line pattern's finding there is dropped. */
  cleared: { rule: string; at: Where }[];
  /** Stretches shown as what not to do (a "# BAD:" or "// Don't" comment and the lines under it): a chain with a
   *  step there drops to info. */
  badExamples: Where[];
  /** File descriptors the shell connected to a host (`exec 5<>/dev/tcp/h/p`, zsh's `ztcp h p` in $REPLY), with
   *  where each was opened; a descriptor closed again (`exec 5>&-`) is removed. */
  sockets: Map<string, { host: string; at: Where }>;
  /** Code in another language handed over (python -c, node -e, a here-doc): the model's dispatcher. */
  code(sn: Snippet, st: State, depth: number, via: Step[]): void;
  budget: number;
  /** Whether the skill's text names a host (src/analysis/disclosure.ts); unset: not known. */
  hostNamed?: (host: string) => boolean;
  /** Credentials copied out of their store into another file (`cp ~/.ssh/id_rsa /tmp/x`, `security … > k.txt`):
   *  collected, whether or not a later step sends them (src/analysis/behaviour/model.ts decides). */
  staged: { taint: Taint; at: Where; dest: string; negated: boolean }[];
  /** Files a command of the skill deletes (rm, shred, unlink): a copy deleted again was a temporary one. */
  removed: Set<string>;
}

export const SECRET_NAME = /^[A-Z0-9_]*(?:_KEY|API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|PRIVATE_KEY|ACCESS_KEY|_PAT(?=_|$)|SESSION(?=$|_(?:ID|COOKIE|STRING)(?:_|$))|COOKIE)[A-Z0-9_]*$/;

const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'xh', 'http', 'https', 'iwr', 'irm', 'invoke-webrequest', 'invoke-restmethod', 'lwp-request', 'lwp-download', 'ftp', 'tftp']);
const SHELLS = /^(?:(?:ba|z|k|da|fi|tc|c|a|mk|yash)?sh)$/;
const LANG_OF: Record<string, Lang> = { python: 'python', python2: 'python', python3: 'python', pypy: 'python', pypy3: 'python', node: 'javascript', nodejs: 'javascript', deno: 'javascript', bun: 'javascript', ruby: 'ruby', perl: 'perl', php: 'php', pwsh: 'powershell', powershell: 'powershell' };
const INLINE_FLAG: Record<Lang, RegExp> = { shell: /^-[a-z]*c$/i, python: /^-c$/, javascript: /^(?:-e|--eval|-p|--print)$/, ruby: /^-e$/, perl: /^-[a-zA-Z]*[eE]$/, php: /^-r$/, powershell: /^-(?:c|command|co|com)$/i };
/** Commands that pass their input through (transformed, but still the same data). */
const FILTERS = new Set(['base64', 'base32', 'basenc', 'gzip', 'gunzip', 'zcat', 'xz', 'unxz', 'bzip2', 'bunzip2', 'zstd', 'openssl', 'gpg', 'xxd', 'od', 'hexdump', 'tr', 'sed', 'awk', 'gawk', 'grep', 'egrep', 'cut', 'head', 'tail', 'sort', 'uniq', 'tee', 'cat', 'jq', 'rev', 'fold', 'iconv', 'strings', 'tac', 'column', 'paste', 'python', 'python3', 'perl']);
const READERS = new Set(['cat', 'head', 'tail', 'less', 'more', 'base64', 'base32', 'xxd', 'od', 'hexdump', 'strings', 'gzip', 'bzip2', 'xz', 'zstd', 'sqlite3', 'type', 'get-content', 'gc', 'openssl', 'gpg', 'tac', 'jq', 'grep', 'awk', 'sed']);
const ARCHIVERS = new Set(['tar', 'zip', '7z', 'rar', 'cpio']);
const COPIERS = new Set(['cp', 'mv', 'rsync', 'ditto', 'install', 'ln', 'copy-item']);
const VERIFY = new Set(['sha256sum', 'sha512sum', 'sha1sum', 'shasum', 'md5sum', 'b2sum', 'gpg', 'gpgv', 'cosign', 'minisign', 'signify', 'get-filehash', 'slsa-verifier']);
const PEERS = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet', 'openssl', 'cryptcat', 'pwncat']);

const step = (at: Where, what: string): Step => ({ at, what });

/** The chain of a command run from what a socket sent: the peer types commands and this machine runs them. */
function socketRun(t: Taint, here: Where, how: string): Omit<Chain, 'steps'> & { steps: Step[] } {
  return { rule: 'reverse-shell', kind: 'socket-shell', severity: 'error', confidence: 'high', steps: [...t.steps, step(here, how)], impact: 'whoever listens there runs commands on this machine', fix: 'Remove it' };
}

function base(v: string): string {
  const b = v.replace(/\/+$/, '');
  const k = Math.max(b.lastIndexOf('/'), b.lastIndexOf('\\'));
  return (k === -1 ? b : b.slice(k + 1)).toLowerCase().replace(/\.exe$/, '');
}

const URLISH = /^(?:https?|ftp):\/\/\S+/i;
/** Files `open`/`start` hand to a viewer or player rather than run (media, images, documents, data). */
const DOCUMENT = /\.(?:mp3|wav|ogg|flac|m4a|aac|mp4|mov|avi|webm|mkv|png|jpe?g|gif|webp|svg|bmp|ico|tiff?|pdf|txt|md|csv|tsv|json|xml|ya?ml|html?|docx?|xlsx?|pptx?|odt|ods|rtf|epub)$/i;

/** `printf '\x63url'`, `echo Y3VybA== | base64 -d` and friends as a command name: the text they print, or null. */
export function decodeAll(text: string, how: string): string | null {
  if (how === 'base64') return decodeLiteral(text.replace(/\s+/g, ''), 'base64');
  if (how === 'hex') return decodeLiteral(text.replace(/\s+/g, ''), 'hex');
  if (how === 'escapes') return decodeLiteral(text, 'escapes');
  if (how === 'base32') {
    const s = text.replace(/[\s=]+/g, '').toUpperCase();
    if (!/^[A-Z2-7]+$/.test(s) || s.length > 65536) return null;
    let bits = 0;
    let val = 0;
    let out = '';
    for (const c of s) {
      val = (val << 5) | 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c);
      bits += 5;
      if (bits >= 8) {
        out += String.fromCharCode((val >>> (bits - 8)) & 0xff);
        bits -= 8;
      }
    }
    return /^[\x09\x0a\x0d\x20-\x7e]*$/.test(out) ? out : null;
  }
  if (how === 'rev') return text.split('\n').map((l) => [...l].reverse().join('')).join('\n');
  if (how.startsWith('tr:')) {
    const [, a, b] = /^tr:(.*):(.*)$/s.exec(how) ?? [];
    const m = a !== undefined && b !== undefined ? trMap(a, b) : null;
    return m ? [...text].map((c) => m.get(c) ?? c).join('') : null;
  }
  if (how === 'rot13') return text.replace(/[A-Za-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)));
  if (how === 'url') {
    try {
      return decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  return null;
}

/** `tr SET1 SET2` as a map of characters (ranges expanded), when SET2 is a permutation of letters or digits of
 *  SET1's size: rot13 and other substitution ciphers; null for deletions, squeezes and case changes. */
function trMap(a: string, b: string): Map<string, string> | null {
  const expand = (x: string): string[] | null => {
    const out: string[] = [];
    for (let i = 0; i < x.length; i++) {
      if (x[i + 1] === '-' && i + 2 < x.length) {
        const from = x.charCodeAt(i);
        const to = x.charCodeAt(i + 2);
        if (to < from || to - from > 255) return null;
        for (let c = from; c <= to; c++) out.push(String.fromCharCode(c));
        i += 2;
      } else out.push(x[i]!);
    }
    return out.length > 0 && out.length <= 256 ? out : null;
  };
  const x = expand(a);
  const y = expand(b);
  if (!x || !y || x.length !== y.length || x.length < 10) return null;
  if (x.join('').toLowerCase() === y.join('').toLowerCase()) return null;
  if ([...new Set(y)].length !== y.length) return null;
  const m = new Map<string, string>();
  x.forEach((c, i) => m.set(c, y[i]!));
  return m;
}

/** The decoder a command applies, when it is one: base64 -d, base32 -d, xxd -r -p, tr rot13, gunzip is ignored. */
function decoderOf(head: string, args: readonly string[]): string | null {
  if ((head === 'base64' || head === 'basenc') && args.some((a) => /^(?:-d|--decode|-D|-di|-id)$/.test(a))) return 'base64';
  if (head === 'base32' && args.some((a) => /^(?:-d|--decode)$/.test(a))) return 'base32';
  if (head === 'xxd' && args.some((a) => /^-[a-z]*r/.test(a))) return 'hex';
  if (head === 'tr' && args.length >= 2 && !args[0]!.startsWith('-') && trMap(args[0]!, args[1]!)) return `tr:${args[0]}:${args[1]}`;
  if (head === 'rev') return 'rev';
  if (head === 'openssl' && args.includes('base64') && args.includes('-d')) return 'base64';
  return null;
}

/** printf's format with \xHH, \NNN escapes resolved (the text it prints when it has no other argument). */
function printfText(fmt: string): string {
  return decodeLiteral(fmt, 'escapes') ?? fmt;
}

/** The service words of a credential's name (`TAVILY_API_KEY` → tavily): none for a generic name. */
const GENERIC = new Set(['API', 'KEY', 'KEYS', 'TOKEN', 'SECRET', 'ACCESS', 'AUTH', 'PASSWORD', 'PASSWD', 'CREDENTIAL', 'CREDENTIALS', 'PRIVATE', 'CLIENT', 'ID', 'BEARER', 'APP', 'OAUTH', 'PAT', 'PERSONAL', 'SERVICE', 'USER', 'ACCOUNT', 'MY', 'THE', 'DATABASE', 'URL', 'SESSION', 'COOKIE', 'APIKEY', 'REFRESH', 'ADMIN', 'PROD', 'DEV', 'TEST']);
export function serviceWords(name: string): string[] {
  return name.split(/[_\W]+/).filter((w) => w.length > 1 && !GENERIC.has(w.toUpperCase())).map((w) => w.toLowerCase());
}

/**
 * How much a secret sent in a request's body says, by what the secret is and where it goes: a credential file, the
 * browser's data or the whole environment to a host is the user's data leaving (an error; a warning when the host
 * is not written out; the clipboard, a warning). A single named credential (`$TAVILY_API_KEY`) in a request is how
 * that key is used: info (check the host is its service), unless the host is one that receives data from anyone (a
 * capture, paste or tunnel service, a bare public IP: src/analysis/destinations.ts) or one the skill's text never
 * names (`named`, src/analysis/disclosure.ts), where it is handed over unannounced: a warning. The credentials of two
 * services in one request: a warning. Null when nothing is to be said (the key goes to the service its name names,
 * or its name names none and the host is ordinary and named).
 */
export function sentEvidence(t: Taint, host: string | null, url: string | null, payload?: string, named?: (host: string) => boolean, discarded = false): Pick<Chain, 'severity' | 'confidence' | 'impact' | 'fix'> | null {
  if (t.kind !== 'secret' && t.kind !== 'env') return null;
  // AWS itself never receives the secret access key: requests are signed with it (Signature Version 4, "the secret
  // access key is used to derive the signing key and is not sent"). A request that carries it, to any host, gives
  // it away; the host is at most a secret store the user configured, which the message asks to check.
  if (payload && [...payload.matchAll(ENV_REF)].some((m) => m[1] === 'AWS_SECRET_ACCESS_KEY') && !(host && isLocalHost(host))) return { severity: 'warning', confidence: 'high', impact: `AWS never receives its secret access key (requests are signed with it, not carrying it), so ${host ?? 'the host'} is not AWS: whoever runs it can act as the user on their AWS account`, fix: 'Remove it; sign requests with the key (an AWS SDK does) and send it nowhere' };
  const own = ownService(t, host);
  // Credentials of two or more different services in one request to one host: no host issues them all, so at least
  // one goes to a party that did not issue it. That is structure (what the request carries), not a word list.
  const services = payload && host && own !== true ? foreignServices(payload, host) : [];
  if (services.length >= 2) return { severity: 'warning', confidence: 'high', impact: `one request carries the credentials of ${services.length} different services (${services.join(', ')}) to ${host}, which cannot have issued them all: whoever runs it receives them`, fix: 'Remove it; send each key only to the service that issued it' };
  if (!t.envName) {
    if (own === true) return null;
    // The clipboard (weak) holds what the user copied, often but not always a password: a warning when sent.
    return { severity: host && !t.weak ? 'error' : 'warning', confidence: 'high', impact: 'whoever runs that host receives the credentials', fix: 'Remove it, or send a credential only as authentication to the service it belongs to' };
  }
  if (own === true) return null;
  const odd = unusualDestination(url ?? host);
  if (odd) return { severity: 'warning', confidence: 'high', impact: `${odd.host} is ${odd.why}, not a service ${t.envName} authenticates to: whoever reads what arrives there receives the credential`, fix: 'Remove it; a key goes only to the service that issued it' };
  // A key whose name names another service, sent in a request whose answer the code throws away: a call to an API
  // uses what comes back; one that only delivers the key has no use but the delivery.
  if (discarded && own === false && host && !isLocalHost(host)) return { severity: 'warning', confidence: 'medium', impact: `${t.envName} names another service than ${host}, and the code throws the answer away: the request does nothing but deliver the key`, fix: 'Remove it; a key goes only to the service that issued it' };
  // A host the skill's text never names: the key goes where the user was not told it would (a script's request to
  // a service the skill documents names it; one to a host nobody mentions is how a stolen key leaves).
  if (host && !isLocalHost(host) && named && !named(host)) return { severity: 'warning', confidence: 'medium', impact: `${host} is not named anywhere in the skill's text: the key goes to a host the user was never told about`, fix: 'Name the service and its address in SKILL.md, or remove the request' };
  if (own === null) return null;
  return { severity: 'info', confidence: 'medium', impact: `a key in a request normally authenticates to the service it belongs to; ${host ?? 'the host'} is not named for ${t.envName}, so check that it is that service`, fix: 'Send the key only to the service that issued it (in a header where the API allows)' };
}

/**
 * Commands whose documented output is a service's own credential (GitHub CLI `gh auth token`, gcloud `auth
 * print-access-token`, `aws configure get aws_secret_access_key`, `aws ecr get-login-password`, Azure `az account
 * get-access-token`, Heroku `auth:token`). What it prints is the secret itself: where the output goes, the secret
 * goes. Returns what is read and the service's documented domains (the token sent there authenticates), or null.
 * Secret stores (1Password, pass, Vault) are not here: their entries belong to any service, and sending one to its
 * service is their use.
 */
export function credentialCommand(head: string, vals: readonly string[]): { what: string; owner?: string[] } | null {
  const a = vals.filter((v) => !v.startsWith('-'));
  const has = (...w: string[]) => w.every((x, i) => a[i] === x);
  if (head === 'gh' && has('auth', 'token')) return { what: "the GitHub CLI's token", owner: ['github.com', 'githubusercontent.com'] };
  if (head === 'gcloud' && (a.includes('print-access-token') || a.includes('print-identity-token'))) return { what: "gcloud's access token", owner: ['googleapis.com', 'google.com'] };
  if (head === 'aws' && has('configure', 'get') && /secret|session_token|access_key/i.test(a[2] ?? '')) return { what: `the AWS key ${a[2]}`, owner: ['amazonaws.com', 'aws.amazon.com'] };
  if (head === 'aws' && a.includes('get-login-password')) return { what: 'an AWS registry password', owner: ['amazonaws.com', 'aws.amazon.com'] };
  if (head === 'az' && has('account', 'get-access-token')) return { what: "Azure's access token", owner: ['azure.com', 'azure.net', 'microsoft.com', 'windows.net', 'microsoftonline.com'] };
  if (head === 'heroku' && has('auth:token')) return { what: "Heroku's token", owner: ['heroku.com'] };
  return null;
}

/** File names `find -name` looks for that are credentials by name wherever they are: SSH private keys, key and
 *  certificate-bundle files with their private keys (.key, .ppk, .p12, .pfx, .kdbx), dotenv files, cloud and git
 *  credential files, .netrc, .pgpass, wallets. A .pem may be a public certificate, so it is not here. */
const SWEPT_NAME = /^\*?(?:id_(?:rsa|dsa|ecdsa|ed25519)\*?|id_\*|\*\.(?:key|ppk|p12|pfx|kdbx)|\.env\*?|\*\.env|credentials(?:\.json)?\*?|\.git-credentials|\.netrc|\.pgpass|\.npmrc|\.pypirc|wallet\.dat|\*wallet\*\.dat)$/i;
/** What reads a swept file whole, run by `find -exec` or handed the names by `xargs`. */
const SWEEP_READER = /^(?:cat|head|tail|base64|xxd|strings)$/;
/** The roots of a sweep beyond one project: the file system, the home folders, one user's home. */
const SWEEP_ROOT = /^(?:\/|\/home\/?|\/Users\/?|\/root\/?|~\/?|\$\{?HOME\}?\/?)$/;
/** What `find ROOT -name CREDENTIAL … -exec READER {}` reads (ATT&CK T1552.001, credentials in files): every such
 *  file under the home folders or the whole disk, whole. A search within a project (`find . -name .env`) is the
 *  project's own configuration, and a search that only lists names reads no secret. */
export function findSweep(h: string, vals: readonly string[]): { what: string; read: boolean } | null {
  if (h !== 'find') return null;
  const root = vals.find((v) => !v.startsWith('-') && !v.startsWith('('));
  if (root === undefined || !SWEEP_ROOT.test(root)) return null;
  const n = vals.findIndex((v, k) => /^-i?(?:name|path)$/.test(v) && SWEPT_NAME.test(vals[k + 1]?.replace(/^["']|["']$/g, '') ?? ''));
  if (n < 0) return null;
  const e = vals.findIndex((v) => v === '-exec' || v === '-execdir');
  const what = `every ${vals[n + 1]!.replace(/^["']|["']$/g, '')} file under ${root}`;
  if (e < 0) return { what, read: false };
  const runs = base(vals[e + 1] ?? '');
  return SWEEP_READER.test(runs) || /^(?:cp|tar|zip|rsync)$/.test(runs) ? { what, read: true } : null;
}

/**
 * Commands whose documented output is credentials stored for the user or the machine, beyond one service: the login
 * keyring (`secret-tool lookup|search`, KWallet's `kwallet-query -r`), Windows' saved credentials (`cmdkey /list`,
 * `vaultcmd /listcreds`: target and user names, not the passwords, so a weak source), the registry hives that hold
 * the local accounts' password hashes and the keys to them (`reg save HKLM\SAM|SECURITY|SYSTEM <file>`, ATT&CK
 * T1003.002), a memory dump of LSASS, the process holding logon credentials (`procdump -ma lsass.exe <file>`,
 * `rundll32 comsvcs.dll, MiniDump <pid> <file>`: T1003.001), mimikatz's credential modules (`sekurlsa::`,
 * `lsadump::`, `dpapi::`, `vault::`), Kubernetes secrets printed whole (`kubectl get secret … -o yaml|json|jsonpath`)
 * and the kubeconfig with its keys inlined (`kubectl config view --raw`), git's stored credential for a host (`git
 * credential fill`), a container's configuration with its environment (`docker inspect`), the shell's history
 * (`history`: T1552.003). Returns what is read, whether it is weak, whether it is an environment, and the file the
 * command itself writes it to.
 */
export function credentialDump(head: string, vals: readonly string[]): { what: string; weak?: boolean; env?: boolean; file?: string } | null {
  const h = head.replace(/\.exe$/i, '');
  const a = vals.filter((v) => !v.startsWith('-'));
  const low = vals.map((v) => v.toLowerCase());
  if (h === 'secret-tool' && /^(?:lookup|search)$/.test(a[0] ?? '')) return { what: 'the login keyring (secret-tool)' };
  if (h === 'kwallet-query' && low.some((v) => v === '-r' || v === '--read-password')) return { what: 'the KDE wallet' };
  if (h === 'cmdkey' && low.some((v) => /^\/l(?:ist)?(?::|$)/.test(v))) return { what: "Windows' saved credentials", weak: true };
  if (h === 'vaultcmd' && low.some((v) => /^\/list(?:creds|properties)/.test(v))) return { what: 'the Windows vault', weak: true };
  if (h === 'reg' && /^(?:save|export)$/i.test(a[0] ?? '') && /^(?:HKLM|HKEY_LOCAL_MACHINE)\\?(?:SAM|SECURITY|SYSTEM)$/i.test(a[1] ?? '')) return { what: `the registry hive ${a[1]!.replace(/^(HKLM|HKEY_LOCAL_MACHINE)\\?/i, "$1\\")} (account password hashes)`, ...(a[2] ? { file: a[2] } : {}) };
  if (/^procdump(?:64)?$/.test(h) && low.some((v) => /^lsass(?:\.exe)?$/.test(v))) {
    const file = a.filter((v) => !/^lsass(?:\.exe)?$/i.test(v) && !/^[0-9]+$/.test(v)).pop();
    return { what: 'the memory of LSASS (logon credentials)', ...(file ? { file } : {}) };
  }
  const md = low.findIndex((v) => v === 'minidump' || v === '#24');
  if (h === 'rundll32' && md > 0 && /comsvcs/.test(low[md - 1]!)) return { what: 'a process memory dump (comsvcs MiniDump)', ...(vals[md + 2] ? { file: vals[md + 2] } : {}) };
  if (/^(?:mimikatz|invoke-mimikatz|pypykatz)$/i.test(h) || low.some((v) => /\b(?:sekurlsa|lsadump|dpapi|vault)::/.test(v))) return { what: 'the logon credentials (mimikatz)' };
  if (h === 'kubectl' && a[0] === 'get' && /^secrets?(?:\/|$)/.test(a[1] ?? '') && vals.some((v, k) => (/^(?:-o|--output)$/.test(v) && /^(?:yaml|json|jsonpath|go-template)/.test(vals[k + 1] ?? '')) || /^(?:-o|--output=)(?:yaml|json|jsonpath|go-template)/.test(v))) return { what: 'Kubernetes secrets' };
  if (h === 'kubectl' && a[0] === 'config' && a[1] === 'view' && vals.some((v) => v === '--raw' || v === '--flatten')) return { what: 'the kubeconfig with its keys' };
  if (h === 'git' && a[0] === 'credential' && a[1] === 'fill') return { what: "git's stored credential" };
  // GnuPG's documented export of private keys (`--export-secret-keys`, `--export-secret-subkeys`): the keys
  // themselves, to the terminal or the file `-o|--output` names.
  if (h === 'gpg' || h === 'gpg2') {
    if (low.some((v) => /^--export-secret-(?:sub)?keys$/.test(v))) {
      const o = vals.findIndex((v) => v === '-o' || v === '--output');
      const file = o >= 0 ? vals[o + 1] : vals.find((v) => v.startsWith('--output='))?.slice(9);
      return { what: 'the GnuPG private keys', ...(file ? { file } : {}) };
    }
  }
  const swept = findSweep(h, vals);
  if (swept?.read) return { what: swept.what };
  if (h === 'docker' && (a[0] === 'inspect' || (a[0] === 'container' && a[1] === 'inspect')) && !vals.some((v, k) => /^(?:-f|--format)(?:=|$)/.test(v) && !/Env/.test(v + (vals[k + 1] ?? '')))) return { what: "a container's environment (docker inspect)", env: true };
  if (h === 'history' && vals.every((v) => /^[0-9]+$/.test(v))) return { what: 'the shell history' };
  return null;
}

/** PATH set with a world-writable temporary folder (/tmp, /var/tmp, /dev/shm) before the rest of it. */
const WRITABLE_PATH_FIRST = /\bPATH\s*=\s*["']?(?:\/tmp|\/var\/tmp|\/dev\/shm)(?:\/[^:"'\s]*)?:/;

/** A command substitution that encodes what it reads (`$(base64 -w0 f)`, `$(xxd -p f)`, `$(gzip -c f | …)`). */
const ENCODED_SUB = /\$\([^)]*\b(?:base64|base32|basenc|xxd|od|hexdump|gzip|bzip2|xz|zstd)\b/;

/** What names a variable as a secret, in a filter over the environment: the generic words of SECRET_NAME. */
const SECRET_WORD = /key|token|secret|passw|passwd|credential|auth|cookie/gi;
/** The label of the environment's secrets gathered by name (shell and program code); shownStore knows it. */
const ENV_SECRETS = 'every environment variable named like a secret';

/**
 * The environment filtered down to its secrets (ATT&CK T1552.001 applied to the environment): `env | grep -iE
 * 'key|token|secret'` keeps the values of every variable named like a credential, whatever service it belongs to. A
 * selector of one name (`env | grep OPENAI`) is a check of one setting, and one that keeps only the names (`| cut
 * -d= -f1`) or drops the secrets (`grep -v`) reads none. Returns the harvest's taint, null when a later command keeps
 * only the names, undefined when this command is neither.
 */
export function envSecretsKept(stdin: Taint, head: string, vals: readonly string[], here: Where): Taint | null | undefined {
  if (stdin.kind === 'env' && stdin.what === 'the environment' && /^(?:grep|egrep|rg)$/.test(head)) {
    if (vals.some((v) => /^-[a-zA-Z]*[vcqlL]/.test(v) || /^--(?:invert-match|count|quiet|silent|files-with(?:out)?-matches)$/.test(v))) return undefined;
    const words = new Set(vals.filter((v) => !v.startsWith('-')).flatMap((v) => [...v.matchAll(SECRET_WORD)].map((m) => m[0].toLowerCase())));
    if (words.size < 2) return undefined;
    return { kind: 'secret', steps: [...stdin.steps, step(here, `keeps the variables named like secrets (${head} ${vals.join(' ')})`)], what: ENV_SECRETS };
  }
  if (stdin.kind === 'secret' && stdin.what === ENV_SECRETS) {
    const j = vals.join(' ');
    if ((head === 'cut' && /-d\s*['"]?=/.test(j) && /-f\s*1\b/.test(j)) || (/^g?awk$/.test(head) && /-F\s*['"]?=/.test(j) && /print \$1\b/.test(j)) || (head === 'sed' && /s[/|#]=\.\*[/|#]{2}/.test(j))) return null;
  }
  return undefined;
}

/** A dotenv file (`.env`, `prod.env`, `.env.local`, `.envrc`): one `NAME=value` setting per line. */
export const DOTENV_FILE = /(?:^|[/\\])(?:[\w.-]*\.env|\.env(?:\.[\w-]+)?|\.envrc)$/i;

/**
 * The one setting a grep, awk or sed program picks out of a dotenv file by its name (`grep '^TELEGRAM_BOT_TOKEN='`,
 * `awk -F= '/OPENAI_API_KEY/{print $2}'`, `sed -n 's/^GH_TOKEN=//p'`): what comes out is that key alone, so the
 * own-service test of its name applies (sent to its service it authenticates; elsewhere it stays a credential
 * file's content). Only a name that names a service (a word beside the generic ones: `TOKEN` alone picks every
 * token) and a program that names nothing else (no alternation, class or second name) count; an inverted or
 * counting grep picks no value. Null otherwise.
 */
export function oneSetting(head: string, vals: readonly string[]): string | null {
  if (!/^(?:grep|egrep|g?awk|sed)$/.test(head)) return null;
  if (head.endsWith('grep') && vals.some((v) => /^-[a-zA-Z]*[vcqlLf]/.test(v))) return null;
  const progs: string[] = [];
  for (let k = 0; k < vals.length; k++) {
    const v = vals[k]!;
    if (/^-[Ff]$/.test(v) && head !== 'sed') k++;
    else if (v === '-e' && vals[k + 1] !== undefined) progs.push(vals[++k]!);
    else if (!v.startsWith('-')) {
      progs.push(v);
      break;
    }
  }
  if (progs.length !== 1) return null;
  // awk's actions (`{print $2}`) and sed's replacement and flags say what is printed, not which line.
  const sel = head === 'sed' ? /^s(.)(.*?)\1/.exec(progs[0]!)?.[2] ?? progs[0]! : progs[0]!.replace(/\{[^{}]*\}/g, ' ');
  if (/[|[]|\\[wWsS]/.test(sel) || /\.[*+][A-Za-z_]/.test(sel)) return null;
  // A regex escape (`\K` of grep -P, which starts the printed part after the name) names nothing.
  const names = [...new Set([...sel.replace(/\\[A-Za-z]/g, ' ').matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].map((m) => m[0]).filter((n) => !/^(?:export|print|p|s|n|d)$/.test(n)))];
  if (names.length !== 1 || !SECRET_NAME.test(names[0]!) || serviceWords(names[0]!).length === 0) return null;
  return names[0]!;
}

/** A segment of a repository path that stands for the reader's own (the `owner/repo` of documentation, as GitHub's
 *  own docs write it): a slot (`<owner>`, `{repo}`), a role word, or "your-…"/"my-…". A shell variable is not one:
 *  the script may set it to any repository. */
const PLACEHOLDER_SEGMENT = /^(?:<[^<>]*>|\{[^{}]*\}|user(?:[-_]?name)?|owner|org(?:ani[sz]ation)?|group|namespace|account|your[-_][\w-]+|my[-_][\w-]+|example(?:[-_][\w-]+)?|repo(?:sitory)?(?:[-_]?name)?|project(?:[-_]?name)?|package(?:[-_]?name)?|pkg)$/i;

/**
 * A package URL that names no real repository: its path has fewer than two segments (`git+https://github.com/`, the
 * rest a `<owner>/<repo>` slot the shell read as a redirection), both its owner and its name are placeholders
 * (`git+https://github.com/org/repo.git#v1.0.0`), or its owner is a slot (`git+https://github.com/<owner>/tool`).
 * A syntax reference shows the form; nothing is installed from it.
 */
export function placeholderRepository(url: string): boolean {
  // scp-like form (`git+ssh://git@github.com:owner/repo.git`): the path starts after the host's colon.
  const u = url.replace(/^((?:git\+)?[a-z]+:\/\/(?:[^@/\s]*@)?[^/:\s]+):(?![0-9]+(?:\/|$))/i, '$1/');
  const m = /^(?:git\+)?[a-z]+:\/\/(?:[^@/\s]*@)?[^/\s]+\/?([^\s#?]*)/i.exec(u);
  if (!m) return false;
  // A ref after the name (`repo@main`, `repo.git@v1.0.0`: pip's and uv's form) is not part of it.
  const parts = m[1]!.replace(/@[^/@]*$/, '').replace(/\.git$/i, '').split('/').filter((x) => x !== '');
  // An archive is named by its own file (`https://h/pkg.tar.gz`); a repository by an owner and a name.
  if (parts.length < 2) return /^git\+/i.test(u);
  // An owner written as a slot (`<owner>`, `{owner}`) stands for the reader's repository whatever its name; a word
  // (`user`, `your-org`) is also a name someone may hold on the host, so it needs a placeholder name beside it.
  return (PLACEHOLDER_SEGMENT.test(parts[0]!) && PLACEHOLDER_SEGMENT.test(parts[1]!)) || SLOT_OWNER.test(parts[0]!);
}

/** An owner segment that no account can have: a slot in angle brackets or braces. */
const SLOT_OWNER = /^(?:<[^<>]*>|\{[^{}]*\})$/;

/** A word's text with its command substitutions (`$(…)`, nested, and `` `…` ``) removed. */
export function withoutSubstitutions(v: string): string {
  let out = '';
  for (let i = 0; i < v.length; i++) {
    if (v[i] === '$' && v[i + 1] === '(') {
      let depth = 0;
      let j = i + 1;
      for (; j < v.length; j++) {
        if (v[j] === '(') depth++;
        else if (v[j] === ')' && --depth === 0) break;
      }
      i = j;
    } else if (v[i] === '`') {
      const e = v.indexOf('`', i + 1);
      i = e === -1 ? v.length : e;
    } else out += v[i];
  }
  return out;
}

/** The chain a credential store's content printed where the agent reads it makes (shell and program code). */
export function shownChain(t: Taint, here: Where, how = 'prints it where the agent reads it'): Omit<Chain, 'steps'> & { steps: Step[] } {
  return { rule: 'exfiltration', kind: 'secret-shown', severity: 'warning', confidence: 'medium', steps: [...t.steps, step(here, how)], impact: "the secret goes into the model's context: it is sent to the model provider and kept in the session's transcript and logs, and the skill's next words can send it anywhere", fix: 'Remove it; to check that a credential works, run the tool that uses it (it never prints the secret)' };
}

/** Whether `t` is a credential store's whole content (a private key, a cloud credentials file, browser logins, a
 *  decrypted keychain, logon secrets), not a service's own token, one secret store entry or a file beside the keys. */
export function shownStore(t: Taint): boolean {
  if (t.kind !== 'secret' || t.weak || t.envName !== undefined || t.asPath || t.owner) return false;
  if (!/^(?:~\/|\/)/.test(t.what) && !/^(?:the registry hive|the memory of LSASS|the logon credentials|the login keyring|the KDE wallet|git's stored credential|the keychain's decrypted|the key to the browser|the GnuPG private keys|every |the cloud instance's|the container task's)/.test(t.what)) return false;
  // Settings beside the keys hold none: a profile's region, a client's hosts, the keys' public halves.
  if (/\.pub$|known_hosts|authorized_keys|\.ssh\/config$|\.aws\/config$|\.azure\/config$|\.gnupg\/[^/]*\.conf$|gcloud\/(?:configurations|active_config)|^\/etc\/sudoers/.test(t.what)) return false;
  return !(t.steps[0]?.what.startsWith('reads the browser data') && !BROWSER_STORE.test(t.what));
}

/** Commands that print what they read whole, or encoded whole. */
const WHOLE_PRINTERS = /^(?:cat|head|tail|less|more|type|get-content|gc|strings|base64|base32|basenc|xxd|od|hexdump|tac|rev|fold|tr|sqlite3|openssl|gpg)$/;

/** A browser's secret stores: cookies, saved logins, the key that encrypts them. */
const BROWSER_STORE = /(?:^|\/)(?:Cookies|Login Data|cookies\.sqlite|logins\.json|key4\.db|Local State|Web Data)$/;

/**
 * Records credentials written to `dest` when that is collection: the content of a credential store (a private key, a
 * cloud credentials file, browser data, the keychain, a secret store's entry) put into a file outside every
 * credential store. Not: a public key, known hosts, an SSH client config, a project's `.env` (relative paths), a
 * service's CLI token (it goes to that service's tools), the environment, or a copy into another credential store
 * (`cp ~/.kube/config ~/.kube/config.bak`).
 */
export function stage(st: State, t: Taint, at: Where, dest: string, negated = false): void {
  // A secret hidden in a carrier (an image, invisible characters) and written out: steganography has no ordinary use
  // for a key, whatever the key.
  if ((t.kind === 'secret' || t.kind === 'env') && t.hiddenIn && !t.asPath && /^[~/.\w$][^\s,;&|<>]*$/.test(dest)) {
    st.staged.push({ taint: t, at, dest, negated });
    return;
  }
  if (t.kind !== 'secret' || t.weak || t.envName !== undefined || t.asPath || t.owner) return;
  if (/\.pub$|known_hosts|authorized_keys|\.ssh\/config$/.test(t.what)) return;
  // A store is an absolute or home path, or a command's output (a label with spaces, "the keychain"); a relative
  // path is the project's own file.
  if (!/^(?:~\/|\/)/.test(t.what) && !/\s/.test(t.what)) return;
  // A browser's folder holds more than its secrets: only its cookie and login stores count. /etc/sudoers is policy,
  // not a credential.
  if (t.steps[0]?.what.startsWith('reads the browser data') && !BROWSER_STORE.test(t.what)) return;
  if (/^\/etc\/sudoers/.test(t.what)) return;
  // A Kubernetes secret or kubeconfig written to a manifest file is the documented backup-and-restore workflow
  // (`kubectl get secret x -o yaml > x.yaml`, later `kubectl apply -f x.yaml`): only sending it is reported.
  if (/^(?:Kubernetes secrets|the kubeconfig with its keys)$/.test(t.what)) return;
  // The destination is one path (a prose line's stray word or operator is not).
  if (!/^[~/.\w$][^\s,;&|<>]*$/.test(dest) || dest === '-' || /^\/dev\//.test(dest) || secretPath(dest) !== null) return;
  st.staged.push({ taint: t, at, dest, negated });
}

/** A download piped or fed to an interpreter, written as text: `curl … | sh`, `bash <(curl …)`. */
const INSTALL_HINT = /\b(?:curl|wget|iwr|irm)\b[^|]*\||<\(\s*(?:curl|wget)\b/;

/** A redirect that keeps output on the terminal (`>&2`, `1>&2`, `>/dev/stderr`, `>/dev/tty`) or drops it. */
function toTerminal(r: { op: string; target: Word | null }): boolean {
  const t = r.target?.value ?? '';
  return (r.op === '>&' && /^[12]$/.test(t)) || ((r.op === '>' || r.op === '>>') && /^\/dev\/(?:stderr|stdout|tty|null)$/.test(t));
}

/** Environment variables read in an expression or a command's words: `$X`, `${X}`, `os.environ.get('X')`,
 *  `os.environ['X']`, `os.getenv("X")`, `process.env.X`, `process.env['X']`, `$env:X`, `ENV['X']`. */
const ENV_REF = /(?:\$\{?(?!process\.env\.)|\$env:|process\.env\.|(?:process\.env|os\.environ|ENV)\[\s*["']|os\.environ\.get\(\s*["']|os\.getenv\(\s*["']|getenv\(\s*["'])([A-Za-z_][A-Za-z0-9_]*)/g;
/** The services named by the credential variables of `payload` whose names do not match `host`, one word each. */
export function foreignServices(payload: string, host: string): string[] {
  const out = new Set<string>();
  for (const m of payload.matchAll(ENV_REF)) {
    const name = m[1]!.toUpperCase();
    if (!SECRET_NAME.test(name) || /WEBHOOK/.test(name)) continue;
    const words = serviceWords(name);
    if (words.length === 0 || servesHost(words, host) !== false) continue;
    out.add(words[0]!);
  }
  return [...out].sort();
}

/** A secret from an environment variable sent to `host`: true when the host is registered under a word of the
 *  variable's name (`TAVILY_API_KEY` → api.tavily.com: authentication to its own service), false when the name names
 *  a service and the host is not it (a lookalike spelling included: api.tavily.com.example.net), null when the name
 *  says nothing (`API_KEY`), the host only may be it (paths.ts serviceHost) or is unknown. Other secrets: false. */
export function ownService(t: Taint, host: string | null): boolean | null {
  if (t.owner) return host ? t.owner.some((d) => host === d || host.endsWith(`.${d}`)) : null;
  const name = t.envName ?? t.setting;
  if (!name) return false;
  // A webhook's signing secret or address is handed to the service that calls the webhook, by design.
  if (/WEBHOOK/i.test(name)) return null;
  const words = serviceWords(name);
  if (!host || words.length === 0) return null;
  return servesHost(words, host);
}

/** An SSH public key line that stands for the user's own: cut short with an ellipsis, only "AAAA", or "<key>". */
const PLACEHOLDER_KEY = /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp[0-9]+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)\s+(?:[A-Za-z0-9+/]*(?:\.{3}|…)|AAAA(?=[\s"']|$)|<[^<>\n]+>)/;
/** A complete SSH public key (its base64 body at full length; an ed25519 key is 68 characters), not a placeholder. */
function fullKey(text: string): boolean {
  return /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp[0-9]+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)\s+AAAA[A-Za-z0-9+/]{60,}={0,2}(?![A-Za-z0-9+/.…])/.test(text);
}
/** persist(): a key-name placeholder as a whole literal, and a variable so named. */
const KEY_NAME_TEXT = new RegExp(`^\\s*${KEY_NAME_SLOT}\\s*$`, 'i');
const KEY_VAR_NAME = new RegExp(`^${KEY_VAR_SLOT}`);
/** Names a user types as commands every day (shell builtins, the common file, network, version-control and package
 *  tools): a start-up file that defines a function under one of them replaces that command (`cd() { …; builtin cd
 *  "$@"; }`), so its body runs whenever the user runs the command. */
const EVERYDAY_COMMAND = /^(?:cd|ls|ll|la|l|cat|cp|mv|rm|mkdir|pwd|echo|printf|clear|exit|logout|source|alias|export|history|man|less|more|grep|find|ps|top|kill|sudo|su|doas|ssh|scp|sftp|rsync|git|gh|gpg|passwd|ssh-add|vi|vim|nvim|nano|emacs|code|python[0-9.]*|pip[0-9]?|node|npm|npx|yarn|pnpm|bun|brew|apt|apt-get|dnf|yum|make|docker|kubectl|curl|wget|open|tar|unzip|login|claude|test|command|builtin|exec|eval|trap|prompt_command|precmd|preexec|chpwd|periodic|zshaddhistory|zshexit|TRAP[A-Z0-9]+|command_not_found_handler|command_not_found_handle)$/i;

/** The text of a start-up file with the bodies of the functions it only defines blanked out: a function named for
 *  a new command (`weather() { curl wttr.in; }`) runs when the user calls it, not at every shell start. Kept: a
 *  function named as an everyday command or a shell hook (it runs when the user does something else), and one the
 *  file names anywhere outside its own definition (a call, `add-zsh-hook precmd f`, `trap f EXIT`,
 *  `PROMPT_COMMAND=f`). */
export function withoutDefinedFunctions(text: string): string {
  const head = /^[ \t]*(?:function[ \t]+([\w.:-]+)[ \t]*(?:\(\s*\))?|([\w.:-]+)[ \t]*\(\s*\))[ \t]*\{/gm;
  const bodies: { name: string; from: number; to: number }[] = [];
  for (let m = head.exec(text); m; m = head.exec(text)) {
    let depth = 0;
    let end = -1;
    for (let i = m.index + m[0].length - 1; i < text.length; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    if (end === -1) return text;
    bodies.push({ name: (m[1] ?? m[2])!, from: m.index, to: end });
    head.lastIndex = end;
  }
  if (bodies.length === 0) return text;
  let rest = '';
  let pos = 0;
  for (const b of bodies) {
    rest += text.slice(pos, b.from);
    pos = b.to;
  }
  rest += text.slice(pos);
  let out = text;
  for (const b of bodies) {
    const called = new RegExp(String.raw`(?<![\w.:-])${b.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\w.:-])`).test(rest);
    if (EVERYDAY_COMMAND.test(b.name) || called) continue;
    out = out.slice(0, b.from) + ' '.repeat(b.to - b.from) + out.slice(b.to);
  }
  return out;
}

/** Whether an archiver extracts or lists (`tar xf a.tgz -C dir`, `tar -tzf`, `7z x`, `cpio -i`): it writes the
 *  archive's files out and packs nothing of what its operands name. */
function unpacks(head: string, vals: readonly string[]): boolean {
  const first = vals[0] ?? '';
  switch (head) {
    case 'tar':
      return (/^-?[a-zA-Z]*[xt]/.test(first) && !/^-?[a-zA-Z]*[cru]/.test(first)) || vals.some((v) => /^-[a-zA-Z]*[xt][a-zA-Z]*$/.test(v) || v === '--extract' || v === '--get' || v === '--list');
    case '7z':
    case 'rar':
      return /^[xelt]$/.test(first);
    case 'cpio':
      return vals.some((v) => /^-[a-zA-Z]*[it]/.test(v) || v === '--extract' || v === '--list');
    default:
      return false;
  }
}

/** Programs whose output is data they were given or fetched (readers, decoders, interpreters): evaluating it runs
 *  that data. Any other program's output (`eval "$(tool completion bash)"`, `eval "$(tool init -)"`) is the code the
 *  installed tool prints to set up the shell. */
const DATA_PRINTERS = /^(?:cat|echo|printf|base64|base32|xxd|od|openssl|gzip|gunzip|zcat|bzcat|xzcat|head|tail|tr|rev|sed|awk|cut|dd|sh|bash|zsh|dash|python[0-9.]*|node|perl|ruby|php|curl|wget|nc|ncat|socat)$/;
/** A tool's activation line run from its path under the user's home: `$(~/.local/bin/mise activate bash)`,
 *  `$("$HOME/.cargo/bin/tool" init zsh)`: the program's path, then one of the documented shell-integration verbs
 *  (init, activate, hook, env, shellenv, completion) and its plain arguments (the shell's name, options). */
const HOME_ACTIVATION = /^["']?\$\(\s*["']?((?:~|\$HOME|\$\{HOME\})\/[^\s()`$|;&<>"']+)["']?[ \t]+(?:init|activate|hook|env|shellenv|completions?)\b([^()`$|;&<>]*)\)["']?$/;
/** `eval` of anything but the output of an installed program run by its name, or a tool's activation line run from
 *  its path in the user's home. */
function hiddenEval(text: string): boolean {
  const re = /\beval\b[ \t]*(\S[^;&|\n]*)?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const arg = (m[1] ?? '').trim();
    // The program may be named by its path in a system or package-manager bin folder (`eval "$(/opt/homebrew/bin/brew
    // shellenv)"`, Homebrew's documented post-install line); a program anywhere else (`$(/tmp/.x/run)`) is not one
    // the user installed.
    const sub = /^["']?\$\(\s*(?:\/(?:opt\/homebrew|usr\/local|usr|home\/linuxbrew\/\.linuxbrew|opt\/local)\/bin\/|\/bin\/)?([A-Za-z][\w.-]*)\b([^()`$|;&<>]*)\)["']?$/.exec(arg);
    if (sub && !DATA_PRINTERS.test(sub[1]!) && !/\s-c\b/.test(sub[2]!)) continue;
    // Installers put their program under the home folder (~/.local/bin, ~/.cargo/bin) and print the line that
    // activates it: the program's own shell set-up, like the same line with its bare name. A program kept in a
    // hidden place (`~/.cache/.r/x`) is not a tool's install.
    const home = HOME_ACTIVATION.exec(arg);
    if (home && !hiddenPath(home[1]!) && !DATA_PRINTERS.test(base(home[1]!)) && !/\s-c\b/.test(home[2]!)) continue;
    return true;
  }
  return false;
}

/** Options of the claude CLI that take a value (the word after them is that value, not a prompt). */
const CLAUDE_VALUE = /^(?:--permission-mode|--model|--fallback-model|--effort|--settings|--setting-sources|--add-dir|--plugin-dir|--mcp-config|--agent|--agents|--allowedTools|--allowed-tools|--disallowedTools|--disallowed-tools|--tools|--append-system-prompt|--system-prompt|--append-system-prompt-file|--system-prompt-file|--output-format|--input-format|--max-turns|--max-budget-usd|--session-id|--cwd|--permission-prompt-tool|--betas|--name|-n|--json-schema|--debug-file)$/;
/** Subcommands of the claude CLI that manage it rather than take a prompt (its CLI reference). */
const CLAUDE_SUBCOMMAND = /^(?:agents|daemon|mcp|config|update|doctor|install|plugin|plugins|setup-token|migrate-installer|auth)$/;

/** Claude Code's built-in tools that only read (files, search results, notebooks, the task list). */
const READ_ONLY_TOOLS = /^(?:Read|Grep|Glob|LS|NotebookRead|TodoRead)$/;

/** Whether the place is a row of a Markdown table in which at least two other rows show a form of the same command
 *  in a code span: a reference table of the command's forms. */
function referenceRow(w: Where, head: string): boolean {
  const text = w.source?.normalized;
  if (!text) return false;
  const ls = text.lastIndexOf('\n', w.start - 1) + 1;
  const le = text.indexOf('\n', w.start);
  const row = /^[ \t]*\|.*\|[ \t]*$/;
  if (!row.test(text.slice(ls, le === -1 ? text.length : le))) return false;
  const form = new RegExp(`\`${head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[ \t][^\`]*)?\``);
  let forms = 0;
  const count = (line: string) => void (form.test(line) && forms++);
  for (let a = ls - 1; a > 0; ) {
    const s0 = text.lastIndexOf('\n', a - 1) + 1;
    const line = text.slice(s0, a);
    if (!row.test(line)) break;
    count(line);
    a = s0 - 1;
  }
  for (let b = le; b !== -1 && b < text.length; ) {
    const e = text.indexOf('\n', b + 1);
    const line = text.slice(b + 1, e === -1 ? text.length : e);
    if (!row.test(line)) break;
    count(line);
    b = e;
  }
  return forms >= 2;
}

/** Whether a claude command line gives its session a task of its own: -p/--print, or a prompt argument (a word that
 *  is no option and no option's value) unless that word is a management subcommand. An unknown option's value
 *  counts as a prompt. */
export function claudeTask(vals: readonly string[]): boolean {
  for (let k = 0; k < vals.length; k++) {
    const v = vals[k]!;
    if (v === '-p' || v === '--print') return true;
    if (v.startsWith('-')) {
      if (CLAUDE_VALUE.test(v)) k++;
      continue;
    }
    // The first word that is no option: a subcommand (what follows is its own) or the prompt.
    return !CLAUDE_SUBCOMMAND.test(v);
  }
  return false;
}

/** A path under the home folder to a dot-named file or folder nested in hidden folders (`~/.cache/.r/x`,
 *  `%h/.local/share/.s/sync`, `$HOME/.local/bin/.ph`): every folder above it starts with a dot or is a standard
 *  subfolder of one (share, bin, lib, state). Tools keep their own folder at the first level (`~/.nvm/nvm.sh`) and
 *  projects keep dot folders inside them (`~/app/.venv/bin/python`): neither is hidden this way. */
export function hiddenPath(text: string): boolean {
  for (const m of text.matchAll(/(?:~|\$\{?HOME\}?|%h|\/home\/[^/\s]+|\/Users\/[^/\s]+)((?:\/[^/\s"'<>:;]+)+)/g)) {
    const parts = m[1]!.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) {
      if (parts[i]!.startsWith('.') && parts[i] !== '.' && parts[i] !== '..' && parts.slice(0, i).every((x) => x.startsWith('.') || /^(?:share|bin|lib|state)$/.test(x))) return true;
    }
  }
  return false;
}

export class ShellModel {
  constructor(
    readonly sn: Snippet,
    readonly st: State,
    readonly depth: number,
    readonly via: Step[],
  ) {}

  /** Shell functions of this snippet that only print their arguments (`err() { echo "  ✗ $*"; ok=false; }`, or the
   *  body on the lines below, up to 6): a call of one prints. One pass over the lines. */
  private printerNames: Set<string> | null = null;
  printers(): Set<string> {
    if (this.printerNames) return this.printerNames;
    const names = new Set<string>();
    const lines = this.sn.text.slice(this.sn.start, this.sn.end).split('\n');
    for (let i = 0; i < lines.length; i++) {
      const d = /^[ \t]*(?:function[ \t]+)?([A-Za-z_][\w-]*)[ \t]*(?:\(\))?[ \t]*\{(.*)$/.exec(lines[i]!);
      if (!d || (!/\(\)/.test(lines[i]!) && !/^[ \t]*function\b/.test(lines[i]!))) continue;
      // A parameter expansion's braces (`${RED}`, `${1}`) do not end the body: read as `$RED`, `$1`.
      const unbrace = (x: string) => x.replace(/\$\{([^{}]*)\}/g, (_m, n: string) => `$${n}`);
      let body = unbrace(d[2]!);
      for (let j = i + 1; !body.includes('}') && j < lines.length && j <= i + 6; j++) body += `;${unbrace(lines[j]!)}`;
      if (!body.includes('}')) continue;
      const parts = body.slice(0, body.indexOf('}')).split(';').map((x) => x.trim()).filter((x) => x !== '');
      const prints = (x: string) => /^(?:echo|printf)\b/.test(x) && /\$(?:\*|@|\{?[1-9])/.test(x) && !/[|`]|\$\(/.test(x);
      if (parts.length > 0 && prints(parts[0]!) && parts.slice(1).every((x) => prints(x) || /^(?:[A-Za-z_]\w*=\S*|return\b.*|exit\b.*)$/.test(x))) names.add(d[1]!);
    }
    return (this.printerNames = names);
  }

  at(start: number, end: number): Where {
    return this.sn.place(start, end);
  }

  emit(c: Omit<Chain, 'steps'> & { steps: Step[] }): void {
    const steps = [...this.via, ...c.steps];
    if (this.sn.trigger) steps.unshift(step(steps[0]!.at, this.sn.trigger));
    let { severity, confidence } = c;
    // Running a download is an error where nobody sees it happen or its form is hidden (a task that runs by itself,
    // a decoded payload, a command name built at run time); a visible install step is a warning (remote-exec raises
    // it for an installed skill).
    if (c.rule === 'remote-exec' && c.kind === 'download-run' && severity === 'error' && !this.sn.trigger && !this.sn.hidden && !this.obfuscated) severity = 'warning';
    // A secret shown where the agent reads it, in a sentence that says its output is not to be shown ("`git
    // credential fill` only inside a process that does not echo its output"): the text asks for the read, not for
    // the print.
    // The same for a command whose output a program takes (a Python or Node call that captures it): the program
    // holds the secret, and what it does with it is read from the program.
    const quiet = this.sn.negated || ((this.sn.unprinted === true || this.sn.captured === true) && c.kind === 'secret-shown');
    const lowered = quiet ? { severity, confidence } : undefined;
    if (quiet) {
      severity = 'info';
      confidence = 'low';
    }
    this.st.out.push({ ...c, severity, confidence, steps, ...(lowered ? { lowered } : {}) });
  }

  run(): void {
    const { text, start, end } = this.sn;
    if (this.depth > MAX_DEPTH || end - start > 512 * 1024) return;
    // Here-documents: their bodies are input, not commands; blanked for the parser (offsets kept) and handed to
    // the command that reads them.
    const docs: { op: number; body: [number, number] }[] = [];
    let parsed = text;
    const HD = /<<(-?)[ \t]*(["']?)([A-Za-z_][A-Za-z0-9_]*)\2/g;
    const region = text.slice(start, end);
    if (region.includes('<<')) {
      let masked = region;
      for (let m = HD.exec(region); m; m = HD.exec(region)) {
        if (region[m.index - 1] === '<' || region[m.index + 2] === '<') continue;
        const nl = region.indexOf('\n', m.index);
        if (nl === -1) break;
        const word = m[3]!;
        const close = new RegExp(`^${m[1] ? '[\\t]*' : ''}${word}[ \\t]*$`, 'm');
        const rest = region.slice(nl + 1);
        const cm = close.exec(rest);
        const bodyEnd = cm ? nl + 1 + cm.index : region.length;
        docs.push({ op: start + m.index, body: [start + nl + 1, start + bodyEnd] });
        const stop = cm ? nl + 1 + cm.index + cm[0].length : region.length;
        masked = masked.slice(0, nl + 1) + masked.slice(nl + 1, stop).replace(/[^\n]/g, ' ') + masked.slice(stop);
        HD.lastIndex = stop;
      }
      if (docs.length > 0) parsed = text.slice(0, start) + masked + text.slice(end);
    }
    this.docs = docs;
    // `${IFS}` and `$IFS` split words where they stand: `curl${IFS}-s${IFS}URL` is `curl -s URL`.
    if (/\$\{?IFS\b/.test(parsed.slice(start, end))) {
      const r = parsed.slice(start, end).replace(/\$\{IFS(?:[%#][^}]*)?\}|\$IFS\b/g, (x) => ' '.repeat(x.length));
      parsed = parsed.slice(0, start) + r + parsed.slice(end);
      this.obfuscated = true;
    }
    this.script(parseShell(parsed, start, end), 0);
  }

  docs: { op: number; body: [number, number] }[] = [];
  /** A command name in this snippet came from a variable or a substitution (`c=curl; $c …`). */
  obfuscated = false;

  script(sc: Script, depth: number): Taint | null {
    let last: Taint | null = null;
    for (const p of sc.pipelines) {
      let flow: Taint | null = null;
      for (const c of p.commands) {
        if (--this.st.budget < 0) return null;
        flow = this.command(c, flow, depth);
      }
      last = flow;
      const end = p.commands[p.commands.length - 1];
      if (depth === 0 && flow && end) this.shown(flow, end, p.commands);
      if (depth === 0 && flow && this.sn.onOutput) this.sn.onOutput(flow);
      this.reviewed(p.commands);
    }
    return last;
  }

  /**
   * A downloaded file opened in a pager or an editor, or printed to the terminal (`less setup.sh`, `$EDITOR
   * setup.sh`, `cat setup.sh`), after its download and in the same file: the download-read-run practice, so running
   * it later runs what the person was shown. Not in code that is hidden (decoded) or runs by itself (a trigger):
   * nobody is shown anything there.
   */
  reviewed(cmds: readonly Command[]): void {
    if (this.sn.hidden || this.sn.trigger || ![...this.st.files.values()].some((t) => t.kind === 'download')) return;
    const here = this.at(cmds[0]!.start, cmds[cmds.length - 1]!.end);
    for (const v of shownFiles(cmds, (w) => this.literal(w, 0))) {
      for (const [f, t] of [...this.st.files]) {
        if (t.kind === 'download' && (f === v || base(f) === base(v)) && (t.steps[0]?.at.file ?? '') === (here.file ?? '')) this.st.files.delete(f);
      }
    }
  }

  /**
   * A credential store's content printed where the agent reads it: a command the agent runs whose output ends on
   * the terminal, not in a file or another command. What the agent reads goes into the model's context (sent to the
   * model provider, kept in the session's transcript and logs), and the skill's next words can send it anywhere.
   * Only a store's whole content counts (a private key, a cloud credentials file, browser logins, a keychain dump,
   * logon secrets); a public key, a service's own CLI token (what its tools take), one secret store entry (a key
   * fetched for the tool that needs it), Kubernetes secrets (read to operate the cluster) and a pipeline that ends
   * in a count, a hash, a fingerprint or a check print no secret.
   */
  shown(t: Taint, c: Command, pipeline: readonly Command[]): void {
    if (!shownStore(t)) return;
    // A filter on the way that drops the secret's lines (`grep -v authToken`, `sed '/password/d'`): what is left is
    // the settings around it.
    for (const k of pipeline) {
      const kw = effectiveWords(k.words).map((w) => this.literal(w, 0));
      const drop = /^(?:grep|egrep|fgrep|rg)$/.test(base(kw[0] ?? '')) && kw.some((v) => /^-[a-zA-Z]*v/.test(v) || v === '--invert-match')
        || /^sed$/.test(base(kw[0] ?? '')) && kw.some((v) => /\/d'?$|\bd$/.test(v));
      if (drop && kw.slice(1).some((v) => !v.startsWith('-') && /secret|passw|token|auth|private|key|cred/i.test(v))) return;
    }
    if (c.redirects.some((r) => !toTerminal(r) || r.target?.value === '/dev/null')) return;
    const words = effectiveWords(c.words);
    const head = words[0] ? base(this.literal(words[0], 0)) : '';
    const vals = words.slice(1).map((w) => this.literal(w, 0));
    // sed editing in place (`sed -i '/^KEY=/d' ~/.env`) writes what it would print back into the file.
    if (head === 'sed' && vals.some((v) => /^-[a-zA-Z]*i/.test(v) || /^--in-place(?:=|$)/.test(v))) return;
    const here = this.at(c.start, c.end);
    // The last command prints the content whole (a reader, an encoder, a database query), or is the dump itself; a
    // selector prints the secret only when it selects it (`jq '.auths | keys'` prints registry names, `grep -c` a
    // count). Anything else (a count, a hash, a fingerprint, a check) is not the secret.
    const last = t.steps[t.steps.length - 1]?.at;
    const itself = last !== undefined && last.file === here.file && last.start === here.start;
    const selects = /^(?:grep|egrep|fgrep|rg|jq|yq|awk|gawk|sed)$/.test(head)
      && !vals.some((v) => /^-[a-zA-Z]*[cqlL]/.test(v) || /^--(?:count|quiet|silent|files-with(?:out)?-matches)$/.test(v))
      && (vals.some((v) => !v.startsWith('-') && !v.includes('/') && /secret|passw|token|auth|private|key|cred/i.test(v) && !/\bkeys\b/.test(v)) || (/^(?:jq|yq)$/.test(head) && vals.filter((v) => !v.startsWith('-')).every((v) => v === '.' || !/^[.[{]/.test(v))));
    if (!itself && !selects && !WHOLE_PRINTERS.test(head)) return;
    if (vals.some((v) => /^-(?:noout|check|verify)$/.test(v))) return;
    this.emit(shownChain(t, here));
  }

  /** The taint a word carries: a tainted variable, a credential path, a command substitution's output. */
  wordTaint(w: Word, depth: number): Taint | null {
    for (const s of w.subs) {
      const t = this.script(s, depth + 1);
      if (t && t.kind !== 'literal') return t;
    }
    if (w.proc) {
      const t = this.script(w.proc, depth + 1);
      if (t && t.kind !== 'literal') return t;
    }
    const v = w.value;
    // The word's own variables, not those of a command inside it: `$(curl -H "Authorization: token $T" …)` is the
    // output of that command (read above), which holds the service's answer, not $T.
    for (const m of (w.subs.length > 0 ? withoutSubstitutions(v) : v).matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g)) {
      const t = this.st.vars.get(m[1]!);
      // A folder held by the variable joined with a path under it (`SSH_DIR=~/.ssh` … `"$SSH_DIR/config"`): the file
      // read is that path, which may be a setting beside the keys rather than a key.
      const under = t && t.kind === 'secret' && /^(?:~\/|\/)/.test(t.what) ? new RegExp(String.raw`^\$\{?${m[1]}\}?(\/[\w.-]+(?:\/[\w.-]+)*)$`).exec(v) : null;
      if (t && under) {
        const sp = secretPath(`${t.what.replace(/\/+$/, '')}${under[1]}`);
        if (sp) return { kind: 'secret', steps: [...t.steps, { ...step(this.at(w.start, w.end), `reads the credentials ${sp.what}`), store: sp.what }], what: sp.what };
      }
      if (t && t.kind !== 'literal') return t;
      if (SECRET_NAME.test(m[1]!)) return { kind: 'secret', steps: [step(this.at(w.start, w.end), `reads the secret $${m[1]}`)], what: `$${m[1]}`, envName: m[1]! };
    }
    const f = this.st.files.get(v) ?? this.st.files.get(v.replace(/^@/, '')) ?? this.st.files.get(this.literal(w, depth));
    if (f) return f;
    const sp = secretPath(v.replace(/^@/, '').replace(/^[A-Za-z_]+=@?/, ''));
    if (sp) return { kind: 'secret', steps: [{ ...step(this.at(w.start, w.end), `reads ${sp.browser ? 'the browser data' : 'the credentials'} ${sp.what}`), store: sp.what }], what: sp.what };
    return null;
  }

  /** A word's literal text, with a variable holding a literal resolved (`c=curl; $c …`, `"$A$B"`, `${!ref}`) and
   *  ANSI-C quoting decoded (`$'\x63url'`). */
  literal(w: Word, depth: number): string {
    let v = w.value;
    const raw = this.sn.text.slice(w.start, w.end);
    if (raw.includes("$'") && raw.length < 4096) {
      let out = '';
      for (let i = 0; i < raw.length; ) {
        if (raw[i] === '$' && raw[i + 1] === "'") {
          const e = raw.indexOf("'", i + 2);
          const body = raw.slice(i + 2, e === -1 ? raw.length : e);
          out += decodeLiteral(body, 'escapes') ?? body;
          i = e === -1 ? raw.length : e + 1;
          this.obfuscated = true;
        } else if (raw[i] === "'") {
          const e = raw.indexOf("'", i + 1);
          out += raw.slice(i + 1, e === -1 ? raw.length : e);
          i = e === -1 ? raw.length : e + 1;
        } else if (raw[i] === '"') i++;
        else out += raw[i++];
      }
      v = out;
    }
    const m = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(v);
    if (m) {
      const t = this.st.vars.get(m[1]!);
      if (t?.kind === 'literal') return t.what;
    }
    if (w.subs.length === 1 && v.startsWith('$(')) {
      const t = this.script(w.subs[0]!, depth + 1);
      if (t?.kind === 'literal') return t.what.trim();
    }
    // Variables holding literals, wherever they stand in the word; `${!ref}` reads the variable ref names.
    if (w.subs.length === 0 && v.includes('$')) {
      const lit = (name: string) => {
        const t = this.st.vars.get(name);
        return t?.kind === 'literal' ? t.what : null;
      };
      let known = true;
      const x = v.replace(/\$\{(!?)([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_a, bang: string | undefined, n1: string | undefined, n2: string | undefined) => {
        const name = (n1 ?? n2)!;
        const r = bang ? lit(lit(name) ?? '') : lit(name);
        if (r === null) known = false;
        return r ?? _a;
      });
      if (known && x !== v) {
        if (/\$\{!/.test(v)) this.obfuscated = true;
        return x;
      }
    }
    return v;
  }

  command(c: Command, stdin: Taint | null, depth: number): Taint | null {
    // Assignments alone: remember what each variable holds.
    // Compound-command keywords lead the command they guard (`do dig …`, `then curl …`, `! grep …`).
    let kw = 0;
    while (kw < c.words.length && /^(?:do|then|else|elif|if|while|until|!|\{|time)$/.test(c.words[kw]!.value)) kw++;
    if (kw > 0) c = { ...c, words: c.words.slice(kw) };
    // `for x in WORDS`: x holds what the words hold (`for c in $(base32 ~/.aws/credentials | fold -w 60)`).
    if (c.words[0]?.value === 'for' && c.words[2]?.value === 'in' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(c.words[1]!.value)) {
      for (const w of c.words.slice(3)) {
        const t = this.wordTaint(w, depth);
        if (t && t.kind !== 'literal') {
          // A path written as a word is the file's name until something reads it.
          this.st.vars.set(c.words[1]!.value, w.subs.length === 0 && !w.proc && t.kind === 'secret' ? { ...t, asPath: true } : t);
          break;
        }
      }
      return null;
    }
    // An array assignment (`steps=(a b)`, `manual_steps+=("Download … to $F")`): its elements are values, nothing runs.
    // The array holds what its elements hold (a substitution that read a secret).
    const array = /^([A-Za-z_][A-Za-z0-9_]*)\+?=\(/.exec(c.words[0]?.value ?? '');
    if (array) {
      for (const w of c.words) {
        const t = this.wordTaint(w, depth);
        if (t && t.kind !== 'literal') {
          this.st.vars.set(array[1]!, t);
          break;
        }
      }
      return null;
    }
    const assigns = c.words.filter((w, i) => i < c.words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w.value));
    let words = effectiveWords(c.words);
    // `env` or `nohup` alone: the wrapper is the command.
    if (words.length === 0 && assigns.length < c.words.length) words = c.words.slice(assigns.length);
    if (assigns.length === c.words.length || (words.length === 0 && assigns.length > 0)) {
      for (const w of assigns) {
        const name = w.value.slice(0, w.value.indexOf('='));
        const rest = w.value.slice(name.length + 1);
        const t = this.wordTaint({ ...w, value: rest }, depth);
        if (t) this.st.vars.set(name, t);
        else {
          const lit = rest.startsWith('$(') && w.subs.length === 1 ? this.script(w.subs[0]!, depth + 1) : null;
          this.st.vars.set(name, lit && lit.kind === 'literal' ? lit : { kind: 'literal', steps: [], what: rest });
        }
      }
      return null;
    }
    if (words.length > 0 && /^(?:export|local|declare|readonly|typeset)$/.test(words[0]!.value) && words.length > 1) {
      for (const w of words.slice(1)) if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w.value)) this.command({ ...c, words: [w] }, null, depth);
      if (words.some((w) => /=/.test(w.value))) return null;
    }
    let head = words[0] ? base(this.literal(words[0], depth)) : '';
    if (words[0] && head !== base(words[0].value)) this.obfuscated = true;
    for (let g = 0; g < 3 && (head === 'busybox' || head === 'toybox' || head === 'command' || head === 'exec') && words.length > 1; g++) {
      words = effectiveWords(words.slice(1));
      head = words[0] ? base(this.literal(words[0], depth)) : '';
    }
    const args = words.slice(1);
    const vals = args.map((w) => this.literal(w, depth));
    const here = this.at(c.start, c.end);
    // Input: a redirect from a file, a here-string, a here-document.
    for (const r of c.redirects) {
      if ((r.op === '<' || r.op === '<<<') && r.target) stdin = this.wordTaint(r.target, depth) ?? (r.op === '<<<' ? { kind: 'literal', steps: [], what: this.literal(r.target, depth) } : stdin);
      if ((r.op === '<<' || r.op === '<<-')) {
        const doc = this.docs.find((d) => d.op >= c.start && d.op <= c.end);
        if (doc) stdin = { kind: 'literal', steps: [step(this.at(doc.body[0], doc.body[1]), 'a here-document')], what: this.sn.text.slice(doc.body[0], doc.body[1]), envName: `@${doc.body[0]}` };
      }
    }
    // Sockets the shell opens as file descriptors, and a shell whose streams are wired to one: a reverse shell.
    // Opening one is no shell by itself (a port probe, a request written and its answer read): what comes in is data
    // until something runs it (below, and in `runs`).
    const ctext = this.sn.text.slice(c.start, c.end);
    for (const m of ctext.matchAll(/([0-9]+)<>[ \t]*["']?\/dev\/(?:tcp|udp)\/([^/\s"']+)\/[0-9$]/g)) this.st.sockets.set(m[1]!, { host: m[2]!, at: here });
    for (const m of ctext.matchAll(/(?:^|[\s;])([0-9]+)[<>]&-/g)) this.st.sockets.delete(m[1]!);
    if (head === 'ztcp' && vals[0] && !vals[0].startsWith('-')) this.st.sockets.set('$REPLY', { host: vals[0], at: here });
    let wired = false;
    if ((SHELLS.test(head) || LANG_OF[head.replace(/[0-9.]+$/, '')]) && this.st.sockets.size > 0) {
      const fds = [...ctext.matchAll(/[0-9]?[<>]&\s*(\$\{?REPLY\}?|[0-9]+)/g)].map((m) => m[1]!.replace(/[{}]/g, '')).filter((fd) => this.st.sockets.has(fd));
      const host = fds.length > 0 ? this.st.sockets.get(fds[0]!)!.host : null;
      if (host && !isLocalHost(host)) {
        wired = true;
        this.emit({ rule: 'reverse-shell', kind: 'socket-shell', severity: 'error', confidence: 'high', steps: [step(here, `wires ${head}'s input and output to a connection to ${host}`)], impact: 'whoever listens there runs commands on this machine', fix: 'Remove it' });
      }
    }
    // Input read from a socket (`cat <&5`, `read l <&5`, `read -u 5 l`): what the peer sends. It is data until a
    // shell, eval or the loop's command word runs it.
    if (!wired && this.st.sockets.size > 0) {
      const ui = head === 'read' ? vals.findIndex((v) => /^-[a-zA-Z]*u$/.test(v)) : -1;
      const fd = c.redirects.find((r) => r.op === '<&' && r.target && this.st.sockets.has(r.target.value))?.target?.value ?? (ui >= 0 && vals[ui + 1] && this.st.sockets.has(vals[ui + 1]!) ? vals[ui + 1] : undefined);
      const sock = fd !== undefined ? this.st.sockets.get(fd)! : null;
      if (sock && !isLocalHost(sock.host)) stdin = { kind: 'socket', steps: [step(sock.at, `opens a connection to ${sock.host} on descriptor ${fd}`), step(here, `reads from it (${head || 'a redirect'})`)], what: sock.host };
    }
    // A command word that is a variable holding what a socket sent (`while read l <&5; do $l; done`): it runs it.
    if (words[0] && words[0].subs.length === 0 && /^["']?\$\{?[A-Za-z_]\w*\}?["']?$/.test(this.sn.text.slice(words[0].start, words[0].end))) {
      const t = this.st.vars.get(/[A-Za-z_]\w*/.exec(words[0].value)![0]);
      if (t?.kind === 'socket') {
        this.emit(socketRun(t, here, 'runs each line it reads as a command'));
        return null;
      }
    }
    // gawk's network special files: a co-process to /inet/tcp/0/<host>/<port> that reads commands and runs them
    // (https://www.gnu.org/software/gawk/manual/html_node/TCP_002fIP-Networking.html).
    if (/^g?awk$/.test(head)) {
      const inet = /\/inet[46]?\/tcp\/[0-9]+\/([^/\s"']+)\/[0-9]+/.exec(vals.join(' '));
      if (inet && !isLocalHost(inet[1]!) && inet[1] !== '0' && /\|&/.test(vals.join(' ')) && /getline/.test(vals.join(' '))) {
        this.emit({ rule: 'reverse-shell', kind: 'socket-shell', severity: 'error', confidence: 'high', steps: [step(here, `opens a connection to ${inet[1]} and runs the commands it reads (${head} /inet/tcp)`)], impact: 'whoever listens there runs commands on this machine', fix: 'Remove it' });
      }
    }
    const out = this.effect(c, head, words, args, vals, stdin, here, depth);
    // Output redirected to a file: the file now holds it; a persistence location is a chain of its own.
    for (const r of c.redirects) {
      if ((r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '&>' || r.op === '&>>') && r.target) {
        const target = r.target.value;
        // The `>` that closes a placeholder in angle brackets (`-u <username>:<password>`) is no redirect: the
        // documentation asks the reader to fill in a value there.
        if (r.op === '>' && /<[A-Za-z][\w.-]*>[ \t]*$/.test(this.sn.text.slice(Math.max(0, r.target.start - 80), r.target.start))) continue;
        if (out) {
          stage(this.st, out, here, target, this.sn.negated === true);
          this.st.files.set(target, out);
        }
        const dev = /^\/dev\/(tcp|udp)\/([^/]+)\/([0-9]+)$/.exec(target);
        if (dev && out && (out.kind === 'secret' || out.kind === 'env') && !isLocalHost(dev[2]!)) {
          this.emit({ rule: 'exfiltration', kind: 'secret-sent', severity: 'error', confidence: 'high', steps: [...out.steps, step(here, `writes it to ${dev[2]} port ${dev[3]} through /dev/${dev[1]}`)], impact: 'whoever runs that host receives the credentials', fix: 'Remove it' });
        }
        const pp = persistencePath(target);
        if (pp && !(this.sn.prose && this.closesTag(r.target))) this.persist(pp, out ?? { kind: 'literal', steps: [], what: vals.join(' ') }, here, head);
      }
    }
    return out;
  }

  /** Whether the `>` before `target` closes an HTML or JSX tag of prose (`your <code>CLAUDE.md</code>`, `<C>x</C>`):
   *  markup around a name, not output redirected into it. */
  closesTag(target: Word): boolean {
    const text = this.sn.text;
    let k = target.start;
    while (k > 0 && (text[k - 1] === ' ' || text[k - 1] === '\t')) k--;
    if (text[k - 1] !== '>') return false;
    return /<\/?[A-Za-z][\w.-]*(?:[ \t]+[\w:-]+(?:=(?:"[^"\n]*"|'[^'\n]*'|[^\s<>]*))?)*[ \t]*$/.test(text.slice(Math.max(0, k - 200), k - 1));
  }

  persist(where: string, content: Taint, here: Where, head: string): void {
    // In a shell start-up file, what a function only defined for the user to call does is not run at start-up.
    const text = content.kind === 'literal' ? (/shell start-up/.test(where) ? withoutDefinedFunctions(content.what) : content.what) : '';
    const keys = /authorized SSH/.test(where);
    // A public key read from the user's own ~/.ssh/*.pub, or a placeholder (`ssh-ed25519 AAAA... you@host`), is the
    // user giving their own key access: ordinary administration. A complete key written out by the skill gives
    // whoever holds its private half a login: an error.
    // A name standing for the key ("your_ssh_public_key", `$YOUR_KEY`) is a placeholder too.
    const namedSlot = (content.kind === 'literal' && KEY_NAME_TEXT.test(text)) || (content.kind === 'secret' && KEY_VAR_NAME.test(content.envName ?? ''));
    if (keys && (namedSlot || (content.kind === 'secret' && /\.pub$/.test(content.what)) || (content.kind === 'literal' && !fullKey(text) && (PLACEHOLDER_KEY.test(text) || /^\s*<[^<>\n]+>\s*$/.test(text))))) return;
    // The public keys a code host publishes for an account (`https://github.com/<user>.keys`, what ssh-import-id
    // fetches) with the account left as a placeholder (`username`, `<user>`, `$GITHUB_USER`) are the user's own keys:
    // a set-up step. A named account gives that account a login and stays reported.
    if (keys && content.kind === 'download' && /^https:\/\/(?:github\.com|gitlab\.com|codeberg\.org)\/(?:user(?:name)?|your[-_]?(?:user(?:name)?|account|handle|github[-_]?user(?:name)?)|me|<[^<>\/]+>|\$\{?[A-Za-z_]\w*\}?|[A-Z][A-Z0-9_]*)\.keys$/.test(content.what)) {
      this.st.cleared.push({ rule: 'persistence', at: here });
      return;
    }
    // What makes an autostart entry an implant rather than a setup step the skill describes: it runs a program kept
    // in a hidden place (a dot-named file, or a dot-named folder inside another home folder: `~/.cache/.r/x`), hooks
    // every prompt or a privileged command (PROMPT_COMMAND, a DEBUG trap, `alias sudo=…/x`, a world-writable
    // folder put first on PATH, where any user's file then shadows `sudo` or `ls`: T1574.007), or it poses as the
    // system's own (a launch agent named com.apple.*).
    const hidden = hiddenPath(text);
    const rcHook = /shell start-up/.test(where) && (/\bPROMPT_COMMAND\s*=\s*["']?[^"'\n]*[/$]/.test(text) || /\btrap\b[^\n]*\bDEBUG\b/.test(text) || /\balias\s+(?:sudo|su|doas|ssh|scp|git|gpg|passwd|ssh-add)=["']?[^"'\n]*\//.test(text) || WRITABLE_PATH_FIRST.test(text));
    const masquerade = /launch agent .*\/com\.apple\.[^/]*$/.test(where);
    if (!(content.kind === 'download') && (hidden || rcHook || masquerade) && !/\b(?:curl|wget|nc|ncat|socat|bash\s+-i|\/dev\/tcp|python[0-9.]*\s+-c|base64\s+-d|eval)\b/.test(text)) {
      const why = rcHook ? 'hooks every prompt or a privileged command' : masquerade ? 'is named as a system component' : 'runs a program kept in a hidden place';
      this.emit({ rule: 'persistence', kind: 'persistence-write', severity: 'warning', confidence: 'medium', steps: [...content.steps, step(here, `writes an entry that ${why} into ${where}`)], impact: 'it runs again later without the user asking, after the skill is gone', fix: 'Remove it, or tell the user what to add and let them do it' });
      return;
    }
    const active = content.kind === 'download' || /\b(?:curl|wget|nc|ncat|socat|bash\s+-i|\/dev\/tcp|python[0-9.]*\s+-c|base64\s+-d)\b/.test(text) || hiddenEval(text) || (keys && fullKey(text));
    const agent = /agent's/.test(where);
    const hook = /git hook/.test(where);
    // A start-up line that evaluates an installed program's setup output (shell completion, `tool init`): it does
    // persist, and runs that program at every shell start, but brings no code of the skill's: info, shown.
    const setup = !active && /start-up file/.test(where) && /\beval\b/.test(text);
    if (setup) {
      this.emit({ rule: 'persistence', kind: 'startup-setup', severity: 'info', confidence: 'medium', steps: [step(here, `adds a line to ${where} that evaluates an installed program's output`)], impact: 'every new shell runs that program and evaluates what it prints', fix: 'Fine for a tool the user installed on purpose; otherwise show the line and let the user add it' });
      return;
    }
    if (!active && !agent && !hook && !keys) return;
    // Commands that fetch or hide code, written where they run again: an error. The agent's memory (CLAUDE.md) and
    // the authorized keys hold instructions and access, not reviewed code: a warning. A hook or a settings file
    // written from text the skill shows is what the skill says it sets up: info.
    const severity = active ? 'error' : /CLAUDE\.md/.test(where) || keys ? 'warning' : 'info';
    this.emit({
      rule: 'persistence',
      kind: 'persistence-write',
      severity,
      confidence: active ? 'high' : severity === 'warning' ? 'medium' : 'low',
      steps: [...content.steps, step(here, `writes ${content.kind === 'download' ? 'the download' : keys && fullKey(text) ? 'a public key it carries' : 'commands'} into ${where}`)],
      impact: agent ? 'the agent reads that file in every later session, so what is written there outlives the skill' : keys ? 'whoever holds the matching private key can log in to this account, after the skill is gone' : 'it runs again later without the user asking, after the skill is gone',
      fix: 'Remove it, or tell the user what to add and let them do it',
    });
  }

  /** Whether this snippet is a listing of paths, not a script: a code block of at least two lines in which every
   *  line holds only absolute paths and words in parentheses (`/.env   /metrics (Prometheus)`, routes to probe, files
   *  to check). A path at the start of such a line names a place; nothing runs it. */
  private listing?: boolean;
  pathListing(): boolean {
    if (this.listing !== undefined) return this.listing;
    const lines = this.sn.text.slice(this.sn.start, this.sn.end).split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
    this.listing = !this.sn.prose && lines.length >= 2 && lines.every((l) => /^\/\S*(?:[ \t]+(?:\/\S*|[(（][^)）\n]*[)）]|[#＃].*))*$/u.test(l));
    return this.listing;
  }

  /** What the command does; returns its output's taint. */
  effect(c: Command, head: string, words: Word[], args: Word[], vals: string[], stdin: Taint | null, here: Where, depth: number): Taint | null {
    const st = this.st;
    // `python3 -m pip install …`, `python -m venv`: the module is the command.
    if (/^python[0-9.]*$|^py$/.test(head) && vals[0] === '-m' && vals[1] && !vals[1].startsWith('-')) {
      return this.effect(c, base(vals[1]), words.slice(2), args.slice(2), vals.slice(2), stdin, here, depth);
    }
    // Running code: an interpreter with inline code, a script file, or its standard input.
    const lang: Lang | null = SHELLS.test(head) ? 'shell' : (LANG_OF[head.replace(/[0-9.]+$/, '')] ?? LANG_OF[head] ?? null);
    if (lang || head === 'eval' || head === 'source' || head === '.' || head === 'iex' || head === 'invoke-expression') {
      return this.runs(c, head, lang ?? (head === 'iex' || head === 'invoke-expression' ? 'powershell' : 'shell'), args, vals, stdin, here, depth);
    }
    // A file run by path (./x, /tmp/x), or opened (a .command file runs in Terminal on macOS).
    const w0 = words[0] ? this.literal(words[0], depth) : '';
    const runFile = head === 'open' || head === 'start' || head === 'mshta' || head === 'msiexec' || head === 'rundll32' || head === 'regsvr32' || head === 'cscript' || head === 'wscript' ? vals.find((v) => !v.startsWith('-') && !v.startsWith('/')) ?? vals.find((v) => !v.startsWith('-')) : w0.includes('/') ? w0 : null;
    // `open song.mp3` / `start report.pdf` hands a document to its viewer: nothing of it runs.
    const opensDocument = (head === 'open' || head === 'start') && runFile !== null && runFile !== undefined && DOCUMENT.test(runFile);
    if (runFile && !opensDocument) {
      // The file written under that exact path, else one of the same name written elsewhere (`curl -o x.sh` in one
      // folder, `$DIR/x.sh` run later) — but not from a listing of paths, where a name alike is only a name.
      const t = st.files.get(runFile) ?? (this.pathListing() ? undefined : [...st.files].find(([f]) => base(f) === base(runFile) && base(f).length > 0)?.[1]);
      if (t?.kind === 'download') {
        this.emit({ rule: 'remote-exec', kind: 'download-run', severity: 'error', confidence: 'high', steps: [...t.steps, step(here, `runs ${runFile}`)], impact: 'whatever the server returned runs unreviewed', fix: 'Ship the script in the skill, or verify a pinned checksum before running it' });
        return null;
      }
      if ((head === 'mshta' || head === 'msiexec' || head === 'regsvr32' || head === 'rundll32') && vals.some((v) => URLISH.test(v.replace(/^\/i:/i, '')))) {
        this.emit({ rule: 'remote-exec', kind: 'lolbin-run', severity: 'error', confidence: 'high', steps: [step(here, `${head} fetches and runs ${vals.find((v) => URLISH.test(v.replace(/^\/i:/i, '')))}`)], impact: 'whatever the server returns runs unreviewed', fix: 'Remove it' });
        return null;
      }
    }
    // Downloads, and data sent with them.
    if (DOWNLOADERS.has(head) || (head === 'certutil' && vals.some((v) => /^[-/]urlcache$/i.test(v))) || (head === 'bitsadmin' && vals.some((v) => /^\/transfer$/i.test(v)))) {
      // The cloud metadata service's credentials path answers with the instance's keys: a read of a secret.
      const imds = vals.map(metadataCredential).find((x) => x !== null);
      if (imds) {
        const t: Taint = { kind: 'secret', steps: [step(here, `reads ${imds} (${head})`)], what: imds };
        const out = c.redirects.find((r) => (r.op === '>' || r.op === '>>') && !toTerminal(r))?.target?.value ?? vals.find((v, k) => /^(?:-o|--output|-O)$/.test(vals[k - 1] ?? ''));
        if (out) {
          stage(st, t, here, out, this.sn.negated === true);
          st.files.set(out, t);
          return null;
        }
        return t;
      }
      return this.download(c, head, args, vals, stdin, here, depth);
    }
    // Installs of a package by URL: the installer runs the package's build or lifecycle code (pip's setup.py, npm's
    // install scripts), and nothing pins what the URL serves (a git URL without a commit, a tarball URL).
    const pm = head === 'pip' || /^pip[0-9.]+$/.test(head) || head === 'uv' ? 'pip' : /^(?:npm|pnpm|yarn|bun)$/.test(head) ? 'npm' : null;
    if (pm) {
      const i = vals.findIndex((v) => /^(?:install|i|add)$/.test(v));
      const unpinned = (v: string) => {
        const x = v.replace(/^-e$/, '');
        const h = hostOf(x.replace(/^git\+/, ''));
        if (!h || isLocalHost(h) || placeholderRepository(x)) return false;
        if (/^git\+/.test(x)) return !/@[0-9a-f]{40}\b|#[0-9a-f]{40}\b/.test(x);
        return /^https?:\/\/\S+\.(?:tar\.gz|tgz|zip|whl)(?:[?#]\S*)?$/i.test(x);
      };
      const u = i >= 0 ? vals.slice(i + 1).find(unpinned) : undefined;
      if (u) this.emit({ rule: 'remote-exec', kind: 'download-run', severity: 'warning', confidence: 'medium', steps: [step(here, `installs ${/^git\+/.test(u) ? 'the repository' : 'the archive'} ${u}`)], impact: pm === 'pip' ? 'pip runs the package\'s build code (setup.py) on install, and nothing pins what the URL serves' : 'npm runs the package\'s install scripts, and nothing pins what the URL serves', fix: pm === 'pip' ? 'Install a published version from the package index, pinned (==version, --require-hashes), or pin the commit (git+https://…@<commit>)' : 'Install a published version from the registry, pinned, or pin the commit (#<commit>)' });
      return null;
    }
    // Stored credentials a command prints or dumps (the keyring, the Windows vault, SAM hives, LSASS, Kubernetes
    // secrets, git's credential helper, a container's environment, the history): where that goes, they go.
    const dumped = credentialDump(head, vals);
    if (dumped) {
      const t: Taint = { kind: dumped.env ? 'env' : 'secret', steps: [step(here, `reads ${dumped.what} (${[head, ...vals.slice(0, 3)].join(' ')})`)], what: dumped.what, ...(dumped.weak ? { weak: true } : {}) };
      if (dumped.file) {
        // The command writes the dump into that file; what it prints is its progress, not the secret.
        stage(st, t, here, dumped.file, this.sn.negated === true);
        st.files.set(dumped.file, t);
        return null;
      }
      return t;
    }
    // A sweep that lists credential files by name: their paths, which a reader further on (`| xargs cat`) opens.
    const listed = findSweep(head, vals);
    if (listed && !listed.read) return { kind: 'secret', steps: [step(here, `finds ${listed.what} (find)`)], what: listed.what, asPath: true };
    // The clipboard: what the user copied, passwords and tokens among it.
    if (head === 'pbpaste' || head === 'wl-paste' || head === 'get-clipboard' || head === 'gcb' || (head === 'xclip' && vals.some((v) => /^-o(?:ut)?$/.test(v))) || (head === 'xsel' && vals.some((v) => /^(?:-o|--output|-[a-z]*o[a-z]*)$/.test(v)))) {
      return { kind: 'secret', steps: [step(here, `reads the clipboard (${head})`)], what: 'the clipboard', weak: true };
    }
    // Network peers: nc/socat with secret input.
    if (PEERS.has(head) && !(head === 'openssl' && !vals.includes('s_client'))) {
      const host = vals.find((v) => /^[A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,}$|^[0-9]{1,3}(?:\.[0-9]{1,3}){3}$/.test(v)) ?? /(?:^|:)([A-Za-z0-9.-]+\.[A-Za-z]{2,}|[0-9]{1,3}(?:\.[0-9]{1,3}){3})(?::|$)/.exec(vals.find((v) => /^(?:tcp|udp|openssl|ssl)[46]?:/i.test(v)) ?? '')?.[1] ?? vals.find((v) => /^-connect$/.test(v)) ?? null;
      if (stdin && (stdin.kind === 'secret' || stdin.kind === 'env') && host && !isLocalHost(host)) {
        this.emit({ rule: 'exfiltration', kind: 'secret-sent', severity: 'error', confidence: 'high', steps: [...stdin.steps, step(here, `sends it to ${host} with ${head}`)], impact: 'whoever runs that host receives the credentials', fix: 'Remove it' });
      }
      return null;
    }
    if (head === 'scp' || head === 'rsync' || head === 'sftp' || head === 'rclone') {
      const remote = vals.find((v) => /^(?:[^@\s/]+@)?[A-Za-z0-9.-]+:(?!\/\/)/.test(v) && !/^[a-z]:\\/i.test(v));
      if (remote) {
        for (let k = 0; k < args.length; k++) {
          const w = args[k]!;
          if (w.value === remote) continue;
          // The key that logs in (`-i key`, `-e "ssh -i key"`, `-o IdentityFile=key`, `-F config`) authenticates the
          // connection; ssh never sends it. Only what is copied counts.
          const prev = k > 0 ? args[k - 1]!.value : '';
          if (/^(?:-i|-e|--rsh|-o|-F|-S)$/.test(prev) || /^(?:-i|-e|-o|-F)\S|^--rsh=/.test(w.value)) continue;
          const t = this.wordTaint(w, depth);
          const h = /^(?:[^@\s/]+@)?([A-Za-z0-9.-]+):/.exec(remote)![1]!;
          if (t && (t.kind === 'secret' || t.kind === 'env') && !isLocalHost(h)) {
            this.emit({ rule: 'exfiltration', kind: 'secret-sent', severity: 'error', confidence: 'high', steps: [...t.steps, step(here, `copies it to ${remote} with ${head}`)], impact: 'the credentials end up on a host the user does not control', fix: 'Remove it' });
            break;
          }
        }
        return null;
      }
    }
    // A checksum or signature check of a downloaded file: what runs after it is what was reviewed.
    if (VERIFY.has(head)) {
      const check = vals.some((v) => /^(?:-c|--check|--verify|verify|verify-blob)$/.test(v));
      for (const [f, t] of [...st.files]) if (t.kind === 'download' && (check || vals.some((v) => v === f || base(v) === base(f)))) st.files.delete(f);
      return null;
    }
    if (head === 'rm' || head === 'shred' || head === 'srm' || head === 'unlink') {
      for (const v of vals) if (!v.startsWith('-')) st.removed.add(v);
      return null;
    }
    if (head === 'cd' || head === 'pushd') {
      const t = args[0] ? this.wordTaint(args[0], depth) : null;
      st.cwd = t && t.kind === 'secret' ? t : null;
      return null;
    }
    if (head === 'git') {
      const ci = vals.indexOf('-C');
      const sub = vals.find((v, i) => !v.startsWith('-') && (ci < 0 || i !== ci + 1));
      const cTaint = ci >= 0 && args[ci + 1] ? this.wordTaint(args[ci + 1]!, depth) : null;
      const inSecret = (cTaint?.kind === 'secret' ? cTaint : null) ?? st.cwd;
      if (sub === 'add') {
        const t = args.slice(1).map((w) => this.wordTaint(w, depth)).find((x) => x && (x.kind === 'secret' || x.kind === 'env'));
        if (t) st.gitStaged = { ...t, steps: [...t.steps, step(here, 'adds it to a git repository')] };
        else if (inSecret && vals.some((v) => v === '.' || v === '-A' || v === '--all')) st.gitStaged = { ...inSecret, steps: [...inSecret.steps, step(here, 'adds the folder to a git repository')] };
      } else if (sub === 'commit') {
        // A message (-m, --message=, -F file) built from credentials: the commit carries them wherever it is pushed.
        for (let k = 0; k < args.length; k++) {
          const v = vals[k]!;
          const w = v === '-m' || v === '--message' || v === '-F' || v === '--file' ? args[k + 1] : /^--message=/.test(v) ? { ...args[k]!, value: v.slice(10) } : /^-m./.test(v) ? { ...args[k]!, value: v.slice(2) } : undefined;
          if (!w) continue;
          const t = (v === '-F' || v === '--file' ? st.files.get(w.value) : null) ?? this.wordTaint(w, depth);
          if (t && (t.kind === 'secret' || t.kind === 'env') && !t.asPath) {
            st.gitStaged = { ...t, steps: [...t.steps, step(here, 'writes it into a commit message')] };
            break;
          }
        }
      } else if (sub === 'push') {
        const t = st.gitStaged ?? inSecret;
        if (t) this.emit({ rule: 'exfiltration', kind: 'secret-sent', severity: 'error', confidence: 'high', steps: [...t.steps, step(here, 'pushes it to a git remote')], impact: 'the credentials end up in a repository whoever owns the remote can read', fix: 'Remove it' });
      }
      return null;
    }
    // Metadata and steganography writers: the file then carries what was written into it (`exiftool
    // -Comment="$(cat ~/.aws/credentials)" photo.jpg`, `steghide embed -ef secret -cf cover.jpg`).
    if (head === 'exiftool' || (head === 'steghide' && vals[0] === 'embed')) {
      let t: Taint | null = null;
      let cover: string | undefined;
      for (let k = 0; k < args.length; k++) {
        const v = vals[k]!;
        if (head === 'steghide') {
          if ((v === '-ef' || v === '--embedfile') && vals[k + 1]) t = st.files.get(vals[k + 1]!) ?? this.wordTaint(args[k + 1]!, depth);
          if ((v === '-cf' || v === '--coverfile') && vals[k + 1]) cover = vals[k + 1];
        } else if (/^-[\w:-]+<?=/.test(v)) {
          const wt = this.wordTaint(args[k]!, depth);
          if (wt && (wt.kind === 'secret' || wt.kind === 'env')) t = wt;
        } else if (!v.startsWith('-')) cover = v;
      }
      if (t && (t.kind === 'secret' || t.kind === 'env') && cover) st.files.set(cover, { ...t, steps: [...t.steps, step(here, `hides it in ${cover} (${head})`)] });
      return null;
    }
    if (head === 'gh' && vals[0] === 'gist' && vals[1] === 'create') {
      for (const w of args.slice(2)) {
        const t = this.wordTaint(w, depth) ?? (w.value === '-' ? stdin : null);
        if (t && (t.kind === 'secret' || t.kind === 'env')) {
          const pub = vals.includes('--public') || vals.includes('-p');
          this.emit({ rule: 'exfiltration', kind: 'secret-sent', severity: 'error', confidence: 'high', steps: [...t.steps, step(here, `uploads it as a ${pub ? 'public' : 'secret (unlisted)'} gist`)], impact: pub ? 'anyone can read the credentials' : 'anyone with the link can read the credentials', fix: 'Remove it' });
          break;
        }
      }
      return null;
    }
    if (head === 'dig' || head === 'nslookup' || head === 'host' || head === 'drill' || head === 'ping' || head === 'resolve-dnsname') {
      for (const w of args) {
        if (!/\.[A-Za-z]{2,}/.test(w.value)) continue;
        const t = this.wordTaint(w, depth);
        if (t && (t.kind === 'secret' || t.kind === 'env')) {
          this.emit({ rule: 'exfiltration', kind: 'dns-tunnel', severity: 'error', confidence: 'high', steps: [...t.steps, step(here, `looks up a name built from it (${head})`)], impact: 'the DNS query itself carries the data to whoever runs that domain, past any HTTP egress filter', fix: 'Remove it' });
          break;
        }
      }
      return null;
    }
    if (head === 'crontab') {
      const t = vals[0] === '-' || vals.length === 0 ? stdin : args[0] ? (this.st.files.get(vals[0]!) ?? null) : null;
      if (vals[0] !== '-l' && vals[0] !== '-r' && vals[0] !== '-e') this.persist('the crontab', t ?? { kind: 'literal', steps: [], what: '' }, here, head);
      return null;
    }
    if (head === 'tee') {
      for (const v of vals) {
        if (v.startsWith('-')) continue;
        if (stdin) st.files.set(v, stdin);
        const pp = persistencePath(v);
        if (pp) this.persist(pp, stdin ?? { kind: 'literal', steps: [], what: '' }, here, head);
      }
      return stdin;
    }
    // In prose, a command written in an inline code span ends with the span: "`claude agents` accepts
    // `--dangerously-skip-permissions`" names the flag, it does not pass it.
    const own = this.sn.spanEnd === undefined ? vals : vals.filter((_, k) => args[k]!.start < this.sn.spanEnd!);
    if (head === 'claude' && own.some((v) => v === '--dangerously-skip-permissions' || v === 'bypassPermissions' || v === '--permission-mode=bypassPermissions')) {
      // Input piped or redirected in, a prompt argument or -p: the session runs that task by itself, unattended.
      // Without one it is the interactive session a person starts at their terminal (Claude Code asks them to accept
      // the mode the first time): the person chooses the mode and types every task, so it is shown, at info.
      // (`<subcommand>` is a placeholder written in angle brackets, not input read from a file.)
      const fed = c.redirects.some((r) => (r.op === '<' && this.sn.text[r.target?.end ?? 0] !== '>') || r.op === '<<' || r.op === '<<-' || r.op === '<<<') || /(?:^|[^|])\|&?[ \t]*$/.test(this.sn.text.slice(Math.max(0, c.start - 100), c.start));
      const tools = own.findIndex((v) => v === '--tools');
      const readOnly = tools >= 0 && tools + 1 < own.length && own[tools + 1]!.split(/[\s,]+/).every((x) => x === '' || READ_ONLY_TOOLS.test(x));
      if ((fed || claudeTask(own)) && readOnly) {
        // --tools leaves the session only tools that read: nothing it does writes a file or runs a command.
        this.emit({ rule: 'privilege-change', kind: 'agent-permissions-off', severity: 'info', confidence: 'medium', steps: [step(here, `starts Claude Code with its permission checks off, limited to the tools ${own[tools + 1]}`)], impact: 'those tools only read, so no file write or shell command runs unasked', fix: 'Keep the tool list read-only, or let the user approve what the session does' });
      } else if ((fed || claudeTask(own)) && this.sn.prose && referenceRow(this.at(c.start, c.end), head)) {
        // One row of a reference table of the CLI's forms (a command per row): it documents the flag; nothing asks
        // for this session to be started.
        this.emit({ rule: 'privilege-change', kind: 'agent-permissions-off', severity: 'info', confidence: 'medium', steps: [step(here, 'names the flag that turns off Claude Code\'s permission checks, in a reference table of its command forms')], impact: 'a session started that way runs every tool call without asking the user', fix: 'Leave the choice of permission mode to the user' });
      } else if (fed || claudeTask(own)) {
        this.emit({ rule: 'privilege-change', kind: 'agent-permissions-off', severity: 'warning', confidence: 'high', steps: [step(here, 'starts Claude Code with its permission checks off')], impact: 'every tool call of that session, file writes and shell commands included, runs without asking the user', fix: 'Remove the flag; let the user approve what the session does' });
      } else {
        this.emit({ rule: 'privilege-change', kind: 'agent-permissions-off', severity: 'info', confidence: 'medium', steps: [step(here, 'starts an interactive Claude Code session with its permission checks off')], impact: 'the person who starts it types its tasks, and its tool calls then run without asking them', fix: 'Leave the choice of permission mode to the user' });
      }
      return null;
    }
    if (head === 'security' && /^(?:find-generic-password|find-internet-password|dump-keychain|export)$/.test(vals[0] ?? '')) {
      // `dump-keychain -d` decrypts every item; "<Browser> Safe Storage" is the key Chromium browsers encrypt saved
      // passwords and cookies with on macOS (os_crypt): with it, the browser's logins can be read. One other item is
      // one secret, often the key a tool needs.
      if (vals[0] === 'dump-keychain' && vals.some((v) => /^-[a-zA-Z]*d/.test(v))) return { kind: 'secret', steps: [step(here, 'decrypts every item of the keychain (security dump-keychain -d)')], what: "the keychain's decrypted items" };
      if (vals.some((v) => /\bSafe Storage$/i.test(v))) return { kind: 'secret', steps: [step(here, `reads the key to the browser's saved passwords (security ${vals[0]})`)], what: "the key to the browser's saved passwords" };
      return { kind: 'secret', steps: [step(here, `reads the keychain (security ${vals[0]})`)], what: 'the keychain' };
    }
    const printed = credentialCommand(head, vals);
    if (printed) return { kind: 'secret', steps: [step(here, `reads ${printed.what} (${[head, ...vals.slice(0, 3)].join(' ')})`)], what: printed.what, ...(printed.owner ? { owner: printed.owner } : {}) };
    if ((head === 'env' || head === 'printenv' || head === 'set' || head === 'get-childitem' || head === 'gci' || head === 'dir') && (vals.length === 0 || /^env:$/i.test(vals[0] ?? ''))) {
      if (head === 'get-childitem' || head === 'gci' || head === 'dir' ? /^env:$/i.test(vals[0] ?? '') : true) return { kind: 'env', steps: [step(here, `dumps the environment (${head})`)], what: 'the environment' };
    }
    if (head === 'export' && vals[0] === '-p') return { kind: 'env', steps: [step(here, 'dumps the environment (export -p)')], what: 'the environment' };
    if (head === 'printenv' && vals[0] && SECRET_NAME.test(vals[0])) return { kind: 'secret', steps: [step(here, `reads the secret ${vals[0]}`)], what: vals[0], envName: vals[0] };
    // A call of a function that only prints its arguments prints them.
    if (vals.some((v) => INSTALL_HINT.test(v)) && c.redirects.every(toTerminal) && this.printers().has(head)) {
      st.cleared.push({ rule: 'remote-exec', at: here });
      return { kind: 'literal', steps: [], what: vals.join(' ') };
    }
    if (head === 'echo' || head === 'printf' || head === 'write-output') {
      for (const w of args) {
        const t = this.wordTaint(w, depth);
        if (t && t.kind !== 'literal') return t;
      }
      // An install hint printed for the user runs nothing: to the terminal (stdout, stderr, /dev/tty), not into a file
      // that something could run later.
      if (c.redirects.every(toTerminal) && vals.some((v) => INSTALL_HINT.test(v))) st.cleared.push({ rule: 'remote-exec', at: here });
      const text = head === 'printf' ? printfText(vals.filter((v) => !/^-[a-z]$/.test(v)).join(' ')) : vals.filter((v) => !/^-[neE]+$/.test(v)).join(' ');
      return { kind: 'literal', steps: [], what: head === 'echo' && vals.some((v) => /^-[a-z]*e/.test(v)) ? printfText(text) : text };
    }
    // Copies and archives: where credentials go, the destination holds them.
    // A move leaves nothing at its source: a file staged there and moved back into the store (`grep -v X ~/.app/.env >
    // /tmp/e; mv /tmp/e ~/.app/.env`, the in-place filter) has left no copy behind.
    if (head === 'mv' || head === 'move-item') {
      const ops = vals.filter((v) => !v.startsWith('-'));
      for (const v of ops.slice(0, -1)) st.removed.add(v);
    }
    if ((COPIERS.has(head) || ARCHIVERS.has(head)) && !unpacks(head, vals)) {
      // The destination is written, not read: `cp .env.example ~/.app/.env` copies a template into a credential's
      // place, and carries no credential. For a copier it is the last operand; for an archiver, the -f file.
      // `cp -t DIR src…` (GNU cp, mv, install, ln) names the destination first.
      const operands = args.filter((w) => !w.value.startsWith('-'));
      const fOpt = args.findIndex((w, i) => /^-[a-zA-Z]*f$/.test(w.value) || w.value === '--file' || (i === 0 && head === 'tar' && /^[a-zA-Z]*f$/.test(w.value)));
      const tOpt = /^(?:cp|mv|install|ln)$/.test(head) ? args.findIndex((w) => w.value === '-t' || w.value === '--target-directory') : -1;
      const written = COPIERS.has(head) ? (tOpt >= 0 ? args[tOpt + 1] : operands.length >= 2 ? operands[operands.length - 1] : undefined) : fOpt >= 0 ? args[fOpt + 1] : undefined;
      const taints = args.map((w) => (w.value.startsWith('-') || w === written ? null : this.wordTaint(w, depth)));
      const src = taints.find((t) => t && (t.kind === 'secret' || t.kind === 'env' || t.kind === 'download')) ?? (st.cwd && ARCHIVERS.has(head) ? st.cwd : null);
      if (src) {
        const what = ARCHIVERS.has(head) ? `packs it into an archive (${head})` : `copies it (${head})`;
        const t: Taint = { ...src, steps: [...src.steps, step(here, what)] };
        let dest: string | undefined;
        if (ARCHIVERS.has(head)) {
          const fi = vals.findIndex((v, i) => /^-[a-zA-Z]*f$/.test(v) || v === '--file' || (i === 0 && head === 'tar' && /^[a-zA-Z]*f$/.test(v)));
          dest = fi >= 0 ? vals[fi + 1] : head === 'zip' || head === '7z' ? vals.find((v) => !v.startsWith('-') && !/^a$/.test(v)) : undefined;
          if (dest === '-' || dest === undefined) return t;
        } else dest = [...vals].reverse().find((v) => !v.startsWith('-'));
        if (dest) {
          // A destination that starts with a variable naming a credential store's path is read with that path
          // (`cp "$F" "$F.bak"`, `cp "$F.bak" "$F"` with F set to the store: a backup beside it, or put back).
          const held = /^\$\{?([A-Za-z_]\w*)\}?(?=[^\w/]|$)/.exec(dest);
          const heldStore = held ? st.vars.get(held[1]!) : undefined;
          const at = heldStore?.kind === 'secret' && secretPath(heldStore.what) !== null ? heldStore.what + dest.slice(held![0].length) : dest;
          stage(st, t, here, at, this.sn.negated === true);
          st.files.set(dest, t);
          if (dest.startsWith('./')) st.files.set(dest.slice(2), t);
          if (/.\/+$/.test(dest)) st.files.set(dest.replace(/\/+$/, ''), t);
          const raw = args[vals.lastIndexOf(dest)]?.value;
          if (raw) st.files.set(raw, t);
          const pp = persistencePath(dest);
          if (pp) this.persist(pp, src, here, head);
        }
        return null;
      }
      const dest = [...vals].reverse().find((v) => !v.startsWith('-'));
      const pp = dest ? persistencePath(dest) : null;
      const from = vals.find((v) => !v.startsWith('-') && v !== dest);
      // A link from the project's instruction file to another file of the same project (`ln -s AGENTS.md
      // CLAUDE.md`) writes nothing: the agent reads the project's own file under a second name.
      const sibling = (v: string | undefined) => v !== undefined && /^(?:\.\/)?[\w.-]+$/.test(v);
      if (head === 'ln' && pp && /^the agent's configuration/.test(pp) && sibling(dest) && sibling(from)) return null;
      if (pp && COPIERS.has(head)) {
        const t = from ? st.files.get(from) : undefined;
        this.persist(pp, t ?? { kind: 'literal', steps: [], what: '' }, here, head);
      }
      return null;
    }
    // Readers of a credential file: their output is the secret.
    if (READERS.has(head)) {
      // openssl's -pubout writes a key's public half, which is made to be shared; its -out writes into a file (the
      // file then holds what was read), not onto the terminal.
      if (head === 'openssl' && vals.includes('-pubout')) return null;
      const outAt = head === 'openssl' ? vals.indexOf('-out') : -1;
      if (outAt >= 0 && vals[outAt + 1]) {
        const from = args.find((w, k) => !w.value.startsWith('-') && k !== outAt + 1 && args[k - 1]?.value !== '-out');
        const t = (from ? this.wordTaint(from, depth) : null) ?? (stdin && stdin.kind !== 'literal' ? stdin : null);
        if (t && t.kind !== 'literal') st.files.set(vals[outAt + 1]!, t);
        return null;
      }
      for (let k = 0; k < args.length; k++) {
        const w = args[k]!;
        // The value of an output option is where the command writes (`openssl genrsa -out key.pem`), not what it reads.
        if (w.value.startsWith('-') || /^(?:-out|-o|--output)$/.test(args[k - 1]?.value ?? '')) continue;
        const t = this.wordTaint(w, depth);
        if (t && t.kind === 'secret' && !t.envName && !t.owner && !t.setting && DOTENV_FILE.test(t.what)) {
          const name = oneSetting(head, vals);
          if (name) return { ...t, steps: [...t.steps, step(here, `keeps the setting ${name} (${head})`)], setting: name };
        }
        if (t && (t.kind === 'secret' || t.kind === 'download' || t.kind === 'env')) return t;
      }
    }
    const dec = decoderOf(head, vals);
    if (dec && stdin?.kind === 'literal') {
      const text = decodeAll(stdin.what, dec);
      // A tr table is named by what it is: rot13 when it maps every letter 13 places on, otherwise a substitution.
      const label = dec.startsWith('tr:') ? (decodeAll('abcnopABC', dec) === 'nopabcNOP' ? 'rot13' : 'tr substitution') : dec;
      if (text !== null) return { kind: 'literal', steps: [...stdin.steps, step(here, `decodes it (${label})`)], what: text, envName: 'decoded', decoder: label };
    }
    const kept = stdin ? envSecretsKept(stdin, head, vals, here) : undefined;
    if (kept !== undefined) return kept;
    if (FILTERS.has(head) || dec) return stdin;
    // `read NAME…` from a socket: the variables hold what the peer sent (options and their values skipped).
    if (head === 'read' && stdin?.kind === 'socket') {
      for (let k = 0; k < vals.length; k++) {
        if (/^-[a-zA-Z]*[adinNptu]$/.test(vals[k]!)) k++;
        else if (/^[A-Za-z_]\w*$/.test(vals[k]!)) st.vars.set(vals[k]!, stdin);
      }
      return null;
    }
    if (head === 'xargs' && stdin) {
      // `find ~ -name id_rsa | xargs cat`: the names become the files' content when a reader takes them.
      const reader = args.find((w) => !w.value.startsWith('-'));
      if (stdin.kind === 'secret' && stdin.asPath && reader && SWEEP_READER.test(base(this.literal(reader, depth)))) {
        const { asPath: _names, ...content } = stdin;
        stdin = content;
      }
      // `… | xargs curl`, `… | xargs -I{} sh -c {}`: the input becomes arguments of the command.
      const rest = args.findIndex((w) => !w.value.startsWith('-') && !/^\{\}$/.test(w.value));
      if (rest >= 0) return this.effect(c, base(this.literal(args[rest]!, depth)), args.slice(rest), args.slice(rest + 1), vals.slice(rest + 1), stdin, here, depth);
    }
    return null;
  }

  runs(c: Command, head: string, lang: Lang, args: Word[], vals: string[], stdin: Taint | null, here: Where, depth: number): Taint | null {
    const st = this.st;
    const exec = (t: Taint, how: string) => {
      if (t.kind === 'socket') {
        this.emit(socketRun(t, here, `runs what it reads (${head})`));
        return true;
      }
      if (t.kind === 'download') {
        this.emit({ rule: 'remote-exec', kind: 'download-run', severity: 'error', confidence: 'high', steps: [...t.steps, step(here, how)], impact: 'whatever the server returns runs unreviewed', fix: 'Download to a file, verify its checksum or signature, read it, then run it; or ship the script in the skill' });
        return true;
      }
      if (t.kind === 'literal' && t.what.trim() !== '') {
        // Code given as text (a decoded payload, a here-document, an echoed line): read it as that language.
        const decoded = t.envName === 'decoded';
        // A here-document's body is text of the file, line for line: its commands keep their own places (an echoed
        // hint on line 12 of the body is cleared on that line, not on the line that starts the interpreter).
        const doc = t.envName?.startsWith('@') && t.steps.length === 1 ? t.steps[0]!.at : null;
        const place = doc && doc.end - doc.start === t.what.length ? (a: number, b: number): Where => ({ ...doc, start: doc.start + a, end: doc.start + b }) : () => here;
        const sn: Snippet = { text: t.what, start: 0, end: t.what.length, lang, place, negated: this.sn.negated, hidden: decoded || this.sn.hidden, ...(this.sn.trigger ? { trigger: this.sn.trigger } : {}) };
        const before = st.out.length;
        st.code(sn, st, depth + 1, [...this.via, ...t.steps, ...(decoded ? [step(here, `runs the decoded text (${head})`)] : [])]);
        // Hidden code that itself downloads and runs, or sends secrets: the known dropper form, an error.
        const worse = st.out.slice(before).some((x) => x.severity === 'error');
        // base64 and hex payloads are the encoded-payload rule's own reading (src/analysis/decode.ts); the model adds
        // the decoders it does not read (base32, rot13).
        if (decoded && t.decoder !== 'base64' && t.decoder !== 'hex' && t.decoder !== undefined) this.emit({ rule: 'encoded-payload', kind: 'decoded-run', severity: worse ? 'error' : 'warning', confidence: 'high', steps: [...t.steps, step(here, `runs the decoded text (${head})`)], impact: 'the code that runs is hidden from a reader of the skill', fix: 'Write the command in clear' });
        return true;
      }
      return false;
    };
    if (head === 'eval' || head === 'iex' || head === 'invoke-expression' || head === 'source' || head === '.') {
      for (const w of args) {
        if (w.proc) {
          const t = this.script(w.proc, depth + 1);
          if (t && exec(t, `runs it (${head} <(…))`)) return null;
        }
        const t = this.wordTaint(w, depth);
        if (t && exec(t, `runs it (${head})`)) return null;
        const f = st.files.get(w.value);
        if (f && exec(f, `runs it (${head} ${w.value})`)) return null;
      }
      if (stdin) exec(stdin, `runs it (${head})`);
      return null;
    }
    // Inline code: sh -c "…", python -c "…", node -e "…", pwsh -Command "…", -EncodedCommand.
    for (let k = 0; k < args.length; k++) {
      const v = vals[k]!;
      if (lang === 'powershell' && /^-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)$/i.test(v) && vals[k + 1]) {
        const text = decodeLiteral(vals[k + 1]!, 'utf16le-base64');
        if (text) exec({ kind: 'literal', steps: [step(here, 'decodes -EncodedCommand')], what: text, envName: 'decoded', decoder: 'base64' }, `runs it (${head} -EncodedCommand)`);
        return null;
      }
      if (INLINE_FLAG[lang].test(v) || (lang === 'shell' && /^-[a-z]*c[a-z]*$/.test(v) && !v.startsWith('--'))) {
        const code = args[k + 1];
        if (!code) return null;
        if (lang === 'powershell' && code.value === '-') break;
        const t = this.wordTaint(code, depth);
        if (t && exec(t, `runs it as code (${head} ${v})`)) return null;
        // `bash -c "$(echo … | base64 -d)"`: the substitution's decoded text is the code.
        if (code.subs.length === 1 && code.value.startsWith('$(')) {
          const d = this.script(code.subs[0]!, depth + 1);
          if (d?.kind === 'literal' && d.envName === 'decoded' && exec(d, `runs it as code (${head} ${v})`)) return null;
        }
        // The code itself: read it in its language, at the word's place.
        const sn: Snippet = { text: this.sn.text, start: code.start, end: code.end, lang, place: (a, b) => this.sn.place(a, b), negated: this.sn.negated };
        if (lang === 'shell' && code.value !== this.sn.text.slice(code.start, code.end)) {
          const inner: Snippet = { text: code.value, start: 0, end: code.value.length, lang, place: () => this.sn.place(code.start, code.end), negated: this.sn.negated };
          st.code(inner, st, depth + 1, this.via);
        } else if (lang !== 'shell') {
          const inner: Snippet = { text: code.value, start: 0, end: code.value.length, lang, place: () => this.sn.place(code.start, code.end), negated: this.sn.negated };
          st.code(inner, st, depth + 1, this.via);
        } else st.code(sn, st, depth + 1, this.via);
        return null;
      }
    }
    // A script file: the first argument that is not an option.
    const fileIdx = vals.findIndex((v) => !v.startsWith('-'));
    const procW = args.find((w) => w.proc);
    if (procW?.proc) {
      const t = this.script(procW.proc, depth + 1);
      if (t && exec(t, `runs it (${head} <(…))`)) return null;
    }
    for (const r of c.redirects) {
      if (r.op === '<' && r.target?.proc) {
        const t = this.script(r.target.proc, depth + 1);
        if (t && exec(t, `runs it (${head} < <(…))`)) return null;
      }
    }
    const prose = this.sn.prose === true;
    const readsStdin = fileIdx === -1 || vals[fileIdx] === '-' || vals.includes('-s') || (prose && !/[./$]/.test(vals[fileIdx] ?? ''));
    if (!readsStdin) {
      const f = vals[fileIdx]!;
      const t = st.files.get(f) ?? [...st.files].find(([x]) => base(x) === base(f) && base(f).length > 0)?.[1];
      if (t && t.kind === 'download') exec(t, `runs ${f} (${head})`);
      return null;
    }
    if (stdin) exec(stdin, `pipes it into ${head}`);
    return null;
  }

  download(c: Command, head: string, args: Word[], vals: string[], stdin: Taint | null, here: Where, depth: number): Taint | null {
    const st = this.st;
    const urlIdx = vals.findIndex((v) => URLISH.test(v.replace(/^[a-z-]+=/i, '')));
    const url = urlIdx >= 0 ? vals[urlIdx]!.replace(/^[a-z-]+=/i, '') : null;
    const host = url ? hostOf(url) : null;
    if (host && isLocalHost(host)) return null;
    // Data sent: curl -d/-F/-T/--data*, wget --post-file/--post-data/--body-file, iwr -Body/-InFile.
    const sendOpt = /^(?:-d|--data(?:-binary|-raw|-urlencode|-ascii)?|-F|--form(?:-string)?|-T|--upload-file|--json|--post-data|--post-file|--body-data|--body-file|-body|-infile)$/i;
    for (let k = 0; k < args.length; k++) {
      const v = vals[k]!;
      const eq = /^(--[a-z-]+)=(.*)$/.exec(v);
      const opt = eq ? eq[1]! : v;
      let val: Word | undefined;
      if (sendOpt.test(opt)) val = eq ? { ...args[k]!, value: eq[2]! } : args[k + 1];
      else if (/^-[dFT].+/.test(v)) val = { ...args[k]!, value: v.slice(2) };
      if (!val) continue;
      const raw = val.value.replace(/^[A-Za-z0-9_.-]+=/, '');
      let t: Taint | null = null;
      if (raw === '@-' || raw === '-' || raw === '<-') t = stdin;
      else t = this.wordTaint({ ...val, value: raw.replace(/^[@<]/, '') }, depth) ?? this.wordTaint(val, depth);
      if (t && t.kind === 'secret' && ownService(t, host) === true) st.cleared.push({ rule: 'exfiltration', at: here });
      // A token inside the address of its own service, given as a destination (`"webhook_url":
      // "https://open.feishu.cn/…/hook/$FEISHU_TOKEN"`): the address is what is handed over, to be called later.
      const inAddress = t?.envName ? [...val.value.matchAll(/https?:\/\/([^/\s"'$]+)[^\s"']*\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].filter((m) => m[2] === t!.envName).map((m) => m[1]!.toLowerCase()) : [];
      if (t && inAddress.some((h) => ownService(t!, h) === true)) {
        st.cleared.push({ rule: 'exfiltration', at: here });
        continue;
      }
      // The same token inside the address of a host that is not its service: whoever runs that host receives it
      // when the address is called.
      const foreign = t ? inAddress.find((h) => !isLocalHost(h) && ownService(t!, h) === false) : undefined;
      if (t && foreign) {
        this.emit({ rule: 'exfiltration', kind: 'secret-sent', severity: 'warning', confidence: 'high', impact: `the credential ${t.envName} is written into an address at ${foreign}, which is not its service: whoever runs ${foreign} receives it when the address is called`, fix: 'Remove it; a key goes only to the service that issued it', steps: [...t.steps, step(here, `puts it into an address at ${foreign} sent to ${host ?? 'a host'} (${head} ${opt})`)] });
        return null;
      }
      if (t?.envName && /WEBHOOK/i.test(t.envName)) st.cleared.push({ rule: 'exfiltration', at: here });
      const ev = t ? sentEvidence(t, host, url, vals.join(' '), st.hostNamed) : null;
      if (t && ev) {
        this.emit({ rule: 'exfiltration', kind: 'secret-sent', ...ev, steps: [...t.steps, step(here, `sends it to ${host ?? 'a host'} (${head} ${opt})`)] });
        return null;
      }
    }
    // A header carrying a credential file or the environment (a variable in a header is authentication; a file's
    // content is not): `-H "X-Data: $(base64 ~/.aws/credentials)"`.
    for (let k = 0; k < args.length; k++) {
      const v = vals[k]!;
      // The user agent and the referer are headers too (-A, -e).
      const hv = v === '-H' || v === '--header' || v === '-A' || v === '--user-agent' || v === '-e' || v === '--referer' ? args[k + 1] : /^--header=/.test(v) ? { ...args[k]!, value: v.slice(9) } : undefined;
      // An authentication header (Authorization, Cookie, X-…-Key/Token) carries a credential to its service by design;
      // not when the file is encoded on the way (a token is sent as it is, a whole credentials file is not).
      if (!hv || (/^\s*(?:authorization|proxy-authorization|cookie|x-[\w-]*(?:key|token|auth)[\w-]*)\s*:/i.test(hv.value) && !ENCODED_SUB.test(hv.value))) continue;
      const t = this.wordTaint(hv, depth);
      if (t && ((t.kind === 'secret' && !t.envName && !t.weak && ownService(t, host) !== true) || t.kind === 'env')) {
        this.emit({ rule: 'exfiltration', kind: 'secret-sent', severity: host ? 'error' : 'warning', confidence: 'high', steps: [...t.steps, step(here, `puts it in a request header to ${host ?? 'a host'} (${head} ${v.startsWith('--header') ? '-H' : v})`)], impact: 'whoever runs that host receives the credentials', fix: 'Remove it' });
        return null;
      }
    }
    // Data carried in the URL itself (a query built from a secret).
    if (urlIdx >= 0) {
      const t = this.wordTaint(args[urlIdx]!, depth);
      const nameOnly = t?.asPath === true && args[urlIdx]!.subs.length === 0 && !args[urlIdx]!.proc;
      if (t && (t.kind === 'secret' || t.kind === 'env') && !nameOnly && ownService(t, host) === false && t.envName === undefined) {
        this.emit({ rule: 'exfiltration', kind: 'secret-sent', severity: 'error', confidence: 'high', steps: [...t.steps, step(here, `puts it in a URL of ${host ?? 'a host'} (${head})`)], impact: 'fetching that URL hands the data to the host', fix: 'Remove it' });
        return null;
      }
    }
    if (!url) return null;
    const d: Taint = { kind: 'download', steps: [step(here, `downloads ${url}`)], what: url };
    // Saved to a file: curl -o/-O, wget (by default, or -O), certutil/bitsadmin's last argument, iwr -OutFile.
    const files: string[] = [];
    for (let k = 0; k < vals.length; k++) {
      const a = vals[k]!;
      if (head === 'curl') {
        if ((a === '-o' || a === '--output' || /^-[a-zA-Z]*o$/.test(a)) && vals[k + 1]) files.push(vals[k + 1]!);
        else if (/^-[a-zA-Z]*O$/.test(a) || a === '--remote-name') files.push(base(url.split(/[?#]/)[0]!));
      } else if (head === 'wget') {
        if ((a === '-O' || a === '--output-document' || /^-[a-zA-Z]*O$/.test(a)) && vals[k + 1]) files.push(vals[k + 1]!);
        else if (a.startsWith('--output-document=')) files.push(a.slice(18));
      } else if (/^-outfile$/i.test(a) && vals[k + 1]) files.push(vals[k + 1]!);
    }
    if ((head === 'certutil' || head === 'bitsadmin') && vals.length > urlIdx + 1) files.push(vals[vals.length - 1]!);
    if (head === 'wget' && files.length === 0 && !vals.some((v) => /^-[a-zA-Z]*O/.test(v) || v.startsWith('--output-document'))) files.push(base(url.split(/[?#]/)[0]!));
    for (const f of files) if (f !== '-' && f !== '/dev/null') st.files.set(f, { ...d, steps: [step(here, `downloads ${url} to ${f}`)] });
    return files.length > 0 && !files.includes('-') ? null : d;
  }
}

export function newState(code: State['code']): State {
  return { vars: new Map(), files: new Map(), sockets: new Map(), cwd: null, gitStaged: null, out: [], cleared: [], badExamples: [], staged: [], removed: new Set(), code, budget: 20000 };
}
