// Generated docs are not stale: each rules/<id>.md header block, the rules index (docs/rules.md), the targets table
// (docs/targets.md) and the config schema equal what `npm run docs` would write from the metadata now.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { HEADER_END, HEADER_START, configSchema, rewritePage, rewriteRulesIndex, rewriteTargetsPage, ruleHeader, schemaPresets } from '../src/targets/docsgen.js';
import { getProfile, TARGET_IDS } from '../src/targets/profiles.js';
import { REPO, runCli } from './helpers.js';

const HINT = 'stale generated docs: run `npm run docs` and commit the result';

describe('generated docs', () => {
  for (const { meta } of ALL_RULES) {
    it(`rules/${meta.id}.md has a current generated header`, () => {
      const md = fs.readFileSync(path.join(REPO, 'rules', `${meta.id}.md`), 'utf8');
      expect(md, `rules/${meta.id}.md has no generated header block; ${HINT}`).toContain(HEADER_START);
      expect(rewritePage(md, meta), HINT).toBe(md);
    });
  }

  it('a header goes stale when the metadata changes (the check can fail)', () => {
    const meta = ALL_RULES[0]!.meta;
    const md = fs.readFileSync(path.join(REPO, 'rules', `${meta.id}.md`), 'utf8');
    const changed = { ...meta, severity: meta.severity === 'error' ? ('warning' as const) : ('error' as const) };
    expect(rewritePage(md, changed)).not.toBe(md);
    expect(rewritePage(md, changed)).toContain(ruleHeader(changed));
  });

  it('a page without markers gets them in place of its hand-written header table', () => {
    const meta = ALL_RULES[0]!.meta;
    const page = `# ${meta.id}\n\n| id | default severity |\n|---|---|\n| x | y |\n\n## What it catches\n\nText.\n`;
    const out = rewritePage(page, meta);
    expect(out).toBe(`# ${meta.id}\n\n${ruleHeader(meta)}\n\n## What it catches\n\nText.\n`);
    expect(out.indexOf(HEADER_END)).toBeGreaterThan(out.indexOf(HEADER_START));
    expect(rewritePage(out, meta)).toBe(out);
  });

  it('the README stays a front door: short, with the two quick-start commands; .ci/run runs exactly the second', () => {
    const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThan(200);
    expect(readme).toContain('```sh\nnpm ci && node bin/skillcheck.js corpus/demo\n```');
    expect(readme).toContain('```sh\nnpm ci && npm run test:all\n```');
    const ci = fs.readFileSync(path.join(REPO, '.ci/run'), 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    expect(ci.at(-1)).toBe('npm ci && npm run test:all');
  });

  it('the README shows the real output of its first quick-start command', async () => {
    const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const r = await runCli(['corpus/demo'], REPO);
    expect(r.code).toBe(1);
    expect(readme, 'README "What it says" is not what `node bin/skillcheck.js corpus/demo` prints').toContain(`\`\`\`\n${r.stdout.trimEnd()}\n\`\`\`\n`);
  });

  it('docs/rules.md (the rules index) is current', () => {
    const page = fs.readFileSync(path.join(REPO, 'docs/rules.md'), 'utf8');
    expect(rewriteRulesIndex(page, ALL_RULES.map((r) => r.meta)), HINT).toBe(page);
  });

  it('docs/targets.md (the targets table and each profile\'s sources) is current', () => {
    const page = fs.readFileSync(path.join(REPO, 'docs/targets.md'), 'utf8');
    expect(rewriteTargetsPage(page), HINT).toBe(page);
    for (const id of TARGET_IDS) expect(page).toContain(`- \`${id}\`: ${getProfile(id).sources.join('; ')}`);
  });

  it('schemas/config.schema.json is current and lists every rule', async () => {
    const onDisk = fs.readFileSync(path.join(REPO, 'schemas/config.schema.json'), 'utf8');
    const now = `${JSON.stringify(configSchema(ALL_RULES.map((r) => r.meta), await schemaPresets()), null, 2)}\n`;
    expect(onDisk, HINT).toBe(now);
    const schema = JSON.parse(onDisk) as { properties: { rules: { properties: Record<string, unknown> } } };
    expect(Object.keys(schema.properties.rules.properties).sort()).toEqual(ALL_RULES.map((r) => r.meta.id).sort());
  });

  it('skillcheck rules --format json gives each rule its helpUri (the docs page)', async () => {
    const r = await runCli(['rules', '--format', 'json'], REPO);
    const doc = JSON.parse(r.stdout) as { rules: { id: string; helpUri: string }[] };
    for (const rule of doc.rules) {
      expect(rule.helpUri).toMatch(new RegExp(`/rules/${rule.id}\\.md$`));
      expect(fs.existsSync(path.join(REPO, 'rules', `${rule.id}.md`))).toBe(true);
    }
  });
});
