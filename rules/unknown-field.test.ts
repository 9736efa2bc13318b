import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { RuleTester } from '../src/testing.js';
import rule from './unknown-field.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: '.claude/skills/s/SKILL.md', targets: ['claude-code'] });
const fm = (lines: string) => `---\nname: s\ndescription: d\n${lines}\n---\nBody.\n`;
const CLAUDE_KEYS =
  'name, description, license, compatibility, metadata, allowed-tools, argument-hint, disable-model-invocation, user-invocable, model, when_to_use, version, hooks, context, agent, effort, paths, shell';
const STANDARD = { path: 'skills/s/SKILL.md', targets: ['agentskills'] as const };
/** No location or frontmatter cue: --target auto falls back to the standard (autoFallback). */
const AUTO = { path: 'skills/s/SKILL.md', targets: 'auto' as const };

tester.run(rule, {
  valid: [
    { name: 'only keys Claude Code reads', code: fm('license: MIT\nallowed-tools: Read') },
    { name: "the standard's own keys", code: fm('license: MIT\nmetadata:\n  k: v'), ...STANDARD },
    { name: 'a frontmatter that does not parse is the frontmatter rule\'s', code: '---\nname: s\nname: t\n---\nBody.\n', ...STANDARD },
  ],
  invalid: [
    {
      name: 'a likely typo: a warning with the guess',
      code: '---\nname: s\ndescripton: d\n---\nBody.\n',
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 11,
          severity: 'warning',
          rejects: false,
          messageId: 'didYouMean',
          data: { key: '"descripton"', guess: '"description"', fate: 'claude-code ignores it' },
          message: 'unknown key "descripton"; did you mean "description"? claude-code ignores it',
        },
      ],
      output: null,
    },
    {
      name: 'an unknown key with no close match: info, with the known keys',
      code: fm('zzz: 1'),
      errors: [
        {
          line: 4,
          column: 1,
          endColumn: 4,
          severity: 'info',
          rejects: false,
          messageId: 'unknown',
          data: { key: '"zzz"', fate: 'claude-code ignores it', known: CLAUDE_KEYS },
          message: `unknown key "zzz"; claude-code ignores it. Known keys: ${CLAUDE_KEYS}`,
        },
      ],
    },
    {
      name: 'the guess never names a key the frontmatter already has',
      code: fm('descriptions: x'),
      errors: [{ severity: 'info', messageId: 'unknown', data: { key: '"descriptions"', fate: 'claude-code ignores it', known: CLAUDE_KEYS } }],
    },
    {
      name: "IronClaw's known keys",
      code: fm('foo: x'),
      path: 'skills/s/SKILL.md',
      targets: ['ironclaw'],
      errors: [{ severity: 'info', messageId: 'unknown', data: { key: '"foo"', fate: 'ironclaw ignores it', known: 'name, version, description, activation, metadata, requires' } }],
    },
    {
      name: "the standard chosen: the reference validator rejects the skill (error)",
      code: fm('version: 1'),
      ...STANDARD,
      errors: [
        {
          line: 4,
          column: 1,
          endColumn: 8,
          severity: 'error',
          rejects: true,
          messageId: 'unknown',
          data: { key: '"version"', fate: 'agentskills clients ignore it and the reference validator rejects it', known: 'name, description, license, compatibility, metadata, allowed-tools' },
          message:
            'unknown key "version"; agentskills clients ignore it and the reference validator rejects it. Known keys: name, description, license, compatibility, metadata, allowed-tools',
        },
      ],
    },
    {
      name: 'the standard chosen, a typo',
      code: fm('licence: MIT'),
      ...STANDARD,
      errors: [
        {
          severity: 'error',
          rejects: true,
          messageId: 'didYouMean',
          data: { key: '"licence"', guess: '"license"', fate: 'agentskills clients ignore it and the reference validator rejects it' },
          message: 'unknown key "licence"; did you mean "license"? agentskills clients ignore it and the reference validator rejects it',
        },
      ],
    },
    {
      name: "auto fell back to the standard: another runtime's key: the validator rejects the skill (an error naming the runtime)",
      code: fm('argument-hint: x'),
      ...AUTO,
      errors: [
        {
          line: 4,
          column: 1,
          endColumn: 14,
          severity: 'error',
          rejects: true,
          messageId: 'extension',
          data: { key: '"argument-hint"', readers: 'claude-code', s: 's', first: 'claude-code' },
          message:
            'key "argument-hint" is not in the standard: the reference validator rejects the skill (agentskills, checked for lack of a runtime cue); claude-code reads it, other clients ignore it. If the skill is for claude-code, check it as such: --target claude-code',
        },
      ],
    },
    {
      name: 'auto fell back: a key several runtimes read',
      code: fm('version: x'),
      ...AUTO,
      errors: [
        {
          severity: 'error',
          messageId: 'extension',
          data: { key: '"version"', readers: 'claude-code, ironclaw', s: '', first: 'claude-code' },
          message:
            'key "version" is not in the standard: the reference validator rejects the skill (agentskills, checked for lack of a runtime cue); claude-code, ironclaw read it, other clients ignore it. If the skill is for claude-code, check it as such: --target claude-code',
        },
      ],
    },
    { name: "auto fell back: OpenClaw's homepage", code: fm('homepage: x'), ...AUTO, errors: [{ messageId: 'extension', data: { key: '"homepage"', readers: 'openclaw', s: 's', first: 'openclaw' } }] },
  ],
});

describe('unknown-field: the parts of its messages', () => {
  const parts = [
    { messageId: 'fateIgnored', data: { target: 'codex' }, text: 'codex ignores it' },
    { messageId: 'fateRejected', data: { target: 'agentskills' }, text: 'agentskills clients ignore it and the reference validator rejects it' },
  ];
  for (const { messageId, data, text } of parts) {
    it(messageId, () => expect(reportMessage(rule.meta, { messageId, data })).toBe(text));
  }
});
