// SARIF output: valid against the SARIF 2.1.0 schema, and meeting GitHub code scanning's ingestion rules (the
// Multitool's GH rules and the SARIF warnings we hit once), checked here without the network.

import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { formatSarif, pathToUri } from '../src/report/sarif.js';
import { docsUrl } from '../src/core/rule.js';
import type { Diagnostic } from '../src/core/types.js';
import { CORPUS, REPO, runCli, tempTrees } from './helpers.js';

const schema = JSON.parse(fs.readFileSync(path.join(REPO, 'test/fixtures/sarif-2.1.0.schema.json'), 'utf8')) as object;
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
const validate = ajv.compile(schema);
const tree = tempTrees();
interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; semanticVersion: string; informationUri: string; rules: Record<string, any>[] } };
    results: Record<string, any>[];
    originalUriBaseIds?: Record<string, unknown>;
  }[];
}

/** What GitHub code scanning and the Multitool's SARIF/GH rules require, as assertions. */
function checkSarif(log: SarifLog): void {
  expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  expect(log.version).toBe('2.1.0');
  expect(log.runs).toHaveLength(1);
  const run = log.runs[0]!;
  const d = run.tool.driver;
  expect(d.name).toBe('skillcheck');
  expect(d.semanticVersion).toMatch(/^\d+\.\d+\.\d+/);
  expect(d.informationUri).toMatch(/^https:\/\//);
  const ids = d.rules.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const r of d.rules) {
    // SARIF1001: name differs from id, even ignoring case.
    expect(String(r.name).toLowerCase()).not.toBe(String(r.id).toLowerCase());
    expect(r.shortDescription.text).toMatch(/\.$/); // SARIF2001
    expect(r.fullDescription.text).toMatch(/\.$/);
    expect(r.helpUri).toBe(docsUrl(r.id));
    expect(r.help.text.length).toBeGreaterThan(0);
    expect(r.help.markdown).toContain(r.helpUri);
    expect(['error', 'warning', 'note']).toContain(r.defaultConfiguration.level);
    expect(['high', 'medium', 'low', 'very-high']).toContain(r.properties.precision);
    expect(Array.isArray(r.properties.tags)).toBe(true);
    if (r.properties.tags.includes('security')) {
      const s = Number(r.properties['security-severity']);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(10);
    }
  }
  for (const res of run.results) {
    expect(ids[res.ruleIndex]).toBe(res.ruleId);
    expect(typeof res.message.text).toBe('string'); // GH1007/GH1015
    expect(res.message.text).toMatch(/\.$/);
    expect(res.message.text).not.toContain('\n');
    expect(res.locations).toHaveLength(1); // GH1001
    const pl = res.locations[0].physicalLocation;
    const uri: string = pl.artifactLocation.uri;
    expect(uri).not.toMatch(/^[a-z][a-z0-9+.-]*:/i); // GH1005: relative
    expect(uri).not.toMatch(/^\//);
    expect(() => decodeURI(uri)).not.toThrow();
    expect(pl.artifactLocation.uriBaseId).toBe('SRCROOT');
    expect(run.originalUriBaseIds?.SRCROOT).toBeDefined();
    expect(pl.region.startLine).toBeGreaterThanOrEqual(1); // GH1003
    if (pl.region.endLine !== undefined) expect(pl.region.endLine).toBeGreaterThanOrEqual(pl.region.startLine);
    expect(Object.values(res.partialFingerprints ?? {}).length).toBe(1);
  }
}

async function sarifOf(args: string[], cwd: string): Promise<{ code: number; log: SarifLog }> {
  const r = await runCli([...args, '--format', 'sarif'], cwd);
  return { code: r.code, log: JSON.parse(r.stdout) as SarifLog };
}

describe('--format sarif', () => {
  it('is valid SARIF meeting GitHub rules on the demo tree, and exits 0 despite errors', async () => {
    const { code, log } = await sarifOf(['demo'], CORPUS);
    checkSarif(log);
    expect(code).toBe(0);
    const results = log.runs[0]!.results;
    expect(results.length).toBeGreaterThan(5);
    const version = results.find((r) => r.ruleId === 'version')!;
    expect(version.level).toBe('error');
    expect(version.locations[0].physicalLocation.region).toMatchObject({ startLine: 3, startColumn: 10 });
    expect(version.locations[0].physicalLocation.artifactLocation.uri).toBe('demo/skills/deploy/SKILL.md');
    // Every rule is described, so ruleIndex is stable between runs.
    expect(log.runs[0]!.tool.driver.rules.map((r) => r.id).slice(0, ALL_RULES.length)).toEqual(ALL_RULES.map((r) => r.meta.id));
  });

  it('--sarif-exit-code makes findings fail the run', async () => {
    const { code } = await sarifOf(['demo', '--sarif-exit-code'], CORPUS);
    expect(code).toBe(1);
  });

  it('marks suppressed findings with a suppressions entry and keeps them', async () => {
    const dir = tree({
      '.github/skills/owned/SKILL.md':
        '---\nname: owned\ndescription: A skill.\n# skillcheck-disable-next-line unknown-field -- read by our loader\nx-owner: team\n---\nBody.\n',
      '.github/skills/odd path,x:y %/SKILL.md': '---\nname: odd\ndescription: Oddly named folder.\n---\nBody.\n',
    });
    const { log } = await sarifOf(['.'], dir);
    checkSarif(log);
    const sup = log.runs[0]!.results.filter((r) => r.suppressions);
    expect(sup).toHaveLength(1);
    expect(sup[0]!.ruleId).toBe('unknown-field');
    expect(sup[0]!.suppressions).toEqual([{ kind: 'inSource', status: 'accepted', justification: 'read by our loader' }]);
    const odd = log.runs[0]!.results.find((r) => r.ruleId === 'name')!;
    expect(odd.locations[0].physicalLocation.artifactLocation.uri).toBe('.github/skills/odd%20path%2Cx%3Ay%20%25/SKILL.md');
  });

  it('fingerprints do not change when lines are added above the finding', async () => {
    const body = 'name: owned\ndescription: A skill.\nx-owner: team\n---\nBody.\n';
    const a = tree({ '.github/skills/owned/SKILL.md': `---\n${body}` });
    const b = tree({ '.github/skills/owned/SKILL.md': `---\nlicense: MIT\ncompatibility: all\n${body}` });
    const fp = async (dir: string) => {
      const r = (await sarifOf(['.'], dir)).log.runs[0]!.results.find((x) => x.ruleId === 'unknown-field')!;
      return { line: r.locations[0].physicalLocation.region.startLine, fp: r.partialFingerprints };
    };
    const fa = await fp(a);
    const fb = await fp(b);
    expect(fa.line).not.toBe(fb.line);
    expect(fa.fp).toEqual(fb.fp);
  });

  it('describes a result whose rule has no module (internal-error) and stays valid', () => {
    const d: Diagnostic = { ruleId: 'internal-error', severity: 'error', confidence: 'high', message: 'rule x failed: boom', file: 'a/SKILL.md', line: 1, column: 1 };
    const log = JSON.parse(formatSarif({ diagnostics: [d] }, { tool: { name: 'skillcheck', version: '0.1.0' }, rules: ALL_RULES.map((r) => r.meta), helpUri: docsUrl })) as SarifLog;
    checkSarif(log);
    expect(log.runs[0]!.tool.driver.rules.at(-1)!.id).toBe('internal-error');
  });

  it('gives security rules a security-severity and the security tag', () => {
    const meta = { ...ALL_RULES[0]!.meta, id: 'prompt-injection', category: 'security' as const, severity: 'warning' as const };
    const log = JSON.parse(formatSarif({ diagnostics: [] }, { tool: { name: 'skillcheck', version: '0.1.0' }, rules: [meta], helpUri: docsUrl })) as SarifLog;
    checkSarif(log);
    const r = log.runs[0]!.tool.driver.rules[0]!;
    expect(r.properties.tags).toContain('security');
    expect(r.properties['security-severity']).toBe('5.0');
  });

  it('encodes paths as relative URI references', () => {
    expect(pathToUri('../x y/SKILL.md')).toBe('../x%20y/SKILL.md');
    expect(pathToUri('a#b/c?d.md')).toBe('a%23b/c%3Fd.md');
  });

  it('the schema check can fail', () => {
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
  });
});
