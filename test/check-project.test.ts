// A project rule that throws must not abort the run: like a per-skill rule, it becomes an `internal-error` finding
// and every other project rule still reports.
import { describe, expect, it } from 'vitest';
import { checkProject } from '../src/engine/check.js';
import { systemHost } from '../src/node/host.js';
import { defineRule, type ProjectSkill } from '../src/core/rule.js';

const meta = (id: string) => ({
  id,
  description: id,
  severity: 'warning' as const,
  confidence: 'high' as const,
  category: 'validator' as const,
  fixable: false,
  since: '0.1.0',
  examples: { bad: [], good: [] },
});

const skills: ProjectSkill[] = [
  { input: { file: 'a/SKILL.md', target: 'agentskills', trust: 'untrusted', name: 'a', nameAt: null, readOk: true }, loads: true },
];

describe('checkProject', () => {
  it('turns a throwing project rule into an internal-error finding and runs the next rule', () => {
    const boom = defineRule({ meta: meta('boom'), checkProject: () => { throw new Error('kaput'); } });
    const after = defineRule({
      meta: meta('after'),
      checkProject: (ctx) => ctx.report({ file: 'a/SKILL.md', line: 2, column: 1, message: 'still here' }),
    });
    const out = checkProject(skills, [], (p) => p, {
      rules: [boom, after],
      host: systemHost(process.cwd()),
      gating: false,
      persona: 'default',
      severity: {},
    });
    expect(out.map((d) => [d.ruleId, d.file, d.message])).toEqual([
      ['internal-error', 'a/SKILL.md', 'rule boom failed: kaput'],
      ['after', 'a/SKILL.md', 'still here'],
    ]);
    expect(out[0]!.severity).toBe('error');
  });

  it('pins the failure to the run when there is no skill and no event', () => {
    const boom = defineRule({ meta: meta('boom'), checkProject: () => { throw 'not an Error'; } });
    const out = checkProject([], [], (p) => p, { rules: [boom], host: systemHost(process.cwd()), gating: false, persona: 'default', severity: {} });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ ruleId: 'internal-error', file: '.', line: 1, column: 1, message: 'rule boom failed: not an Error' });
  });
});
