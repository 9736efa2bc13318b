// The RuleTester must fail when a rule's behaviour differs from the case: a tester that cannot fail tests nothing.

import { describe, expect, it } from 'vitest';
import lineEndings from '../rules/line-endings.js';
import { RuleTester } from '../src/testing.js';
import { defineRule } from '../src/core/rule.js';

// Without describe/it, run() checks every case at once and throws on the first mismatch.
const run = (tests: Parameters<RuleTester['run']>[1], rule = lineEndings) => {
  const saved = [RuleTester.describe, RuleTester.it];
  RuleTester.describe = (_t, body) => body();
  RuleTester.it = (_t, body) => body();
  try {
    new RuleTester({ targets: ['agentskills'] }).run(rule, tests);
  } finally {
    [RuleTester.describe, RuleTester.it] = saved;
  }
};
const CRLF = '---\r\nname: example\r\ndescription: x.\r\n---\r\nBody.\r\n';

describe('RuleTester', () => {
  it('passes a correct description of the rule', () => {
    expect(() => run({ valid: [{ code: CRLF.replace(/\r/g, '') }], invalid: [{ code: CRLF, errors: [{ line: 1, column: 1, severity: 'warning' }], output: CRLF.replace(/\r/g, '') }] })).not.toThrow();
  });

  it('fails a valid case with a finding, a wrong count, position, severity, message or fix', () => {
    expect(() => run({ valid: [{ code: CRLF }] })).toThrow(/expected no finding, got 1/);
    expect(() => run({ invalid: [{ code: CRLF, errors: 2 }] })).toThrow(/expected 2 finding\(s\), got 1/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ line: 2 }] }] })).toThrow(/finding 1 differs/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ severity: 'error' }] }] })).toThrow(/finding 1 differs/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ message: 'MUTATED' }] }] })).toThrow(/finding 1 differs/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ message: /MUTATED/ }] }] })).toThrow(/does not match/);
    expect(() => run({ invalid: [{ code: CRLF, errors: 1, output: CRLF }] })).toThrow(/fixed text differs/);
    expect(() => run({ invalid: [{ code: CRLF, errors: 1, output: null }] })).toThrow(/expected no fix/);
  });

  it('runs only the rule under test, and leaves suppressed findings out', () => {
    // A name that breaks the name rule and CRLF: only line-endings is seen.
    expect(() => run({ invalid: [{ code: CRLF.replace('example', 'Bad_Name'), errors: 1 }] })).not.toThrow();
    const suppressed = '---\nname: example\ndescription: x.\n---\n<!-- skillcheck-disable-next-line line-endings -- fixture -->\nBody.\r\n';
    expect(() => run({ valid: [{ code: suppressed }] })).not.toThrow();
  });

  it('reports a rule that throws as a failure, not a pass', () => {
    const broken = defineRule({ meta: { ...lineEndings.meta, id: 'broken' }, checkSkill: () => { throw new Error('bug'); } });
    // The pipeline turns the exception into an internal-error finding; the tester fails the case, valid or not.
    expect(() => run({ invalid: [{ code: CRLF, errors: 1 }] }, broken)).toThrow(/the rule threw: rule broken failed: bug/);
    expect(() => run({ valid: [{ code: CRLF }] }, broken)).toThrow(/the rule threw/);
  });
});
