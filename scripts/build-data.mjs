// Build step after tsc: data the CLI would otherwise recompute on every run (and in every worker thread).
// - rules/packs/*.yaml → dist/rules/packs/*.json, each with the SHA-256 of its YAML source. Parsing the five packs
//   with the yaml library cost ~90 ms per process (cold JIT); src/node/packs.ts uses a copy only when its hash matches
//   the YAML beside it, so an edited pack is never stale.
// - dist/src/analysis/regex/classes.json: the Unicode sets of \w, \d and \s (~30–100 ms each to compute), with the Unicode
//   version of this Node, and each set's NFA size cost (size.ts computeClassCost, ~35 ms for \w);
//   src/analysis/regex/charset.ts ignores the table under another version.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

// The product's one atomic writer (src/node/write.ts), built by tsc just before this step.
const { writeFileAtomic: writeAtomic } = await import(path.join(repo, 'dist', 'src', 'node', 'write.js'));

const packsSrc = path.join(repo, 'rules', 'packs');
const packsOut = path.join(repo, 'dist', 'rules', 'packs');
fs.mkdirSync(packsOut, { recursive: true });
for (const f of fs.readdirSync(packsSrc).filter((x) => x.endsWith('.yaml')).sort()) {
  const text = fs.readFileSync(path.join(packsSrc, f));
  const json = { sourceSha256: createHash('sha256').update(text).digest('hex'), pack: parse(text.toString('utf8')) };
  writeAtomic(path.join(packsOut, `${f.slice(0, -5)}.json`), `${JSON.stringify(json)}\n`);
}

const { computeClassRanges, CLASS_TABLE_FILE } = await import(path.join(repo, 'dist', 'src', 'analysis', 'regex', 'charset.js'));
const { PERL_UNICODE } = await import(path.join(repo, 'dist', 'src', 'analysis', 'regex', 'syntax.js'));
const { computeClassCost } = await import(path.join(repo, 'dist', 'src', 'analysis', 'regex', 'size.js'));
const classes = {};
// With each class, its NFA size cost (size.ts): \w's UTF-8 automaton alone took ~35 ms per process.
const costs = {};
for (const source of Object.values(PERL_UNICODE).sort()) {
  classes[source] = computeClassRanges(source);
  costs[source] = computeClassCost(classes[source]);
}
writeAtomic(path.join(repo, 'dist', 'src', 'analysis', 'regex', CLASS_TABLE_FILE), `${JSON.stringify({ unicode: process.versions.unicode, classes, costs })}\n`);

// - dist/src/generated/<schema>.validate.cjs: ajv standalone code for the schemas the product validates at run time
//   (src/node/schemas.ts), so a run loads a function instead of compiling a schema; and every pack is checked
//   against its schema here, so the build fails on an invalid pack.
const { AJV_OPTIONS, VALIDATED_SCHEMAS, generatedValidatorPath } = await import(path.join(repo, 'dist', 'src', 'node', 'schemas.js'));
const { checkPackSemantics } = await import(path.join(repo, 'dist', 'src', 'analysis', 'packs.js'));
const { default: Ajv } = await import('ajv');
const { default: standaloneCode } = await import('ajv/dist/standalone/index.js');
for (const name of VALIDATED_SCHEMAS) {
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(repo, 'schemas', `${name}.schema.json`), 'utf8')));
  const out = generatedValidatorPath(name);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  writeAtomic(out, `${standaloneCode(ajv, validate)}\n`);
  if (name === 'rule-pack') {
    for (const f of fs.readdirSync(packsSrc).filter((x) => x.endsWith('.yaml')).sort()) {
      const data = parse(fs.readFileSync(path.join(packsSrc, f), 'utf8'));
      if (!validate(data)) {
        console.error(`rules/packs/${f}: not a valid rule pack:\n${validate.errors.map((e) => `  ${e.instancePath || '/'} ${e.message}`).join('\n')}`);
        process.exit(1);
      }
      checkPackSemantics(data, `rules/packs/${f}`);
    }
  }
}
