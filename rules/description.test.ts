import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { RuleTester } from '../src/testing.js';
import rule from './description.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['codex'] });
const fm = (d: string) => `---\nname: s\ndescription: ${d}\n---\nBody.\n`;
const NO_DESCRIPTION = '---\nname: s\n---\nBody.\n';
const WORDS = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
const CUT = { length: 229, target: 'creo', max: 200, kept: '"w45 w46 w47 w48 w49 w50 w51 w5"', lost: '"2 w53 w54 w55 w56 w57 w58 w59"' };

tester.run(rule, {
  valid: [
    { name: 'a one-line description', code: fm('Use when the user asks for a fine thing.') },
    { name: 'IronClaw allows any length', code: fm('word '.repeat(300)), targets: ['ironclaw'] },
    { name: 'Claude Code falls back to the body when there is none', code: NO_DESCRIPTION, path: '.claude/skills/s/SKILL.md', targets: ['claude-code'] },
    { name: 'Claude Code reads a list as no description and falls back', code: fm('[a, b]'), path: '.claude/skills/s/SKILL.md', targets: ['claude-code'] },
    { name: 'Creo: 200 characters are all shown', code: fm('x'.repeat(200)), path: '.creo/skills/s/SKILL.md', targets: ['creo'] },
  ],
  invalid: [
    {
      name: 'none where the runtime requires one',
      code: NO_DESCRIPTION,
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'error',
          rejects: true,
          messageId: 'missing',
          data: { target: 'codex' },
          message:
            'no "description"; codex requires one (it is what the model reads to decide whether to load the skill) and clients skip a skill without it. Add "description: Use when …"',
        },
      ],
    },
    {
      name: 'none where the runtime shows an empty catalog entry',
      code: NO_DESCRIPTION,
      targets: ['ironclaw'],
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'info',
          rejects: false,
          messageId: 'missingInfo',
          data: { target: 'ironclaw' },
          message: 'no "description"; ironclaw shows an empty description in its catalog, so the model has nothing to choose by',
        },
      ],
    },
    {
      name: 'OpenCode registers a skill without a description but never shows it to the model',
      code: '---\nname: s\n---\nBody.\n',
      path: '.opencode/skills/s/SKILL.md',
      targets: ['opencode'],
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'error',
          rejects: true,
          messageId: 'hidden',
          data: { target: 'opencode' },
          message: 'no "description"; opencode registers the skill but leaves it out of the list the model sees, so the model never loads it. Add "description: Use when …"',
        },
      ],
    },
    {
      name: 'OpenCode skips a skill whose description is null',
      code: '---\nname: s\ndescription:\n---\nBody.\n',
      path: '.opencode/skills/s/SKILL.md',
      targets: ['opencode'],
      errors: [
        {
          line: 3,
          column: 13,
          severity: 'error',
          rejects: true,
          messageId: 'nullValue',
          data: { target: 'opencode' },
          message: '"description:" has no value (null); opencode skips the skill (it takes a string or no key at all). Write a description or remove the key',
        },
      ],
    },
    {
      // A block list (Codex and OpenClaw read a flow mapping `{a: b}` as the text written).
      name: 'a list is not a string',
      code: fm('\n  - a\n  - b'),
      errors: [
        { line: 4, column: 3, severity: 'error', rejects: true, messageId: 'notString', data: { type: 'a list' }, message: '"description" is a list; expected a string. Quote it' },
      ],
    },
    {
      name: 'OpenClaw shows a block list as its JSON text',
      code: fm('\n  - a\n  - b'),
      targets: ['openclaw'],
      errors: [
        {
          line: 4,
          column: 3,
          severity: 'warning',
          rejects: false,
          messageId: 'structured',
          data: { type: 'a list', target: 'openclaw', json: '"[\\"a\\",\\"b\\"]"' },
          message: '"description" is a list; openclaw shows its JSON text "[\\"a\\",\\"b\\"]" and other runtimes reject it. Write it as text',
        },
      ],
    },
    {
      name: 'a long mapping: its JSON text is cut at 60 characters',
      code: fm(`\n  k: ${'x'.repeat(70)}`),
      targets: ['openclaw'],
      errors: [{ severity: 'warning', messageId: 'structured', data: { type: 'a mapping', target: 'openclaw', json: `"{\\"k\\":\\"${'x'.repeat(53)}…"` } }],
    },
    {
      // skills-ref 0.1.5 validate checks String(metadata.description); readProperties throws on a non-string.
      name: 'agentskills: a number is checked as its String(): a warning naming readProperties, with the quoted form',
      code: fm('42'),
      targets: ['agentskills'],
      errors: [
        {
          line: 3,
          column: 14,
          endColumn: 16,
          severity: 'warning',
          rejects: false,
          messageId: 'stringified',
          data: { type: 'a number', target: 'agentskills', text: '"42"', writeAs: ': description: "42"' },
          message:
            '"description" is a number; agentskills (skills-ref validate) checks its String(), "42", but skills-ref\'s readProperties throws on it and the standard asks for text. Write it as text: description: "42"',
        },
      ],
    },
    {
      name: 'agentskills: a mapping is "[object Object]", with nothing to quote',
      code: fm('\n  k: v'),
      targets: ['agentskills'],
      errors: [{ line: 4, column: 3, severity: 'warning', messageId: 'stringified', data: { type: 'a mapping', target: 'agentskills', text: '"[object Object]"', writeAs: '' } }],
    },
    {
      name: 'agentskills: a long String() is cut at 60 characters',
      code: fm(`[${Array.from({ length: 20 }, (_, i) => `word${i}`).join(', ')}]`),
      targets: ['agentskills'],
      errors: [{ messageId: 'stringified', data: { type: 'a list', target: 'agentskills', text: '"word0,word1,word2,word3,word4,word5,word6,word7,word8,word9…"', writeAs: '' } }],
    },
    {
      name: 'blank where one is required',
      code: fm('"  "'),
      errors: [{ line: 3, column: 14, endColumn: 18, severity: 'error', rejects: true, messageId: 'blank', data: {}, message: '"description" is blank; write one line saying when to use the skill' }],
    },
    {
      name: 'blank where it is optional',
      code: fm('"  "'),
      targets: ['ironclaw'],
      errors: [{ line: 3, column: 14, severity: 'info', rejects: false, messageId: 'blankInfo', data: {}, message: '"description" is blank; the catalog entry will be empty' }],
    },
    {
      name: 'Cerveau requires one line',
      code: '---\nname: s\ndescription: |\n  one\n  two\n---\nBody.\n',
      path: '.crv/skills/s.md',
      targets: ['cerveau'],
      errors: [
        {
          line: 3,
          column: 14,
          endLine: 6,
          endColumn: 1,
          severity: 'error',
          rejects: true,
          messageId: 'multiline',
          data: { lines: 2, target: 'cerveau' },
          message: '"description" spans 2 lines; cerveau requires a one-line description. Put it on one line and move detail into the body',
        },
      ],
    },
    {
      name: "over the standard's 1,024 characters",
      code: fm('word '.repeat(210)),
      targets: ['agentskills'],
      errors: [
        {
          line: 3,
          column: 14,
          severity: 'error',
          rejects: true,
          messageId: 'tooLong',
          data: { length: 1049, target: 'agentskills', max: 1024 },
          message: '"description" is 1049 characters; agentskills allows at most 1024. Shorten it and move detail into the body',
        },
      ],
    },
    {
      name: "Creo's catalog cuts a frontmatter description at 200 characters: the cut is shown where it falls",
      code: fm(WORDS),
      path: '.creo/skills/s/SKILL.md',
      targets: ['creo'],
      errors: [
        {
          line: 3,
          column: 214,
          endLine: 3,
          endColumn: 243,
          severity: 'info',
          rejects: false,
          messageId: 'catalogCut',
          data: { from: '', ...CUT },
          message:
            'description is 229 characters; the creo catalog shows only the first 200, cutting after "w45 w46 w47 w48 w49 w50 w51 w5" and dropping "2 w53 w54 w55 w56 w57 w58 w59". Put what decides loading in the first 200 characters',
        },
      ],
    },
    {
      name: 'the cut of a description after the H1',
      code: `# Title\n\n${WORDS}\n`,
      path: '.creo/skills/s/SKILL.md',
      targets: ['creo'],
      errors: [{ line: 3, column: 201, endColumn: 230, severity: 'info', messageId: 'catalogCut', data: { from: '', ...CUT } }],
    },
    {
      name: 'the cut of a description from skill-card.md names that file',
      code: 'Body without a heading.\n',
      path: '.creo/skills/s/SKILL.md',
      targets: ['creo'],
      folder: { 'skill-card.md': `# Card\n\n## Description\n\n${WORDS}\n` },
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'info',
          messageId: 'catalogCut',
          data: { from: ' (from skill-card.md)', ...CUT },
          message:
            'description (from skill-card.md) is 229 characters; the creo catalog shows only the first 200, cutting after "w45 w46 w47 w48 w49 w50 w51 w5" and dropping "2 w53 w54 w55 w56 w57 w58 w59". Put what decides loading in the first 200 characters',
        },
      ],
    },
  ],
});

describe('description: the parts of its messages', () => {
  it('fromFile', () => expect(reportMessage(rule.meta, { messageId: 'fromFile', data: { file: '_meta.json' } })).toBe(' (from _meta.json)'));
  it('writeAs', () => expect(reportMessage(rule.meta, { messageId: 'writeAs', data: { value: 'true' } })).toBe(': description: "true"'));
});
