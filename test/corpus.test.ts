// Fixture cases: each corpus/cases/<case>/case.yaml lists the exact findings its tree must produce.
// Adding a case needs no test code. corpus/ok/ must produce no finding at all.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CORPUS, runJson, short } from './helpers.js';

interface CaseFile {
  args?: string[];
  /** Working directory relative to the case folder (default: the case folder); finding paths are relative to it. */
  cwd?: string;
  expect: string[];
}

const casesDir = path.join(CORPUS, 'cases');
const cases = fs.readdirSync(casesDir).filter((d) => fs.existsSync(path.join(casesDir, d, 'case.yaml'))).sort();

describe('corpus cases', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(20);
  });
  for (const name of cases) {
    it(name, async () => {
      const dir = path.join(casesDir, name);
      const spec = parse(fs.readFileSync(path.join(dir, 'case.yaml'), 'utf8')) as CaseFile;
      const cwd = path.resolve(dir, spec.cwd ?? '.');
      expect(cwd === dir || cwd.startsWith(`${dir}${path.sep}`), 'cwd stays inside the case folder').toBe(true);
      const { report } = await runJson([...(spec.args ?? []), '.'], cwd);
      // Multi-target cases write the target(s) after each finding: "file:line:col severity rule-id [t1,t2]".
      const withTargets = (spec.expect ?? []).some((e) => e.endsWith(']'));
      const got = report.diagnostics.map((d) => (withTargets ? `${short(d)} [${(d.targets ?? (d.target ? [d.target] : [])).join(',')}]` : short(d))).sort();
      expect(got).toEqual([...(spec.expect ?? [])].sort());
    });
  }
});

describe('corpus/ok', () => {
  it('produces no findings under auto targets', async () => {
    const { code, report } = await runJson(['ok'], CORPUS);
    expect(report.diagnostics.map((d) => `${short(d)} ${d.message}`)).toEqual([]);
    expect(report.skills.length).toBeGreaterThan(3);
    expect(report.skills.every((s) => s.loads)).toBe(true);
    expect(code).toBe(0);
  });
});
