// Severity follows consequence: a finding that says the target will not load the skill is an error (and fails the
// run), whatever the rule's default, unless the user set the rule's severity; a machine-dependent one keeps its own.

import { describe, expect, it } from 'vitest';
import { defineRule, type ReportInput } from '../src/core/rule.js';
import { verify } from '../src/index.js';
import { summaryLine } from '../src/report/text.js';

const SKILL = '---\nname: example\ndescription: An example.\n---\nBody.\n';

function ruleReporting(r: ReportInput, severity: 'info' | 'warning' = 'info') {
  return defineRule({
    meta: { id: 'probe', description: 'test probe', severity, confidence: 'high', category: 'validator', fixable: false, since: '0.0.0', examples: { bad: [], good: [] } },
    checkSkill(ctx) {
      ctx.report(r);
    },
  });
}

describe('severity follows consequence', () => {
  it('a rejecting finding is an error even when the rule says info or warning', () => {
    for (const [r, sev] of [
      [{ message: 'x', rejects: true, severity: 'info' }, 'info'],
      [{ message: 'x', rejects: true }, 'warning'],
    ] as const) {
      const v = verify(SKILL, { rules: [ruleReporting(r, sev)], targets: ['claude-code'] });
      expect(v.diagnostics.map((d) => [d.severity, d.rejects])).toEqual([['error', true]]);
      expect(v.skills.map((s) => s.loads)).toEqual([false]);
    }
  });

  it('a finding that does not reject keeps its severity', () => {
    const v = verify(SKILL, { rules: [ruleReporting({ message: 'x', severity: 'info' })], targets: ['claude-code'] });
    expect(v.diagnostics.map((d) => d.severity)).toEqual(['info']);
  });

  it("the user's severity for the rule wins (a deliberate choice, e.g. --severity probe=warning)", () => {
    const v = verify(SKILL, { rules: [ruleReporting({ message: 'x', rejects: true })], targets: ['claude-code'], severity: { probe: 'warning' } });
    expect(v.diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });

  it('a machine-dependent rejection (gating on this machine) keeps its severity', () => {
    const v = verify(SKILL, { rules: [ruleReporting({ message: 'x', rejects: true, machineDependent: true, severity: 'warning' })], targets: ['claude-code'] });
    expect(v.diagnostics.map((d) => [d.severity, d.machineDependent])).toEqual([['warning', true]]);
  });

  it("the README's case: `version: 1.0` in skills/deploy (auto falls back to the standard) fails the run", () => {
    const v = verify('---\nname: deploy\ndescription: Deploy things.\nversion: 1.0\n---\nBody.\n', { path: 'skills/deploy/SKILL.md' });
    expect(v.skills.map((s) => [s.target, s.loads])).toEqual([['agentskills', false]]);
    expect(v.diagnostics.map((d) => [d.ruleId, d.severity, d.rejects])).toEqual([['unknown-field', 'error', true]]);
  });

  it('the summary line says when a skill is held back only by this machine (no error to show)', () => {
    const v = verify(SKILL, { rules: [ruleReporting({ message: 'x', rejects: true, machineDependent: true, severity: 'warning' })], targets: ['claude-code'] });
    expect(summaryLine({ ...v, files: 1, missing: [] })).toBe('0 errors, 1 warning, 0 infos in 1 skill (0 of 1 load as checked; 1 of them held back only by this machine (gating))');
    const e = verify(SKILL, { rules: [ruleReporting({ message: 'x', rejects: true })], targets: ['claude-code'] });
    expect(summaryLine({ ...e, files: 1, missing: [] })).toBe('1 error, 0 warnings, 0 infos in 1 skill (0 of 1 load as checked)');
  });
});
