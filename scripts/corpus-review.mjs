#!/usr/bin/env node
// Precision review of the security rules on a corpus of real skills (not part of the test suite).
// Usage: npx tsc -p . && node scripts/corpus-review.mjs <corpus-dir> [--rule ID] [--severity LEVEL] [--show N] [--persona auditor|default]
// Counts findings per rule, severity and confidence (auditor persona by default, so low-confidence findings are
// counted too) and prints up to N findings of the selected rule for reading. When the corpus is a snapshot that
// lists the files it did not copy (<repo>/_skipped_files.tsv), "does not exist" reference findings for those files
// are counted apart: they exist upstream. The product never reads that manifest; only this script does.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { lint } from '../dist/src/index.js';

const args = process.argv.slice(2);
const corpus = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
if (!corpus) {
  console.error('usage: node scripts/corpus-review.mjs <corpus-dir> [--rule ID] [--severity LEVEL] [--show N] [--persona P]');
  process.exit(2);
}
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const SECURITY = new Set(['hidden-unicode', 'lookalike', 'remote-exec', 'tool-command', 'secret', 'exfiltration', 'injection-phrase', 'reference']);
const ruleSel = opt('rule', null);
const sevSel = opt('severity', null);
const show = Number(opt('show', '0'));
const persona = opt('persona', 'auditor');

// Files the snapshot skipped, as "<corpus-relative skill file dir>/<path_in_skill>".
const skipped = new Set();
const root = path.resolve(corpus);
for (const d of fs.readdirSync(root)) {
  const tsv = path.join(root, d, '_skipped_files.tsv');
  if (!fs.existsSync(tsv)) continue;
  for (const line of fs.readFileSync(tsv, 'utf8').split('\n').slice(1)) {
    const [skillDir, , inSkill] = line.split('\t');
    if (skillDir && inSkill) skipped.add(`${d}/${skillDir}/${inSkill}`);
  }
}

const t0 = performance.now();
const result = await lint({ paths: [root], cwd: root, persona, gating: false });
const ms = Math.round(performance.now() - t0);

const counts = new Map();
const shown = [];
let snapshotMissing = 0;
for (const d of result.diagnostics) {
  if (!SECURITY.has(d.ruleId)) continue;
  if (d.ruleId === 'reference' && / does not exist/.test(d.message)) {
    const m = /"([^"]+)"/.exec(d.message);
    const dir = path.posix.dirname(d.file);
    let rel = m ? m[1].replace(/[?#].*$/, '').replace(/^\.\//, '') : '';
    try {
      rel = decodeURIComponent(rel);
    } catch {
      /* as written */
    }
    const target = m ? path.posix.normalize(`${dir}/${rel}`).replace(/\/$/, '') : '';
    if ([...skipped].some((s) => s === target || s.startsWith(`${target}/`))) {
      snapshotMissing++;
      continue;
    }
  }
  const key = `${d.ruleId}\t${d.severity}\t${d.confidence}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if ((!ruleSel || d.ruleId === ruleSel) && (!sevSel || d.severity === sevSel) && shown.length < show) shown.push(d);
}
console.log(`corpus: ${root}`);
console.log(`skills: ${result.skills.length}, files read: ${result.files}, persona: ${persona}, ${ms} ms`);
console.log('rule\tseverity\tconfidence\tcount');
for (const [k, n] of [...counts].sort()) console.log(`${k}\t${n}`);
console.log(`reference findings for files the snapshot did not copy (not counted): ${snapshotMissing}`);
for (const d of shown) console.log(`\n${d.file}:${d.line}:${d.column} ${d.severity}/${d.confidence} ${d.ruleId}\n  ${d.message}`);
