#!/usr/bin/env node
// Precision review of every rule on a corpus of real skills (not part of the test suite: the corpus is not in the
// repo). `npm run corpus:review -- [corpus-dir] [options]`; the corpus defaults to $SKILLCHECK_CORPUS, then
// ../shared/corpus/real beside the repository.
//
// Prints the count per rule, severity and confidence, then a deterministic sample of each rule and severity to
// judge (chosen by a hash of file, line and message, so the same findings come back run after run and a sample
// taken before a change can be compared with one taken after).
//
//   --persona auditor|default   default: auditor (low-confidence findings are counted too; the column says which)
//   --rule ID --severity LEVEL  limit counts and sample to one rule / severity
//   --sample N                  findings shown per rule and severity (default 3; 0: counts only)
//   --json FILE                 write every finding (file, line, column, rule, severity, confidence, message)
//   --diff BEFORE.json          compare with an earlier --json, keyed by file + rule + message: lists findings
//                               gone (check each: a true one lost is a regression) and new, per rule
//   --dist DIR                  lint with another build (DIR/dist/src/index.js), e.g. a copy of main's build
//
// When the corpus is a snapshot that lists the files it did not copy (<repo>/_skipped_files.tsv), `reference`
// findings about those files are counted apart (snapshot artifacts: the files exist upstream) and left out of the
// counts, the sample and --json. The product never reads that manifest; only this script does.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const VALUED = new Set(['--persona', '--rule', '--severity', '--sample', '--show', '--json', '--diff', '--dist', '--diff-show']);
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && VALUED.has(args[i - 1])));
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const corpus = positional[0] ?? process.env.SKILLCHECK_CORPUS ?? path.join(here, '..', '..', 'shared', 'corpus', 'real');
if (!fs.existsSync(corpus)) {
  console.error(`corpus not found: ${corpus}\nusage: npm run corpus:review -- [corpus-dir] [--rule ID] [--severity LEVEL] [--sample N] [--persona P] [--json F] [--diff F] [--dist DIR]`);
  process.exit(2);
}
const ruleSel = opt('rule', null);
const sevSel = opt('severity', null);
const sample = Number(opt('sample', opt('show', '3')));
const persona = opt('persona', 'auditor');
const dist = opt('dist', path.join(here, '..'));
const { lint } = await import(pathToFileURL(path.join(path.resolve(dist), 'dist', 'src', 'index.js')).href);

// Files the snapshot skipped, as "<corpus-relative skill file dir>/<path_in_skill>".
const skipped = new Set();
const skippedDirs = new Set();
const root = path.resolve(corpus);
for (const d of fs.readdirSync(root)) {
  const tsv = path.join(root, d, '_skipped_files.tsv');
  if (!fs.existsSync(tsv)) continue;
  for (const line of fs.readFileSync(tsv, 'utf8').split('\n').slice(1)) {
    const [skillDir, , inSkill] = line.split('\t');
    if (!skillDir || !inSkill) continue;
    const full = `${d}/${skillDir}/${inSkill}`;
    skipped.add(full);
    for (let p = path.posix.dirname(full); p.includes('/') && !skippedDirs.has(p); p = path.posix.dirname(p)) skippedDirs.add(p);
  }
}

/** The corpus-relative file a `reference` finding says is missing, or null. */
function missingTarget(d) {
  if (d.ruleId !== 'reference' || !/ does not exist|not found|missing|is not in the skill folder/.test(d.message)) return null;
  const m = /"([^"]+)"/.exec(d.message);
  if (!m) return null;
  let rel = m[1].replace(/[?#].*$/, '').replace(/^\.\//, '');
  try {
    rel = decodeURIComponent(rel);
  } catch {
    /* as written */
  }
  return path.posix.normalize(`${path.posix.dirname(d.file)}/${rel}`).replace(/\/$/, '');
}
const isSnapshotArtifact = (d) => {
  const t = missingTarget(d);
  return t !== null && (skipped.has(t) || skippedDirs.has(t));
};

const t0 = performance.now();
const result = await lint({ paths: [root], cwd: root, persona, gating: false });
const ms = Math.round(performance.now() - t0);

const kept = [];
const artifacts = new Map();
for (const d of result.diagnostics) {
  if (ruleSel && d.ruleId !== ruleSel) continue;
  if (sevSel && d.severity !== sevSel) continue;
  if (isSnapshotArtifact(d)) {
    artifacts.set(`${d.ruleId}\t${d.severity}`, (artifacts.get(`${d.ruleId}\t${d.severity}`) ?? 0) + 1);
    continue;
  }
  kept.push(d);
}

const counts = new Map();
const groups = new Map();
for (const d of kept) {
  const key = `${d.ruleId}\t${d.severity}\t${d.confidence}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  const g = `${d.ruleId}\t${d.severity}`;
  if (!groups.has(g)) groups.set(g, []);
  groups.get(g).push(d);
}
const SEV = { error: 0, warning: 1, info: 2 };
const order = (a, b) => {
  const [ra, sa] = a.split('\t');
  const [rb, sb] = b.split('\t');
  return (SEV[sa] ?? 9) - (SEV[sb] ?? 9) || ra.localeCompare(rb) || a.localeCompare(b);
};

console.log(`corpus: ${root}`);
console.log(`skills: ${result.skills.length}, files read: ${result.files}, persona: ${persona}, ${ms} ms`);
const bySev = {};
for (const d of kept) bySev[d.severity] = (bySev[d.severity] ?? 0) + 1;
console.log(`findings: ${kept.length} (${Object.entries(bySev).map(([k, v]) => `${k} ${v}`).join(', ')})`);
console.log('\nrule\tseverity\tconfidence\tcount');
for (const [k, n] of [...counts].sort((a, b) => order(a[0], b[0]))) console.log(`${k}\t${n}`);
const art = [...artifacts].reduce((s, [, n]) => s + n, 0);
console.log(`\nreference findings about files the snapshot did not copy (not counted): ${art}` +
  (art ? ` (${[...artifacts].map(([k, n]) => `${k.replace('\t', ' ')} ${n}`).join(', ')})` : ''));

const hash = (d) => createHash('sha1').update(`${d.file}\0${d.line}\0${d.ruleId}\0${d.message}`).digest('hex');
const show = (d) => `  ${d.file}:${d.line}:${d.column} ${d.severity}/${d.confidence} ${d.ruleId}\n    ${d.message}`;
if (sample > 0) {
  for (const g of [...groups.keys()].sort(order)) {
    const list = groups.get(g);
    const picked = list.map((d) => [hash(d), d]).sort((a, b) => (a[0] < b[0] ? -1 : 1)).slice(0, sample).map((x) => x[1]);
    console.log(`\n== ${g.replace('\t', ' ')}: ${list.length} (sample ${picked.length})`);
    for (const d of picked) console.log(show(d));
  }
}

const keyOf = (d) => `${d.file}\t${d.ruleId}\t${d.message}`;
const slim = (d) => ({ file: d.file, line: d.line, column: d.column, ruleId: d.ruleId, severity: d.severity, confidence: d.confidence, message: d.message });
const jsonOut = opt('json', null);
if (jsonOut) {
  fs.writeFileSync(jsonOut, JSON.stringify(kept.map(slim).sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : a.line - b.line)), null, 1));
  console.log(`\nwrote ${kept.length} findings to ${jsonOut}`);
}
const diffIn = opt('diff', null);
if (diffIn) {
  const before = JSON.parse(fs.readFileSync(diffIn, 'utf8')).filter((d) => (!ruleSel || d.ruleId === ruleSel) && (!sevSel || d.severity === sevSel) && !isSnapshotArtifact(d));
  const count = (list) => {
    const m = new Map();
    for (const d of list) m.set(keyOf(d), (m.get(keyOf(d)) ?? 0) + 1);
    return m;
  };
  const b = count(before);
  const a = count(kept);
  const gone = before.filter((d) => (a.get(keyOf(d)) ?? 0) < (b.get(keyOf(d)) ?? 0));
  const added = kept.filter((d) => (b.get(keyOf(d)) ?? 0) < (a.get(keyOf(d)) ?? 0));
  const per = (list) => {
    const m = new Map();
    for (const d of list) m.set(`${d.ruleId} ${d.severity}`, (m.get(`${d.ruleId} ${d.severity}`) ?? 0) + 1);
    return [...m].sort().map(([k, n]) => `${k}: ${n}`).join(', ');
  };
  console.log(`\ndiff against ${diffIn} (key: file + rule + message)`);
  console.log(`gone: ${gone.length} (${per(gone)})`);
  console.log(`new:  ${added.length} (${per(added)})`);
  const limit = Number(opt('diff-show', '1000000'));
  for (const d of gone.slice(0, limit)) console.log(`- ${d.file}:${d.line} ${d.severity} ${d.ruleId}: ${d.message}`);
  for (const d of added.slice(0, limit)) console.log(`+ ${d.file}:${d.line} ${d.severity} ${d.ruleId}: ${d.message}`);
}
