import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { RuleTester } from '../src/testing.js';
import rule, { slip } from './typosquat.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ targets: ['agentskills'] });
/** A skill named `name` in a folder of the same name. */
const named = (name: string) => ({ name, code: `---\nname: ${name}\ndescription: x\n---\nB.\n`, path: `skills/${name}/SKILL.md` });
/** The one finding for `name`: at the name's value, imitating `known` by the slip `how`. */
const squat = (name: string, known: string, how: string) => ({
  ...named(name),
  errors: [{ line: 2, column: 7, endColumn: 7 + name.length, severity: 'warning' as const, confidence: 'medium' as const, messageId: 'slip', data: { name: `"${name}"`, known: `"${known}"`, how } }],
  output: null,
});

tester.run(rule, {
  valid: [
    // Well-known names themselves, plurals and suffixes (real words), and words one other letter apart.
    ...['webapp-testing', 'requests-helper', 'json-parsers', 'react-reach', 'pdf', 'pdfs', 'config-helper', 'parser'].map(named),
    { name: 'a name that is not a string is the name rule\'s business', code: '---\nname: 3\ndescription: x\n---\nB.\n', path: 'skills/reqeusts-helper/SKILL.md' },
  ],
  invalid: [
    {
      name: 'two adjacent letters swapped in a word skill names are built from',
      code: '---\nname: reqeusts-helper\ndescription: x\n---\nB.\n',
      path: 'skills/reqeusts-helper/SKILL.md',
      errors: [
        {
          line: 2,
          column: 7,
          endColumn: 22,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'slip',
          data: { name: '"reqeusts-helper"', known: '"requests"', how: '"ue" swapped' },
          message:
            'name "reqeusts-helper" is one typing slip from the well-known "requests" ("ue" swapped); a typosquatted name gets a skill picked instead of the real one. Use a name of your own, or spell the real one right',
        },
      ],
      output: null,
    },
    squat('webbapp-testing', 'webapp-testing', '"b" doubled'),
    squat('json-parsre', 'parser', '"er" swapped'),
    squat('confg-validator', 'config', '"i" dropped'),
    squat('claw-diagnotsics', 'diagnostics', '"st" swapped'),
    squat('claw-validater', 'validator', '"o" written "e"'),
    {
      name: 'case does not hide it; the name is shown as written',
      code: '---\nname: Reqeusts-Helper\ndescription: x\n---\nB.\n',
      path: 'skills/Reqeusts-Helper/SKILL.md',
      errors: [{ line: 2, column: 7, messageId: 'slip', data: { name: '"Reqeusts-Helper"', known: '"requests"', how: '"ue" swapped' } }],
    },
    {
      name: 'a quoted name is located at its quotes',
      code: '---\nname: "reqeusts-helper"\ndescription: x\n---\nB.\n',
      path: 'skills/reqeusts-helper/SKILL.md',
      errors: [{ line: 2, column: 7, endColumn: 24, messageId: 'slip' }],
    },
    {
      name: 'no frontmatter: the name Claude Code falls back to (the folder) is checked, at 1:1',
      code: '# no frontmatter\n',
      path: '.claude/skills/reqeusts-helper/SKILL.md',
      targets: ['claude-code'],
      errors: [{ line: 1, column: 1, severity: 'warning', messageId: 'slip', data: { name: '"reqeusts-helper"', known: '"requests"', how: '"ue" swapped' } }],
    },
  ],
});

describe('slip (shared with mcp-server)', () => {
  it('counts only swaps, doubled letters, drops from long words and vowel slips in long words', () => {
    expect(slip('reqeusts', 'requests')).toBe('"ue" swapped');
    expect(slip('webbapp', 'webapp')).toBe('"b" doubled');
    expect(slip('confg', 'config')).toBe('"i" dropped');
    expect(slip('validater', 'validator')).toBe('"o" written "e"');
    expect(slip('parsers', 'parser')).toBeNull();
    expect(slip('reach', 'react')).toBeNull();
    expect(slip('slak', 'slack')).toBeNull();
  });
});

// Parts are templates too: slip() renders them as the {{how}} of the message above (and of mcp-server's packageSlip).
describe('typosquat: the parts of its messages', () => {
  const parts = [
    { messageId: 'swapped', data: { letters: 'ue' }, text: '"ue" swapped' },
    { messageId: 'doubled', data: { letter: 'b' }, text: '"b" doubled' },
    { messageId: 'dropped', data: { letter: 'i' }, text: '"i" dropped' },
    { messageId: 'vowel', data: { known: 'o', typed: 'e' }, text: '"o" written "e"' },
  ];
  for (const { messageId, data, text } of parts) {
    it(messageId, () => expect(reportMessage(rule.meta, { messageId, data })).toBe(text));
  }
});
