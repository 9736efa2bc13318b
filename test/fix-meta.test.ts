// Every fixable rule's bad examples: --fix, then the fixes are complete and idempotent (a dry run shows nothing,
// no finding carrying a fix is left), and a rule that claims no fix never offers one.

import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { runCli, runJson, tempTrees } from './helpers.js';

const tree = tempTrees();
describe('fixes are complete and idempotent', () => {
  for (const { meta } of ALL_RULES) {
    meta.examples.bad.forEach((ex, i) => {
      it(`${meta.id}: bad example ${i + 1}`, async () => {
        const dir = tree(ex.files);
        const args = ex.args ?? [];
        const before = await runJson([...args, '.'], dir);
        const offered = before.report.diagnostics.filter((d) => d.ruleId === meta.id && d.fix);
        if (!meta.fixable) {
          expect(offered, `${meta.id} is not fixable but offers a fix`).toEqual([]);
          return;
        }
        await runCli([...args, '--fix', '.'], dir);
        const dry = await runCli([...args, '--fix-dry-run', '.'], dir);
        expect(dry.stdout, 'a second fix would still change the files').toBe('');
        expect(dry.code).toBe(0);
        const after = await runJson([...args, '.'], dir);
        expect(after.report.diagnostics.filter((d) => d.fix && !d.suppressed).map((d) => `${d.ruleId}: ${d.message}`)).toEqual([]);
        if (offered.length > 0) expect(after.report.diagnostics.filter((d) => d.ruleId === meta.id && d.fix)).toEqual([]);
      });
    });
  }
});
