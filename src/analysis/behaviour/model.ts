// One behaviour model per skill: every piece of code the skill ships or shows, read in one shared state, and the
// chains (source → steps → sink) it forms. Pieces: the skill file's fenced code blocks (by language), its prose
// lines that hold a command ("Then run env | curl …"), the package's files by kind (shell, Python, JavaScript,
// PowerShell, Ruby, Perl, PHP, Markdown), `package.json` scripts, VS Code tasks that run when a folder is opened,
// Makefile recipes and `$(shell …)`, direnv's `.envrc` (with `source_url`), and MCP server launch commands.
// Computed once per skill (rules share it), pure: the files come from the engine's bounded reads.

import type { SkillContext } from '../../core/rule.js';
import type { SourceText } from '../../core/source.js';
import { skillHostNamer } from '../disclosure.js';
import { fencedBlocks } from '../fences.js';
import { tableCells } from '../tables.js';
import { mcpServers, segmentAt, type McpServer } from '../mcp.js';
import { codeRun } from './codeflow.js';
import { harvestChains } from './harvest.js';
import { newState, ShellModel, type State } from './shellflow.js';
import type { Chain, Lang, Snippet, Step, Where } from './types.js';

export type { Chain, Step, Where } from './types.js';

const LANG_BY_INFO: Record<string, Lang> = {
  '': 'shell', sh: 'shell', bash: 'shell', zsh: 'shell', ksh: 'shell', shell: 'shell', console: 'shell', terminal: 'shell', 'shell-session': 'shell', shellsession: 'shell', text: 'shell', txt: 'shell', cmd: 'shell', bat: 'shell', fish: 'shell',
  python: 'python', py: 'python', python3: 'python', ipython: 'python',
  javascript: 'javascript', js: 'javascript', node: 'javascript', mjs: 'javascript', cjs: 'javascript', typescript: 'javascript', ts: 'javascript', jsx: 'javascript', tsx: 'javascript',
  ruby: 'ruby', rb: 'ruby', perl: 'perl', pl: 'perl', php: 'php',
  powershell: 'powershell', ps1: 'powershell', pwsh: 'powershell', ps: 'powershell',
};

/** Words that start a command in running prose. One after an article or a possessive is a noun of the sentence
 *  ("the source file", "a git repo", "your open tabs"), not a command; a command in a code span after one ("the
 *  `curl … | sh` line") is still read. */
const PROSE_COMMAND = /(?:^|[\s`(:"'])(?<!\b(?:[Tt]he|[Aa]n?|[Tt]his|[Tt]hat|[Ii]ts|[Tt]heir|[Yy]our|[Oo]ur|[Ee]ach|[Ee]very|[Aa]ny)\s)((?:sudo\s+)?(?:curl|wget|env|printenv|cat|nc|ncat|bash|sh|zsh|python3?|node|tar|cp|scp|rsync|git|gh|dig|nslookup|crontab|claude|iwr|irm|iex|powershell|pwsh|certutil|mshta|source|eval|base64|pip3?|open|echo|security|find|gpg2?|procdump(?:64)?(?:\.exe)?|secret-tool|kwallet-query|cmdkey|vaultcmd|reg|rundll32)\s+[^\s.,;:!?])/;
/** A sentence that warns against what it shows, or describes an attack rather than asking for it. */
const NEGATION = /\b(?:never|don'?t|do not|must not|should not|avoid|instead of|rather than|not recommended|dangerous|unsafe|malicious|attacker|attackers|beware|caution|for example,? an? attack|e\.g\.,? an? attack|anti-?patterns?|bad (?:practices?|examples?))\b/i;
/** A sentence that keeps a command's output out of sight: "without printing it", "does not echo its output", "never
 *  log the token", "must not be displayed". */
const NOT_SHOWN = /\b(?:without (?:printing|echoing|displaying|showing|logging|exposing|revealing|outputting)|(?:does|do|must|should|will|shall) not (?:echo|print|display|show|log|expose|reveal|output)|(?:never|not) (?:print|echo|display|show|log|expose|reveal|output)s?\b|(?:is|are|be) never (?:printed|echoed|displayed|shown|logged)|not (?:be )?(?:printed|echoed|displayed|shown|logged))\b/i;
/** A code comment that presents the lines under it as what not to do ("# BAD: …", "// ❌ …", "# Wrong", "# Don't:"). */
const BAD_EXAMPLE = /^[ \t]*(?:#+|\/\/+|--|;+)[ \t]*(?:❌|✗|🚫|(?:bad|wrong|incorrect|anti-?pattern)\b|悪い例|非推奨|错误|反例|(?:don'?t|do not|never|avoid)[ \t]*:)/i;
/** "NG" (no good) and "OK" as the labels of a bad and a good example, in capitals only (`ng` is Angular's CLI). */
const NG_LABEL = /^[ \t]*(?:#+|\/\/+|--|;+)[ \t]*NG\b/;
const OK_LABEL = /^[ \t]*(?:#+|\/\/+|--|;+)[ \t]*OK\b/;
/** A comment that ends a bad example ("# GOOD: …", "// ✅ Do …"). */
const GOOD_EXAMPLE = /^[ \t]*(?:#+|\/\/+|--|;+)[ \t]*(?:✅|✓|✔|(?:good|right|correct|better|instead)\b|良い例|推奨|正确|do[ \t]*:)/i;

/** A public key's path: a `.pub` file or the list of keys allowed to log in. */
const PUBLIC_HALF = /(?:\.pub|(?:^|\/)authorized_keys2?)$/;

/** The stretches of a snippet presented as what not to do: from a bad-example comment to the next blank line or
 *  good-example comment. */
function badExamples(sn: Snippet): Where[] {
  const out: Where[] = [];
  const text = sn.text.slice(sn.start, sn.end);
  if (!/bad|wrong|incorrect|anti|don|do not|never|avoid|❌|✗|🚫|NG|悪い例|非推奨|错误|反例/i.test(text)) return out;
  let from = -1;
  let pos = 0;
  for (const line of text.split('\n')) {
    const end = pos + line.length;
    if (from >= 0 && (line.trim() === '' || GOOD_EXAMPLE.test(line) || OK_LABEL.test(line))) {
      out.push(sn.place(sn.start + from, sn.start + pos));
      from = -1;
    }
    if (from < 0 && (BAD_EXAMPLE.test(line) || NG_LABEL.test(line))) from = pos;
    pos = end + 1;
  }
  if (from >= 0) out.push(sn.place(sn.start + from, sn.end));
  return out;
}

/** Words one of which every piece the model can find something in holds (the commands, calls and paths its readers
 *  act on), case-insensitive. */
const ACTS = /curl|wget|fetch|http|urlopen|request|socket|\bnc\b|ncat|netcat|socat|telnet|\/dev\/(?:tcp|udp)|exec|eval|system|popen|spawn|subprocess|child_process|Function|iex|invoke-|iwr|irm|certutil|mshta|bitsadmin|msiexec|regsvr32|rundll32|busybox|\bpip|source|\bsh\b|bash|zsh|python|node|ruby|perl|php|pwsh|powershell|\.ssh|\.aws|\.kube|\.docker|\.netrc|\.npmrc|\.pypirc|credentials|\.gnupg|id_rsa|id_ed25519|\.env\b|environ|process\.env|\benv\b|printenv|export -p|cookies|login data|keychain|security |base64|base32|xxd|\btr\b|printf|scp|rsync|sftp|rclone|git|gist|dig|nslookup|gethostbyname|getaddrinfo|crontab|systemd|launch|bashrc|zshrc|profile|hooks|claude|authorized_keys|sudoers|docker|podman|tar|zip|\bcp\b|\bgh\s+auth|gcloud|\baws\s|\baz\s+account|heroku|procdump|mimikatz|sekurlsa|lsadump|secret-tool|kwallet|cmdkey|vaultcmd|\breg\s+(?:save|export)|kubectl|history|wallet|electrum|exodus|\/proc\/|Microsoft.Credentials|Microsoft.Protect|Microsoft.Vault|\.pgpass|\.my\.cnf|\.s3cfg|\.boto|\.databrickscfg|\.gem.credentials|\.cargo.credentials|rclone|shadow|logins\.json|key4\.db|mozilla|firefox|chrome|chromium|BraveSoftware|keyrings|password-store|vault-token|terraform\.d|solana|ethereum|bitcoin|litecoin|\bgpg|\bfind[ \t]+["']?(?:\/|~|\$\{?HOME)/i;

/** The dispatcher every model hands code to. */
function dispatch(sn: Snippet, st: State, depth: number, via: Step[]): void {
  if (depth > 6 || st.budget < 0) return;
  // Text that warns against what it shows: no line pattern's finding stands there either.
  if (sn.negated && depth === 0) st.cleared.push({ rule: '*', at: sn.place(sn.start, sn.end) });
  if (depth === 0) {
    // What a git index holds is carried within one piece of code only: `git add` in one example and `git push`
    // in another (or in a table of commands) share no data.
    st.gitStaged = null;
    st.badExamples.push(...badExamples(sn));
  }
  if (sn.lang === 'shell') new ShellModel(sn, st, depth, via).run();
  else codeRun(sn, st, depth, via);
}

interface Loc {
  file?: string;
  source?: SourceText;
}

function placer(loc: Loc, base = 0): Snippet['place'] {
  return (a, b) => ({ ...loc, start: base + a, end: base + b });
}

/** Guess the language of an untagged block from its first lines. */
function guessLang(s: string): Lang {
  const head = s.slice(0, 600);
  if (/^\s*(?:import\s+\w+|from\s+\w[\w.]*\s+import|def\s+\w+\(|print\()/m.test(head)) return 'python';
  if (/^\s*(?:const|let|var)\s+\w+\s*=|require\(|=>\s*\{|console\.log\(/m.test(head)) return 'javascript';
  return 'shell';
}

/** A prohibition right before the command, as checklists write it: "- [ ] NO `chmod 777`", "No curl | sh". */
const PROHIBITED = /(?:^|[-*+][ \t]|\][ \t]|[.!?:][ \t])[ \t]*\**(?:NO|No|no)\**[ \t]+`*$/;

/** Whether the command at column `at` of a prose `line` stands in a sentence that warns against it or describes an
 *  attack: the negation counts within the command's own sentence ("never run …", "… is dangerous", not "Do NOT …"
 *  after it), or a checklist's "NO" right before it. */
export function warnsAgainst(line: string, at: number): boolean {
  const before = line.slice(0, at);
  const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '));
  const afterEnd = line.slice(at).search(/[.!?](?:\s|$)/);
  return NEGATION.test(before.slice(sentenceStart + 1)) || NEGATION.test(line.slice(at, afterEnd === -1 ? line.length : at + afterEnd)) || PROHIBITED.test(before);
}

/** The pieces of a Markdown text: fenced blocks by language, prose lines holding a command. */
function markdownSnippets(text: string, from: number, loc: Loc, out: Snippet[]): void {
  const blocks = fencedBlocks(text, from);
  let pos = from;
  const prose = (a: number, b: number) => {
    if (b <= a) return;
    const region = text.slice(a, b);
    if (!PROSE_COMMAND.test(region)) return;
    let ls = 0;
    while (ls < region.length) {
      let le = region.indexOf('\n', ls);
      if (le === -1) le = region.length;
      const line = region.slice(ls, le);
      const m = PROSE_COMMAND.exec(line);
      if (m) {
        const at = m.index + m[0].length - m[1]!.length;
        // Inline code marks become blanks (offsets kept); the command runs to the end of the line, or of its cell in a
        // table row (the bar between cells is no pipe).
        const cell = tableCells(line)?.find(([cs, ce]) => cs <= at && at < ce);
        const cmd = line.slice(at, cell ? cell[1] : line.length).replace(/`/g, ' ').replace(/[.!]\s*$/, ' ');
        const negated = warnsAgainst(line, at);
        const close = line[at - 1] === '`' ? line.indexOf('`', at) : -1;
        // The rest of the command's sentence, across the paragraph's line breaks (at most 400 characters).
        const rest = region.slice(ls + at, ls + at + 400);
        const sentenceEnd = rest.search(/[.!?](?:\s|$)|\n[ \t]*\n/);
        const unprinted = NOT_SHOWN.test(rest.slice(0, sentenceEnd === -1 ? rest.length : sentenceEnd));
        out.push({ text: cmd, start: 0, end: cmd.length, lang: 'shell', place: placer(loc, a + ls + at), prose: true, negated, ...(unprinted ? { unprinted } : {}), ...(close > at ? { spanEnd: close - at } : {}) });
      }
      ls = le + 1;
    }
  };
  for (const b of blocks) {
    prose(pos, b.start);
    pos = b.end;
    const nl = text.indexOf('\n', b.start);
    if (nl === -1 || nl >= b.end) continue;
    const info = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*([^\s`{]*)/.exec(text.slice(b.start, nl))?.[1]?.toLowerCase() ?? '';
    const closeAt = b.closeLine === null ? b.end : text.lastIndexOf('\n', b.end - 1);
    const bodyEnd = closeAt > nl ? closeAt : b.end;
    const body = text.slice(nl + 1, bodyEnd);
    const before = text.slice(Math.max(from, text.lastIndexOf('\n', Math.max(from, b.start - 2)) - 200), b.start);
    const negated = NEGATION.test(before.split('\n').slice(-3).join(' '));
    if (info === 'makefile' || info === 'make' || info === 'mk') {
      // A Makefile's recipes are shell: the rest of the block (targets, variables) is blanked, offsets kept.
      const shell = makeRecipes(body);
      if (shell.trim() !== '') out.push({ text: shell, start: 0, end: shell.length, lang: 'shell', place: placer(loc, nl + 1), negated });
      continue;
    }
    let lang: Lang | undefined = LANG_BY_INFO[info];
    if (info === '' || info === 'text' || info === 'txt') lang = guessLang(body);
    if (!lang) continue;
    // A console transcript's prompts ("$ cmd") are not part of the command.
    const clean = lang === 'shell' ? body.replace(/^([ \t]*)[$%>][ \t]/gm, '$1  ') : body;
    out.push({ text: clean, start: 0, end: clean.length, lang, place: placer(loc, nl + 1), negated });
  }
  prose(pos, text.length);
}

/** A Makefile's text with only its recipe lines (a tab first, and the lines a trailing "\\" continues), their
 *  echo-suppressing `@`, `-`, `+` prefixes and make's own variables (`$(NAME)`, `${NAME}`, expanded by make before
 *  the shell runs) blanked and make's `$$` read as the shell's `$`; every other line is blanked, so offsets stay
 *  those of the text. */
function makeRecipes(text: string): string {
  let cont = false;
  return text
    .split('\n')
    .map((line) => {
      const recipe = cont || line.startsWith('\t');
      cont = recipe && /\\$/.test(line);
      if (!recipe) return ' '.repeat(line.length);
      return line
        .replace(/^(\t[ \t]*)([@+-]+)/, (_m, a: string, p: string) => a + ' '.repeat(p.length))
        .replace(/\$\$|\$\([A-Za-z_]\w*\)|\$\{[A-Za-z_]\w*\}/g, (m) => (m === '$$' ? ' $' : ' '.repeat(m.length)));
    })
    .join('\n');
}

interface PkgFile {
  rel: string;
  file: string;
  kind: string;
  source: SourceText;
  json(): { strings: { value: string; start: number; end: number; path: (string | number)[] }[] } | null;
}

function fileSnippets(f: PkgFile, out: Snippet[], chains: Chain[]): void {
  const loc: Loc = { file: f.file, source: f.source };
  const text = f.source.normalized;
  const name = f.rel.slice(f.rel.lastIndexOf('/') + 1);
  const whole = (lang: Lang, trigger?: string): void => void out.push({ text, start: 0, end: text.length, lang, place: placer(loc), ...(trigger ? { trigger } : {}) });
  if (f.kind === 'markdown') return markdownSnippets(text, 0, loc, out);
  if (f.kind === 'shell') return whole('shell', name.endsWith('.command') ? `${f.rel} is a .command file: opening it in Finder runs it in Terminal` : undefined);
  if (f.kind === 'python' || f.kind === 'javascript' || f.kind === 'powershell') return whole(f.kind as Lang);
  if (/\.rb$/.test(name)) return whole('ruby');
  if (/\.p[lm]$/.test(name)) return whole('perl');
  if (/\.php$/.test(name)) return whole('php');
  if (name === '.envrc') {
    whole('shell', `direnv runs ${f.rel} when the user enters the folder`);
    // direnv's source_url fetches a script and sources it (https://direnv.net/man/direnv-stdlib.1.html).
    for (const m of text.matchAll(/^[ \t]*source_url[ \t]+["']?(https?:\/\/[^\s"']+)/gm)) {
      const cmd = `source <(curl -fsSL ${m[1]})`;
      out.push({ text: cmd, start: 0, end: cmd.length, lang: 'shell', place: () => ({ ...loc, start: m.index!, end: m.index! + m[0].length }), trigger: `direnv runs ${f.rel} when the user enters the folder; source_url fetches the script and sources it` });
    }
    return;
  }
  if (/^(?:GNU)?[Mm]akefile$|\.mk$/.test(name)) {
    for (const m of text.matchAll(/^\t(.+)$/gm)) {
      const line = m[1]!.replace(/^[@-]+/, '');
      const at = m.index! + m[0].length - line.length;
      out.push({ text: line, start: 0, end: line.length, lang: 'shell', place: placer(loc, at), trigger: `make runs the recipe in ${f.rel}` });
    }
    for (const m of text.matchAll(/\$\(shell[ \t]+([^)\n]+)\)/g)) {
      const at = m.index! + m[0].indexOf(m[1]!);
      out.push({ text: m[1]!, start: 0, end: m[1]!.length, lang: 'shell', place: placer(loc, at), trigger: `make runs $(shell …) in ${f.rel} whenever it reads the file` });
    }
    return;
  }
  if (f.kind !== 'json') return;
  const scan = f.json();
  if (!scan) return;
  const strs = scan.strings;
  if (name === 'package.json') {
    for (const s of strs) {
      if (s.path.length !== 2 || s.path[0] !== 'scripts') continue;
      const key = String(s.path[1]);
      const when = /^(?:pre|post)?install$|^prepare$/.test(key) ? ' (npm runs it on install)' : '';
      out.push({ text: s.value, start: 0, end: s.value.length, lang: 'shell', place: () => ({ ...loc, start: s.start, end: s.end }), trigger: `package.json script "${key}"${when}` });
    }
  }
  if (/(?:^|\/)\.vscode\/tasks\.json$/.test(f.rel)) {
    // Tasks with runOptions.runOn "folderOpen" run when the folder is opened (https://code.visualstudio.com/docs/debugtest/tasks).
    const byTask = new Map<string, typeof strs>();
    for (const s of strs) {
      if (s.path[0] !== 'tasks' || typeof s.path[1] !== 'number') continue;
      const k = String(s.path[1]);
      byTask.set(k, [...(byTask.get(k) ?? []), s]);
    }
    for (const [, ss] of byTask) {
      if (!ss.some((s) => s.path[2] === 'runOptions' && s.path[3] === 'runOn' && s.value === 'folderOpen')) continue;
      const parts = ss.filter((s) => s.path[2] === 'command' || s.path[2] === 'args' || (s.path[3] === 'command' && /^(?:linux|osx|windows)$/.test(String(s.path[2]))));
      if (parts.length === 0) continue;
      const cmd = parts.map((s) => (s.path[2] === 'args' && /[\s|;&]/.test(s.value) ? `'${s.value.replace(/'/g, "'\\''")}'` : s.value)).join(' ');
      const first = parts[0]!;
      out.push({ text: cmd, start: 0, end: cmd.length, lang: 'shell', place: () => ({ ...loc, start: first.start, end: first.end }), trigger: `VS Code runs the task in ${f.rel} when the folder is opened (runOn: folderOpen)` });
    }
  }
  for (const srv of mcpServers(scan as Parameters<typeof mcpServers>[0])) {
    launchChains(srv, loc, f.rel, chains);
    for (const t of [srv.line, srv.script]) {
      if (!t) continue;
      const lang: Lang = t.lang === 'perl' || t.lang === 'ruby' ? t.lang : t.lang;
      out.push({
        text: t.text,
        start: 0,
        end: t.text.length,
        lang,
        place: (a) => {
          const s = segmentAt(t, a);
          return { ...loc, start: s.start, end: s.end };
        },
        trigger: `the MCP client runs the launch command of server "${srv.name}" in ${f.rel}`,
      });
    }
  }
}

export interface Behaviour {
  chains: Chain[];
  /** Lines read and found harmless, by rule ('*': all). */
  cleared: { rule: string; at: Where }[];
  /** Stretches of code a comment presents as what not to do ("# BAD:", "# Avoid:", "❌"): what a line pattern finds
   *  there is shown as a bad example, as a chain through them is. */
  bad: Where[];
}

/**
 * What an MCP server's launch command grants, beyond the code it runs: a container with every device and the host's
 * root folder (`docker run --privileged`, `-v /:/host`). A package fetched unpinned at each start and given tokens
 * (`npx -y pkg` with `env`) is the documented way to start most servers: not reported here.
 */
function launchChains(srv: McpServer, loc: Loc, rel: string, out: Chain[]): void {
  const cmd = srv.command;
  if (!cmd) return;
  const prog = cmd.value.slice(cmd.value.lastIndexOf('/') + 1).toLowerCase();
  const args = srv.args.map((a) => a.value);
  const here = (s: { start: number; end: number }): Where => ({ ...loc, start: s.start, end: s.end });
  const trigger = { at: here(cmd), what: `the MCP client starts server "${srv.name}" of ${rel}` };
  if ((prog === 'docker' || prog === 'podman') && args.includes('run')) {
    const priv = srv.args.find((a) => a.value === '--privileged' || /^--cap-add=?(?:ALL|SYS_ADMIN)$/i.test(a.value) || /^--pid=host$/.test(a.value));
    const k = args.findIndex((a, i) => (a === '-v' || a === '--volume' || a === '--mount') && /^\/(?::|$)|source=\/(?:,|$)/.test(args[i + 1] ?? ''));
    const root = k >= 0 ? srv.args[k + 1]! : srv.args.find((a) => /^(?:-v|--volume)=\/:/.test(a.value));
    if (priv || root) {
      const steps = [trigger];
      if (priv) steps.push({ at: here(priv), what: `runs the container with ${priv.value} (the host's devices and kernel capabilities)` });
      if (root) steps.push({ at: here(root), what: `mounts the host's root folder (${root.value})` });
      out.push({ rule: 'mcp-server', kind: 'container-escape', severity: priv && root ? 'error' : 'warning', confidence: 'high', steps, impact: 'the server can read and change every file of the host, keys included, and take it over', fix: 'Drop --privileged and mount only the folder the server needs, read-only where it can be' });
    }
  }
}

/** The steps of a collection: the copy step names where the credentials went, or a write step is added. */
function stagedSteps(steps: readonly Step[], at: Where, dest: string): Step[] {
  const last = steps[steps.length - 1];
  if (last && last.at.file === at.file && last.at.start === at.start && /^(?:copies|packs)/.test(last.what)) return [...steps.slice(0, -1), { at, what: `${last.what} into ${dest}` }];
  return [...steps, { at, what: `writes it into ${dest}` }];
}

/** Folders of the home directory whose content leaves the machine or is shown to others: sync clients' folders
 *  (Dropbox, OneDrive, Google Drive, iCloud Drive's Mobile Documents, Box, pCloud, MEGA, Nextcloud, ownCloud, Sync),
 *  Desktop and Documents (iCloud's "Desktop & Documents Folders" syncs them), and the folders a desktop or web
 *  server shares (Public, Sites, public_html). */
const SHARED_HOME = /^(?:dropbox|onedrive|google ?drive|googledrive|icloud ?drive|library\/mobile documents|box|box sync|pcloud ?drive|mega|nextcloud|owncloud|sync|desktop|documents|public|sites|www|public_html)(?:\/|$)/i;

/**
 * Whether `dest` is a plain folder or file under the user's home (`~/`, `$HOME/`, `${HOME}/`): no part of the path
 * hidden (a dot folder is where staged data is kept out of sight), not a synced or shared folder, not a temporary one.
 */
export function privateHomeFolder(dest: string): boolean {
  const m = /^(?:~|\$HOME|\$\{HOME\})\/(.+)$/.exec(dest);
  if (!m) return false;
  const rel = m[1]!.replace(/\/+$/, '');
  if (rel === '' || rel.split('/').some((p) => p.startsWith('.') || p === '')) return false;
  return !SHARED_HOME.test(rel) && !/(?:^|\/)(?:tmp|temp|cache)(?:\/|$)/i.test(rel);
}

const cache = new WeakMap<object, Behaviour>();

/** The behaviour chains of the skill `ctx` checks (computed once per skill, shared by the rules). */
export function behaviourOf(ctx: SkillContext): Behaviour {
  const key = ctx.skill;
  const hit = cache.get(key);
  if (hit) return hit;
  const snippets: Snippet[] = [];
  const launch: Chain[] = [];
  const src = ctx.skill.source;
  const doc = ctx.skill.doc;
  if (src && doc) markdownSnippets(src.normalized, doc.bodyOffset, { source: src }, snippets);
  const folder = ctx.skill.folder;
  if (folder) for (const f of folder.files().files) fileSnippets(f as PkgFile, snippets, launch);
  const st = newState(dispatch);
  st.hostNamed = skillHostNamer(ctx);
  for (const sn of snippets) {
    // A piece with none of the words the readers act on (downloaders, interpreters, network and persistence
    // commands, credential paths, encoders) sets nothing a later piece could use: skipped, most code is.
    if (!sn.trigger && !ACTS.test(sn.text.slice(sn.start, sn.end))) continue;
    dispatch(sn, st, 0, []);
  }
  // Credential stores of several services read by one piece of code, or the browser's saved passwords: reported
  // unless a chain of that piece already says where they go.
  for (const sn of snippets) {
    if (!/credentials|\.ssh|\.aws|\.netrc|\.npmrc|\.kube|\.docker|\.gnupg|\.config|password_value|key4\.db/i.test(sn.text.slice(sn.start, sn.end))) continue;
    const whole = sn.place(sn.start, sn.end);
    const told = st.out.some((c) => c.rule === 'exfiltration' && c.severity !== 'info' && c.steps.some((s) => s.at.file === whole.file && s.at.start >= whole.start && s.at.start < whole.end));
    if (told) continue;
    for (const c of harvestChains(sn)) st.out.push(sn.negated ? { ...c, severity: 'info', confidence: 'low', lowered: { severity: c.severity, confidence: c.confidence } } : c);
  }
  // Credentials collected into a file that no chain of the skill then sends and no command deletes again (a
  // temporary copy a tool needs, shredded after): collection on its own.
  const sentFrom = (w: Where) => st.out.some((c) => c.rule === 'exfiltration' && c.steps.some((s) => s.at.file === w.file && s.at.start === w.start));
  for (const s of st.staged) {
    if (sentFrom(s.at) || st.removed.has(s.dest)) continue;
    // A copy into a plain folder of the user's home (`cp ~/.ssh/id_rsa ~/deployer/keys/`, as install guides set up a
    // deployment tool) stays as private as the store: info. Temporary and shared folders, the project, a hidden or a
    // synced folder are where staged data waits to leave (ATT&CK T1074): warning.
    const homeCopy = !s.taint.hiddenIn && privateHomeFolder(s.dest);
    const impact = s.taint.hiddenIn
      ? `the secret is hidden inside ${s.dest}, where nobody who looks at the file sees it: whoever receives, uploads or publishes that file carries it out`
      : `the credentials leave the store that protects them for ${s.dest}, where a later step, another program or anyone who reads that file can take them`;
    const c: Chain = { rule: 'exfiltration', kind: s.taint.hiddenIn ? 'secret-hidden' : 'secret-staged', severity: 'warning', confidence: 'medium', steps: stagedSteps(s.taint.steps, s.at, s.dest), impact, fix: 'Remove it; let the tool that needs a credential read it where it is' };
    st.out.push(s.negated || homeCopy ? { ...c, severity: 'info', confidence: 'low', lowered: { severity: c.severity, confidence: c.confidence } } : c);
  }
  const seen = new Set<string>();
  const inBad = (w: Where) => st.badExamples.some((b) => b.file === w.file && w.start >= b.start && w.start < b.end);
  const shown = (c: Chain): Chain => (c.severity !== 'info' && c.steps.some((s) => inBad(s.at)) ? { ...c, severity: 'info', confidence: 'low', lowered: c.lowered ?? { severity: c.severity, confidence: c.confidence } } : c);
  const chains = [...launch, ...st.out.map(shown)].filter((c) => {
    // A public key (`*.pub`, authorized_keys) is made to be shared: uploading it to a provider is how it is used, so
    // an exfiltration chain that starts at one carries no secret. (It stays a source: persistence reads it.)
    if (c.rule === 'exfiltration' && PUBLIC_HALF.test(c.steps[0]?.store ?? '')) return false;
    const last = c.steps[c.steps.length - 1]!.at;
    const k = `${c.rule}|${c.kind}|${last.file ?? ''}|${last.start}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const model = { chains, cleared: st.cleared, bad: st.badExamples };
  cache.set(key, model);
  return model;
}
