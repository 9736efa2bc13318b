// The public API report (api/*.api.md, scripts/api-report.mjs): a change to what the package exports, or to an
// exported signature, fails here until the report is regenerated and reviewed; no signature names a type the user
// cannot import; test seams stay out of the published declarations.

import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script, no types
import { entryPoints, reportPath, reports } from '../scripts/api-report.mjs';

const HINT = 'the public API changed: run `npm run build && node scripts/api-report.mjs --write`, review api/*.api.md, commit it';

describe('API report', () => {
  const entries = (entryPoints as () => { name: string; file: string }[])();
  const texts = (reports as () => Map<string, string>)();

  it('covers every entry point of package.json', () => {
    expect(entries.map((e) => e.name).sort()).toEqual(['skillcheck', 'skillcheck-policy', 'skillcheck-testing']);
  });

  for (const e of entries) {
    it(`${e.name}: the checked-in report is current`, () => {
      expect(fs.readFileSync((reportPath as (n: string) => string)(e.name), 'utf8'), HINT).toBe(texts.get(e.name));
    });
    it(`${e.name}: every type a signature names can be imported`, () => {
      expect(texts.get(e.name)).toMatch(/## Named but not exported\n\nNone\.\n$/);
    });
  }

  it('leaves test seams (@internal) out of the published declarations', () => {
    const all = [...texts.values()].join('\n');
    expect(all).toContain('interface LintOptions');
    expect(all).not.toMatch(/discoverHooks|parallelMin|lastRun|setWorkerScript/);
  });
});
