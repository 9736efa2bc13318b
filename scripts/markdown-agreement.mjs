// How often our fence scanner (src/analysis/fences.ts) and CommonMark (markdown-it, a dev dependency) agree on
// which lines of real Markdown are inside a fence: per file and per line, with the files that differ most.
// Usage: npm run build && node scripts/markdown-agreement.mjs <folder of skills, e.g. ../shared/corpus/real>

import MarkdownIt from 'markdown-it';
import * as fs from 'node:fs';
import * as path from 'node:path';
const { fencedBlocks } = await import('../dist/src/analysis/fences.js');
const md = new MarkdownIt('commonmark');
let files = 0, same = 0, lines = 0, diffLines = 0; const bad = [];
function* walk(d) { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) yield* walk(p); else if (e.isFile() && /\.md$/i.test(e.name)) yield p; } }
for (const f of walk(process.argv[2])) {
  let text = fs.readFileSync(f, 'utf8').replace(/\r\n?/g, '\n');
  if (text.length > 300000) continue;
  files++;
  const cm = new Set(); for (const t of md.parse(text, {})) if (t.type === 'fence' && t.map) for (let l = t.map[0]; l < t.map[1]; l++) cm.add(l);
  const us = new Set(); for (const b of fencedBlocks(text)) { const last = b.closeLine ?? text.split('\n').length - (text.endsWith('\n') ? 1 : 0); for (let l = b.openLine; l <= last; l++) us.add(l - 1); }
  const n = text.split('\n').length; lines += n;
  let d = 0; for (let l = 0; l < n; l++) if (cm.has(l) !== us.has(l)) d++;
  if (d === 0) same++; else { diffLines += d; bad.push([d, f]); }
}
bad.sort((a, b) => b[0] - a[0]);
console.log({ files, same, pct: (100 * same / files).toFixed(2), lines, diffLines, linePct: (100 * (lines - diffLines) / lines).toFixed(3) });
for (const [d, f] of bad.slice(0, 15)) console.log(d, f);
