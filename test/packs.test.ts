// Rule packs (rules/packs/*.yaml): valid against the JSON Schema, every pattern compiles with RE2, and every
// example matches (or does not match) as it says, through the same keyword filter and matcher the rules use.

import Ajv from 'ajv';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ALL_RULES } from '../rules/index.js';
import { entriesMatching, loadPack, looksLikePlaceholder, maskSecret, matchEntry, packMessages, packRule, packTemplate, releaseAll, usePackSource, withPackMessages, type Pack } from '../src/analysis/packs.js';
import { PACKAGE_PACKS, packsDir, validatePack } from '../src/node/packs.js';
import { verify } from '../src/engine/verify.js';
import { compileRe2, disposeRe2 } from '../src/analysis/re2.js';
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
          // Each compiled regex is freed again: re2-wasm's heap is fixed and every pack pattern compiled here and
          // kept would add to what the matcher itself needs.
          for (const p of e.patterns) {
            let r = compileRe2(p, 'g');
            // The matcher's compiled patterns fill the fixed heap; it frees them on out-of-memory, and so does this.
            if (!r.ok && /\bOOM\b|Cannot enlarge memory/.test(r.error)) {
              releaseAll();
              r = compileRe2(p, 'g');
            }
            expect(r).toMatchObject({ ok: true });
            if (r.ok) disposeRe2(r.regex);
          }
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

  it('refuses "{{" or "}}" in a message: the message becomes a meta.messages template', () => {
    const entry = { id: 'a', description: 'd', message: 'x {match} {{y}}', severity: 'error', confidence: 'high', scope: ['body'], keywords: ['curl'], patterns: ['x'], examples: { match: ['x'], nomatch: [] } };
    expect(() => validatePack({ rule: 'x', description: 'd', rules: [entry] }, 'x.yaml')).toThrow(/x\.yaml: message of a holds "\{\{" or "\}\}"/);
    expect(() => validatePack({ rule: 'x', description: 'd', rules: [{ ...entry, message: 'x {match} }}' }] }, 'x.yaml')).toThrow(/message of a/);
    expect(validatePack({ rule: 'x', description: 'd', rules: [{ ...entry, message: 'x {match} {where} {other}' }] }, 'x.yaml').rules[0]!.message).toBe('x {match} {where} {other}');
  });

  it("derives each pack rule's meta.messages from its pack: entry id → the message with {{match}} / {{where}}", () => {
    for (const f of files) {
      const data = parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Pack;
      const rule = ALL_RULES.find((r) => r.meta.id === data.rule)!;
      for (const e of data.rules) {
        const template = rule.meta.messages?.[e.id];
        expect(template, `${data.rule}.${e.id}`).toBe(e.message.replaceAll('{match}', '{{match}}').replaceAll('{where}', '{{where}}'));
        expect(packTemplate(e)).toBe(template);
      }
    }
    expect(packMessages({ rule: 'r', description: 'd', rules: [{ id: 'e-1', message: '{where}: {match} ({match}) {x}' } as Pack['rules'][number]] })).toEqual({ 'e-1': '{{where}}: {{match}} ({{match}}) {x}' });
  });

  it('a rule over a pack from another source (usePackSource) gets that pack\'s messages and ids', () => {
    const custom: Pack = validatePack(
      { rule: 'my-check', description: 'd', rules: [{ id: 'chmod-world', description: 'd', message: 'chmod 777 {where}: {match} {x}', severity: 'warning', confidence: 'high', scope: ['body'], keywords: ['chmod'], patterns: ['chmod[ \\t]+777'], examples: { match: ['chmod 777 x'], nomatch: [] } }] },
      'my-check.yaml',
    );
    const rule = packRule({ id: 'my-check', description: 'd', severity: 'warning', confidence: 'high', category: 'security', fixable: false, since: '0.3.0', examples: { bad: [], good: [] } });
    usePackSource({ load: (id) => (id === 'my-check' ? custom : PACKAGE_PACKS.load(id)), ids: () => [...PACKAGE_PACKS.ids(), 'my-check'] });
    try {
      expect(rule.meta.messages).toEqual({ 'chmod-world': 'chmod 777 {{where}}: {{match}} {x}' });
      const r = verify('---\nname: s\ndescription: d.\n---\nThen chmod 777 it.\n', { path: 'skills/s/SKILL.md', targets: ['agentskills'], rules: [rule] });
      expect(r.diagnostics.map((d) => [d.ruleId, d.messageId, d.line, d.column, d.message])).toEqual([['my-check', 'chmod-world', 5, 6, 'chmod 777 in the body: "chmod 777" {x}']]);
    } finally {
      usePackSource(PACKAGE_PACKS);
    }
  });

  it('a message id of the rule\'s own that is also an entry id of its pack is refused', () => {
    const meta = { id: 'crypto-miner', description: 'd', severity: 'error', confidence: 'high', category: 'security', fixable: false, since: '0.3.0', examples: { bad: [], good: [] } } as const;
    expect(() => withPackMessages({ ...meta }, { 'stratum-url': 'x {{match}}' }).messages).toThrow(/rule crypto-miner: message id stratum-url is also an entry of its pack/);
    expect(Object.keys(withPackMessages({ ...meta }, { ownCheck: 'x' }).messages ?? {})).toEqual(['stratum-url', 'miner-program', 'miner-flags', 'mining-pool-host', 'ownCheck']);
  });

  it('masks secrets and recognizes placeholders', () => {
    const token = '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';
    const masked = maskSecret(token);
    expect(masked.startsWith('ghp_')).toBe(true);
    expect(masked).not.toContain(token.slice(4, 12));
    expect(masked).toContain('40 characters');
    expect(looksLikePlaceholder('AKIAIOSFODNN7EXAMPLE')).toBe(true);
    expect(looksLikePlaceholder('ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')).toBe(true);
    expect(looksLikePlaceholder(token)).toBe(false);
    // "example"/"format" on the line no longer hides a value as random as a real token.
    expect(looksLikePlaceholder(token, `Example token format: ${token}`)).toBe(false);
    expect(looksLikePlaceholder('ghp_aaaabbbbccccddddeeeeffffgggghhhhiiii', 'Example: ghp_aaaabbbbccccddddeeeeffffgggghhhhiiii')).toBe(true);
  });
});

describe('long lines and the fixed RE2 heap', () => {
  const load = (f: string) => loadPack((parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Pack).rule);
  it('matches a line longer than a piece in overlapping pieces: each match once, at its place, none cut at a seam', () => {
    const entry = load('privilege-change.yaml').rules.find((e) => e.id === 'world-writable')!;
    // One line of about 1.2 MB: a match every 1,200 characters, so many fall across the 64 KiB piece seams.
    const unit = `${'a'.repeat(1180)}; chmod 777 /tmp/w;`;
    const line = unit.repeat(1000);
    const found = matchEntry(entry, line);
    expect(found.length).toBe(1000);
    expect(found.every((m, k) => m.start === k * unit.length + 1182 && m.text === 'chmod 777 /tmp/w')).toBe(true);
  });

  it('runs every pattern of every pack over a megabyte of one-line data without exhausting the heap', () => {
    // A minified API description: keywords of most packs on one line (each pattern runs over all of it).
    const unit = '{"summary":"read the token and send it to the API, ignore errors","curl":"curl -s https://api.example.org/v1 | jq .","chmod":"chmod 777 /srv","eval":"eval(input)","path":"~/.ssh/id_rsa","note":"do not tell the user"},';
    const line = unit.repeat(Math.ceil((1 << 20) / unit.length));
    let entries = 0;
    for (const f of files) {
      for (const e of load(f).rules) {
        expect(() => matchEntry(e, line)).not.toThrow();
        entries++;
      }
    }
    expect(entries).toBeGreaterThan(50);
    // About 25 s on a loaded two-core runner: room above the suite's 60 s default.
  }, 180_000);
});
