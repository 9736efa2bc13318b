// The text-scanning fast paths, per function: the code before (kept here, as in
// test/text-fastpaths.property.test.ts) against the built code after, on the Markdown texts of one or more corpora.
// Prints the least CPU time (user + system) of 5 passes over all texts; never asserts. Checks that both give the same
// answer on every text first. Build first (npm run build).
//
//   node bench/text-scan.bench.mjs <corpus dir> [<corpus dir> …]      e.g. .bench/corpus-10000 ../shared/corpus/real

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { findLookalikes, lookalikeOf } from '../dist/src/analysis/confusables.js';
import { fencedBlocks } from '../dist/src/analysis/fences.js';
import { inlineLinks } from '../dist/src/analysis/links.js';
import { codeRanges, inRanges } from '../dist/src/analysis/packs.js';
import { firstInvisible } from '../dist/src/core/unicode.js';
import { foldLookalikes } from '../dist/rules/injection-phrase.js';
import { mixedWords } from '../dist/rules/lookalike.js';
import { collect } from '../dist/rules/reference.js';

const MAX_TEXTS = 6000;

/** Up to MAX_TEXTS .md/.txt files under `root`, LF line ends. */
function texts(root) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (out.length >= MAX_TEXTS) return;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && /\.(md|txt)$/i.test(e.name)) out.push(fs.readFileSync(p, 'utf8').replace(/\r\n?/g, '\n'));
    }
  };
  walk(root);
  return out;
}

function cpu(fn, all) {
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    for (const t of all) fn(t);
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000);
  }
  return best;
}

// ---- before: the code each fast path replaced ----

const IMITATING = /[\u0370-\u03ff\u0400-\u04ff\u0530-\u058f\u13a0-\u13ff]/;
function foldBefore(t) {
  if (!IMITATING.test(t)) return null;
  let changed = false;
  const out = t.replace(/[\p{L}\p{M}]+/gu, (w) => {
    if (!/[A-Za-z]/.test(w) || !IMITATING.test(w)) return w;
    let f = '';
    for (const ch of w) {
      const l = ch.length === 1 ? lookalikeOf(ch) : undefined;
      f += l !== undefined && l.length === 1 ? l : ch;
    }
    if (f !== w) changed = true;
    return f;
  });
  return changed ? out : null;
}

const INVISIBLE_ONE = /^(?!\p{White_Space})[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]$/u;
const bmpClass = new Uint8Array(65536);
const astralClass = new Map();
function firstInvisibleBefore(s, from = 0, nul = true) {
  const n = s.length;
  for (let i = from; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x7f) {
      if (c >= 0x20 || (c >= 0x09 && c <= 0x0d)) continue;
      if (c === 0 && !nul) continue;
      return i;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        const cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        let inv = astralClass.get(cp);
        if (inv === undefined) astralClass.set(cp, (inv = INVISIBLE_ONE.test(String.fromCodePoint(cp))));
        if (inv) return i;
        i++;
        continue;
      }
    }
    let k = bmpClass[c];
    if (k === 0) bmpClass[c] = k = INVISIBLE_ONE.test(String.fromCharCode(c)) ? 2 : 1;
    if (k === 2) return i;
  }
  return -1;
}

const BLOCKQUOTE = /^(?: {0,3}> ?)+/;
const LIST_ITEM = /^([-*+]|\d{1,9}[.)])( {1,4}(?! )|\t|$)/;
const FENCE = /^(`{3,}|~{3,})(.*)$/;
const CLOSING = /^(`{3,}|~{3,})[ \t]*$/;
function indentOf(s) {
  let width = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20) width++;
    else if (c === 0x09) width += 4 - (width % 4);
    else break;
  }
  return { width, chars: i };
}
function fencedBefore(text, from = 0, to = text.length, firstLine = 1) {
  const out = [];
  let open = null;
  let listCol = null;
  let pos = from;
  let line = firstLine;
  while (pos < to) {
    let le = text.indexOf('\n', pos);
    if (le === -1 || le > to) le = to;
    const raw = text.slice(pos, le);
    const quote = BLOCKQUOTE.exec(raw);
    const rest = quote ? raw.slice(quote[0].length) : raw;
    const ind = indentOf(rest);
    const body = rest.slice(ind.chars);
    if (open) {
      const c = CLOSING.exec(body);
      if (c && c[1][0] === open.ch && c[1].length >= open.len && ind.width <= open.base + 3) {
        out.push({ start: open.start, end: le, openLine: open.line, closeLine: line });
        open = null;
      }
    } else {
      let base = 0;
      let candidate = body;
      let width = ind.width;
      const item = LIST_ITEM.exec(body);
      if (item) {
        listCol = ind.width + item[1].length + (item[2] === '\t' ? 4 - ((ind.width + item[1].length) % 4) : item[2].length || 1);
        candidate = body.slice(item[0].length);
        base = listCol;
        width = listCol;
      } else if (body !== '') {
        if (listCol !== null && ind.width >= listCol) base = listCol;
        else listCol = null;
      }
      const f = FENCE.exec(candidate);
      if (f && width - base <= 3 && !(f[1][0] === '`' && f[2].includes('`'))) open = { start: pos, line, ch: f[1][0], len: f[1].length, base };
    }
    if (le >= to) break;
    pos = le + 1;
    line++;
  }
  if (open) out.push({ start: open.start, end: to, openLine: open.line, closeLine: null });
  return out;
}

const DEFINITION = /^[ ]{0,3}\[(?!\^)[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm;
const REFERENCES_PATH = /(?<![\w./-])((?:\.\/)?(?:references|scripts|assets)\/[\w.-]+(?:\/[\w.-]+)*)/g;
function collectBefore(t, base, code) {
  const out = [];
  let tickPos = 0;
  let ticks = 0;
  const ticksBefore = (at) => {
    for (; tickPos < at; tickPos++) {
      const c = t.charCodeAt(tickPos);
      if (c === 10) ticks = 0;
      else if (c === 96) ticks++;
    }
    return ticks;
  };
  const spans = [];
  const add = (index, raw, at, inlineCode) => {
    if (inRanges(code, index) || inlineCode) return;
    out.push({ target: raw.replace(/^<|>$/g, ''), start: base + at, end: base + at + raw.length, kind: 'link' });
  };
  for (const m of inlineLinks(t)) {
    spans.push([base + m.index, base + m.targetStart + m.target.length]);
    add(m.index, m.target, m.targetStart, (ticksBefore(m.index) & 1) === 1);
  }
  DEFINITION.lastIndex = 0;
  for (let m = DEFINITION.exec(t); m; m = DEFINITION.exec(t)) {
    const lineStart = t.lastIndexOf('\n', m.index) + 1;
    const odd = ((t.slice(lineStart, m.index).match(/`/g) ?? []).length & 1) === 1;
    add(m.index, m[1], m.index + m[0].lastIndexOf(m[1]), odd);
  }
  const links = [...spans, ...out.map((r) => [r.start, r.end])].sort((a, b) => a[0] - b[0]);
  const inLink = (off) => {
    let lo = 0;
    let hi = links.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (links[mid][0] <= off) lo = mid + 1;
      else hi = mid - 1;
    }
    for (let k = hi; k >= 0 && k >= hi - 1; k--) if (off < links[k][1]) return true;
    return false;
  };
  REFERENCES_PATH.lastIndex = 0;
  for (let m = REFERENCES_PATH.exec(t); m; m = REFERENCES_PATH.exec(t)) {
    if (inRanges(code, m.index)) continue;
    const p = m[1].replace(/[.]+$/, '');
    const next = t.charAt(m.index + m[1].length);
    if (next !== '' && '<{[*'.includes(next)) continue;
    if (inLink(base + m.index)) continue;
    out.push({ target: p, start: base + m.index, end: base + m.index + p.length, kind: 'path' });
  }
  return out;
}

const OPENER_TRIGGER = /[<\uff1c\ufe64]/;
const hasOpener = (t) => t.indexOf('<') !== -1 || t.indexOf('\uff1c') !== -1 || t.indexOf('\ufe64') !== -1;

const LATIN = /\p{Script=Latin}/u;
const OTHER_LETTER = /(?!\p{Script=Latin})\p{L}/u;
function mixedBefore(s) {
  const out = [];
  for (const w of s.match(/[\p{L}\p{M}\p{N}_-]+/gu) ?? []) {
    if (!LATIN.test(w) || !OTHER_LETTER.test(w)) continue;
    if (findLookalikes(w).some((l) => l.script !== 'Latin')) out.push(w);
  }
  return out;
}

// ---- run ----

const roots = process.argv.slice(2);
if (roots.length === 0) throw new Error('usage: node bench/text-scan.bench.mjs <corpus dir> [...]');
console.log('| corpus | function | before ms | after ms | × |');
console.log('|---|---|---:|---:|---:|');
for (const root of roots) {
  const all = texts(root);
  const name = `${path.basename(root)} (${all.length} texts, ${(all.reduce((a, t) => a + t.length, 0) / 1e6).toFixed(1)} M chars)`;
  const codes = new Map(all.map((t) => [t, fencedBlocks(t).map((b) => [b.start, b.end])]));
  // First lines of each text stand in for a description (mixedWords reads name and description).
  const firstLines = all.map((t) => t.slice(0, 400));
  const cases = [
    ['foldLookalikes', foldBefore, foldLookalikes, all],
    ['firstInvisible (no NUL)', (t) => firstInvisibleBefore(t, 0, false), (t) => firstInvisible(t, 0, false), all],
    ['fencedBlocks', (t) => fencedBefore(t), (t) => fencedBlocks(t), all],
    ['reference collect (fences given)', (t) => collectBefore(t, 0, codes.get(t)), (t) => collect(t, 0, codes.get(t)), all],
    ['findBreakouts opener test', (t) => OPENER_TRIGGER.test(t), hasOpener, all],
    ['mixedWords (first 400 chars)', mixedBefore, mixedWords, firstLines],
  ];
  for (const [fn, before, after, input] of cases) {
    for (const t of input) if (!isDeepStrictEqual(before(t), after(t))) throw new Error(`${fn}: different answer`);
    const b = cpu(before, input);
    const a = cpu(after, input);
    console.log(`| ${name} | ${fn} | ${b.toFixed(1)} | ${a.toFixed(1)} | ${(b / a).toFixed(1)} |`);
  }
}
