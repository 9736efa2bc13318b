// npm run docs: regenerate the header block of every rules/<id>.md, the rules index (docs/rules.md), the targets
// table (docs/targets.md) and schemas/config.schema.json from rule metadata and the target profiles.
// `--check` only reports stale files (exit 1).
// Run after `tsc` (it reads dist/).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { ALL_RULES } = await import(path.join(root, 'dist/rules/index.js'));
const { rewritePage, rewriteRulesIndex, rewriteTargetsPage, configSchema, schemaPresets } = await import(path.join(root, "dist/src/targets/docsgen.js"));
const check = process.argv.includes('--check');
const metas = ALL_RULES.map((r) => r.meta);
const stale = [];

function put(rel, next) {
  const abs = path.join(root, rel);
  const prev = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : null;
  if (prev === next) return;
  stale.push(rel);
  if (!check) fs.writeFileSync(abs, next);
}

for (const meta of metas) {
  const rel = `rules/${meta.id}.md`;
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) {
    console.error(`missing ${rel}: write the page (what, why, bad/good, how to fix, options, targets); the header is generated`);
    stale.push(rel);
    continue;
  }
  put(rel, rewritePage(fs.readFileSync(abs, 'utf8'), meta));
}
put('docs/rules.md', rewriteRulesIndex(fs.readFileSync(path.join(root, 'docs/rules.md'), 'utf8'), metas));
put('docs/targets.md', rewriteTargetsPage(fs.readFileSync(path.join(root, 'docs/targets.md'), 'utf8')));
put('schemas/config.schema.json', `${JSON.stringify(configSchema(metas, await schemaPresets()), null, 2)}\n`);

if (stale.length > 0) console.log(`${check ? 'stale' : 'updated'}: ${stale.join(', ')}`);
process.exit(check && stale.length > 0 ? 1 : 0);
