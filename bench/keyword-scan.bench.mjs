// In-process microbench of the pack keyword pass: the pair-table scan of 827bc9c (over the text
// lowercased, kept here as it was) against the Aho-Corasick automaton of src/analysis/keywordscan.ts (over the text
// as written, through its lowercase tables, also finding decode.ts's payload triggers and remote-exec's trigger
// words), plus what the shared pass saves: findPayloads' 13 whole-text includes() and remote-exec's whole-text
// TRIGGER test. CPU time (process.cpuUsage), 3 rounds, same texts. Figures only. Not part of `npm run bench`.
//
//   npm run build && node bench/keyword-scan.bench.mjs <dir> [max files]

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { keywordScanner, scanKeywords } = await import(path.join(repo, 'dist/src/analysis/keywordscan.js'));
const { PAYLOAD_TRIGGERS } = await import(path.join(repo, 'dist/src/analysis/decode.js'));
const { TRIGGER, TRIGGER_LITERALS } = await import(path.join(repo, 'dist/rules/remote-exec.js'));
const { parse } = await import('yaml');

const packDir = path.join(repo, 'rules/packs');
const keywords = [...new Set(fs.readdirSync(packDir).filter((f) => f.endsWith('.yaml')).flatMap((f) => parse(fs.readFileSync(path.join(packDir, f), 'utf8')).rules.flatMap((r) => r.keywords)))];

const dir = process.argv[2];
const max = Number(process.argv[3] ?? 5000);
if (!dir) throw new Error('usage: node bench/keyword-scan.bench.mjs <dir> [max files]');
const texts = [];
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    if (texts.length >= max) return;
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.isFile() && /\.(md|sh|py|js|ts|json|ps1|txt)$/i.test(e.name)) texts.push(fs.readFileSync(p, 'utf8'));
  }
};
walk(dir);
const chars = texts.reduce((a, t) => a + t.length, 0);

// The pair-table scan of 827bc9c: candidates by their first two characters, long ones by a hash of the first four.
const hash4 = (a, b, c, d) => ((((((a << 5) ^ b) << 5) ^ c) << 5) ^ d) & 0xffff;
function pairTables(list) {
  const t = { ascii: new Uint16Array(128 * 128), other: new Map(), short: [], long: [], quad: new Uint8Array(65536) };
  for (const k of list) {
    const c0 = k.charCodeAt(0);
    const c1 = k.charCodeAt(1);
    const ascii = c0 < 128 && c1 < 128;
    let slot = ascii ? t.ascii[c0 * 128 + c1] : (t.other.get(c0 * 65536 + c1) ?? 0);
    if (slot === 0) {
      t.short.push([]);
      t.long.push([]);
      slot = t.short.length;
      if (ascii) t.ascii[c0 * 128 + c1] = slot;
      else t.other.set(c0 * 65536 + c1, slot);
    }
    if (k.length < 4) t.short[slot - 1].push(k);
    else {
      t.long[slot - 1].push(k);
      t.quad[hash4(c0, c1, k.charCodeAt(2), k.charCodeAt(3))] = 1;
    }
  }
  return t;
}
const T = pairTables(keywords);
function pairTableScan(text) {
  const l = text.toLowerCase();
  const lower = l.length === text.length ? l : text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  const hits = new Map();
  const { ascii, other, short, long, quad } = T;
  const len = lower.length;
  let ls = 0;
  const record = (k) => {
    const arr = hits.get(k);
    if (arr === undefined) hits.set(k, [ls]);
    else if (arr[arr.length - 1] !== ls) arr.push(ls);
  };
  let c = len > 0 ? lower.charCodeAt(0) : 0;
  for (let i = 0; i < len - 1; i++) {
    const next = lower.charCodeAt(i + 1);
    if (c === 10) ls = i + 1;
    else {
      const slot = c < 128 && next < 128 ? ascii[c * 128 + next] : other.size > 0 ? (other.get(c * 65536 + next) ?? 0) : 0;
      if (slot !== 0) {
        const s3 = short[slot - 1];
        for (let j = 0; j < s3.length; j++) if (s3[j].length === 2 || lower.startsWith(s3[j], i)) record(s3[j]);
        const l4 = long[slot - 1];
        if (l4.length > 0 && i + 3 < len && quad[hash4(c, next, lower.charCodeAt(i + 2), lower.charCodeAt(i + 3))] === 1) {
          for (let j = 0; j < l4.length; j++) if (lower.startsWith(l4[j], i)) record(l4[j]);
        }
      }
    }
    c = next;
  }
  return hits.size;
}

const all = [...new Set([...keywords, ...TRIGGER_LITERALS]), ...PAYLOAD_TRIGGERS];
const sc = keywordScanner(all);
scanKeywords(sc, 'warm', null, 'full');
const automaton = (t) => scanKeywords(sc, t, null, t.indexOf('\u0130') === -1 ? 'full' : 'ascii').length;
const payloadIncludes = (t) => {
  const lower = t.toLowerCase();
  return PAYLOAD_TRIGGERS.some((k) => lower.includes(k)) ? 1 : 0;
};
const triggerTest = (t) => (TRIGGER.test(t) ? 1 : 0);

const cpu = (f) => {
  const u = process.cpuUsage();
  let x = 0;
  for (const t of texts) x += f(t);
  const d = process.cpuUsage(u);
  return [(d.user + d.system) / 1000, x];
};
console.log(`${texts.length} texts, ${(chars / 1e6).toFixed(1)} M characters, ${keywords.length} pack keywords (+ ${TRIGGER_LITERALS.length} remote-exec, ${PAYLOAD_TRIGGERS.length} payload triggers)`);
const rows = { 'pair-table scan (827bc9c, lowercased copy)': [], 'automaton (text as written, all lists)': [], 'findPayloads whole-text includes (now skipped)': [], 'remote-exec whole-text TRIGGER (now skipped)': [] };
const fns = [pairTableScan, automaton, payloadIncludes, triggerTest];
for (let r = 0; r < 3; r++) Object.values(rows).forEach((row, i) => row.push(cpu(fns[i])[0]));
for (const [name, ms] of Object.entries(rows)) {
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(`${name.padEnd(48)} median ${sorted[1].toFixed(0).padStart(5)} ms  (${(sorted[1] * 1e6 / chars).toFixed(2)} ns/char)`);
}
