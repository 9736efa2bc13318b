// The pack files: rules/packs/<rule>.yaml in the package, read through the one bounded O_NOFOLLOW reader (a pack is
// ours, but read bounded all the same), through the build's JSON copy when it was made from exactly these bytes
// (scripts/build-data.mjs: parsing the packs with the yaml library costs ~90 ms per process). Registers itself as
// the pack source of src/analysis/packs.ts, which validates and runs them.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { checkPackSemantics, packError, usePackSource, type Pack, type PackSource } from '../analysis/packs.js';
import { distPath, packagePath, RUNNING_BUILT } from '../core/package.js';
import { readSmallBytes } from './read.js';
import { schemaValidator } from './schemas.js';

const MAX_PACK_BYTES = 256 * 1024;

/** The folder holding the packs: rules/packs/ in the package root. */
export function packsDir(): string {
  return packagePath('rules', 'packs');
}

/** The build's JSON copy of a pack, when it was made from exactly these YAML bytes. */
function builtCopy(ruleId: string, yamlBytes: Uint8Array): unknown {
  if (!RUNNING_BUILT) return undefined;
  try {
    const built = JSON.parse(fs.readFileSync(distPath('rules', 'packs', `${ruleId}.json`), 'utf8')) as { sourceSha256?: string; pack?: unknown };
    return built.sourceSha256 === createHash('sha256').update(yamlBytes).digest('hex') ? built.pack : undefined;
  } catch {
    return undefined;
  }
}

/** A pack's data checked against schemas/rule-pack.schema.json and the rules the schema cannot state. */
export function validatePack(data: unknown, file: string): Pack {
  const validate = schemaValidator('rule-pack');
  if (!validate(data)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.params.allowedValues ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`);
    packError(file, errors.join('; '));
  }
  return checkPackSemantics(data as Pack, file);
}

const cache = new Map<string, Pack>();

/** Load (once) rules/packs/<ruleId>.yaml from `dir` (the package's packs unless a test passes another folder). */
export function loadPackFile(ruleId: string, dir = packsDir()): Pack {
  const key = path.join(dir, `${ruleId}.yaml`);
  let pack = cache.get(key);
  if (pack) return pack;
  let bytes: Uint8Array;
  try {
    bytes = readSmallBytes(key, MAX_PACK_BYTES, key);
  } catch (e) {
    packError(key, (e as Error).message.slice(key.length + 2));
  }
  // The build validated its copies (scripts/build-data.mjs fails on an invalid pack); a pack read as YAML is
  // validated here.
  const built = dir === packsDir() ? builtCopy(ruleId, bytes) : undefined;
  pack = built !== undefined ? (built as Pack) : validatePack(parseYaml(new TextDecoder().decode(bytes)), key);
  if (pack.rule !== ruleId) packError(key, `declares rule ${pack.rule}, expected ${ruleId}`);
  cache.set(key, pack);
  return pack;
}

/** The rule ids of the packs in `dir`, sorted. */
export function packIds(dir = packsDir()): string[] {
  return fs
    .readdirSync(dir)
    .filter((x) => x.endsWith('.yaml'))
    .map((x) => x.slice(0, -5))
    .sort();
}

export const PACKAGE_PACKS: PackSource = { load: (id) => loadPackFile(id), ids: () => packIds() };

usePackSource(PACKAGE_PACKS);
