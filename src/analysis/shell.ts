// A small shell-pipeline model: enough of POSIX shell syntax to see which command feeds which. Words (quotes,
// backslash escapes, `\`-newline continuations), pipes, lists (; && || & newline), redirections, command
// substitution ($(…), `…`) and process substitution (<(…), >(…)), nested up to MAX_DEPTH. Pure, never throws,
// one pass over the text (each character is consumed once, nested constructs continue from where they stop).
// Nothing is expanded or run: `c\url` reads as curl, `$SHELL` stays the literal word "$SHELL".
//
// analyzeShell() then finds remote code execution: a download fed into an interpreter through a pipe (filters
// such as tee or base64 -d in between), process or command substitution, stdin redirection, or saved to a file
// that a later command runs without a checksum or signature check; `npx`/`deno run` of a URL; installs from a
// custom package index or registry.

import { hereDocEnd } from './heredoc.js';

export interface Word {
  /** The word with quotes and escapes removed; substitutions kept as their source text. */
  value: string;
  start: number;
  end: number;
  /** Scripts of the command substitutions inside the word. */
  subs: Script[];
  /** The script of a process substitution word (<(…) or >(…)). */
  proc: Script | null;
}

export interface Redirect {
  op: string;
  target: Word | null;
}

export interface Command {
  words: Word[];
  redirects: Redirect[];
  start: number;
  end: number;
}

export interface Pipeline {
  commands: Command[];
  start: number;
  end: number;
}

export interface Script {
  pipelines: Pipeline[];
}

/** Nesting of substitutions and subshells followed; deeper ones read as plain characters. */
export const MAX_DEPTH = 8;

const OPERATOR = new Set(['|', '&', ';', '<', '>', '(', ')', '\n']);
const BLANK = new Set([' ', '\t', '\r']);

class Parser {
  i: number;
  /** Loop iterations, for the linearity property (test/shell.test.ts). */
  steps = 0;
  constructor(
    readonly s: string,
    start: number,
    readonly end: number,
  ) {
    this.i = start;
  }

  script(stop: string | null, depth: number): Script {
    const s = this.s;
    const pipelines: Pipeline[] = [];
    let commands: Command[] = [];
    let cmd: Command | null = null;
    const endCommand = () => {
      if (cmd && (cmd.words.length > 0 || cmd.redirects.length > 0)) commands.push(cmd);
      cmd = null;
    };
    const endPipeline = () => {
      endCommand();
      if (commands.length > 0) pipelines.push({ commands, start: commands[0]!.start, end: commands[commands.length - 1]!.end });
      commands = [];
    };
    const current = (at: number): Command => (cmd ??= { words: [], redirects: [], start: at, end: at });
    while (this.i < this.end) {
      this.steps++;
      const c = s[this.i]!;
      const n = s[this.i + 1];
      if (stop !== null && c === stop) {
        this.i++;
        break;
      }
      if (c === '\\' && n === '\n') {
        this.i += 2;
        continue;
      }
      if (BLANK.has(c)) {
        this.i++;
        continue;
      }
      if (c === '\n' || c === ';') {
        endPipeline();
        this.i++;
        continue;
      }
      if (c === '#') {
        while (this.i < this.end && s[this.i] !== '\n') this.i++;
        continue;
      }
      if (c === '|') {
        if (n === '|') {
          endPipeline();
          this.i += 2;
        } else {
          endCommand();
          this.i += n === '&' ? 2 : 1;
        }
        continue;
      }
      if (c === '&' && n !== '>') {
        endPipeline();
        this.i += n === '&' ? 2 : 1;
        continue;
      }
      if (c === '(' || c === ')') {
        // A subshell or group: its pipelines are read as if they stood on their own.
        if (c === '(' && depth < MAX_DEPTH) {
          endPipeline();
          this.i++;
          const inner = this.script(')', depth + 1);
          for (const x of inner.pipelines) pipelines.push(x);
        } else this.i++;
        continue;
      }
      // Redirection: [n]> >> >& &> &>> < <& <> << <<- <<< (but <( and >( are process substitution words).
      const redir = /^(?:[0-9]*(?:>>|>&|>\||<<<|<<-|<<|<&|<>|>|<)|&>>?)/.exec(s.slice(this.i, Math.min(this.end, this.i + 5)));
      if (redir && !((c === '<' || c === '>') && n === '(')) {
        const at = this.i;
        this.i += redir[0].length;
        while (this.i < this.end && BLANK.has(s[this.i]!)) this.i++;
        const target = this.atWordStart() ? this.word(depth) : null;
        const command = current(at);
        command.redirects.push({ op: redir[0].replace(/^[0-9]+/, ''), target });
        command.end = target ? target.end : this.i;
        continue;
      }
      const w = this.word(depth);
      const command = current(w.start);
      command.words.push(w);
      command.end = w.end;
    }
    endPipeline();
    return { pipelines };
  }

  atWordStart(): boolean {
    const c = this.s[this.i];
    return c !== undefined && this.i < this.end && !BLANK.has(c) && c !== '\n' && c !== ';' && c !== '|' && c !== '&' && c !== ')';
  }

  /** One word from here; always consumes at least one character. */
  word(depth: number): Word {
    const s = this.s;
    const start = this.i;
    const subs: Script[] = [];
    let proc: Script | null = null;
    let value = '';
    const c0 = s[this.i];
    if ((c0 === '<' || c0 === '>') && s[this.i + 1] === '(' && depth < MAX_DEPTH) {
      this.i += 2;
      proc = this.script(')', depth + 1);
      return { value: s.slice(start, this.i), start, end: this.i, subs, proc };
    }
    const sub = (stop: string, skip: number) => {
      const from = this.i;
      this.i += skip;
      if (depth < MAX_DEPTH) subs.push(this.script(stop, depth + 1));
      value += s.slice(from, this.i);
    };
    while (this.i < this.end) {
      this.steps++;
      const c = s[this.i]!;
      const n = s[this.i + 1];
      if (BLANK.has(c)) break;
      if (OPERATOR.has(c) && this.i > start) {
        // A "(" inside a word (a PowerShell call, a glob) is part of it; operators end it.
        if (c !== '(') break;
      } else if (OPERATOR.has(c) && c !== '(' && c !== ')') {
        value += c;
        this.i++;
        break;
      }
      if (c === '\\') {
        if (n === '\n') this.i += 2;
        else {
          if (n !== undefined && this.i + 1 < this.end) value += n;
          this.i += 2;
        }
        continue;
      }
      if (c === "'") {
        const close = s.indexOf("'", this.i + 1);
        const e = close === -1 || close >= this.end ? this.end : close;
        value += s.slice(this.i + 1, e);
        this.i = Math.min(this.end, e + 1);
        continue;
      }
      if (c === '"') {
        this.i++;
        while (this.i < this.end && s[this.i] !== '"') {
          this.steps++;
          const d = s[this.i]!;
          const dn = s[this.i + 1];
          if (d === '\\' && dn !== undefined) {
            if (dn !== '\n') value += '"$`\\'.includes(dn) ? dn : d + dn;
            this.i += 2;
          } else if (d === '$' && dn === '(') sub(')', 2);
          else if (d === '`') sub('`', 1);
          else {
            value += d;
            this.i++;
          }
        }
        this.i = Math.min(this.end, this.i + 1);
        continue;
      }
      if (c === '$' && n === '(') {
        sub(')', 2);
        continue;
      }
      if (c === '`') {
        sub('`', 1);
        continue;
      }
      if (c === '$' && n === '{') {
        const close = s.indexOf('}', this.i);
        const e = close === -1 || close >= this.end ? this.end : close + 1;
        value += s.slice(this.i, e);
        this.i = e;
        continue;
      }
      if (c === ')' || c === '(') {
        if (c === ')') break;
        value += c;
        this.i++;
        continue;
      }
      value += c;
      this.i++;
    }
    if (this.i === start) this.i++;
    return { value, start, end: this.i, subs, proc };
  }
}

/** Parse `text[start, end)` as a shell script. Never throws; linear in the length. */
export function parseShell(text: string, start = 0, end = text.length): Script {
  return parseShellCounted(text, start, end).script;
}

/** parseShell, with the number of loop steps it took (test seam for the linearity property). */
export function parseShellCounted(text: string, start = 0, end = text.length): { script: Script; steps: number } {
  const p = new Parser(text, start, Math.min(end, text.length));
  const out: Pipeline[] = [];
  // A stray ")" or "`" at the top level ends script(); read on after it.
  while (p.i < p.end) {
    p.steps++;
    const before = p.i;
    for (const x of p.script(null, 0).pipelines) out.push(x);
    if (p.i === before) p.i++;
  }
  return { script: { pipelines: out }, steps: p.steps };
}

// ---------------------------------------------------------------------------------------------------------------
// Analysis

export type ShellFindingKind = 'pipe' | 'process-substitution' | 'command-substitution' | 'download-then-run' | 'remote-package' | 'custom-index';

export interface ShellFinding {
  kind: ShellFindingKind;
  start: number;
  end: number;
  /** What the text does, in a few words, for the message. */
  detail: string;
  /** custom-index: the package manager's configuration file the command writes the index into. */
  writes?: string;
}

const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'xh', 'http', 'https', 'iwr', 'irm', 'invoke-webrequest', 'invoke-restmethod', 'lwp-request', 'get']);
const INTERPRETER = /^(?:(?:ba|z|k|da|fi|tc|c|a|mk|yash)?sh|python[0-9.]*|pypy[0-9]*|perl|ruby|node|nodejs|php|pwsh|powershell|powershell\.exe|lua|osascript|\$\{?shell\}?|\$\{?bash\}?)$/;
const EXEC_STDIN = new Set(['iex', 'invoke-expression']);
/** Wrappers that run the command after their options: the command is what follows. */
const WRAPPER_ARGS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C', '-S', '--unset', '--chdir']),
  nohup: new Set(),
  exec: new Set(['-a']),
  command: new Set(),
  builtin: new Set(),
  time: new Set(),
  nice: new Set(['-n']),
  ionice: new Set(['-c', '-n']),
  stdbuf: new Set(['-i', '-o', '-e']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  setsid: new Set(),
};
const URLISH = /^(?:https?|ftp):\/\/[^\s]+|^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::[0-9]+)?\/[^\s]*$/i;
const VERIFY = new Set(['sha256sum', 'sha512sum', 'sha1sum', 'shasum', 'md5sum', 'b2sum', 'gpg', 'gpgv', 'cosign', 'minisign', 'signify', 'openssl', 'get-filehash', 'certutil']);
/** The public default index of each package manager read here (PyPI, npm, Yarn's npm mirror, PyTorch's and NVIDIA's
 *  wheel indexes, RubyGems, crates.io, the Go module proxy, NuGet, Anaconda) and loopback: installs from them are
 *  the ordinary case. */
const KNOWN_INDEX = /^(?:(?:sparse|registry)\+)?(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:pypi\.org|pythonhosted\.org|pytorch\.org|npmjs\.org|npmjs\.com|yarnpkg\.com|pkg\.github\.com|nvidia\.com|rubygems\.org|crates\.io|golang\.org|nuget\.org|anaconda\.org|anaconda\.com|localhost|127\.0\.0\.1)(?::[0-9]+)?(?:\/|$)/i;

/**
 * The address of a package index, registry or mirror when it is a custom one: an http(s) URL (uv's `name=` and
 * Cargo's `sparse+`/`registry+` prefixes removed) with a literal host that is not a well-known public index. A host
 * that is a variable or a placeholder (`https://$INDEX_HOST/simple`, `https://<your-index>/`) is the user's own
 * choice, filled in by them. Null otherwise.
 */
export function customIndexUrl(raw: string): string | null {
  const u = raw
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/^[A-Za-z0-9_.-]+=(?=(?:sparse\+|registry\+)?https?:\/\/)/, '')
    .replace(/^(?:sparse|registry)\+(?=https?:\/\/)/i, '');
  const m = /^https?:\/\/(?:[^@/\s]*@)?([^/:?#\s]*)/i.exec(u);
  if (!m || m[1] === '' || /[$<>{}%]/.test(m[1]!) || KNOWN_INDEX.test(u) || PLACEHOLDER_HOST.test(m[1]!)) return null;
  return u;
}

/**
 * A host that documentation writes for the reader's own: a label that says "your" or "my" company, organization or
 * domain (`npm.mycompany.com`, `registry.your-org.com`, `pypi.yourdomain.com`), or a host of one label that starts
 * with "my-" or "your-" (`my-pypi-server`: a name without a domain resolves only inside the reader's own network, so
 * no outside party can serve it). The reader fills in their own registry, as with a placeholder in angle brackets.
 * Hosts under the domains reserved for examples (RFC 2606) are not taken for placeholders: they stand for any host,
 * an attacker's too, in examples and tests.
 */
const PLACEHOLDER_HOST = /(?:^|[.-])(?:my|your)-?(?:company|corp|org|organi[sz]ation|domain|registry|host|server|team|enterprise)(?:[.-]|$)|^(?:my|your)-[a-z0-9-]+$/i;

/**
 * Environment variables each package manager reads as the index or registry it installs from (their documented
 * names): pip's PIP_INDEX_URL, PIP_EXTRA_INDEX_URL, PIP_FIND_LINKS (pip: "PIP_<UPPER_LONG_NAME>"); uv's UV_INDEX,
 * UV_DEFAULT_INDEX, UV_INDEX_URL, UV_EXTRA_INDEX_URL, UV_FIND_LINKS; npm's npm_config_registry (any case); Yarn
 * Berry's YARN_NPM_REGISTRY_SERVER; Bun's BUN_CONFIG_REGISTRY; Poetry's POETRY_REPOSITORIES_<NAME>_URL; PDM's
 * PDM_PYPI_URL; Go's GOPROXY; Cargo's CARGO_REGISTRIES_<NAME>_INDEX; Bundler's BUNDLE_MIRROR__<HOST>.
 */
const INDEX_ENV_NAMES = 'PIP_(?:EXTRA_)?INDEX_URL|PIP_FIND_LINKS|UV_(?:EXTRA_)?INDEX_URL|UV_(?:DEFAULT_)?INDEX|UV_FIND_LINKS|NPM_CONFIG_REGISTRY|YARN_NPM_REGISTRY_SERVER|BUN_CONFIG_REGISTRY|POETRY_REPOSITORIES_[A-Z0-9_]+_URL|PDM_PYPI_URL|GOPROXY|CARGO_REGISTRIES_[A-Z0-9_]+_INDEX|BUNDLE_MIRROR__[A-Z0-9_]+';
/** Such a variable given a value, in any syntax that sets one: `export X=URL`, `X=URL cmd`, `env X=URL`, a `.env`
 *  line, Dockerfile `ENV X URL`, a YAML `env:` entry `X: URL`, `$env:X = "URL"`, `setx X URL`, `set -x X URL`,
 *  `os.environ["X"] = "URL"`, `process.env.X = "URL"`, `os.environ.setdefault("X", "URL")`. */
const INDEX_ENV = new RegExp(`(?<![A-Za-z0-9_])(${INDEX_ENV_NAMES})(?![A-Za-z0-9_])["'\\]]{0,2}[ \\t]*(?:=|:|,|[ \\t])[ \\t]*["']?((?:[\\w.-]+=)?(?:sparse\\+)?https?:\\/\\/[^\\s"'\`,;)\\]]+)`, 'gi');

/** Index and registry variables set in `text[start, end)` to a custom index, with where they stand. */
export function envIndexes(text: string, start = 0, end = text.length): { start: number; end: number; url: string; name: string }[] {
  const out: { start: number; end: number; url: string; name: string }[] = [];
  const re = new RegExp(INDEX_ENV.source, 'gi');
  const region = text.slice(start, end);
  for (let m = re.exec(region); m; m = re.exec(region)) {
    const url = customIndexUrl(m[2]!);
    if (url) out.push({ start: start + m.index, end: start + m.index + m[0].length, url, name: m[1]! });
  }
  return out;
}

/**
 * Package indexes and registries named by a package manager's configuration file shipped with a skill (pip's
 * requirements and constraints files and pip.conf/pip.ini, npm's and Yarn's .npmrc/.yarnrc/.yarnrc.yml, pyproject's
 * uv, Poetry and PDM sources, Bun's bunfig.toml, Cargo's .cargo/config(.toml) sources and registries, a Gemfile's
 * `source`, a Pipfile's `[[source]]`, the pip options of a conda environment file, NuGet.config package sources, setuptools' `dependency_links`) or set through an index variable in any
 * file (envIndexes: a `.env`, a Dockerfile `ENV`, a CI `env:` map, a script): installs run with that file then come
 * from there. Returns each URL that is not a well-known public index, with where it stands in `text`.
 */
export function configIndexes(rel: string, text: string): { start: number; end: number; url: string }[] {
  const name = rel.slice(rel.lastIndexOf('/') + 1).toLowerCase();
  const out: { start: number; end: number; url: string }[] = [];
  const add = (start: number, end: number, raw: string) => {
    const url = customIndexUrl(raw);
    if (url && !out.some((o) => start < o.end && o.start < end)) out.push({ start, end, url });
  };
  let line: RegExp | null = null;
  /** TOML and INI-like files: the sections whose URL values are indexes. */
  let section: RegExp | null = null;
  let sectionLine: RegExp | null = null;
  if (/^(?:requirements|constraints)[\w.-]*\.(?:txt|in)$/.test(name)) line = /^[ \t]*(?:--index-url|--extra-index-url|-i|--find-links|-f)(?:[ \t]*=[ \t]*|[ \t]+)(\S+)/;
  else if (name === 'pip.conf' || name === 'pip.ini') line = /^[ \t]*(?:(?:extra-)?index-url|find-links)[ \t]*=[ \t]*(\S+)/;
  else if (name === '.npmrc' || name === '.yarnrc') line = /^[ \t]*(?:@[\w.-]+:)?registry[ \t]*[= ][ \t]*"?([^\s"]+)/;
  else if (name === '.yarnrc.yml') line = /^[ \t]*npmRegistryServer:[ \t]*["']?([^\s"']+)/;
  else if (name === 'gemfile' || name === 'gems.rb') line = /^[ \t]*source[ \t(]+["']([^"']+)["']/;
  else if (name === 'pyproject.toml') {
    section = /^[ \t]*\[\[?[ \t]*tool\.(?:uv\.index|poetry\.source|pdm\.source)[ \t]*\]\]?/;
    sectionLine = /^[ \t]*url[ \t]*=[ \t]*["']([^"']+)["']/;
  } else if (name === 'pipfile') {
    section = /^[ \t]*\[\[[ \t]*source[ \t]*\]\]/;
    sectionLine = /^[ \t]*url[ \t]*=[ \t]*["']([^"']+)["']/;
  } else if (/^environment[\w.-]*\.ya?ml$/.test(name)) {
    // conda's environment file: the index options of its pip section.
    line = /^[ \t]*-[ \t]*(?:--index-url|--extra-index-url|-i|--find-links|-f)(?:[ \t]*=[ \t]*|[ \t]+)["']?(https?:\/\/[^\s"']+)/;
  } else if (name === 'bunfig.toml') {
    section = /^[ \t]*\[[ \t]*install(?:\.scopes)?[ \t]*\]/;
    sectionLine = /^[ \t]*["']?[@\w.-]+["']?[ \t]*=[ \t]*(?:\{[^}]*?\burl[ \t]*=[ \t]*)?["']([^"']+)["']/;
  } else if ((name === 'config.toml' || name === 'config') && /(?:^|\/)\.cargo\/[^/]+$/.test(rel)) {
    section = /^[ \t]*\[[ \t]*(?:source|registries)\.[^\]]+\]/;
    sectionLine = /^[ \t]*(?:registry|index)[ \t]*=[ \t]*["']([^"']+)["']/;
  } else if (name === 'nuget.config') {
    section = /<packageSources>/i;
    sectionLine = /<add\b[^>]*\bvalue[ \t]*=[ \t]*["']([^"']+)["']/i;
  }
  let pos = 0;
  let inSection = false;
  for (const l of text.split('\n')) {
    if (section && sectionLine) {
      if (name === 'nuget.config') {
        if (section.test(l)) inSection = true;
        const m = inSection ? sectionLine.exec(l) : null;
        if (m) add(pos, pos + l.length, m[1]!);
        if (/<\/packageSources>/i.test(l)) inSection = false;
      } else {
        if (/^[ \t]*\[/.test(l)) inSection = section.test(l);
        const m = inSection ? sectionLine.exec(l) : null;
        if (m) add(pos, pos + l.length, m[1]!);
      }
    } else if (line) {
      const m = line.exec(l);
      if (m) add(pos, pos + l.length, m[1]!);
    }
    pos += l.length + 1;
  }
  // setuptools' dependency_links (setup.py keyword, setup.cfg option): where `setup.py install`/`develop` looked for
  // the dependencies (pip itself has ignored the list since 19.0; the list still says where the author sends them).
  if (name === 'setup.py' || name === 'setup.cfg') {
    for (const m of text.matchAll(/\bdependency_links\b[ \t]*[=:][ \t]*(\[[^\]]{0,2000}\]|(?:[^\n]*\n?(?:[ \t]+[^\n]*\n?)*))/g)) {
      const at = m.index! + m[0].length - m[1]!.length;
      for (const u of m[1]!.matchAll(/["']?(https?:\/\/[^\s"',\]]+)/g)) add(at + u.index!, at + u.index! + u[0].length, u[1]!);
    }
  }
  for (const e of envIndexes(text)) add(e.start, e.end, e.url);
  return out.sort((x, y) => x.start - y.start);
}

/** Options that name the index or registry a package manager installs from, per manager (their documented flags). */
const INDEX_FLAGS: Record<string, RegExp> = {
  pip: /^(?:--index-url|--extra-index-url|-i|--find-links|-f)$/,
  uv: /^(?:--index-url|--extra-index-url|-i|--index|--default-index|--find-links|-f)$/,
  npm: /^--registry$/,
  poetry: /^(?:--index-url|--extra-index-url)$/,
  gem: /^(?:--source|-s|--add|-a)$/,
  cargo: /^--index$/,
  conda: /^(?:--channel|-c)$/,
  nuget: /^(?:-source|--source|-s)$/i,
};
/** Configuration keys naming an index or registry, set by `<manager> config set KEY VALUE` (or `KEY=VALUE`): pip's
 *  `global.index-url`, npm's, pnpm's and Yarn 1's `registry` and `@scope:registry`, Yarn Berry's
 *  `npmRegistryServer` (also under `npmScopes.<scope>.`), Poetry's `repositories.<name>`, PDM's `pypi.url` and
 *  `pypi.<name>.url`, Bundler's `mirror.<source>`, conda's `channel_alias`. */
const INDEX_KEY = /^(?:(?:global|install|user)\.)?(?:index-url|extra-index-url|find-links)$|^(?:@[\w.-]+:)?registry$|(?:^|\.)npmRegistryServer$|^repositories\.[\w.-]+(?:\.url)?$|^pypi\.(?:[\w-]+\.)?url$|^mirror\..+|^channel_alias$/;

/** The manager a command runs, by the option set it takes (python -m pip is pip). */
function managerOf(head: string, ws: readonly Word[]): string | null {
  if (head === 'pip' || /^pip[0-9.]+$/.test(head) || (/^python[0-9.]*$/.test(head) && ws[1]?.value === '-m' && /^pip/.test(ws[2]?.value ?? ''))) return 'pip';
  if (head === 'uv' || head === 'pdm') return 'uv';
  if (head === 'npm' || head === 'pnpm' || head === 'yarn' || head === 'bun') return 'npm';
  if (head === 'poetry') return 'poetry';
  if (head === 'gem' || head === 'bundle' || head === 'bundler') return 'gem';
  if (head === 'cargo') return 'cargo';
  if (head === 'conda' || head === 'mamba' || head === 'micromamba') return 'conda';
  if (head === 'nuget' || head === 'nuget.exe' || head === 'dotnet') return 'nuget';
  return null;
}

/**
 * The custom index a package-manager command installs from or configures, or null: an index option (`pip install
 * -i URL`, `uv add --index name=URL`, `npm install --registry URL`, `gem install --source URL`, `cargo install
 * --index URL`, `conda install -c URL`, `dotnet add package X --source URL`), a setting written by the manager
 * (`npm config set registry URL`, `yarn config set npmRegistryServer URL`, `pip config set global.index-url URL`,
 * `poetry config repositories.x URL`, `bundle config mirror.https://rubygems.org URL`, `conda config --add channels
 * URL`), or a source added (`poetry source add x URL`, `gem sources --add URL`, `dotnet nuget add source URL`,
 * `nuget sources add -Source URL`). Publishing (`cargo publish`, `npm publish --registry`) sends packages out and is
 * not an install.
 */
export function commandIndex(head: string, ws: readonly Word[]): string | null {
  const mgr = managerOf(head, ws);
  if (!mgr) return null;
  const vals = ws.map((w) => w.value);
  if (vals.some((v) => /^(?:publish|login|logout|yank|owner|adduser|unpublish|push)$/.test(v))) return null;
  const flags = INDEX_FLAGS[mgr]!;
  const configures = vals.some((v, k) => k > 0 && /^(?:set|config|sources|source)$/.test(v));
  for (let k = 1; k < vals.length; k++) {
    const v = vals[k]!;
    const eq = v.indexOf('=');
    const flag = eq > 0 && v.startsWith('-') ? v.slice(0, eq) : v;
    if (flags.test(flag)) {
      const url = customIndexUrl(eq > 0 && v.startsWith('-') ? v.slice(eq + 1) : (vals[k + 1] ?? ''));
      if (url) return url;
    }
    if (configures && !v.startsWith('-')) {
      const key = eq > 0 && !/^https?:/i.test(v) ? v.slice(0, eq) : v;
      if (INDEX_KEY.test(key)) {
        const url = customIndexUrl(eq > 0 && key !== v ? v.slice(eq + 1) : (vals[k + 1] ?? ''));
        if (url) return url;
      }
    }
  }
  // A source added by position: `poetry source add NAME URL`, `dotnet nuget add source URL`, `conda config --add
  // channels URL`.
  const pos = vals.findIndex((v, k) => k > 0 && (v === 'source' || v === 'channels'));
  if (pos !== -1 && (vals.includes('add') || vals.includes('--add') || vals.includes('--append') || vals.includes('--prepend'))) {
    for (const v of vals.slice(pos + 1)) {
      const url = !v.startsWith('-') ? customIndexUrl(v) : null;
      if (url) return url;
    }
  }
  return null;
}

/** A command line written in program code: a literal argument list, its items as words (a name such as
 *  `sys.executable` stands for python, any other name is `_`), or a string literal (`words` absent). */
export interface CodeCommandLine {
  /** The span of the list or of the string, quotes included. */
  start: number;
  end: number;
  words?: Word[];
}

const CODE_ITEM = `(?:"[^"\\\\\\n]*"|'[^'\\\\\\n]*'|[A-Za-z_][\\w.]*)`;

/**
 * The command lines program code writes (Python, JavaScript, PowerShell): each literal list of strings (after the
 * program name a spawn-style call gives first: `spawn("npm", ["install", "x"])`, `subprocess.run([sys.executable,
 * "-m", "pip", "install", "x"])`) with at least `minItems` items, then each string literal of at least `minString`
 * characters between its quotes (a string handed to a shell). Offsets into `text`; a word's offsets are its text's,
 * inside the quotes.
 */
export function codeCommandLines(text: string, start = 0, end = text.length, minItems = 3, minString = 6): CodeCommandLine[] {
  const region = text.slice(start, end);
  const out: CodeCommandLine[] = [];
  const list = new RegExp(`(?:["'][\\w./-]+["']\\s*,\\s*)?[\\[(]\\s*${CODE_ITEM}(?:\\s*,\\s*${CODE_ITEM}){${minItems - 1},40}\\s*,?\\s*[\\])]`, 'g');
  for (const m of region.matchAll(list)) {
    const words: Word[] = [...m[0].matchAll(new RegExp(CODE_ITEM, 'g'))].map((x) => {
      const v = x[0];
      const s = start + m.index! + x.index!;
      if (/^["']/.test(v)) return { value: v.slice(1, -1), start: s + 1, end: s + v.length - 1, subs: [], proc: null };
      return { value: /(?:^|\.)executable$/.test(v) ? 'python' : '_', start: s, end: s + v.length, subs: [], proc: null };
    });
    out.push({ start: start + m.index!, end: start + m.index! + m[0].length, words });
  }
  const str = new RegExp(`"(?:[^"\\\\\\n]|\\\\.){${minString},}"|'(?:[^'\\\\\\n]|\\\\.){${minString},}'|\`(?:[^\`\\\\]|\\\\.){${minString},}\``, 'g');
  for (const m of region.matchAll(str)) out.push({ start: start + m.index!, end: start + m.index! + m[0].length });
  return out;
}

/**
 * Installs from a custom index written in program code (Python, JavaScript, PowerShell): a string handed to a shell
 * (`os.system("pip install -i URL x")`) or an argument list (`subprocess.run([sys.executable, "-m", "pip",
 * "install", "--index-url", URL, "x"])`, `spawn("npm", ["install", "--registry", URL])`), as codeCommandLines reads
 * them: each list as the command line its items spell, each string as a shell command. Returns the span of the list
 * or string and the index.
 */
export function codeIndexes(text: string): { start: number; end: number; url: string }[] {
  const out: { start: number; end: number; url: string }[] = [];
  for (const c of codeCommandLines(text)) {
    if (c.words) {
      const words = c.words.map((w) => w.value);
      if (!words.some((w) => /^(?:install|add|config|sources?|-[a-z]|--[a-z-]+(?:=.*)?)$/.test(w))) continue;
      const line = words.map((w) => `'${w.replace(/'/g, '')}'`).join(' ');
      for (const f of analyzeShell(line)) if (f.kind === 'custom-index') out.push({ start: c.start, end: c.end, url: /\(([^()]+)\)$/.exec(f.detail)?.[1] ?? '' });
      continue;
    }
    if (out.some((o) => c.start < o.end && o.start < c.end)) continue;
    for (const f of analyzeShell(text.slice(c.start + 1, c.end - 1))) if (f.kind === 'custom-index') out.push({ start: c.start, end: c.end, url: /\(([^()]+)\)$/.exec(f.detail)?.[1] ?? '' });
  }
  return out.sort((a, b) => a.start - b.start);
}

function base(v: string): string {
  const b = v.replace(/\/+$/, '');
  const k = b.lastIndexOf('/');
  return (k === -1 ? b : b.slice(k + 1)).toLowerCase();
}

/** The words of the command that runs: assignments (`A=1`, `A+=x`) and wrappers (sudo -u root, env A=1,
 *  /usr/bin/env) skipped. An array assignment (`steps=(a b)`, `steps+=("Download … to $F")`: its elements are the
 *  words up to the closing parenthesis) runs nothing: no words. */
export function effectiveWords(words: readonly Word[]): Word[] {
  let i = 0;
  for (let guard = 0; guard < 8 && i < words.length; guard++) {
    if (i === 0 && /^[A-Za-z_][A-Za-z0-9_]*\+?=\(/.test(words[0]!.value)) return [];
    while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(words[i]!.value)) i++;
    const head = words[i] ? base(words[i]!.value) : '';
    const takes = Object.hasOwn(WRAPPER_ARGS, head) ? WRAPPER_ARGS[head] : undefined;
    if (!takes) break;
    i++;
    while (i < words.length) {
      const v = words[i]!.value;
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) i++;
      else if (v.startsWith('-') && v.length > 1) {
        i += takes.has(v) ? 2 : 1;
      } else if (head === 'timeout' && /^[0-9.]+[smhd]?$/.test(v)) i++;
      else break;
    }
  }
  return words.slice(i);
}

function headOf(words: readonly Word[]): string {
  return words[0] ? base(words[0].value) : '';
}

function hasUrl(words: readonly Word[]): boolean {
  return words.some((w) => URLISH.test(w.value.replace(/^['"]|['"]$/g, '').replace(/^[a-z-]+=/i, '')));
}

/** A download command (curl, wget, iwr, …) with a URL argument. */
function isDownload(words: readonly Word[]): boolean {
  return DOWNLOADERS.has(headOf(words)) && hasUrl(words.slice(1));
}

function scriptDownloads(sc: Script): boolean {
  return sc.pipelines.some((p) => p.commands.some((c) => commandDownloads(c)));
}

/** The command's output is (or carries) downloaded content: a download, or `echo "$(curl …)"`. */
function commandDownloads(c: Command): boolean {
  const ws = effectiveWords(c.words);
  if (isDownload(ws)) return true;
  return ws.some((w) => w.subs.some(scriptDownloads));
}

/** bash's own long options that take no value (bash(1)); with the ones that do, every long option bash reads. */
export const SHELL_FLAG_OPTIONS = 'norc|noprofile|login|posix|verbose|restricted|noediting';
const SHELL_LONG_OPTION = new RegExp(`^--(?:${SHELL_FLAG_OPTIONS}|rcfile|init-file|debugger|dump-strings|dump-po-strings|help|version|pretty-print)$`);
/** The names under which a process reads its own standard input. */
export const STDIN_PATH = /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

/** An interpreter that executes its standard input (bash, bash -s, python -, node, iex). */
function runsStdin(words: readonly Word[], prose = false): boolean {
  const head = headOf(words);
  if (EXEC_STDIN.has(head)) return true;
  if (!INTERPRETER.test(head)) return false;
  const shell = /^(?:ba|z|da|k|fi|tc|c)?sh$/.test(head);
  for (const w of words.slice(1)) {
    const v = w.value;
    if (v === '-' || v === '-s' || v === '--' || STDIN_PATH.test(v)) return true;
    if (/^-[a-z]*[cem]$/i.test(v) || v === '-m' || v === '--command') return false;
    // A long option that is not the shell's own (`| bash --prefix ~/.tool`) is an argument of the script it reads
    // from the pipe.
    if (shell && /^--[a-z]/i.test(v) && !SHELL_LONG_OPTION.test(v)) return true;
    // In prose, "| bash to install it" goes on as a sentence: only a path-like word is a script file.
    if (!v.startsWith('-')) return prose && !/[./$]/.test(v);
  }
  return true;
}

function span(c: { start: number; end: number }[]): { start: number; end: number } {
  return { start: c[0]!.start, end: c[c.length - 1]!.end };
}

/** Files a download command writes, by the name a later command would use. */
function downloadedFiles(c: Command, ws: readonly Word[]): string[] {
  const head = headOf(ws);
  const out: string[] = [];
  const args = ws.slice(1).map((w) => w.value);
  const urls = args.filter((a) => URLISH.test(a));
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (head === 'curl') {
      if ((a === '-o' || a === '--output' || /^-[a-zA-Z]*o$/.test(a)) && args[k + 1]) out.push(args[k + 1]!);
      else if (/^-[a-zA-Z]*o.+/.test(a) && !a.startsWith('--')) out.push(a.slice(a.indexOf('o') + 1));
      else if (/^-[a-zA-Z]*O$/.test(a) || a === '--remote-name') urls.forEach((u) => out.push(base(u.split(/[?#]/)[0]!)));
    } else if (head === 'wget') {
      if ((a === '-O' || a === '--output-document') && args[k + 1]) out.push(args[k + 1]!);
      else if (/^-[a-zA-Z]*O.+/.test(a)) out.push(a.slice(a.indexOf('O') + 1));
      else if (a.startsWith('--output-document=')) out.push(a.slice(18));
    } else if ((head === 'iwr' || head === 'invoke-webrequest' || head === 'irm' || head === 'invoke-restmethod') && /^-outfile$/i.test(a) && args[k + 1]) out.push(args[k + 1]!);
  }
  if (head === 'wget' && out.length === 0 && !args.some((a) => /^-[a-zA-Z]*O/.test(a) || a.startsWith('--output-document'))) urls.forEach((u) => out.push(base(u.split(/[?#]/)[0]!)));
  for (const r of c.redirects) if ((r.op === '>' || r.op === '>>' || r.op === '>|') && r.target) out.push(r.target.value);
  return out.filter((f) => f !== '' && f !== '-' && f !== '/dev/null');
}

function sameFile(a: string, b: string): boolean {
  const x = a.replace(/^\.\//, '');
  const y = b.replace(/^\.\//, '');
  return x === y || (base(x) === base(y) && base(x).length > 0 && (!x.includes('/') || !y.includes('/') || x.endsWith(y) || y.endsWith(x)));
}

/** Editors: programs that wait for a person at a terminal or a window before they return. A pager or `cat` does not:
 *  without a terminal (an agent's tool call) `less f` prints the file and goes on, so a skill that writes
 *  `curl … -o f; less f; sh f` for its agent runs the download unread. Only an editor shows the file to a person. */
const VIEWERS = /^(?:vi|vim|nvim|gvim|nano|pico|emacs|micro|ne|joe|kak|hx|helix|code|codium|subl|gedit|kate|mate)$/;
/** The user's own editor, named by the variables that hold it (`$EDITOR`, `"${VISUAL:-vi}"`). */
const VIEWER_VAR = /^["']?\$\{?(?:EDITOR|VISUAL)\b/;
/** Where output still reaches the person: the terminal or the error stream. */
const TO_TERMINAL = /^(?:\/dev\/(?:tty|stderr)|2)$/;

/**
 * The files a pipeline opens for a person to read: an editor given the file (`vim f`, `$EDITOR f`, `code --wait f`;
 * VIEWERS says why not a pager or `cat`). The pipeline's last command is the editor and its output is not sent
 * anywhere else (a file, another program). `value` gives a word's text (a model resolving variables passes its own).
 */
export function shownFiles(cmds: readonly Command[], value: (w: Word) => string = (w) => w.value): string[] {
  const last = cmds[cmds.length - 1];
  if (!last) return [];
  const viewer = (c: Command) => {
    const ws = effectiveWords(c.words);
    const raw = ws[0]?.value ?? '';
    return ws.length > 0 && (VIEWER_VAR.test(raw) || VIEWERS.test(base(value(ws[0]!)))) ? ws : null;
  };
  if (!viewer(last) || last.redirects.some((r) => /^(?:>|>>|>\||&>|&>>|>&)$/.test(r.op) && !TO_TERMINAL.test(r.target?.value ?? ''))) return [];
  const out: string[] = [];
  for (const c of cmds) {
    const ws = viewer(c);
    if (!ws || (c !== last && c.redirects.some((r) => r.op !== '<'))) continue;
    for (const w of ws.slice(1)) if (!w.value.startsWith('-') && !w.value.startsWith('+')) out.push(value(w));
  }
  return out;
}

export interface AnalyzeOptions {
  /** Prose: a command may start at any word (the text before it is a sentence), not only at the first. */
  prose?: boolean;
}

/** Package managers' configuration files, by base name (configIndexes reads each). */
const CONFIG_NAME = /^(?:pip\.conf|pip\.ini|\.npmrc|\.yarnrc|\.yarnrc\.yml|\.condarc|\.gemrc|config\.toml|bunfig\.toml)$/;

/** What a command writes into a package manager's configuration file: the echoed or printed text redirected there,
 *  a here-document `cat` copies there, or the text an `echo|printf` earlier in the pipeline hands to `tee FILE`. */
function writtenConfig(text: string, c: Command, ws: Word[], pipeline: readonly Command[]): { file: string; content: string }[] {
  const head = headOf(ws);
  const out: { file: string; content: string }[] = [];
  const named = (v: string | undefined) => {
    const b = (v ?? '').replace(/^["']|["']$/g, '').split(/[\\/]/).pop() ?? '';
    return CONFIG_NAME.test(b) && (b !== 'config.toml' || /\.cargo[\\/]config\.toml$/.test(v ?? '')) ? b : null;
  };
  const printed = (ww: Word[]) => ww.slice(1).filter((w) => !/^-[neE]+$/.test(w.value)).map((w) => w.value).join(' ').replace(/\\n/g, '\n');
  for (const r of c.redirects) {
    if ((r.op !== '>' && r.op !== '>>') || !r.target) continue;
    const file = named(r.target.value);
    if (!file) continue;
    if (head === 'echo' || head === 'printf') out.push({ file, content: printed(ws) });
    const doc = c.redirects.find((d) => d.op === '<<' || d.op === '<<-');
    if (head === 'cat' && doc?.target) {
      const delim = doc.target.value.replace(/^["'\\]+|["']+$/g, '');
      const from = text.indexOf('\n', c.end) + 1;
      if (from > 0 && delim !== '') {
        const end = hereDocEnd(text, from, delim, doc.op === '<<-');
        out.push({ file, content: text.slice(from, end === -1 ? Math.min(text.length, from + 4000) : end) });
      }
    }
  }
  if (head === 'tee') {
    const file = ws.slice(1).map((w) => w.value).find((v) => !v.startsWith('-') && named(v) !== null);
    const first = pipeline[0];
    if (file && first && first !== c) {
      const fw = effectiveWords(first.words);
      if (headOf(fw) === 'echo' || headOf(fw) === 'printf') out.push({ file: named(file)!, content: printed(fw) });
    }
  }
  return out;
}

/** Remote code execution in a shell text, with offsets into `text`. Never throws. */
export function analyzeShell(text: string, start = 0, end = text.length, opts: AnalyzeOptions = {}): ShellFinding[] {
  const out: ShellFinding[] = [];
  const script = parseShell(text, start, end);
  const downloaded = new Map<string, number>();
  const verified = new Set<string>();
  const visit = (sc: Script, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const p of sc.pipelines) {
      const cmds = p.commands.map((c) => {
        let ws = effectiveWords(c.words);
        if (opts.prose) {
          const k = ws.findIndex((w) => DOWNLOADERS.has(base(w.value)) || /^(?:npx|deno|bunx)$/.test(w.value));
          if (k > 0) ws = effectiveWords(ws.slice(k));
        }
        return { c, ws };
      });
      // Pipe: a download (or text carrying one) feeding, through any filters, an interpreter reading stdin.
      const d = cmds.findIndex(({ ws }) => isDownload(ws) || ws.some((w) => w.subs.some(scriptDownloads)));
      if (d !== -1) {
        const j = cmds.findIndex((x, k) => k > d && runsStdin(x.ws, opts.prose));
        if (j !== -1) out.push({ kind: 'pipe', ...span([cmds[d]!.c, cmds[j]!.c]), detail: 'pipes a download into an interpreter' });
      }
      // A downloaded file opened in a pager or an editor, or printed to the terminal, before it runs: the
      // download-read-run practice. What runs is what the person was shown.
      if (downloaded.size > 0) for (const v of shownFiles(p.commands)) for (const f of [...downloaded.keys()]) if (sameFile(v, f)) downloaded.delete(f);
      for (const { c, ws } of cmds) {
        const head = headOf(ws);
        const interp = INTERPRETER.test(head) || head === 'source' || head === '.' || head === 'eval' || EXEC_STDIN.has(head);
        if (interp) {
          // Process substitution (bash <(curl …)), stdin from one (bash < <(curl …)), or code from $(curl …).
          if (ws.some((w) => w.proc && scriptDownloads(w.proc)) || c.redirects.some((r) => r.op === '<' && r.target?.proc && scriptDownloads(r.target.proc))) {
            out.push({ kind: 'process-substitution', start: c.start, end: c.end, detail: 'runs a download through process substitution' });
          } else if ((head === 'eval' || EXEC_STDIN.has(head) || ws.some((w) => /^-[a-z]*[ce]$/i.test(w.value))) && ws.some((w) => w.subs.some(scriptDownloads))) {
            out.push({ kind: 'command-substitution', start: c.start, end: c.end, detail: 'evaluates a download as code' });
          }
        }
        // Download saved to a file, later run.
        if (isDownload(ws)) for (const f of downloadedFiles(c, ws)) downloaded.set(f, c.start);
        if (VERIFY.has(head)) for (const w of ws.slice(1)) for (const f of downloaded.keys()) if (sameFile(w.value, f) || w.value === '-c' || w.value === '--check' || w.value === '--verify') verified.add(f);
        if (downloaded.size > 0 && ws.length > 0) {
          const runs = (f: string) => {
            if (verified.has(f) || verified.size > 0) return false;
            const w0 = ws[0]!.value;
            if ((w0.startsWith('./') || w0.startsWith('/') || w0.includes('/')) && sameFile(w0, f)) return true;
            if (INTERPRETER.test(head) || head === 'source' || head === '.') {
              // The script is the first word after the options, unless an option gave the program another way: from
              // stdin (`python3 - "$FILE" <<EOF`, `bash -s`), inline (`-c`, `-e`) or as a module (`-m`); the words
              // after it are then the program's arguments (a downloaded JSON file it reads), not code it runs.
              const k = ws.findIndex((w, i) => i > 0 && (!w.value.startsWith('-') || w.value === '-'));
              const other = /^(?:ba|z|da|k|fi|tc|c)?sh$/.test(head) ? /^-[a-z]*[cs]$/ : /^python/.test(head) ? /^-[a-z]*[cm]$/ : /^-[a-z]*[ep]$|^--eval$/;
              if (k === -1 || ws[k]!.value === '-' || ws.slice(1, k).some((w) => other.test(w.value))) return false;
              return sameFile(ws[k]!.value, f);
            }
            return false;
          };
          for (const [f, at] of downloaded) {
            if (runs(f) || c.redirects.some((r) => r.op === '<' && r.target && sameFile(r.target.value, f) && INTERPRETER.test(head))) {
              out.push({ kind: 'download-then-run', start: at, end: c.end, detail: `downloads ${f} and runs it without checking a checksum or signature` });
              downloaded.delete(f);
              break;
            }
          }
        }
        // npx/bunx/deno run/dlx of a URL.
        if (/^(?:npx|bunx|pnpx)$/.test(head) || ((head === 'deno' || head === 'bun') && ws[1] && /^(?:run|x|install)$/.test(ws[1].value)) || (head === 'pnpm' && ws[1]?.value === 'dlx')) {
          // The package spec is the first word that is not an option (or the script after `deno run` options).
          const rest = ws.slice(head === 'deno' || head === 'bun' || head === 'pnpm' ? 2 : 1);
          const u = rest.find((w) => !w.value.startsWith('-'));
          if (u && /^(?:https?:\/\/|git\+https?:\/\/)/i.test(u.value)) out.push({ kind: 'remote-package', start: c.start, end: c.end, detail: 'runs code straight from a URL' });
        }
        // Installs from a custom package index or registry, or a setting that makes later installs come from one.
        const url = commandIndex(head, ws);
        if (url) out.push({ kind: 'custom-index', start: c.start, end: c.end, detail: `installs packages from a custom index (${url})` });
        // A package manager's configuration file written by the script (`echo "registry=URL" >> ~/.npmrc`, `cat >
        // ~/.config/pip/pip.conf <<EOF … EOF`, `echo … | tee -a .npmrc`): read what is written as that file.
        for (const w of writtenConfig(text, c, ws, p.commands)) {
          for (const ix of configIndexes(w.file, w.content)) {
            if (!out.some((o) => o.kind === 'custom-index' && o.start === c.start)) out.push({ kind: 'custom-index', start: c.start, end: c.end, detail: `makes installs come from a custom index (${ix.url}, written into ${w.file})`, writes: w.file });
          }
        }
        for (const w of c.words) {
          for (const s of w.subs) visit(s, depth + 1);
          if (w.proc) visit(w.proc, depth + 1);
        }
      }
    }
  };
  visit(script, 0);
  // One finding per stretch of text.
  out.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ShellFinding[] = [];
  for (const f of out) if (!kept.some((k) => f.start < k.end && k.start < f.end)) kept.push(f);
  return kept;
}
