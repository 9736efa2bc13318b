// `npm run bench:detect`: detection figures on the labeled attack sets in ../shared/corpus/attacks/<set>/
// (labels.tsv: path, label, attack_type, ...; one unit per malicious/<unit>/ or benign/<unit>/ folder).
// A unit is flagged when it has an unsuppressed security-category finding at warning or error; `reference` does not
// count. Prints recall, false-positive rate and precision per set, per attack type (and per format where
// the set has one), and which rules flag units. Figures only, never an assertion; writes .bench/detect-results.json.
// Env: DETECT_SETS (comma list, default every set), DETECT_MISSES=1 (list missed malicious and flagged benign units
// with the rules that fired), DETECT_PERSONA (default|auditor), DETECT_CORPUS (another attacks folder),
// DETECT_REAL=1 (also ../shared/corpus/real, unlabeled real skills: skills with a security error or warning, per rule;
// the goal keeps security errors there at or below 1% of its skills).
// Units are also split by whether they carry a payload (see carriesPayload): the detection goal is stated for attacks
// that carry one (code, a command, a URL, an encoded blob); attacks in plain words are reported beside them.
// Build first (the bench uses dist/): `npm run bench:detect` does.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..');
/** Rules whose findings do not make a unit flagged (a broken link is not an attack). */
export const NOT_COUNTED = new Set(['reference']);

const pct = (x) => (Number.isFinite(x) ? x.toFixed(2) : '  - ');

/** labels.tsv → rows keyed by column name. */
export function readLabels(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const head = lines[0].split('\t');
  return lines.slice(1).map((l) => {
    const cells = l.split('\t');
    return Object.fromEntries(head.map((h, i) => [h, cells[i] ?? '']));
  });
}

/** The unit a display path belongs to: the label path it starts with (`malicious/x`), or null. */
function unitOf(file, units) {
  const parts = file.split('/');
  const key = parts.slice(0, 2).join('/');
  return units.has(key) ? key : null;
}

const CODE_FILE = /\.(?:py|pyw|js|mjs|cjs|ts|tsx|jsx|sh|bash|zsh|ksh|fish|ps1|psm1|bat|cmd|command|rb|pl|pm|php|go|rs|java|kt|swift|c|cc|cpp|h|lua|r|json|jsonc|ya?ml|toml|ini|cfg|conf|plist|service|desktop|vbs|applescript|scpt)$|(?:^|\/)(?:Makefile|Dockerfile|Justfile|\.envrc|package\.json)$/i;
/** A fenced block, an indented code block after a blank line, an inline code span of more than one word, a URL, or a
 *  run of 40+ base64 or hex characters: a payload in a Markdown text. */
const TEXT_PAYLOAD = /^[ \t]{0,3}(?:```|~~~)|\n[ \t]*\n(?: {4}|\t)\S|`[^`\n]*\S \S[^`\n]*`|\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]]+|[A-Za-z0-9+/]{40,}={0,2}|\b[0-9a-fA-F]{40,}\b/m;

/**
 * Whether a unit carries a payload, as the detection goal is stated: a file of program code or configuration beside
 * its Markdown, or Markdown holding code, a command in a code span, a URL or an encoded blob. What is left is an
 * attack in plain words (instructions to the model), reported on its own line. Bounded: 400 files, 256 KiB each.
 */
export function carriesPayload(dir) {
  const stack = [dir];
  let files = 0;
  while (stack.length) {
    const d = stack.pop();
    let ents;
    try {
      ents = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of ents.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      if (!e.isFile() || ++files > 400) continue;
      if (CODE_FILE.test(e.name)) return true;
      try {
        const fd = fs.openSync(p, 'r');
        const buf = Buffer.alloc(256 * 1024);
        const n = fs.readSync(fd, buf, 0, buf.length, 0);
        fs.closeSync(fd);
        if (TEXT_PAYLOAD.test(buf.subarray(0, n).toString('utf8'))) return true;
      } catch {
        /* unreadable: no payload seen */
      }
    }
  }
  return false;
}

function rates(rows) {
  const mal = rows.filter((r) => r.label === 'malicious');
  const ben = rows.filter((r) => r.label !== 'malicious');
  const tp = mal.filter((r) => r.flagged).length;
  const fp = ben.filter((r) => r.flagged).length;
  return {
    malicious: mal.length,
    benign: ben.length,
    tp,
    fn: mal.length - tp,
    fp,
    tn: ben.length - fp,
    recall: mal.length ? tp / mal.length : NaN,
    fpr: ben.length ? fp / ben.length : NaN,
    precision: tp + fp ? tp / (tp + fp) : NaN,
  };
}

function line(label, r) {
  return `${label.padEnd(34)} ${String(r.malicious).padStart(4)} ${String(r.benign).padStart(4)}   ${String(r.tp).padStart(4)} ${String(r.fp).padStart(4)}   ${pct(r.recall)}  ${pct(r.fpr)}  ${pct(r.precision)}`;
}
const HEAD = `${'group'.padEnd(34)} ${'mal'.padStart(4)} ${'ben'.padStart(4)}   ${'TP'.padStart(4)} ${'FP'.padStart(4)}   recall  FPR   precision`;

export async function detectSet(setDir, { lint, categories, persona }) {
  const labels = readLabels(path.join(setDir, 'labels.tsv'));
  const units = new Map(labels.map((r) => [r.path.replace(/\/+$/, ''), r]));
  const res = await lint({ paths: ['.'], cwd: setDir, keepInputs: false, persona });
  const fired = new Map(); // unit → Set(rule ids that flag it)
  for (const d of res.diagnostics) {
    if (d.suppressed || NOT_COUNTED.has(d.ruleId) || categories.get(d.ruleId) !== 'security') continue;
    if (d.severity !== 'warning' && d.severity !== 'error') continue;
    const u = unitOf(d.file, units);
    if (!u) continue;
    let s = fired.get(u);
    if (!s) fired.set(u, (s = new Set()));
    s.add(d.ruleId);
  }
  const rows = labels.map((r) => {
    const key = r.path.replace(/\/+$/, '');
    const rules = [...(fired.get(key) ?? [])].sort();
    return { ...r, path: key, flagged: rules.length > 0, rules, payload: carriesPayload(path.join(setDir, key)) };
  });
  return { rows, skills: res.skills.length, findings: res.diagnostics.length };
}

/** Unlabeled real skills: how many skill folders get a security error / warning, and from which rules. */
async function realFigures(dir, { lint, categories, persona }) {
  const res = await lint({ paths: ['.'], cwd: dir, keepInputs: false, persona });
  const folderOf = (f) => {
    const i = f.search(/\/(?:SKILL|skill|Skill)\.md$/);
    return i >= 0 ? f.slice(0, i) : null;
  };
  const folders = [...new Set(res.skills.map((s) => folderOf(s.file)).filter(Boolean))].sort((a, b) => b.length - a.length);
  // A finding in a package file belongs to the deepest skill folder above it.
  const owner = (f) => folders.find((d) => f === d || f.startsWith(`${d}/`)) ?? f;
  const err = new Set();
  const warn = new Set();
  const perRule = new Map();
  for (const d of res.diagnostics) {
    if (d.suppressed || NOT_COUNTED.has(d.ruleId) || categories.get(d.ruleId) !== 'security') continue;
    if (d.severity !== 'warning' && d.severity !== 'error') continue;
    (d.severity === 'error' ? err : warn).add(owner(d.file));
    const k = `${d.ruleId} ${d.severity}`;
    perRule.set(k, (perRule.get(k) ?? 0) + 1);
  }
  const n = folders.length;
  console.log(`\n### real (unlabeled): ${n} skill folders`);
  console.log(`  with a security error: ${err.size} (${((100 * err.size) / n).toFixed(2)}%; bound 1%), with a security warning: ${warn.size}`);
  console.log(`  findings: ${[...perRule].sort().map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  return { folders: n, withError: err.size, withWarning: warn.size, findings: Object.fromEntries(perRule) };
}

export default async function run() {
  const corpus = process.env.DETECT_CORPUS ? path.resolve(process.env.DETECT_CORPUS) : path.resolve(repo, '..', 'shared', 'corpus', 'attacks');
  if (!fs.existsSync(corpus)) {
    console.log(`no labeled sets at ${corpus}: nothing to measure`);
    return null;
  }
  const dist = path.join(repo, 'dist', 'src', 'index.js');
  const { lint, ALL_RULES } = await import(pathToFileURL(dist).href);
  const categories = new Map(ALL_RULES.map((r) => [r.meta.id, r.meta.category]));
  const persona = process.env.DETECT_PERSONA === 'auditor' ? 'auditor' : 'default';
  const only = (process.env.DETECT_SETS ?? '').split(',').filter(Boolean);
  const sets = fs
    .readdirSync(corpus)
    .filter((s) => fs.existsSync(path.join(corpus, s, 'labels.tsv')))
    .filter((s) => only.length === 0 || only.includes(s))
    .sort();
  console.log(`labeled sets in ${path.relative(repo, corpus)}; persona ${persona}; flagged = security finding at warning/error, not ${[...NOT_COUNTED].join(', ')}\n`);
  const out = { persona, sets: {} };
  const all = [];
  for (const s of sets) {
    const t0 = Date.now();
    const { rows, skills } = await detectSet(path.join(corpus, s), { lint, categories, persona });
    const ms = Date.now() - t0;
    all.push(...rows.map((r) => ({ ...r, set: s })));
    console.log(`### ${s}: ${rows.length} units, ${skills} skill files found, ${ms} ms\n`);
    console.log(HEAD);
    const total = rates(rows);
    console.log(line('all', total));
    const byType = new Map();
    for (const r of rows) if (r.label === 'malicious') (byType.get(r.attack_type) ?? byType.set(r.attack_type, []).get(r.attack_type)).push(r);
    const benign = rows.filter((r) => r.label !== 'malicious');
    // Display names of attack types when the set ships a taxonomy (SkillFortifyBench: attack_taxonomy.json).
    let names = {};
    try {
      names = JSON.parse(fs.readFileSync(path.join(corpus, s, 'attack_taxonomy.json'), 'utf8')).attack_types ?? {};
    } catch {
      /* no taxonomy */
    }
    const types = {};
    for (const [t, rs] of [...byType].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))) {
      const r = rates(rs);
      types[t] = r;
      console.log(line(`  type ${t}${names[t]?.display_name ? ` ${names[t].display_name}` : ''}`.slice(0, 34), r));
    }
    const payload = {};
    for (const [k, want] of [['carries a payload', true], ['plain words', false]]) {
      const r = rates(rows.filter((x) => x.payload === want));
      payload[k] = r;
      console.log(line(`  ${k}`, r));
    }
    const formats = {};
    if (rows.some((r) => r.format)) {
      for (const f of [...new Set(rows.map((r) => r.format))].sort()) {
        const r = rates(rows.filter((x) => x.format === f));
        formats[f] = r;
        console.log(line(`  format ${f}`, r));
      }
    }
    // Which rules flag units (a unit counts once per rule).
    const ruleCounts = new Map();
    for (const r of rows) for (const id of r.rules) {
      const c = ruleCounts.get(id) ?? { tp: 0, fp: 0 };
      if (r.label === 'malicious') c.tp++;
      else c.fp++;
      ruleCounts.set(id, c);
    }
    const ruleLine = [...ruleCounts].sort((a, b) => b[1].tp - a[1].tp || (a[0] < b[0] ? -1 : 1)).map(([id, c]) => `${id} ${c.tp}/${c.fp}`);
    console.log(`\n  rules (malicious/benign units flagged): ${ruleLine.join(', ') || 'none'}`);
    if (process.env.DETECT_MISSES === '1') {
      const missed = rows.filter((r) => r.label === 'malicious' && !r.flagged);
      const falsePos = benign.filter((r) => r.flagged);
      console.log(`  missed (${missed.length}): ${missed.map((r) => `${r.path} [${r.attack_type}]`).join('\n    ') || '-'}`);
      console.log(`  false positives (${falsePos.length}): ${falsePos.map((r) => `${r.path} [${r.rules.join(',')}]`).join('\n    ') || '-'}`);
    }
    console.log('');
    out.sets[s] = { ...total, ms, types, payload, formats, rules: Object.fromEntries(ruleCounts), flagged: rows.filter((r) => r.flagged).map((r) => r.path) };
  }
  if (sets.length > 1) {
    console.log(HEAD);
    console.log(line('all sets', rates(all)));
    console.log(line('all sets, carries a payload', rates(all.filter((r) => r.payload))));
    out.all = rates(all);
  }
  console.log('\ngoal: recall >= 0.80 at FPR <= 0.05 on each set');
  const real = path.resolve(repo, '..', 'shared', 'corpus', 'real');
  if (process.env.DETECT_REAL === '1' && fs.existsSync(real)) out.real = await realFigures(real, { lint, categories, persona });
  const benchDir = path.join(repo, '.bench');
  fs.mkdirSync(benchDir, { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'detect-results.json'), JSON.stringify(out, null, 2) + '\n');
  return out;
}

// Run directly (`node bench/detect.bench.mjs`) as well as through bench/index.mjs.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
