// typosquat: a skill name one typing slip (two adjacent letters swapped, a letter doubled, a letter dropped, one
// vowel for another in a long word) away
// from a well-known skill name or from a word skill names are built from (src/core/wellknown.ts, lists from stated
// public sources), so a user or an agent picks it instead of the real one. Other letter substitutions are not
// counted: too many real words are one letter apart ("reach"/"react").
// Edit distance alone is no evidence: "Slite" is a product one letter from "sqlite". A warning needs the skill's own
// text to back the imitation: the slipped word is not a word the skill itself uses (outside its name and headings),
// and, for a word inside the name, the skill's text names the real one ("reqeusts-helper: helper for requests").
// Without that the slip is info at low confidence (auditors only).
// Second part: packages the skill installs (install commands in its Markdown, scripts and program code,
// requirements files, pyproject.toml, package.json) whose name is one such slip from a popular PyPI or npm package
// (src/core/wellknown-packages.ts) and is not itself a popular package: the install runs the look-alike's code.

import { fencedBlocks, SHELL_FENCE_INFO } from '../src/analysis/fences.js';
import { installerSpecs } from '../src/analysis/installers.js';
import { PROFILES } from '../src/targets/profiles.js';
import { codeCommandLines, effectiveWords, parseShell, type Script, type Word } from '../src/analysis/shell.js';
import type { PackageFile } from '../src/core/contracts.js';
import { defineRule, reportMessage, type MessageData, type RuleMeta, type SkillContext } from '../src/core/rule.js';
import type { SourceText } from '../src/core/source.js';
import { quote } from '../src/core/text.js';
import { WELL_KNOWN_SKILLS, WELL_KNOWN_WORDS } from '../src/core/wellknown.js';
import { NPM_NEAR, NPM_TARGETS, PYPI_NEAR, PYPI_TARGETS } from '../src/core/wellknown-packages.js';

const SKILLS = new Set(WELL_KNOWN_SKILLS);
const WORDS = new Set(WELL_KNOWN_WORDS);
const VOWEL = /[aeiou]/;
/** Digits read as letters. */
const LOOKALIKE_DIGIT: Record<string, string> = { '0': 'o', '1': 'li', '3': 'e', '5': 's' };

/** How `typed` slips from `known`, or null: adjacent transposition, a doubled letter, one letter dropped, a vowel
 *  for a vowel in a long word, or a look-alike (a digit for the letter it resembles, "rn" for "m", "vv" for "w"). */
export function slip(typed: string, known: string): string | null {
  if (typed === known) return null;
  if (typed.length === known.length) {
    let i = 0;
    while (i < typed.length && typed[i] === known[i]) i++;
    if (i < typed.length - 1 && typed[i] === known[i + 1] && typed[i + 1] === known[i] && typed.slice(i + 2) === known.slice(i + 2)) return part('swapped', { letters: `${known[i]}${known[i + 1]}` });
    // One vowel for another in a long word ("validater"): a spelling slip, not a different word.
    if (known.length >= 7 && i < typed.length && VOWEL.test(typed[i]!) && VOWEL.test(known[i]!) && typed.slice(i + 1) === known.slice(i + 1)) return part('vowel', { known: known[i]!, typed: typed[i]! });
    // A digit that looks like the letter it stands for (0 for o, 1 for l or i, 3 for e, 5 for s): made to be read
    // as the real name, not typed by mistake.
    if (i < typed.length && LOOKALIKE_DIGIT[typed[i]!]?.includes(known[i]!) && typed.slice(i + 1) === known.slice(i + 1)) return part('lookalike', { known: known[i]!, typed: typed[i]! });
    return null;
  }
  // "rn" for "m", "vv" for "w": two letters that read as one.
  if (typed.length === known.length + 1) {
    for (const [one, two] of [['m', 'rn'], ['w', 'vv']] as const) {
      const at = known.indexOf(one);
      for (let k = at; k !== -1; k = known.indexOf(one, k + 1)) if (known.slice(0, k) + two + known.slice(k + 1) === typed) return part('lookalike', { known: one, typed: two });
    }
  }
  if (typed.length === known.length + 1) {
    for (let i = 0; i < typed.length; i++) {
      if (typed.slice(0, i) + typed.slice(i + 1) === known) {
        // Only a doubled letter counts as an insertion slip ("webbapp"); plurals and suffixes are words.
        if ((typed[i] === typed[i - 1] || typed[i] === typed[i + 1]) && i !== typed.length - 1) return part('doubled', { letter: typed[i]! });
        return null;
      }
    }
    return null;
  }
  if (typed.length === known.length - 1 && known.length >= 6) {
    for (let i = 1; i < known.length - 1; i++) {
      if (known.slice(0, i) + known.slice(i + 1) === typed) return part('dropped', { letter: known[i]! });
    }
  }
  return null;
}

/** The well-known name or word that `name` imitates, with how, and what was typed (the name, or one word of it). */
export function typosquatOf(name: string): { known: string; how: string; typed: string; whole: boolean } | null {
  const n = name.toLowerCase();
  if (SKILLS.has(n)) return null;
  for (const k of SKILLS) {
    if (k.length < 5) continue;
    const how = slip(n, k);
    if (how) return { known: k, how, typed: n, whole: true };
  }
  for (const tok of n.split(/[-_.\s]+/)) {
    if (tok.length < 5 || WORDS.has(tok)) continue;
    for (const k of WORDS) {
      const how = slip(tok, k);
      if (how) return { known: k, how, typed: tok, whole: false };
    }
  }
  return null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `word` occurs in `text` as a word (letters and digits around it do not count; `-` and `_` do). */
function usesWord(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(word).replace(/-/g, '[-_ ]')}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * Whether the skill's own text backs the imitation (see the module comment): `text` is its description and body,
 * headings left out (a heading repeating the name is the name again).
 */
export function imitationEvidence(text: string, hit: { known: string; typed: string; whole: boolean }): boolean {
  const prose = text.split('\n').filter((l) => !/^[ \t]{0,3}#/.test(l)).join('\n');
  if (usesWord(prose, hit.typed)) return false;
  return hit.whole || usesWord(prose, hit.known);
}

/** A part template of meta.messages (slip()'s account of the slip, also used by mcp-server's packageSlip). */
const part = (messageId: string, data: MessageData): string => reportMessage(meta, { messageId, data });

// --- Packages the skill installs -------------------------------------------------------------------------------

export type Registry = 'PyPI' | 'npm';

const REGISTRIES: Record<Registry, { targets: readonly string[]; known: ReadonlySet<string> }> = {
  PyPI: { targets: PYPI_TARGETS, known: new Set([...PYPI_TARGETS, ...PYPI_NEAR]) },
  npm: { targets: NPM_TARGETS, known: new Set([...NPM_TARGETS, ...NPM_NEAR]) },
};

/**
 * The registry name an install argument or requirement names, as the registry compares names (PyPI: PEP 503,
 * lowercase with `-` for runs of `-_.`; npm: lowercase, a scoped name whole), without version, extras or markers;
 * null when it names no registry package (a path, a URL, an archive, a VCS or alias spec, an option).
 */
export function packageName(registry: Registry, spec: string): string | null {
  const s = spec.trim();
  if (/^(?:[a-z][\w+.-]*:|[./~\\$-])/i.test(s) || /\.(?:whl|tar\.gz|tgz|zip)$/i.test(s)) return null;
  if (registry === 'PyPI') {
    // name[extras] <specifiers> ; markers. `name @ URL` (PEP 508 direct reference) installs from the URL.
    if (/^[^;]*\s@\s/.test(s)) return null;
    const m = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(?=$|[\s[<>=!~;@,(])/.exec(s);
    return m ? m[1]!.toLowerCase().replace(/[-_.]+/g, '-') : null;
  }
  // name@range, @scope/name@range; anything else with a "/" or ":" is a path, a GitHub shorthand or a URL.
  const m = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(?:@[^/:]*)?$/i.exec(s);
  return m ? m[1]!.toLowerCase() : null;
}

/** The popular package `name` (packageName's form) is one typing slip from, with how, or null (also when `name` is
 *  a popular package itself). */
export function packageSlip(registry: Registry, name: string): { known: string; how: string } | null {
  const r = REGISTRIES[registry];
  if (r.known.has(name)) return null;
  for (const k of r.targets) {
    if (Math.abs(k.length - name.length) > 1) continue;
    const how = slip(name, k);
    if (how) return { known: k, how };
  }
  return null;
}

/** An install argument: the word naming a package, and the registry it is fetched from. */
export interface Installed {
  registry: Registry;
  spec: string;
  start: number;
  end: number;
  /** The version range written apart from the name (a package.json or Poetry value). */
  version?: string;
  /** The command or file names the one index to install from (`--index-url`, `-i`, `--registry`): no other index
   *  is asked, so a public package of the same name cannot take its place. */
  oneIndex?: boolean;
}

/** A word of a package name that says the package is meant to stay inside an organization. */
const INTERNAL_WORD = /(?:^|[-_.])(?:internal|private|intranet|inhouse|in-house|corp|corporate|proprietary)(?:$|[-_.])/;

/**
 * An install of a package whose own name says it is internal (`acme-internal-auth`, `private-utils`), asked of the
 * public registry: the name is what an organization's private index serves, and on a machine where that index is not
 * the one asked, the installer takes whatever anyone registered under the name on PyPI or npm (dependency confusion).
 * A scoped npm name (`@acme/internal-auth`) belongs to the scope's owner and is left out, as is an install that names
 * its one index.
 */
export function internalName(registry: Registry, name: string, oneIndex: boolean): boolean {
  if (oneIndex || (registry === 'npm' && name.startsWith('@'))) return false;
  return INTERNAL_WORD.test(name);
}

/**
 * The version an install pins or requires at least, when it is one no release carries but a number chosen to outrank
 * every release: a major of 1000 or more that is not a calendar year or date (9000.0.0, 9999.1.0; not 2024.1.0 or
 * 20240101), or a version of nines only from 99 up (99.99.99, 999.9.9). Dependency confusion works so: the installer
 * picks the highest version any index it asks offers, so a public package under a private name wins with a higher
 * number (Birsan, "Dependency Confusion", 2021). Null otherwise.
 */
export function outrankingVersion(registry: Registry, spec: string, version?: string): string | null {
  const v = version ?? (registry === 'PyPI' ? /(?:===?|>=|~=|>)\s*v?([0-9][0-9.]*)/.exec(spec)?.[1] : /^(?:@[^/\s]+\/)?[^@\s]+@[\^~>=v\s]*([0-9][0-9.]*)/.exec(spec)?.[1]);
  const m = v === undefined ? null : /^[\^~>=<v\s]*([0-9]+(?:\.[0-9]+)*)/.exec(v);
  if (!m) return null;
  const parts = m[1]!.split('.');
  const major = Number(parts[0]);
  if (major >= 1000 && !(major >= 1990 && major <= 2100) && parts[0]!.length < 8) return m[1]!;
  if (major >= 99 && parts.every((x) => /^9+$/.test(x))) return m[1]!;
  return null;
}

/** Options whose value is not a package (skipped with it), and options whose value is one, per manager family. */
const PIP_VALUE = /^(?:-[rcetipCfG]|--(?:requirement|constraints?|editable|index-url|extra-index-url|index|default-index|find-links|target|prefix|root|src|python-version|python|platform|implementation|abi|trusted-host|proxy|cache-dir|log|timeout|retries|config-settings?|global-option|progress-bar|upgrade-strategy|no-binary|only-binary|group|optional|extra|source|with-requirements|overrides|directory|project|package|suffix|pip-args|cert|client-cert|exists-action|report))$/;
const PIP_PACKAGE = /^(?:--with|--from|--spec)$/;
const NPM_VALUE = /^(?:-[wC]|--(?:registry|prefix|workspace|tag|omit|include|cache|userconfig|save-prefix|location|install-strategy|cwd|dir|filter|network-concurrency|modules-folder|node-options|shell|script-shell|loglevel|cpu|os|libc))$/;
const NPM_PACKAGE = /^(?:-p|--package)$/;

/**
 * The packages a command installs or runs from a registry: `pip install`, `python -m pip install`, `uv pip install`,
 * `uv add`, `uv tool install|run`, `uv run --with`, `uvx`, `poetry add`, `pdm add`, `rye add`, `pipx install|run`;
 * `npm|pnpm|bun install|i|add`, `yarn [global] add`, `npx`, `bunx`, `pnpm dlx`, `yarn dlx`, `npm exec`. Runners
 * (uvx, npx, pipx run, …) take one package, the first word that is not an option (the rest are the tool's
 * arguments); an option like `--with`/`--from`/`-p` names one too.
 */
export function installedBy(words: readonly Word[]): Installed[] {
  const ws = effectiveWords(words);
  const v = ws.map((w) => w.value);
  const head = (v[0] ?? '').replace(/^.*[/\\]/, '').toLowerCase().replace(/\.exe$/, '');
  /** Index of the first word from `k` on that is not an option (option values skipped), or -1. */
  const positional = (k: number, value: RegExp): number => {
    for (; k < v.length; k++) {
      const w = v[k]!;
      if (w === '--') return k + 1 < v.length ? k + 1 : -1;
      if (!w.startsWith('-') || w === '-') return k;
      if (!w.includes('=') && value.test(w)) k++;
    }
    return -1;
  };
  let registry: Registry | null = null;
  let from = -1;
  let runner = false;
  let optionsOnly = false;
  const sub = (k: number, value: RegExp) => {
    const at = positional(k, value);
    return at === -1 ? { at, name: '' } : { at, name: v[at]! };
  };
  if (/^pip[0-9.]*$/.test(head) || (/^(?:python[0-9.]*|py)$/.test(head) && v[1] === '-m' && /^pip[0-9.]*$/.test(v[2] ?? ''))) {
    const s = sub(head.startsWith('pip') ? 1 : 3, PIP_VALUE);
    if (s.name === 'install' || s.name === 'download') [registry, from] = ['PyPI', s.at + 1];
  } else if (head === 'uv' || head === 'pdm' || head === 'poetry' || head === 'rye' || head === 'pipx' || head === 'uvx') {
    registry = 'PyPI';
    if (head === 'uvx') [from, runner] = [1, true];
    else {
      const s = sub(1, PIP_VALUE);
      const t = s.at === -1 ? { at: -1, name: '' } : sub(s.at + 1, PIP_VALUE);
      if (head === 'uv' && s.name === 'pip' && t.name === 'install') from = t.at + 1;
      else if (head === 'uv' && s.name === 'tool' && (t.name === 'install' || t.name === 'run')) [from, runner] = [t.at + 1, t.name === 'run'];
      // `uv run --with pkg script.py`: only the options name packages.
      else if (head === 'uv' && s.name === 'run') [from, runner, optionsOnly] = [s.at + 1, true, true];
      else if (s.name === 'add' && head !== 'pipx') from = s.at + 1;
      else if (head === 'pipx' && (s.name === 'install' || s.name === 'run')) [from, runner] = [s.at + 1, s.name === 'run'];
    }
  } else if (head === 'npm' || head === 'pnpm' || head === 'yarn' || head === 'bun' || head === 'npx' || head === 'bunx' || head === 'pnpx') {
    registry = 'npm';
    if (head === 'npx' || head === 'bunx' || head === 'pnpx') [from, runner] = [1, true];
    else {
      let s = sub(1, NPM_VALUE);
      if (head === 'yarn' && s.name === 'global') s = sub(s.at + 1, NPM_VALUE);
      if (/^(?:install|i|add|a|in|isntall)$/.test(s.name) && !(head === 'yarn' && s.name !== 'add')) from = s.at + 1;
      else if ((s.name === 'dlx' && (head === 'pnpm' || head === 'yarn')) || (s.name === 'exec' && head === 'npm') || (s.name === 'x' && head === 'bun')) [from, runner] = [s.at + 1, true];
    }
  }
  if (!registry || from <= 0) return [];
  const value = registry === 'PyPI' ? PIP_VALUE : NPM_VALUE;
  const named = registry === 'PyPI' ? PIP_PACKAGE : NPM_PACKAGE;
  const out: Installed[] = [];
  const oneIndex = v.some((w) => /^(?:--index-url|-i|--index|--default-index|--registry)(?:=|$)/.test(w));
  const take = (w: Word, spec = w.value) => out.push({ registry: registry!, spec, start: w.start, end: w.end, ...(oneIndex ? { oneIndex } : {}) });
  // `uvx --from pkg cmd`, `npx -p pkg cmd`: the package is the option's; the first word is the command it provides.
  const fromOption = runner && v.slice(from).some((w) => /^(?:--from|-p|--package)(?:=|$)/.test(w));
  for (let k = from; k < ws.length; k++) {
    const w = v[k]!;
    if (w.startsWith('-') && w !== '-') {
      const eq = w.indexOf('=');
      const flag = eq > 0 ? w.slice(0, eq) : w;
      if (named.test(flag)) {
        if (eq > 0) take(ws[k]!, w.slice(eq + 1));
        else if (k + 1 < ws.length) take(ws[++k]!);
      } else if (eq < 0 && value.test(flag)) k++;
      continue;
    }
    // A runner takes one package; what follows it are the tool's own arguments (all of them, after --from).
    if (fromOption || optionsOnly) break;
    take(ws[k]!);
    if (runner) break;
  }
  return out;
}

/** Every command of a parsed script, substitutions included. */
function* commandsOf(sc: Script, depth = 0): Generator<Word[]> {
  if (depth > 8) return;
  for (const p of sc.pipelines) {
    for (const c of p.commands) {
      yield c.words;
      for (const w of c.words) for (const s of w.subs) yield* commandsOf(s, depth + 1);
    }
  }
}

/** The installs of the shell text `text[start, end)`, offsets into `text`. */
export function shellInstalls(text: string, start = 0, end = text.length): Installed[] {
  const out: Installed[] = [];
  for (const words of commandsOf(parseShell(text, start, end))) out.push(...installedBy(words));
  return out;
}

/** Words that start an install command in a sentence or a string of code. */
const INSTALL_WORD = /(?<![\w./-])(?:pip[0-9.]*|python[0-9.]*|py|uvx?|pdm|poetry|rye|pipx|npm|pnpm|pnpx|yarn|bunx?|npx)(?=[ \t])/g;

/**
 * Installs in a sentence of prose (`Run pip install x first.`): the command starts at its manager word and ends
 * with the sentence (a word ending in `.`, `,`, `;`, `:`, `!`, `?` or `)` is its last, without that mark).
 */
function proseInstalls(text: string, start: number, end: number): Installed[] {
  const out: Installed[] = [];
  const line = text.slice(start, end);
  INSTALL_WORD.lastIndex = 0;
  for (const m of line.matchAll(INSTALL_WORD)) {
    const at = start + m.index!;
    const stop = /[.,;:!?)](?=\s|$)|\s(?:and|or|then|to|for|if|with|in|from)\s/i.exec(text.slice(at, end));
    out.push(...shellInstalls(text, at, stop ? at + stop.index : end));
  }
  return out;
}

/** Installs written in program code: a string handed to a shell, or an argument list (`["pip", "install", "x"]`,
 *  `[sys.executable, "-m", "pip", "install", "x"]`), offsets into `text`. */
export function codeInstalls(text: string, start = 0, end = text.length): Installed[] {
  const out: Installed[] = [];
  if (!/install|add|npx|uvx|bunx|dlx|run|exec/.test(text.slice(start, end))) return out;
  for (const c of codeCommandLines(text, start, end, 2, 4)) {
    if (c.words) {
      out.push(...installedBy(c.words));
      continue;
    }
    if (out.some((o) => o.start >= c.start && o.end <= c.end)) continue;
    const lit = text.slice(c.start, c.end);
    INSTALL_WORD.lastIndex = 0;
    // Escapes of the language (`\n` ending a command) read as blanks, offsets kept.
    if (INSTALL_WORD.test(lit)) out.push(...shellInstalls(lit.replace(/\\[nrt]/g, '  '), 1, lit.length - 1).map((i) => ({ ...i, start: i.start + c.start, end: i.end + c.start })));
  }
  return out;
}

/** Installs in Markdown from `from` on: shell code blocks, strings of other code blocks, inline code, sentences. */
export function markdownInstalls(text: string, from: number): Installed[] {
  const out: Installed[] = [];
  /** Whether `text[a, b)` may hold an install command (a manager's name, in any path or syntax). */
  const mayInstall = (a: number, b: number) => /pip|uvx?\b|pdm|poetry|rye|npm|pnp|yarn|bun|npx/.test(text.slice(a, b));
  const prose = (a: number, b: number) => {
    // Only the lines holding an install word: one regex pass over the region finds them.
    const region = text.slice(a, b);
    const word = new RegExp(INSTALL_WORD.source, 'g');
    for (let hit = word.exec(region); hit; hit = word.exec(region)) {
      const ls = a + region.lastIndexOf('\n', hit.index) + 1;
      let le = text.indexOf('\n', a + hit.index);
      if (le === -1 || le > b) le = b;
      word.lastIndex = le - a;
      let line = text.slice(ls, le);
      for (const m of line.matchAll(/(`+)([^`]+?)\1/g)) {
        const st = m.index! + m[1]!.length;
        for (const i of shellInstalls(line, st, st + m[2]!.length)) out.push({ ...i, start: i.start + ls, end: i.end + ls });
        // The sentence around the code span: the span blanked (offsets kept).
        line = line.slice(0, m.index!) + ' '.repeat(m[0].length) + line.slice(m.index! + m[0].length);
      }
      for (const i of proseInstalls(line, 0, line.length)) out.push({ ...i, start: i.start + ls, end: i.end + ls });
    }
  };
  let pos = from;
  for (const b of fencedBlocks(text, from)) {
    prose(pos, b.start);
    const nl = text.indexOf('\n', b.start);
    const info = text.slice(b.start, nl === -1 ? b.end : nl).replace(/^[ \t>]*(?:`{3,}|~{3,})/, '').trim().split(/[\s{,]/)[0]!.toLowerCase();
    const cs = nl === -1 ? b.end : nl + 1;
    const lastNl = text.lastIndexOf('\n', b.end - 1);
    const ce = lastNl > cs && /^[ \t>]*(?:`{3,}|~{3,})[ \t]*$/.test(text.slice(lastNl + 1, b.end)) ? lastNl : b.end;
    if (cs < ce && (mayInstall(cs, ce) || /^(?:requirements|pip-requirements)(?:\.txt)?$/.test(info))) {
      if (SHELL_FENCE_INFO.test(info)) {
        // Console prompts ("$ pip install …") are not part of the command: blanked, offsets kept.
        const body = text.slice(cs, ce).replace(/(^|\n)([ \t]*)([$%>] )/g, (_m, a: string, s: string, p: string) => a + s + ' '.repeat(p.length));
        for (const i of shellInstalls(body)) out.push({ ...i, start: i.start + cs, end: i.end + cs });
      } else if (/^(?:requirements|pip-requirements)(?:\.txt)?$/.test(info)) out.push(...requirementsInstalls(text, cs, ce));
      else out.push(...codeInstalls(text, cs, ce));
    }
    pos = b.end;
  }
  prose(pos, text.length);
  return out;
}

/** Requirements of a pip requirements file (`name[extra]>=1 ; marker  # comment`; options and paths skipped). */
export function requirementsInstalls(text: string, start = 0, end = text.length): Installed[] {
  const out: Installed[] = [];
  const body = text.slice(start, end);
  // `--index-url`/`-i` in the file replaces PyPI (one index); `--extra-index-url` adds one and does not count.
  const oneIndex = /^[ \t]*(?:--index-url|-i)\b/m.test(body);
  for (const m of body.matchAll(/^[ \t]*([A-Za-z0-9][^\s#;]*)/gm)) {
    const s = start + m.index! + m[0].length - m[1]!.length;
    out.push({ registry: 'PyPI', spec: m[1]!, start: s, end: s + m[1]!.length, ...(oneIndex ? { oneIndex } : {}) });
  }
  return out;
}

/**
 * Dependencies of a pyproject.toml: the strings of `dependencies`, `optional-dependencies` and `dependency-groups`
 * arrays (PEP 621, PEP 735) and the keys of Poetry's dependency tables (`[tool.poetry.dependencies]`,
 * `[tool.poetry.group.<name>.dependencies]`, `python` aside).
 */
export function pyprojectInstalls(text: string): Installed[] {
  const out: Installed[] = [];
  let table = '';
  let inArray = false;
  let pos = 0;
  for (const line of text.split('\n')) {
    const start = pos;
    pos += line.length + 1;
    const header = /^[ \t]*\[{1,2}[ \t]*([^\]]+?)[ \t]*\]/.exec(line);
    if (header && !inArray) {
      table = header[1]!.replace(/["' ]/g, '');
      continue;
    }
    const code = line.replace(/#.*$/, '');
    const poetry = /^tool\.poetry\.(?:dev-)?(?:group\.[^.]+\.)?dependencies$/.test(table);
    if (poetry && !inArray) {
      const key = /^[ \t]*"?([A-Za-z0-9][\w.-]*)"?[ \t]*=[ \t]*(?:\{[^}]*\bversion[ \t]*=[ \t]*)?["']?([^"'\s,}]*)/.exec(code);
      if (key && key[1]!.toLowerCase() !== 'python') {
        const s = start + key[0].indexOf(key[1]!);
        out.push({ registry: 'PyPI', spec: key[1]!, start: s, end: s + key[1]!.length, ...(key[2] ? { version: key[2] } : {}) });
      }
      continue;
    }
    const deps = (table === 'project' && /^[ \t]*dependencies[ \t]*=/.test(code)) || ((table === 'project.optional-dependencies' || table === 'dependency-groups') && /^[ \t]*"?[\w.-]+"?[ \t]*=/.test(code));
    if (deps || inArray) {
      const from = deps ? code.indexOf('=') + 1 : 0;
      for (const m of code.slice(from).matchAll(/"([^"\n]*)"|'([^'\n]*)'/g)) {
        const spec = m[1] ?? m[2]!;
        const s = start + from + m.index! + 1;
        out.push({ registry: 'PyPI', spec, start: s, end: s + spec.length });
      }
      if (deps) inArray = code.slice(from).includes('[') && !code.slice(from).includes(']');
      else if (code.includes(']')) inArray = false;
    }
  }
  return out;
}

/** Dependencies of a package.json: the keys of its dependency maps (or the package an `npm:` alias installs). */
function packageJsonInstalls(f: PackageFile): Installed[] {
  const out: Installed[] = [];
  const scan = f.json();
  if (!scan) return out;
  const text = f.source.normalized;
  for (const s of scan.strings) {
    if (s.path.length !== 2 || typeof s.path[1] !== 'string' || !/^(?:dev|peer|optional|bundle)?[dD]ependencies$/.test(String(s.path[0]))) continue;
    if (s.value.startsWith('npm:')) {
      out.push({ registry: 'npm', spec: s.value.slice(4), start: s.start + 5, end: s.end - 1 });
      continue;
    }
    // The key just before the value: `"name": "^1.0.0"`.
    const key = JSON.stringify(s.path[1]);
    const k = text.lastIndexOf(key, s.start);
    if (k !== -1) out.push({ registry: 'npm', spec: s.path[1], start: k + 1, end: k + key.length - 1, version: s.value });
  }
  return out;
}

const meta: RuleMeta = {
  id: 'typosquat',
  description: 'Skill name one typing slip (swapped, doubled or dropped letter) away from a well-known skill name or product word (webbapp-testing, slakc-notifier), when the skill\'s own text backs the imitation; a package the skill installs one slip from a popular PyPI or npm package (pip install reqeusts, npm i lodahs); a package asked for at a version chosen to outrank every release (9999.0.0, 99.99.99: dependency confusion)',
  severity: 'warning',
  confidence: 'medium',
  category: 'security',
  fixable: false,
  since: '0.2.0',
  examples: {
    bad: [
      { files: { 'skills/slakc-notifier/SKILL.md': '---\nname: slakc-notifier\ndescription: Posts build results to Slack.\n---\nBody.\n' } },
      { files: { 'skills/tables/SKILL.md': '---\nname: tables\ndescription: Reads HTML tables.\n---\n```bash\npip install reqeusts lxml\n```\n' } },
    ],
    good: [{ files: { 'skills/slite-notes/SKILL.md': '---\nname: slite-notes\ndescription: Reads and writes Slite documents.\n---\nBody.\n' } }],
  },
  // The reported id, then the parts slip() renders as `how`.
  messages: {
    slip: 'name {{name}} is one typing slip from the well-known {{known}} ({{how}}); a typosquatted name gets a skill picked instead of the real one. Use a name of your own, or spell the real one right',
    unbacked:
      'name {{name}} is one typing slip from the well-known {{known}} ({{how}}), but nothing else in the skill points to an imitation (its text uses the name as a word of its own, or never names {{known}}). Check that the name is meant',
    package:
      '{{where}} installs {{name}}, one typing slip from the popular {{registry}} package {{known}} ({{how}}); a look-alike package runs its author\'s code in place of the real one. Check the spelling: install {{known}} if that is what is meant',
    internal:
      '{{where}} installs {{name}}, a name that says the package is internal, from the public {{registry}}: where the organization\'s own index is not the one asked, the installer takes whatever anyone registered under that name there (dependency confusion). Name the one index to install from (pip --index-url, npm --registry or a scope), or use the package\'s public name',
    outranking:
      '{{where}} asks for {{name}} at version {{version}}, a number no release carries, chosen to outrank every real one: that is how dependency confusion makes an installer take a package from the public {{registry}} over the private or real one of the same name. Check where the package comes from; pin the version its maintainers released and the index it comes from',
    // Parts.
    swapped: '"{{letters}}" swapped',
    doubled: '"{{letter}}" doubled',
    dropped: '"{{letter}}" dropped',
    vowel: '"{{known}}" written "{{typed}}"',
    lookalike: '"{{known}}" written "{{typed}}", which looks alike',
  },
};

export default defineRule({
  meta,
  checkSkill(ctx) {
    checkName(ctx);
    checkPackages(ctx);
  },
});

/** Reports the installs of one text whose names slip from a popular package's. */
function reportInstalls(ctx: SkillContext, installs: readonly Installed[], where: string, file?: { file: string; source: SourceText }): void {
  const seen = new Set<number>();
  for (const i of installs) {
    if (seen.has(i.start)) continue;
    seen.add(i.start);
    const name = packageName(i.registry, i.spec);
    const high = name ? outrankingVersion(i.registry, i.spec, i.version) : null;
    if (name && high) {
      ctx.report({ ...(file ?? {}), offset: i.start, endOffset: i.end, severity: 'warning', confidence: 'medium', messageId: 'outranking', data: { where, name: quote(name), version: high, registry: i.registry } });
      continue;
    }
    if (name && internalName(i.registry, name, i.oneIndex === true)) {
      ctx.report({ ...(file ?? {}), offset: i.start, endOffset: i.end, severity: 'warning', confidence: 'medium', messageId: 'internal', data: { where, name: quote(name), registry: i.registry } });
      continue;
    }
    const hit = name ? packageSlip(i.registry, name) : null;
    if (!hit) continue;
    ctx.report({
      ...(file ?? {}),
      offset: i.start,
      endOffset: i.end,
      severity: 'warning',
      confidence: 'medium',
      messageId: 'package',
      data: { where, name: quote(/^(?:@[^/\s]+\/)?[^@<>=!~;[\s(,]+/.exec(i.spec.trim())?.[0] ?? i.spec), registry: i.registry, known: quote(hit.known), how: hit.how },
    });
  }
}

/** The packages the skill installs: its body, and the files of its package by what they are. */
function checkPackages(ctx: SkillContext): void {
  const src = ctx.skill.source;
  if (src) reportInstalls(ctx, markdownInstalls(src.normalized, ctx.skill.doc ? ctx.skill.doc.bodyOffset : 0), 'the skill file');
  // OpenClaw's installer specs: npm (`node`) and Python (`uv`) packages the gateway installs for the skill.
  const fromSpecs: Installed[] = [];
  for (const spec of installerSpecs(ctx.data, PROFILES.openclaw.gatingFacts!)) {
    if (spec.kind !== 'node' && spec.kind !== 'uv') continue;
    const loc = ctx.locate(['metadata', spec.key, 'install', spec.index, spec.field]);
    if (loc) fromSpecs.push({ registry: spec.kind === 'node' ? 'npm' : 'PyPI', spec: spec.value, start: loc.start, end: loc.end });
  }
  if (fromSpecs.length > 0) reportInstalls(ctx, fromSpecs, "OpenClaw's installer spec (metadata.openclaw.install)");
  for (const f of ctx.skill.folder?.files().files ?? []) {
    const text = f.source.normalized;
    const base = f.rel.replace(/^.*\//, '').toLowerCase();
    let found: Installed[] = [];
    if (f.kind === 'markdown') found = markdownInstalls(text, 0);
    else if (f.kind === 'shell') found = shellInstalls(text);
    else if (f.kind === 'python' || f.kind === 'javascript' || f.kind === 'powershell') found = codeInstalls(text);
    else if (f.kind === 'json' && base === 'package.json') found = packageJsonInstalls(f);
    else if (/^requirements.*\.(?:txt|in)$/.test(base)) found = requirementsInstalls(text);
    else if (base === 'pyproject.toml') found = pyprojectInstalls(text);
    if (found.length > 0) reportInstalls(ctx, found, quote(f.rel), { file: f.file, source: f.source });
  }
}

/** The skill's own name (the module comment). */
function checkName(ctx: SkillContext): void {
  const name = typeof ctx.data?.name === 'string' ? ctx.data.name : ctx.skill.name;
  if (!name) return;
  const hit = typosquatOf(name);
  if (!hit) return;
  const loc = typeof ctx.data?.name === 'string' ? ctx.locate(['name']) : null;
  const description = typeof ctx.data?.description === 'string' ? ctx.data.description : '';
  const src = ctx.skill.source?.normalized ?? '';
  const body = ctx.skill.doc ? src.slice(ctx.skill.doc.bodyOffset) : src;
  const backed = imitationEvidence(`${description}\n${body}`, hit);
  ctx.report({
    ...(loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 }),
    ...(backed ? {} : { severity: 'info' as const, confidence: 'low' as const }),
    messageId: backed ? 'slip' : 'unbacked',
    data: { name: quote(name), known: quote(hit.known), how: hit.how },
  });
}
