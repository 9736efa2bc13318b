import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { RuleTester } from '../src/testing.js';
import rule, { slip } from './typosquat.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ targets: ['agentskills'] });
/** A skill named `name` in a folder of the same name, described by `description`. */
const named = (name: string, description = 'x') => ({ name, code: `---\nname: ${name}\ndescription: ${description}\n---\nB.\n`, path: `skills/${name}/SKILL.md` });
/** The one finding for `name`: at the name's value, imitating `known` by the slip `how`. */
const squat = (name: string, known: string, how: string, description = 'x') => ({
  ...named(name, description),
  errors: [{ line: 2, column: 7, endColumn: 7 + name.length, severity: 'warning' as const, confidence: 'medium' as const, messageId: 'slip', data: { name: `"${name}"`, known: `"${known}"`, how } }],
  output: null,
});

tester.run(rule, {
  valid: [
    // Well-known names themselves, plurals and suffixes (real words), and words one other letter apart.
    ...['webapp-testing', 'slack-helper', 'json-parsers', 'react-reach', 'pdf', 'pdfs', 'config-helper', 'parser'].map((n) => named(n)),
    { name: 'a name that is not a string is the name rule\'s business', code: '---\nname: 3\ndescription: x\n---\nB.\n', path: 'skills/slakc-notifier/SKILL.md' },
    // Edit distance alone: "Slite" is a product one letter from "sqlite", and the skill says so.
    { ...named('slite-notes', 'Reads and writes Slite documents.'), name: 'a name the skill uses as a word of its own (Slite, not sqlite)' },
    { ...named('slakc-notifier'), name: 'a word slip whose skill never names the real word' },
  ],
  invalid: [
    {
      name: 'two adjacent letters swapped in a product word, the product named in the description',
      code: '---\nname: slakc-notifier\ndescription: Posts build results to Slack.\n---\nB.\n',
      path: 'skills/slakc-notifier/SKILL.md',
      errors: [
        {
          line: 2,
          column: 7,
          endColumn: 21,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'slip',
          data: { name: '"slakc-notifier"', known: '"slack"', how: '"ck" swapped' },
          message:
            'name "slakc-notifier" is one typing slip from the well-known "slack" ("ck" swapped); a typosquatted name gets a skill picked instead of the real one. Use a name of your own, or spell the real one right',
        },
      ],
      output: null,
    },
    {
      name: 'without evidence beyond the slip: info at low confidence (auditors only)',
      code: '---\nname: slite-notes\ndescription: Reads and writes Slite documents.\n---\nB.\n',
      path: 'skills/slite-notes/SKILL.md',
      persona: 'auditor',
      errors: [
        {
          line: 2,
          column: 7,
          severity: 'info',
          confidence: 'low',
          messageId: 'unbacked',
          data: { name: '"slite-notes"', known: '"sqlite"', how: '"q" dropped' },
          message:
            'name "slite-notes" is one typing slip from the well-known "sqlite" ("q" dropped), but nothing else in the skill points to an imitation (its text uses the name as a word of its own, or never names "sqlite"). Check that the name is meant',
        },
      ],
    },
    squat('webbapp-testing', 'webapp-testing', '"b" doubled'),
    squat('potsgres-admin', 'postgres', '"st" swapped', 'Administers Postgres databases.'),
    squat('puppeter-scraper', 'puppeteer', '"e" dropped', 'Scrapes pages with Puppeteer.'),
    squat('debuggeng-helper', 'debugging', '"i" written "e"', 'Helps with debugging.'),
    {
      name: 'case does not hide it; the name is shown as written',
      code: '---\nname: Webbapp-Testing\ndescription: x\n---\nB.\n',
      path: 'skills/Webbapp-Testing/SKILL.md',
      errors: [{ line: 2, column: 7, messageId: 'slip', data: { name: '"Webbapp-Testing"', known: '"webapp-testing"', how: '"b" doubled' } }],
    },
    {
      name: 'a quoted name is located at its quotes',
      code: '---\nname: "webbapp-testing"\ndescription: x\n---\nB.\n',
      path: 'skills/webbapp-testing/SKILL.md',
      errors: [{ line: 2, column: 7, endColumn: 24, messageId: 'slip' }],
    },
    {
      name: 'no frontmatter: the name Claude Code falls back to (the folder) is checked, at 1:1',
      code: '# no frontmatter\n',
      path: '.claude/skills/webbapp-testing/SKILL.md',
      targets: ['claude-code'],
      errors: [{ line: 1, column: 1, severity: 'warning', messageId: 'slip', data: { name: '"webbapp-testing"', known: '"webapp-testing"', how: '"b" doubled' } }],
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
