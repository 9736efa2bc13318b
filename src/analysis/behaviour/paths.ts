// What a path names, for the behaviour model: a credential store (a source of secrets), a browser profile, or a
// place whose contents something runs later (persistence). Paths are compared as written: `~`, `$HOME`, `${HOME}`,
// `%USERPROFILE%`, `/home/<user>`, `/root` and `/Users/<user>` all read as the home folder; nothing is expanded.

/** The part of a path after the home folder, or null when it does not start at a home folder. */
function homeRel(p: string): string | null {
  const m = /^(?:~|\$\{?HOME\}?|%USERPROFILE%|\$env:USERPROFILE|\$env:HOME|\/home\/[^/\s]+|\/root|\/Users\/[^/\s]+|os\.path\.expanduser\(["']~|Path\.home\(\)\s*\/\s*["']?)[/\\]?/i.exec(p);
  return m ? p.slice(m[0].length).replace(/\\/g, '/') : null;
}

/** Credential files and folders under the home folder (their usual, documented locations). */
const HOME_SECRETS = /^(?:\.ssh(?:\/|$)|\.aws(?:\/|$)|\.azure(?:\/|$)|\.config\/gcloud(?:\/|$)|\.kube\/config|\.docker\/config\.json|\.netrc$|\.npmrc$|\.pypirc$|\.git-credentials$|\.gnupg(?:\/|$)|\.password-store(?:\/|$)|\.config\/gh\/hosts\.yml|\.terraform\.d\/credentials|\.vault-token$|\.bash_history$|\.zsh_history$|\.(?:sh|ksh|python|psql|mysql|sqlite|node_repl|rediscli|irb)_history$|\.histfile$|\.local\/share\/fish\/fish_history$|\.my\.cnf$|\.s3cfg$|\.boto$|\.databrickscfg$|\.gem\/credentials$|\.cargo\/credentials(?:\.toml)?$|\.config\/rclone\/rclone\.conf$|\.electrum(?:\/|$)|\.bitcoin(?:\/|$)|\.litecoin(?:\/|$)|\.config\/Exodus(?:\/|$)|Library\/Application Support\/(?:Exodus|Bitcoin|Electrum)(?:\/|$)|Library\/Keychains(?:\/|$)|\.local\/share\/keyrings(?:\/|$)|\.claude\/\.credentials\.json|\.config\/solana|\.ethereum\/keystore|\.bitcoin\/wallet)/i;
/** Browser profiles: cookies, saved logins, local storage. */
const BROWSER = /(?:google-chrome|chromium|Google\/Chrome|BraveSoftware|Microsoft\/Edge|\.mozilla\/firefox|Firefox\/Profiles|Application Support\/(?:Google|BraveSoftware|Firefox))|(?:^|\/)(?:Cookies|Login Data|cookies\.sqlite|logins\.json|key4\.db|Local State)$/;
/** Credential files wherever they are. */
const ANYWHERE = /(?:^|\/)(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|\.env|credentials\.json|\.git-credentials|\.netrc|\.pgpass|shadow|wallet\.dat)$/;
/** Stores whose place is fixed by the program rather than the home folder: a process's environment
 *  (`/proc/<pid>/environ`), Windows' credential and DPAPI key folders (`%APPDATA%/Microsoft/Credentials`,
 *  `…/Protect`, `…/Vault`), PowerShell's command history (PSReadLine's ConsoleHost_history.txt, or the path
 *  `(Get-PSReadLineOption).HistorySavePath` names), the Exodus and Electrum wallets. */
const FIXED_STORES = /^\/proc\/(?:[0-9*?[\]-]+|self|\$\{?\w+\}?)\/environ$|(?:^|\/)Microsoft\/(?:Credentials|Protect|Vault)(?:\/|$)|(?:^|\/)ConsoleHost_history\.txt$|^\(Get-PSReadLineOption\)\.HistorySavePath$|(?:^|\/)exodus\.wallet(?:\/|$)|(?:^|\/)Electrum\/wallets(?:\/|$)/i;

export type PathClass = { kind: 'secret'; what: string } | { kind: 'browser'; what: string } | { kind: 'persistence'; what: string } | null;

function strip(p: string): string {
  return p.replace(/^["']|["']$/g, '').replace(/^file:\/\//, '');
}

/** A credential store or browser profile the path points into (or at), or null. */
export function secretPath(raw: string): { what: string; browser: boolean } | null {
  const p = strip(raw);
  if (p.length === 0 || p.length > 400) return null;
  // A path inside a URL is the remote's (`curl https://h/.ssh/id_rsa` downloads what the host exposes): not a
  // local source. Data put into a URL is read from the word's substitutions and variables, not from here.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(p)) return null;
  const rel = homeRel(p);
  if (rel !== null) {
    if (HOME_SECRETS.test(rel)) return { what: `~/${rel.replace(/\/$/, '')}`, browser: false };
    if (rel === '' || rel === '.') return null;
  }
  if (BROWSER.test(p)) return { what: p, browser: true };
  if (ANYWHERE.test(p) && !/\.env\.(?:example|sample|template)$/.test(p)) {
    if (/(?:^|\/)\.env$/.test(p) && rel === null && !p.startsWith('/')) return { what: p, browser: false };
    return { what: p, browser: false };
  }
  if (/^\/etc\/(?:shadow|gshadow|sudoers)$/.test(p)) return { what: p, browser: false };
  if (FIXED_STORES.test(p.replace(/\\/g, '/'))) return { what: p, browser: false };
  return null;
}

/** A place whose contents run later without the user asking: shell start-up files, cron, systemd and launchd
 *  units, git hooks, the agent's own memory and settings, authorized SSH keys. */
export function persistencePath(raw: string): string | null {
  const p = strip(raw);
  const rel = homeRel(p);
  if (rel !== null) {
    if (/^\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|kshrc|config\/fish\/config\.fish)$/.test(rel)) return `the shell start-up file ~/${rel}`;
    if (/^\.config\/systemd\/user\//.test(rel) || /^\.config\/autostart\//.test(rel)) return `the user service ~/${rel}`;
    if (/^Library\/LaunchAgents\//.test(rel)) return `the launch agent ~/${rel}`;
    if (/^\.ssh\/authorized_keys2?$/.test(rel)) return 'the authorized SSH keys';
    if (/^\.claude\/(?:CLAUDE\.md|settings(?:\.local)?\.json|commands\/|agents\/|hooks\/)/.test(rel)) return `the agent's own configuration ~/${rel}`;
  }
  if (/^\/etc\/(?:cron\.|crontab|profile|bash\.bashrc|zshrc|rc\.local|systemd\/system\/|init\.d\/|ld\.so\.preload|sudoers)/.test(p)) return `the system file ${p}`;
  if (/^\/(?:usr\/lib|lib)\/systemd\/system\//.test(p) || /^\/Library\/Launch(?:Agents|Daemons)\//.test(p)) return `the system service ${p}`;
  if (/(?:^|\/)\.git\/hooks\/[A-Za-z-]+$/.test(p)) return `the git hook ${p}`;
  if (/(?:^|\/)\.claude\/settings(?:\.local)?\.json$/.test(p) || /^(?:\.\/)?CLAUDE\.md$/.test(p) || /(?:^|\/)\.claude\/CLAUDE\.md$/.test(p)) return `the agent's configuration ${p}`;
  return null;
}

/** A name written where the user's own SSH public key goes ("your_ssh_public_key", "my-key"), and a variable so
 *  named (`$YOUR_KEY`): placeholders, as `<your public key>` is. One source for the pattern rule and the model. */
export const KEY_NAME_SLOT = String.raw`(?:your|my)[_ -][\w -]{0,30}?key[\w-]*`;
export const KEY_VAR_SLOT = String.raw`(?:YOUR|MY)_[A-Z0-9_]*KEY[A-Z0-9_]*`;

/** Hosts that are this machine: loopback names and addresses, the unspecified address, a Unix socket path. */
/** How a metadata-service credential names itself: the answer of such a request is the key itself (content). */
export const METADATA_SERVICE = '(metadata service)';

/**
 * The credentials a cloud instance's metadata service hands to code running on it (ATT&CK T1552.005): AWS's role
 * keys (`169.254.169.254/latest/meta-data/iam/security-credentials/<role>`, an ECS task's `169.254.170.2/v2/
 * credentials/…`), Google Cloud's service-account token (`metadata.google.internal/computeMetadata/v1/instance/
 * service-accounts/<sa>/token`), Azure's managed-identity token (`169.254.169.254/metadata/identity/oauth2/token`),
 * Alibaba Cloud's RAM role keys (`100.100.100.200/latest/meta-data/ram/security-credentials/<role>`). The listing
 * `…/security-credentials/` alone names the role, not its keys. Returns what is read, or null.
 */
export function metadataCredential(url: string): string | null {
  const u = url.replace(/^["']|["']$/g, '');
  const m = /^(?:https?:\/\/)?(169\.254\.169\.254|169\.254\.170\.2|100\.100\.100\.200|metadata\.google\.internal|metadata)(?::80)?(\/\S*)$/i.exec(u);
  if (!m) return null;
  const path = m[2]!;
  if (/^\/latest\/meta-data\/(?:iam|ram)\/security-credentials\/[^/\s?]+/.test(path)) return `the cloud instance's role keys ${METADATA_SERVICE}`;
  if (m[1] === '169.254.170.2' && /^\/v[0-9]+\/credentials\//.test(path)) return `the container task's role keys ${METADATA_SERVICE}`;
  if (/^\/computeMetadata\/v1\/instance\/service-accounts\/[^/\s]+\/(?:token|identity)\b/.test(path)) return `the cloud instance's service-account token ${METADATA_SERVICE}`;
  if (/^\/metadata\/identity\/oauth2\/token\b/.test(path)) return `the cloud instance's managed-identity token ${METADATA_SERVICE}`;
  return null;
}

export function isLocalHost(h: string): boolean {
  const x = h.toLowerCase().replace(/^\[|\]$/g, '');
  return /^(?:localhost|localhost\.localdomain|ip6-localhost|127(?:\.[0-9]{1,3}){3}|0\.0\.0\.0|::1?|0)$/.test(x) || x.endsWith('.localhost') || x.startsWith('/');
}

/** The label a host is registered under: the one before its public suffix. A generic second level under a
 *  two-letter country code (co.uk, com.au, co.jp) counts as part of the suffix. `api.openai.com` → openai,
 *  `api.openai.com.relay.io` → relay, `x.example.co.uk` → example. An address or a one-label host is itself. */
export function registeredLabel(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length < 2 || /^[0-9.]+$/.test(host) || host.includes(':')) return host.toLowerCase();
  const n = labels.length;
  const cc = /^[a-z]{2}$/.test(labels[n - 1]!) && /^(?:co|com|net|org|gov|edu|ac|or|ne|go|gob|gouv|nic|mil|ltd|plc|biz|info)$/.test(labels[n - 2]!);
  return labels[cc && n >= 3 ? n - 3 : n - 2]!;
}

/**
 * Whether `host` is the service a word of a credential's name names (`OPENAI_API_KEY` → openai). The skill's author
 * spells the host, so only the label it is registered under counts, never a word elsewhere in it: true when that
 * label is the word or goes on from it in letters or digits (api.openai.com, x.supabase.co, googleapis.com,
 * api.openweathermap.org); null when the word only abbreviates it (GH → github.com, HF → huggingface.co): likely,
 * not shown; false otherwise (openai-proxy.net, api.openai.com.relay-cache.io, github-telemetry.io). The same name
 * under another top-level domain (openai.co) or run on in letters (openaiproxy.net) is not told apart: that needs the
 * services' own lists of domains.
 */
export function serviceHost(word: string, host: string): boolean | null {
  const w = word.toLowerCase();
  const label = registeredLabel(host);
  if (label === w || (label.startsWith(w) && /^[a-z0-9]+$/.test(label.slice(w.length)))) return true;
  if (abbreviates(w, label)) return null;
  return false;
}

/** A short all-consonant word (after its first letter) abbreviates a label that starts with the same letter and holds
 *  its letters in order: GH → github, HF → huggingface, CF → cloudflare, TG → telegram. */
export function abbreviates(word: string, label: string): boolean {
  if (word.length < 2 || word.length > 4 || /[aeiouy]/.test(word.slice(1))) return false;
  if (label[0] !== word[0] || label.length <= word.length) return false;
  let i = 1;
  for (const ch of label.slice(1)) if (ch === word[i]) i++;
  return i >= word.length;
}

/** The best a credential name's service words say about `host` (see serviceHost): true when one names it, null
 *  when one may, false when none does or there is none. */
export function servesHost(words: readonly string[], host: string): boolean | null {
  let best: boolean | null = false;
  for (const w of words) {
    const r = serviceHost(w, host);
    if (r === true) return true;
    if (r === null) best = null;
  }
  return best;
}

/** The host of a URL-ish word (https://h/…, h:port, user@h:path), or null. */
export function hostOf(u: string): string | null {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)(?:[^@/\s]*@)?(\[[^\]]+\]|[^/:?#\s'"]+)/i.exec(u.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** A placeholder where a remote address goes, of three kinds: an upper-case name with an underscore (ATTACKER_IP,
 *  YOUR_SERVER: RFC 1123 host names hold letters, digits and hyphens only, so no resolver is asked for it as a DNS
 *  name), Metasploit's documented option names for the two ends (LHOST, RHOST), or an angle-bracket slot (`<ip>`,
 *  `<attacker ip>`). Written so in a cheat sheet, a connection to it reaches nobody until someone fills it in. */
export const PLACEHOLDER_HOST = /(?<![\w$.{-])(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[LR]HOST)(?![\w.-])|<[ \t]*[A-Za-z][\w -]{0,24}>/;
const PLACEHOLDER_WHOLE = new RegExp(`^(?:${PLACEHOLDER_HOST.source})$`);

/** Whether a host, as written, is only such a placeholder. */
export function isPlaceholderHost(h: string): boolean {
  return PLACEHOLDER_WHOLE.test(h.trim());
}
