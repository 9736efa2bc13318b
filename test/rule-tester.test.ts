// The RuleTester must fail when a rule's behaviour differs from the case: a tester that cannot fail tests nothing.

import { describe, expect, it } from 'vitest';
import lineEndings from '../rules/line-endings.js';
import { RuleTester } from '../src/testing.js';
import { defineRule, reportMessage, templatePlaceholders } from '../src/core/rule.js';

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
    expect(() => run({ valid: [{ code: CRLF.replace(/\r/g, '') }], invalid: [{ code: CRLF, errors: [{ line: 1, column: 1, severity: 'warning', confidence: 'high' }], output: CRLF.replace(/\r/g, '') }] })).not.toThrow();
  });

  it('fails a valid case with a finding, a wrong count, position, severity, confidence, message or fix', () => {
    expect(() => run({ valid: [{ code: CRLF }] })).toThrow(/expected no finding, got 1/);
    expect(() => run({ invalid: [{ code: CRLF, errors: 2 }] })).toThrow(/expected 2 finding\(s\), got 1/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ line: 2 }] }] })).toThrow(/finding 1 differs/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ severity: 'error' }] }] })).toThrow(/finding 1 differs/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ confidence: 'low' }] }] })).toThrow(/finding 1 differs/);
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

  it('asserts messages by id and data: a changed template, id or value fails the case', () => {
    const data = { kinds: '5 CRLF', s: 's', target: 'agentskills', strict: 'cuca' };
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ messageId: 'strictSees', data }] }] })).not.toThrow();
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ messageId: 'strictFails' }] }] })).toThrow(/finding 1 differs/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ messageId: 'strictSees', data: { ...data, kinds: '4 CRLF' } }] }] })).toThrow(/finding 1 differs/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ messageId: 'nope' }] }] })).toThrow(/no message "nope"/);
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ data }] }] })).toThrow(/data without a messageId/);
    // A changed template: the same id and data no longer give the message the rule reports.
    const mutated = defineRule({ ...lineEndings, meta: { ...lineEndings.meta, messages: { ...lineEndings.meta.messages, strictSees: 'MUTATED {{kinds}}' } } });
    const wanted = reportMessage(lineEndings.meta, { messageId: 'strictSees', data });
    expect(() => run({ invalid: [{ code: CRLF, errors: [{ messageId: 'strictSees', message: wanted }] }] }, mutated)).toThrow(/finding 1 differs/);
  });

  it('turns an unknown message id or a missing placeholder into a failure of the rule', () => {
    const meta = { ...lineEndings.meta, id: 'ids', messages: { one: 'has {{x}}' } };
    expect(reportMessage(meta, { messageId: 'one', data: { x: 3 } })).toBe('has 3');
    expect(reportMessage(meta, { messageId: 'one', data: { x: 'y' }, suffix: ' (low)' })).toBe('has y (low)');
    expect(() => reportMessage(meta, { messageId: 'two' })).toThrow(/no message "two"/);
    expect(() => reportMessage(meta, { messageId: 'one', data: {} })).toThrow(/needs data.x/);
    expect(() => reportMessage(meta, {})).toThrow(/neither a message nor a messageId/);
    expect(templatePlaceholders('{{a}} and {{ b }} and {{a}}')).toEqual(['a', 'b']);
    const bad = defineRule({ meta, checkSkill: (ctx) => ctx.report({ messageId: 'two' }) });
    expect(() => run({ invalid: [{ code: CRLF, errors: 1 }] }, bad)).toThrow(/the rule threw: rule ids failed: rule ids has no message "two"/);
  });
});
