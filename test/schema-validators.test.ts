// The build's generated validators (ajv standalone code, src/node/schemas.ts) answer exactly as ajv compiling the
// schema does: same verdict, same errors, on our packs, on a valid config, and on mutations of both.

import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { schemaValidator, generatedValidatorPath, VALIDATED_SCHEMAS, type SchemaName } from '../src/node/schemas.js';
import { REPO } from './helpers.js';

const RUNS = Number(process.env.SCHEMA_FUZZ_RUNS ?? 300);

const validators = new Map<string, ReturnType<typeof schemaValidator>>();
function verdict(name: SchemaName, from: 'generated' | 'compiled', data: unknown) {
  const key = `${name}:${from}`;
  if (!validators.has(key)) validators.set(key, schemaValidator(name, from));
  const v = validators.get(key)!;
  const ok = v(structuredClone(data));
  return { ok, errors: (v.errors ?? []).map((e) => ({ instancePath: e.instancePath, keyword: e.keyword, params: e.params, message: e.message })) };
}

const samples: Record<SchemaName, unknown[]> = {
  'rule-pack': fs
    .readdirSync(path.join(REPO, 'rules', 'packs'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => parse(fs.readFileSync(path.join(REPO, 'rules', 'packs', f), 'utf8')) as unknown),
  config: [{ persona: 'auditor', targets: ['agentskills'], rules: { 'line-endings': 'off', name: { severity: 'error' } }, ignore: ['vendor/**'], policy: { preset: 'default' } }],
};

/** `data` with the value at a random path replaced by an arbitrary JSON value. */
const mutated = (data: unknown) =>
  fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })).map(([picks, value]) => {
    const copy = structuredClone(data) as Record<string, unknown>;
    let cur: unknown = copy;
    for (let i = 0; i < picks.length; i++) {
      if (!cur || typeof cur !== 'object') break;
      const keys = Object.keys(cur as object);
      if (keys.length === 0) break;
      const k = keys[picks[i]! % keys.length]!;
      if (i === picks.length - 1 || typeof (cur as Record<string, unknown>)[k] !== 'object') {
        (cur as Record<string, unknown>)[k] = value;
        break;
      }
      cur = (cur as Record<string, unknown>)[k];
    }
    return copy;
  });

describe('generated schema validators', () => {
  for (const name of VALIDATED_SCHEMAS) {
    it(`${name}: the build generated it`, () => {
      expect(fs.existsSync(generatedValidatorPath(name)), 'run npm run build').toBe(true);
    });
    it(`${name}: agrees with ajv on the samples (all valid) and on their mutations`, () => {
      for (const s of samples[name]) {
        expect(verdict(name, 'compiled', s).ok).toBe(true);
        expect(verdict(name, 'generated', s)).toEqual(verdict(name, 'compiled', s));
      }
      let invalid = 0;
      fc.assert(
        fc.property(fc.constantFrom(...samples[name]).chain(mutated), (m) => {
          const want = verdict(name, 'compiled', m);
          if (!want.ok) invalid++;
          expect(verdict(name, 'generated', m)).toEqual(want);
        }),
        { numRuns: RUNS },
      );
      expect(invalid).toBeGreaterThan(0);
    });
  }
});
