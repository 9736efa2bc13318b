// Differential fuzz of the frontmatter fast path (src/core/yamlfast.ts) against the yaml library's parseDocument.
// Every input is parsed both ways; whenever the fast path builds a document, it must equal the library's
// (scripts/yaml-compare.mjs: classes, property names and order, ranges, values, flags). Inputs: frontmatters
// generated from a grammar close to real skills (flat keys, long descriptions folded over lines, nested maps,
// block and flow sequences, quoted values with escapes, YAML-looking values: numbers, booleans, null, dates),
// optionally seeds read from a directory of skills (FUZZ_REAL=<dir>, e.g. ../shared/corpus/real), each mutated
// 0–4 times (characters from an alphabet of YAML indicators, spaces, tabs, CR, controls, lone surrogates,
// non-ASCII; lines duplicated, dropped, swapped, indented, dedented; blank lines; truncation).
//
//   npm run build && node scripts/yaml-fast-fuzz.mjs [count=300000] [seed=1]
//   FUZZ_REAL=../shared/corpus/real node scripts/yaml-fast-fuzz.mjs 300000
//
// Prints the counts (inputs, fast path taken, library errors) and the first mismatches; exits 1 on any mismatch.
// The unit suite runs the same generator for a few thousand inputs (test/yamlfast.property.test.ts).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { prng } from '../bench/corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The bench's seeded generator (mulberry32), re-exported for the fuzz's callers. */
export { prng };

const pick = (r, a) => a[Math.floor(r() * a.length)];
const int = (r, n) => Math.floor(r() * n);

const KEYS = ['name', 'description', 'license', 'version', 'allowed-tools', 'metadata', 'author', 'tags', 'keywords', 'activation', 'requires', 'bins', 'model', 'user-invocable', 'homepage', 'patterns', 'exclude_keywords', 'max_context_tokens', 'compatibility', 'x', 'a_b', 'k.v', 'path/to', 'A9'];
/** Keys that read as something else, or that the fast path leaves to the library. */
const ODD_KEYS = ['null', 'true', 'True', '123', '0x1F', '1e3', '~', 'y', 'no', '-', 'a-', '.x', 'a b', '"q"', "'q'", '? x', '&a k', '<<'];
const WORDS = ['deploy', 'build', 'the', 'a', 'Use', 'when', 'review', 'pull', 'requests', 'and', 'to', 'for', 'with', 'café', '日本語', '🚀', '…', '—', 'x:y', 'C#', 'a,b', 'q[1]', '{x}', 'path/to/file.md', 'https://example.com/a?b=c#d', "it's", 'say "hi"', '-flag', '50%', 'a|b', 'a>b', '(v2)', 'Bash(git:*)', 'Read,', 'user.'];
/** Words that change how a plain scalar reads when they come first, or at all. */
const EDGE = ['*', '&', '!', '@x', '`cmd`', '~', '#', 'a #b', 'k: v', 'end:', '|', '>', '%', '?', ':', '-', '- x', '[x]', '{a: 1}', '"', "'", ','];
const SCALARS = ['true', 'false', 'True', 'FALSE', 'null', 'Null', '~', '', '0', '12', '-3', '+4', '007', '0o17', '0x1F', '0xg', '1.5', '1.50', '.5', '-.5e3', '1e3', '1E-2', '.inf', '-.Inf', '.nan', '.NaN', '2001-12-14', '1_000', '12:30', 'yes', 'no', 'on', '3.', '+.inf', '0.', '9007199254740993', '1e400'];
const ALPHABET = [' ', ' ', ' ', '\n', '\n', ':', '-', '#', '"', "'", '[', ']', ',', '{', '}', '\\', 'a', 'Z', '0', '.', '\t', '\r', '|', '>', '&', '*', '!', '%', '@', '`', '?', '\u00a0', '\ud800', '\udc00', '\u2028', '\u0085', '\ufeff', '\x00', '\x7f', 'é', '🚀', '~', '<', '=', 'u', 'x', '_', '/'];
const ESC = ['\\\\', '\\"', '\\n', '\\t', '\\/', '\\u00e9', '\\x41', '\\ ', '\\0', '\\_', '\\N', '\\uD800'];
const BAD_ESC = ['\\U0001F600', '\\q', '\\u12', '\\x4'];

/** Set per value: most values are clean (no EDGE word, no bad escape), a few are not. */
let dirty = false;
function word(r, first = false) {
  const k = r();
  if (dirty && k < 0.1) return pick(r, EDGE);
  if (k < (first ? 0.12 : 0.06)) return pick(r, SCALARS);
  let w = pick(r, WORDS);
  while (first && !dirty && /^[-?:,[\]{}#&*!|>'"%@`]/.test(w)) w = pick(r, WORDS);
  return w;
}
function plainText(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(word(r, i === 0));
  return out.join(' ');
}
function quoted(r) {
  if (r() < 0.5) {
    let s = '';
    const n = 1 + int(r, 5);
    for (let i = 0; i < n; i++) s += r() < 0.2 ? pick(r, dirty && r() < 0.3 ? BAD_ESC : ESC) : word(r).replace(/["\\]/g, '') + (r() < 0.5 ? ' ' : '');
    return `"${s}"`;
  }
  return `'${plainText(r, 1 + int(r, 4)).replace(/'/g, "''")}'`;
}
function flow(r) {
  const n = int(r, 5);
  const items = [];
  for (let i = 0; i < n; i++) items.push(r() < 0.2 ? quoted(r) : r() < 0.3 ? pick(r, SCALARS) || 'x' : pick(r, ['git', 'node', 'deploy', 'a b', 'é', '1', 'true']));
  const sp = r() < 0.8 ? ', ' : pick(r, [',', ' , ', ',  ']);
  return `[${r() < 0.1 ? ' ' : ''}${items.join(sp)}${r() < 0.1 ? ' ' : ''}]`;
}

/** A value after `key:` at `indent`: the lines it adds (the first one continues the key line). */
function value(r, indent, depth) {
  dirty = r() < 0.04;
  const k = r();
  const pad = ' '.repeat(indent);
  if (k < 0.35) return [` ${plainText(r, 1 + int(r, 12))}`];
  if (k < 0.45) {
    // folded over lines
    const lines = [` ${plainText(r, 1 + int(r, 8))}`];
    const n = 1 + int(r, 3);
    const step = 1 + int(r, 3);
    for (let i = 0; i < n; i++) lines.push(`${pad}${' '.repeat(step + (r() < 0.2 ? int(r, 3) : 0))}${plainText(r, 1 + int(r, 8))}`);
    return lines;
  }
  if (k < 0.55) return [` ${quoted(r)}`];
  if (k < 0.62) return [` ${pick(r, SCALARS)}`];
  if (k < 0.7) return [` ${flow(r)}`];
  if (k < 0.8 && depth < 3) {
    const step = r() < 0.2 ? 0 : 2 + (r() < 0.2 ? int(r, 3) : 0);
    const lines = [''];
    const n = 1 + int(r, 4);
    for (let i = 0; i < n; i++) lines.push(`${pad}${' '.repeat(step)}-${r() < 0.9 ? ' ' : '  '}${r() < 0.3 ? quoted(r) : r() < 0.1 ? pick(r, SCALARS) : plainText(r, 1 + int(r, 4))}`);
    return lines;
  }
  if (k < 0.86 && depth < 3) return ['', ...mapping(r, indent + (r() < 0.9 ? 2 : 1 + int(r, 4)), depth + 1)];
  if (k < 0.93) {
    // a block scalar: literal or folded, clip/strip/keep, blank lines, more-indented lines, `#` inside
    const step = 1 + (r() < 0.8 ? 1 : int(r, 4));
    const lines = [` ${pick(r, ['|', '|-', '>', '>-', '|', '>', '|+', '|2', '>-  '])}`];
    const n = 1 + int(r, 5);
    for (let i = 0; i < n; i++) {
      if (r() < 0.15) lines.push('');
      const extra = r() < 0.15 ? ' '.repeat(1 + int(r, 3)) : '';
      lines.push(`${pad}${' '.repeat(step)}${extra}${r() < 0.1 ? '# not a comment' : plainText(r, 1 + int(r, 8))}`);
    }
    if (r() < 0.2) lines.push('');
    return lines;
  }
  if (k < 0.985) return [''];
  return [` ${pick(r, ['|', '>-', '&a x', '*a', '!!str x', '{a: 1}', 'x # c', '"multi', "'it''s'"])}`];
}

function mapping(r, indent, depth) {
  const n = 1 + int(r, depth === 0 ? 8 : 4);
  const lines = [];
  const pad = ' '.repeat(indent);
  const used = new Set();
  for (let i = 0; i < n; i++) {
    if (i > 0 && r() < 0.08) lines.push('');
    let key = r() < 0.02 ? pick(r, ODD_KEYS) : pick(r, KEYS);
    if (used.has(key) && r() < 0.9) key = `${key}${i}`;
    used.add(key);
    const v = value(r, indent, depth);
    lines.push(`${pad}${key}:${v[0]}`, ...v.slice(1));
  }
  return lines;
}

/** A frontmatter (the text between the `---` lines) from the grammar. */
export function generate(r) {
  const lines = mapping(r, 0, 0);
  if (r() < 0.05) lines.push('');
  return `${lines.join('\n')}${r() < 0.95 ? '\n' : ''}`;
}

/** 0–4 random edits of `text`. */
export function mutate(r, text) {
  let s = text;
  const n = int(r, 5);
  for (let m = 0; m < n; m++) {
    const lines = s.split('\n');
    const li = int(r, lines.length);
    const at = int(r, s.length + 1);
    switch (int(r, 10)) {
      case 0:
      case 1:
        s = s.slice(0, at) + pick(r, ALPHABET) + s.slice(at);
        break;
      case 2:
        s = s.slice(0, at) + s.slice(at + 1 + int(r, 3));
        break;
      case 3:
        s = s.slice(0, at) + pick(r, ALPHABET) + s.slice(at + 1);
        break;
      case 4:
        lines.splice(li, 0, lines[li] ?? '');
        s = lines.join('\n');
        break;
      case 5:
        lines.splice(li, 1);
        s = lines.join('\n');
        break;
      case 6: {
        const lj = int(r, lines.length);
        [lines[li], lines[lj]] = [lines[lj], lines[li]];
        s = lines.join('\n');
        break;
      }
      case 7:
        lines[li] = r() < 0.5 ? ` ${lines[li]}` : lines[li].replace(/^ /, '');
        s = lines.join('\n');
        break;
      case 8:
        lines.splice(li, 0, pick(r, ['', ' ', '  ', '# c', '...', '---', '%YAML 1.2', '- x', '  - y']));
        s = lines.join('\n');
        break;
      default:
        s = s.slice(0, at) + ` ${pick(r, SCALARS)}` + s.slice(at);
    }
  }
  return s;
}

/** Frontmatters of the SKILL.md files under `dir` (symlinks not followed; LF line ends as the linter sees them). */
export function realSeeds(dir, max = 5000) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (out.length >= max) return;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name === 'SKILL.md') {
        const t = fs.readFileSync(p, 'utf8').replace(/\r\n?/g, '\n');
        const m = /^---[ \t]*\n([\s\S]*?\n)---[ \t]*(\n|$)/.exec(t);
        if (m) out.push(m[1]);
      }
    }
  };
  walk(dir);
  return out;
}

/** Runs `count` inputs; `check(text)` returns { fast: boolean, diff: string|null, errors: boolean }. */
export function fuzz(count, seed, check, seeds = []) {
  const r = prng(seed);
  const stats = { inputs: 0, fast: 0, libraryErrors: 0, mismatches: [] };
  for (let i = 0; i < count; i++) {
    const base = seeds.length > 0 && r() < 0.4 ? pick(r, seeds) : generate(r);
    const text = r() < 0.25 ? base : mutate(r, base);
    const res = check(text);
    stats.inputs++;
    if (res.fast) stats.fast++;
    if (res.errors) stats.libraryErrors++;
    if (res.diff) stats.mismatches.push({ text, diff: res.diff });
  }
  return stats;
}

async function main() {
  const count = Number(process.argv[2] ?? 300_000);
  const seed = Number(process.argv[3] ?? 1);
  const { parseDocument } = await import(pathToFileURL(path.join(here, '..', 'node_modules', 'yaml', 'dist', 'index.js')).href);
  const { parseSimpleYaml, FAST_YAML_OPTIONS } = await import(pathToFileURL(path.join(here, '..', 'dist', 'src', 'core', 'yamlfast.js')).href);
  const { graphDiff } = await import('./yaml-compare.mjs');
  const seeds = process.env.FUZZ_REAL ? realSeeds(process.env.FUZZ_REAL) : [];
  const t0 = Date.now();
  const stats = fuzz(count, seed, (text) => {
    const lib = parseDocument(text, FAST_YAML_OPTIONS);
    const fast = parseSimpleYaml(text);
    return { fast: fast !== null, errors: lib.errors.length > 0, diff: fast ? graphDiff(fast, lib) : null };
  }, seeds);
  console.log(`${stats.inputs.toLocaleString('en-US')} inputs (seed ${seed}${seeds.length ? `, ${seeds.length} real seeds from ${process.env.FUZZ_REAL}` : ''}): fast path ${stats.fast.toLocaleString('en-US')}, library errors ${stats.libraryErrors.toLocaleString('en-US')}, mismatches ${stats.mismatches.length} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  for (const m of stats.mismatches.slice(0, 10)) console.log(JSON.stringify(m.text), '\n  ', m.diff);
  process.exitCode = stats.mismatches.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
