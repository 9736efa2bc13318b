// Rule options: a rule declares meta.schema and meta.defaultOptions and reads ctx.options; the run's
// options (LintOptions/VerifyOptions ruleOptions, the config file's rules.<id>.options, and the two shorthands
// readOnlyTools and openclawConfig) reach only the rule they name.

import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { defineRule } from '../src/core/rule.js';
import { ruleOptionsOf } from '../src/engine/check.js';
import { verify } from '../src/engine/verify.js';

const SKILL = '---\nname: g\ndescription: d\nmetadata:\n  openclaw:\n    requires:\n      config: [browser.enabled, tools.exec]\n---\nBody.\n';
const gatingMessages = (opts: Parameters<typeof verify>[1]) =>
  verify(SKILL, { path: 'skills/g/SKILL.md', targets: ['openclaw'], gating: true, ...opts })
    .diagnostics.filter((d) => d.ruleId === 'gating')
    .map((d) => d.message);

describe('rule options', () => {
  it('gating reads the OpenClaw config from its options, given directly or by the shorthand', () => {
    expect(gatingMessages({}).some((m) => m.includes('--openclaw-config'))).toBe(true);
    const config = { browser: { enabled: true }, tools: { exec: false } };
    const direct = gatingMessages({ ruleOptions: { gating: { openclawConfig: config } } });
    expect(direct).toHaveLength(1);
    expect(direct[0]).toContain('"tools.exec" is false (falsy)');
    expect(gatingMessages({ openclawConfig: config })).toEqual(direct);
    // Another rule's options do not reach gating.
    expect(gatingMessages({ ruleOptions: { 'tool-ceiling': { openclawConfig: config } } })).toEqual(gatingMessages({}));
  });

  it('ruleOptions win over the shorthands, option by option', () => {
    expect(ruleOptionsOf({})).toBeUndefined();
    expect(ruleOptionsOf({ readOnlyTools: ['Read'], ruleOptions: { 'tool-ceiling': { readOnlyTools: ['Grep'] }, gating: { x: 1 } } })).toEqual({
      'tool-ceiling': { readOnlyTools: ['Grep'] },
      gating: { x: 1 },
    });
  });

  it('a rule sees its defaults under the run options', () => {
    const seen: unknown[] = [];
    const rule = defineRule({
      meta: { ...ALL_RULES[0]!.meta, id: 'opt-probe', schema: { type: 'object' }, defaultOptions: { a: 1, b: 2 } },
      checkSkill: (ctx) => {
        seen.push(ctx.options);
      },
    });
    verify('---\nname: s\ndescription: d\n---\n', { targets: ['agentskills'], rules: [rule], ruleOptions: { 'opt-probe': { b: 3 } } });
    verify('---\nname: s\ndescription: d\n---\n', { targets: ['agentskills'], rules: [rule] });
    expect(seen).toEqual([{ a: 1, b: 3 }, { a: 1, b: 2 }]);
  });

  it('only rules with a schema take options, and their schema is an object schema', () => {
    const withOptions = ALL_RULES.filter((r) => r.meta.schema).map((r) => r.meta.id).sort();
    expect(withOptions).toEqual(['gating', 'tool-ceiling']);
    for (const r of ALL_RULES) if (r.meta.schema) expect(r.meta.schema.type).toBe('object');
  });
});
