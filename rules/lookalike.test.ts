import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { RuleTester } from '../src/testing.js';
import rule from './lookalike.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });
// The lookalike letters are written as escapes so the reader sees which is which: U+0435 Cyrillic е, U+0430
// Cyrillic а, U+0455 Cyrillic ѕ, U+0456 Cyrillic і, U+0561 Armenian ա.
const skill = (name: string, description = 'x') => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;
const TOOLS = '---\nname: t\ndescription: x.\ntriggers: [tee]\ntools:\n  - name: r\u0435ad\n  - name: ok\n  - name: wr\u0456te\n---\nB.\n';

tester.run(rule, {
  valid: [
    { name: 'plain Latin', code: skill('deploy', 'Deploys the app.') },
    { name: 'whole words of other scripts, accents and a Greek letter alone', code: skill('x', 'Résumé helper for Ελληνικά and русский text; β-blocker notes.') },
    { name: 'a Cyrillic letter next to a digit is no Latin word', code: skill('ok', '\u04301 notes') },
    // A Latin name joined to a word of the writer's language by a hyphen, each part in one script: Russian "SSH-ключи"
    // (SSH keys) and Greek "API-κλειδί" (API key).
    { name: 'a hyphenated compound of a Latin name and a word of another script, in a description', code: skill('vps', 'Use for SSH-\u043a\u043b\u044e\u0447\u0438 and API-\u03ba\u03bb\u03b5\u03b9\u03b4\u03af.') },
    // "AI-агентов" (AI agents) and "MCP-серверов" (MCP servers): every letter of "агентов" and "серверов" has a Latin
    // lookalike, but the description is Russian ("для создания", "и"): a word of its own language imitates nothing.
    { name: 'a compound whose other-script part is all lookalikes, in a description written in that script', code: skill('agents', 'Архитектор AI-\u0430\u0433\u0435\u043d\u0442\u043e\u0432 и MCP-\u0441\u0435\u0440\u0432\u0435\u0440\u043e\u0432 для создания приложений.') },
    // U+03C1 Greek ρ looks like Latin p: alone before a hyphen in a description it is the symbol of a formula.
    { name: 'a Greek letter standing alone in a hyphenated description word is a symbol', code: skill('stats', 'Computes \u03c1-corrected ratios, \u03b12-level tests and the p-value of x-\u03c1.') },
    { name: 'plain Latin tool names', code: TOOLS.replace('r\u0435ad', 'read').replace('wr\u0456te', 'write'), path: '.crv/skills/t.md', targets: ['cerveau'] },
  ],
  invalid: [
    {
      // U+0441 с, U+043E о, U+0440 р, U+0443 у: every letter of "сору" imitates a Latin one, so the part reads "copy".
      name: 'a compound whose other-script part is made of lookalikes only, and the same compound in a name',
      code: skill('ssh-\u043a\u043b\u044e\u0447\u0438', 'Use github-\u0441\u043e\u0440\u0443 for this.'),
      errors: [
        { line: 2, column: 7, severity: 'error', messageId: 'name' },
        { line: 3, column: 14, severity: 'warning', messageId: 'description' },
      ],
    },
    {
      // One Russian word of its own letters ("для") is no Russian text: "github-сору" still reads as "github-copy".
      name: 'a compound whose other-script part is all lookalikes, in a description with one word of that script',
      code: skill('gh', 'Use github-\u0441\u043e\u0440\u0443 для this.'),
      errors: [{ line: 3, column: 14, severity: 'warning', messageId: 'description' }],
    },
    {
      name: 'Greek letters inside a part of a description word, Cyrillic alone before a hyphen, and a Greek symbol in a name are still read as letters',
      code: skill('\u03c1-stats', 'Works with \u03c1aypal-\u03c1 and \u0445-ai.'),
      errors: [
        { line: 2, column: 7, severity: 'error', messageId: 'name' },
        { line: 3, column: 14, severity: 'warning', messageId: 'description' },
      ],
      output: null,
    },
    {
      name: 'a name with a Cyrillic letter: an error',
      code: skill('d\u0435ploy'),
      errors: [
        {
          line: 2,
          column: 7,
          endColumn: 13,
          severity: 'error',
          confidence: 'high',
          messageId: 'name',
          data: { words: '"d\u0435ploy" reads as "deploy" but U+0435 "\u0435" (Cyrillic) looks like Latin "e"', more: '' },
          message: 'name mixes Latin with lookalike letters of another script: "d\u0435ploy" reads as "deploy" but U+0435 "\u0435" (Cyrillic) looks like Latin "e". Type it with one script (the Latin letters it imitates)',
        },
      ],
      output: null,
    },
    {
      name: 'every lookalike letter of a word is named',
      code: skill('\u0455tr\u0456pe'),
      errors: [
        {
          line: 2,
          severity: 'error',
          messageId: 'name',
          data: { words: '"\u0455tr\u0456pe" reads as "stripe" but U+0455 "\u0455" (Cyrillic) looks like Latin "s", U+0456 "\u0456" (Cyrillic) looks like Latin "i"', more: '' },
        },
      ],
    },
    {
      name: 'an escaped name is read after YAML unescaping, located at the string',
      code: '---\nname: "a\\u0435b"\ndescription: x\n---\nB.\n',
      errors: [{ line: 2, column: 7, endColumn: 17, messageId: 'name', data: { words: '"a\u0435b" reads as "aeb" but U+0435 "\u0435" (Cyrillic) looks like Latin "e"', more: '' } }],
    },
    {
      name: 'a flow-mapping frontmatter is located too',
      code: '---\n{name: d\u0435ploy, description: x}\n---\nB.\n',
      errors: [{ line: 2, column: 8, endColumn: 14, messageId: 'name' }],
    },
    {
      name: 'a description: a warning, each mixed word named',
      code: skill('ok', 'P\u0430y s\u0430fely'),
      errors: [
        {
          line: 3,
          column: 14,
          endColumn: 24,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'description',
          data: { words: '"P\u0430y" reads as "Pay" but U+0430 "\u0430" (Cyrillic) looks like Latin "a"; "s\u0430fely" reads as "safely" but U+0430 "\u0430" (Cyrillic) looks like Latin "a"', more: '' },
          message:
            'description mixes Latin with lookalike letters of another script: "P\u0430y" reads as "Pay" but U+0430 "\u0430" (Cyrillic) looks like Latin "a"; "s\u0430fely" reads as "safely" but U+0430 "\u0430" (Cyrillic) looks like Latin "a". Type it with one script (the Latin letters it imitates)',
        },
      ],
    },
    {
      name: 'three words are shown, the others counted',
      code: skill('ok', 'b\u0430 c\u0430 d\u0430 e\u0430 f\u0430'),
      errors: [
        {
          severity: 'warning',
          messageId: 'description',
          data: {
            words: '"b\u0430" reads as "ba" but U+0430 "\u0430" (Cyrillic) looks like Latin "a"; "c\u0430" reads as "ca" but U+0430 "\u0430" (Cyrillic) looks like Latin "a"; "d\u0430" reads as "da" but U+0430 "\u0430" (Cyrillic) looks like Latin "a"',
            more: ' (and 2 more)',
          },
        },
      ],
    },
    {
      name: 'letters of other imitating scripts come from the UTS #39 data (Armenian)',
      code: skill('ok', 'a\u0561b'),
      errors: [{ severity: 'warning', messageId: 'description', data: { words: '"a\u0561b" reads as "awb" but U+0561 "\u0561" (Armenian) looks like Latin "w"', more: '' } }],
    },
    {
      name: 'Cerveau tool names: a warning for each, numbered',
      code: TOOLS,
      path: '.crv/skills/t.md',
      targets: ['cerveau'],
      errors: [
        {
          line: 6,
          column: 11,
          endColumn: 15,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'toolName',
          data: { n: 1, words: '"r\u0435ad" reads as "read" but U+0435 "\u0435" (Cyrillic) looks like Latin "e"', more: '' },
          message: 'tool name #1 mixes Latin with lookalike letters of another script: "r\u0435ad" reads as "read" but U+0435 "\u0435" (Cyrillic) looks like Latin "e". Type it with one script (the Latin letters it imitates)',
        },
        { line: 8, column: 11, messageId: 'toolName', data: { n: 3, words: '"wr\u0456te" reads as "write" but U+0456 "\u0456" (Cyrillic) looks like Latin "i"', more: '' } },
      ],
    },
  ],
});

// Parts are templates too, rendered into the data of the messages above ({{words}}, {{more}}).
describe('lookalike: the parts of its messages', () => {
  const parts = [
    { messageId: 'word', data: { word: '"d\u0435ploy"', skeleton: '"deploy"', chars: 'U+0435 …' }, text: '"d\u0435ploy" reads as "deploy" but U+0435 …' },
    { messageId: 'lookalikeChar', data: { codePoint: 'U+0435', char: '\u0435', script: 'Cyrillic', looksLike: 'e' }, text: 'U+0435 "\u0435" (Cyrillic) looks like Latin "e"' },
    { messageId: 'more', data: { n: 2 }, text: ' (and 2 more)' },
  ];
  for (const { messageId, data, text } of parts) {
    it(messageId, () => expect(reportMessage(rule.meta, { messageId, data })).toBe(text));
  }
});
