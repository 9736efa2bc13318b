// Rule packs (rules/packs/*.yaml): valid against the JSON Schema, every pattern compiles with RE2, and every
// example matches (or does not match) as it says, through the same keyword filter and matcher the rules use.

import Ajv from 'ajv';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ALL_RULES } from '../rules/index.js';
import { entriesMatching, loadPack, looksLikePlaceholder, maskSecret, matchEntry, type Pack } from '../src/analysis/packs.js';
import { packsDir, validatePack } from '../src/node/packs.js';
import { compileRe2 } from '../src/analysis/re2.js';
import { REPO } from './helpers.js';

const dir = packsDir();
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
const schema = JSON.parse(fs.readFileSync(path.join(REPO, 'schemas', 'rule-pack.schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

describe('rule packs', () => {
  it('are found in the package folder', () => {
    expect(dir).toBe(path.join(REPO, 'rules', 'packs'));
    expect(files).toEqual(expect.arrayContaining(['remote-exec.yaml', 'secret.yaml', 'exfiltration.yaml', 'injection-phrase.yaml', 'tool-command.yaml']));
  });

  for (const f of files) {
    describe(f, () => {
      const data = parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Pack;
      it('matches the JSON Schema', () => {
        const ok = validate(data);
        expect(validate.errors ?? []).toEqual([]);
        expect(ok).toBe(true);
      });
      it('has a current JSON build copy in dist/ (what the CLI loads), equal to the YAML', async () => {
        const built = JSON.parse(fs.readFileSync(path.join(REPO, 'dist', 'rules', 'packs', f.replace(/\.yaml$/, '.json')), 'utf8')) as { sourceSha256: string; pack: unknown };
        expect(built.sourceSha256).toBe(createHash('sha256').update(fs.readFileSync(path.join(dir, f))).digest('hex'));
        expect(built.pack).toEqual(data);
        // The compiled module takes the copy only while the hashes match; either way it loads the same pack.
        const compiled = (await import(path.join(REPO, 'dist', 'src', 'node', 'packs.js'))) as typeof import('../src/node/packs.js');
        expect(compiled.loadPackFile(data.rule)).toEqual(data);
      });
      it('feeds a registered rule named after the file', () => {
        expect(data.rule).toBe(f.replace(/\.yaml$/, ''));
        const rule = ALL_RULES.find((r) => r.meta.id === data.rule);
        expect(rule?.meta.category).toBe('security');
        expect(loadPack(data.rule)).toEqual(data);
      });
      for (const e of data.rules) {
        it(`${e.id}: patterns compile with RE2`, () => {
          for (const p of e.patterns) expect(compileRe2(p, 'g')).toMatchObject({ ok: true });
        });
        it(`${e.id}: examples`, () => {
          for (const m of e.examples.match) expect(matchEntry(e, m).length, `should match: ${m}`).toBeGreaterThan(0);
          // A nomatch example matches no entry of the pack, so it stays quiet for the whole rule.
          for (const m of e.examples.nomatch) expect(entriesMatching(data, m), `should not match: ${m}`).toEqual([]);
        });
        it(`${e.id}: a match survives invisible characters and padding`, () => {
          const ex = e.examples.match[0]!;
          const salted = ex.replace(/(\w)(\w)/, '$1\u200b$2');
          expect(matchEntry(e, salted).length).toBeGreaterThan(0);
          const padded = '\n'.repeat(60000) + ex;
          const m = matchEntry(e, padded);
          expect(m[0]?.start).toBeGreaterThanOrEqual(60000);
        });
      }
    });
  }

  it('the load-time check refuses a malformed pack', () => {
    expect(() => validatePack({ rule: 'x', description: 'd', rules: [{ id: 'a' }] }, 'x.yaml')).toThrow(/x.yaml/);
    const bad = { rule: 'x', description: 'd', rules: [{ id: 'a', description: 'd', message: '{match}', severity: 'error', confidence: 'high', scope: ['body'], keywords: ['Curl'], patterns: ['x'], examples: { match: ['x'], nomatch: [] } }] };
    expect(() => validatePack(bad, 'x.yaml')).toThrow(/x\.yaml: \/rules\/0\/keywords\/0 must match pattern/);
    const twice = { ...bad, rules: [bad.rules[0], bad.rules[0]].map((e) => ({ ...e, keywords: ['curl'] })) };
    expect(() => validatePack(twice, 'x.yaml')).toThrow(/duplicate id a/);
    expect(validate(bad)).toBe(false);
  });

  it('masks secrets and recognizes placeholders', () => {
    const token = 'ghp_R7mQ2vK9sL4wN8pZ3tY6hJ1cF5dG0bXa2Ee7';
    const masked = maskSecret(token);
    expect(masked.startsWith('ghp_')).toBe(true);
    expect(masked).not.toContain(token.slice(4, 12));
    expect(masked).toContain('40 characters');
    expect(looksLikePlaceholder('AKIAIOSFODNN7EXAMPLE')).toBe(true);
    expect(looksLikePlaceholder('ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')).toBe(true);
    expect(looksLikePlaceholder(token)).toBe(false);
    // "example"/"format" on the line no longer hides a value as random as a real token (issue 15).
    expect(looksLikePlaceholder(token, `Example token format: ${token}`)).toBe(false);
    expect(looksLikePlaceholder('ghp_aaaabbbbccccddddeeeeffffgggghhhhiiii', 'Example: ghp_aaaabbbbccccddddeeeeffffgggghhhhiiii')).toBe(true);
  });
});
