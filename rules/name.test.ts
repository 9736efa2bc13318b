import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { RuleTester } from '../src/testing.js';
import rule from './name.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/x/SKILL.md', targets: ['ironclaw'] });
const fm = (name: string) => `---\nname: ${name}\ndescription: d.\n---\nBody.\n`;
const IRONCLAW = '^[a-zA-Z0-9][a-zA-Z0-9._-]{0,63}$ (a letter or digit, then up to 63 letters, digits, ".", "_" or "-")';
const STANDARD = '1-64 lowercase letters (Latin, Cyrillic, CJK), digits and hyphens, no leading, trailing or double hyphen';
const DEPLOY = 'd\u0435ploy'; // Cyrillic e
const CYRILLIC_E = '; it contains U+0435 "\u0435" (Cyrillic) looks like Latin "e", so it reads as "deploy" but is a different name';

tester.run(rule, {
  valid: [
    { name: 'an IronClaw name in its pattern', code: fm('My.Skill_2') },
    { name: 'the standard: lowercase, the folder name', code: fm('my-skill'), path: 'skills/my-skill/SKILL.md', targets: ['agentskills'] },
    { name: 'Claude Code does not require a name', code: '---\ndescription: d.\n---\nBody.\n', path: '.claude/skills/x/SKILL.md', targets: ['claude-code'] },
    { name: 'OpenClaw reads a number as its text', code: fm('12'), targets: ['openclaw'] },
    { name: 'a frontmatter that is not a mapping is the frontmatter rule\'s finding', code: '---\n- a\n---\nBody.\n' },
  ],
  invalid: [
    {
      name: 'OpenCode registers a blank name under ""',
      code: '---\nname: ""\ndescription: Blank name.\n---\nBody.\n',
      path: '.opencode/skills/s/SKILL.md',
      targets: ['opencode'],
      errors: [
        {
          line: 2,
          column: 7,
          severity: 'warning',
          rejects: false,
          messageId: 'blankKept',
          message: '"name" is blank; opencode registers the skill under the empty name, which no one can ask for by name. Write a name',
        },
      ],
    },
    {
      name: 'no name where IronClaw requires one: the folder name is suggested',
      code: '---\ndescription: No name.\n---\nBody.\n',
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'error',
          rejects: true,
          messageId: 'missing',
          data: { target: 'ironclaw', suggestion: 'x' },
          message: 'no "name" in the frontmatter; ironclaw requires one. Add "name: x"',
        },
      ],
      output: null,
    },
    {
      name: 'a flat skill file: its file name is suggested',
      code: '---\ndescription: No name.\n---\nBody.\n',
      path: '.cerveau/skills/flat.md',
      targets: ['cerveau'],
      errors: [{ line: 1, column: 1, rejects: true, messageId: 'missing', data: { target: 'cerveau', suggestion: 'flat' } }],
    },
    {
      name: 'a number is not a string',
      code: fm('12'),
      errors: [
        { line: 2, column: 7, endLine: 2, endColumn: 9, severity: 'error', rejects: true, messageId: 'notString', data: { type: 'a number', value: '12' }, message: '"name" is a number; expected a string. Quote it: name: "12"' },
      ],
    },
    { name: 'a list is not a string', code: fm('[a, b]'), errors: [{ line: 2, column: 7, messageId: 'notString', data: { type: 'a list', value: 'a,b' } }] },
    {
      name: 'a blank name',
      code: fm('"  "'),
      errors: [{ line: 2, column: 7, rejects: true, messageId: 'blank', data: { expected: IRONCLAW }, message: `"name" is blank; expected ${IRONCLAW}` }],
    },
    {
      name: "outside IronClaw's pattern: rejected",
      code: fm('-bad name'),
      errors: [
        {
          line: 2,
          column: 7,
          severity: 'error',
          rejects: true,
          messageId: 'pattern',
          data: { name: '"-bad name"', expected: IRONCLAW, target: 'ironclaw', lookalikes: '' },
          message: `name "-bad name" does not match ${IRONCLAW}; ironclaw rejects the skill`,
        },
      ],
    },
    {
      name: 'outside the pattern with a lookalike letter: the lookalike is named',
      code: fm(DEPLOY),
      path: 'skills/deploy/SKILL.md',
      errors: [
        {
          line: 2,
          column: 7,
          messageId: 'pattern',
          data: { name: `"${DEPLOY}"`, expected: IRONCLAW, target: 'ironclaw', lookalikes: CYRILLIC_E },
          message: `name "${DEPLOY}" does not match ${IRONCLAW}; ironclaw rejects the skill${CYRILLIC_E}`,
        },
      ],
    },
    {
      name: 'a valid name with a lookalike letter: a warning',
      code: fm(DEPLOY),
      path: '.claude/skills/deploy/SKILL.md',
      targets: ['claude-code'],
      errors: [
        {
          line: 2,
          column: 7,
          severity: 'warning',
          rejects: false,
          messageId: 'lookalike',
          data: { name: `"${DEPLOY}"`, lookalikes: CYRILLIC_E },
          message: `name "${DEPLOY}"; it contains U+0435 "\u0435" (Cyrillic) looks like Latin "e", so it reads as "deploy" but is a different name`,
        },
      ],
    },
    {
      // skills-ref 0.1.5 validate checks String(metadata.name); readProperties throws on a non-string.
      name: "agentskills: a number is checked as its String(): a warning naming readProperties, with the quoted form",
      code: fm('42'),
      path: 'skills/42/SKILL.md',
      targets: ['agentskills'],
      errors: [
        {
          line: 2,
          column: 7,
          endColumn: 9,
          severity: 'warning',
          rejects: false,
          messageId: 'stringified',
          data: { type: 'a number', target: 'agentskills', text: '"42"', writeAs: ': name: "42"' },
          message:
            '"name" is a number; agentskills (skills-ref validate) checks its String(), "42", but skills-ref\'s readProperties throws on it and the standard asks for text. Write it as text: name: "42"',
        },
      ],
    },
    {
      name: 'agentskills: a null name is the text "null", with nothing to quote',
      code: '---\nname:\ndescription: d.\n---\nBody.\n',
      path: 'skills/null/SKILL.md',
      targets: ['agentskills'],
      errors: [{ line: 2, column: 6, severity: 'warning', messageId: 'stringified', data: { type: 'null', target: 'agentskills', text: '"null"', writeAs: '' } }],
    },
    {
      // Moved from test/messages-17.test.ts: one cause, one finding, under 200 characters.
      name: 'a title-like name: one error that suggests the folder name',
      code: fm('Clock Automation'),
      path: 'skills/clock-automation/SKILL.md',
      targets: ['agentskills'],
      errors: [
        {
          line: 2,
          column: 7,
          severity: 'error',
          rejects: true,
          messageId: 'shapeUseFolder',
          data: { name: '"Clock Automation"', problems: 'has characters outside the letters skills-ref allows, digits and "-" ("C", " ", "A")', folder: 'clock-automation', lookalikes: '' },
          message: 'name "Clock Automation" has characters outside the letters skills-ref allows, digits and "-" ("C", " ", "A") and differs from its folder; use the folder\'s name: name: clock-automation',
        },
      ],
    },
    {
      name: 'too long, and differs from a valid folder',
      code: fm('a'.repeat(70)),
      targets: ['agentskills'],
      errors: [
        {
          messageId: 'shapeUseFolder',
          data: { name: `"${'a'.repeat(70)}"`, problems: 'is 70 characters, over 64', folder: 'x', lookalikes: '' },
          message: `name "${'a'.repeat(70)}" is 70 characters, over 64 and differs from its folder; use the folder's name: name: x`,
        },
      ],
    },
    {
      name: 'every shape problem, a folder that is not valid either: an example is derived from the name',
      code: fm('Bad--Name-'),
      path: 'skills/Other/SKILL.md',
      targets: ['agentskills'],
      errors: [
        {
          line: 2,
          column: 7,
          rejects: true,
          messageId: 'shape',
          data: {
            name: '"Bad--Name-"',
            problems: 'has characters outside the letters skills-ref allows, digits and "-" ("B", "N"), starts or ends with a hyphen, has two hyphens in a row',
            mismatch: ' and differs from its folder "Other"',
            expected: STANDARD,
            example: ' (for example "bad-name")',
            lookalikes: '',
          },
          message: `name "Bad--Name-" has characters outside the letters skills-ref allows, digits and "-" ("B", "N"), starts or ends with a hyphen, has two hyphens in a row and differs from its folder "Other"; expected ${STANDARD} (for example "bad-name")`,
        },
      ],
    },
    {
      name: 'hyphen problems in a name equal to its folder',
      code: fm('a--b-'),
      path: 'skills/a--b-/SKILL.md',
      targets: ['agentskills'],
      errors: [
        {
          messageId: 'shape',
          data: { name: '"a--b-"', problems: 'starts or ends with a hyphen, has two hyphens in a row', mismatch: '', expected: STANDARD, example: ' (for example "a-b")', lookalikes: '' },
        },
      ],
    },
    {
      // skills-ref's isLetter takes Cyrillic (U+0400–U+04FF): the lookalike is a folder mismatch, not a bad character.
      name: 'a lookalike letter: a Cyrillic letter is allowed, the name then differs from its folder',
      code: fm(DEPLOY),
      path: 'skills/deploy/SKILL.md',
      targets: ['agentskills'],
      errors: [
        {
          messageId: 'folderMismatch',
          data: { name: `"${DEPLOY}"`, folder: '"deploy"', rejecters: 'skills-ref', verb: 'rejects', loaders: '; Claude Code, Codex, OpenCode and OpenClaw load it', lookalikes: CYRILLIC_E },
        },
      ],
    },
    {
      // The verdict is read from the measured profiles.
      name: 'a valid name that differs from its folder: who rejects it, who loads it',
      code: fm('other-name'),
      path: 'skills/my-folder/SKILL.md',
      targets: ['agentskills'],
      errors: [
        {
          line: 2,
          column: 7,
          endColumn: 17,
          severity: 'error',
          rejects: true,
          messageId: 'folderMismatch',
          data: { name: '"other-name"', folder: '"my-folder"', rejecters: 'skills-ref', verb: 'rejects', loaders: '; Claude Code, Codex, OpenCode and OpenClaw load it', lookalikes: '' },
          message:
            'name "other-name" does not match its folder "my-folder": skills-ref rejects it (the standard requires them equal); Claude Code, Codex, OpenCode and OpenClaw load it. Rename the folder or the name',
        },
      ],
    },
  ],
});

// Parts are templates too, rendered into the data of the messages above ({{lookalikes}}, {{problems}}, …).
describe('name: the parts of its messages', () => {
  const parts = [
    { messageId: 'lookalikes', data: { chars: 'U+0435 "\u0435" (Cyrillic) looks like Latin "e"', skeleton: '"deploy"' }, text: CYRILLIC_E },
    { messageId: 'lookalikeChar', data: { codePoint: 'U+0435', char: '\u0435', script: 'Cyrillic', looksLike: 'e' }, text: 'U+0435 "\u0435" (Cyrillic) looks like Latin "e"' },
    { messageId: 'tooLong', data: { length: 70, max: 64 }, text: 'is 70 characters, over 64' },
    { messageId: 'badChars', data: { chars: '"B"' }, text: 'has characters outside the letters skills-ref allows, digits and "-" ("B")' },
    { messageId: 'hyphenEnds', data: {}, text: 'starts or ends with a hyphen' },
    { messageId: 'doubleHyphen', data: {}, text: 'has two hyphens in a row' },
    { messageId: 'differsFromFolder', data: { folder: '"Other"' }, text: ' and differs from its folder "Other"' },
    { messageId: 'forExample', data: { example: '"a-b"' }, text: ' (for example "a-b")' },
    { messageId: 'loaders', data: { runtimes: 'Codex' }, text: '; Codex load it' },
    { messageId: 'writeAs', data: { value: 'true' }, text: ': name: "true"' },
  ];
  for (const { messageId, data, text } of parts) {
    it(messageId, () => expect(reportMessage(rule.meta, { messageId, data })).toBe(text));
  }
});
