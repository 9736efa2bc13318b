import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { RuleTester } from '../src/testing.js';
import rule from './fallback.js';

RuleTester.describe = describe;
RuleTester.it = it;
const JERN = { path: '.jern/skills/deploy/SKILL.md', targets: ['jern'] as const };
const CREO = { path: '.creo/skills/deploy/SKILL.md', targets: ['creo'] as const };
const tester = new RuleTester(JERN);
const NO_FM = 'there is no frontmatter, so no';
const NO_USABLE = 'the frontmatter has no usable';
const folderName = (target: string, why = NO_FM) => ({
  messageId: 'name',
  data: { why, target, value: '"deploy"', source: 'its folder name', name: 'deploy' },
  message: `${why} "name"; ${target} names the skill "deploy" from its folder name. Add "name: deploy" to the frontmatter to make it explicit`,
});

tester.run(rule, {
  valid: [
    { name: 'both in the frontmatter', code: '---\nname: deploy\ndescription: Deploys the service to staging.\n---\nSteps follow.\n' },
    { name: 'a runtime without fallbacks', code: 'Body.\n', path: 'skills/deploy/SKILL.md', targets: ['agentskills'] },
    { name: "a broken frontmatter is the frontmatter rule's finding", code: '---\nname: [\n---\nBody.\n' },
  ],
  invalid: [
    {
      name: 'Jern, no frontmatter: the first line describes it, the folder names it',
      code: 'Deploys the service to staging.\n\nSteps follow.\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 32,
          severity: 'info',
          messageId: 'description',
          data: { why: NO_FM, target: 'jern', value: '"Deploys the service to staging."', source: 'its first line of text' },
          message:
            'there is no frontmatter, so no "description"; jern describes the skill as "Deploys the service to staging." (its first line of text). Add a "description: Use when …" line to the frontmatter',
        },
        { line: 1, column: 1, severity: 'info', rejects: false, ...folderName('jern') },
      ],
      output: null,
    },
    {
      name: 'Jern, a frontmatter without a name',
      code: '---\ndescription: Deploys.\n---\nSteps.\n',
      errors: [{ line: 1, column: 1, ...folderName('jern', NO_USABLE) }],
    },
    {
      name: 'Jern, a frontmatter without a description',
      code: '---\nname: deploy\n---\nSteps follow.\n',
      errors: [
        {
          line: 4,
          column: 1,
          endColumn: 14,
          messageId: 'description',
          data: { why: NO_USABLE, target: 'jern', value: '"Steps follow."', source: 'its first line of text' },
          message: 'the frontmatter has no usable "description"; jern describes the skill as "Steps follow." (its first line of text). Add a "description: Use when …" line to the frontmatter',
        },
      ],
    },
    {
      name: 'Creo: the H1 names it, the line after it describes it',
      code: '# Deploy Tool\n\nDeploys things.\n',
      ...CREO,
      errors: [
        {
          line: 1,
          column: 3,
          endColumn: 14,
          messageId: 'name',
          data: { why: NO_FM, target: 'creo', value: '"Deploy Tool"', source: 'its first "# " heading', name: 'Deploy Tool' },
          message: 'there is no frontmatter, so no "name"; creo names the skill "Deploy Tool" from its first "# " heading. Add "name: Deploy Tool" to the frontmatter to make it explicit',
        },
        { line: 3, column: 1, messageId: 'description', data: { why: NO_FM, target: 'creo', value: '"Deploys things."', source: 'its first line after the "# " heading' } },
      ],
    },
    {
      name: "Creo: _meta.json's slug names it, the runtime's default describes it",
      code: 'Body only.\n',
      ...CREO,
      folder: { '_meta.json': '{"slug":"dep-slug"}' },
      errors: [
        {
          line: 1,
          column: 1,
          messageId: 'description',
          data: { why: NO_FM, target: 'creo', value: '"Skill: deploy"', source: "the runtime's default" },
          message: 'there is no frontmatter, so no "description"; creo describes the skill as "Skill: deploy" (the runtime\'s default). Add a "description: Use when …" line to the frontmatter',
        },
        { line: 1, column: 1, messageId: 'name', data: { why: NO_FM, target: 'creo', value: '"dep-slug"', source: 'its _meta.json "slug"', name: 'dep-slug' } },
      ],
    },
    {
      name: "Creo: skill-card.md's Description section",
      code: 'Body only.\n',
      ...CREO,
      folder: { 'skill-card.md': '# Card\n\n## Description\n\nFrom the card.\n' },
      errors: [
        { messageId: 'description', data: { why: NO_FM, target: 'creo', value: '"From the card."', source: 'its skill-card.md "## Description"' } },
        folderName('creo'),
      ],
    },
    {
      name: 'Claude Code: the folder and the first line',
      code: 'Body.\n',
      path: '.claude/skills/deploy/SKILL.md',
      targets: ['claude-code'],
      errors: [{ line: 1, column: 1, endColumn: 6, messageId: 'description', data: { why: NO_FM, target: 'claude-code', value: '"Body."', source: 'its first line of text' } }, folderName('claude-code')],
    },
  ],
});

describe('fallback: the parts of its messages', () => {
  const parts = [
    { messageId: 'whyNoUsable', text: 'the frontmatter has no usable' },
    { messageId: 'whyNoFrontmatter', text: 'there is no frontmatter, so no' },
  ];
  for (const { messageId, text } of parts) it(messageId, () => expect(reportMessage(rule.meta, { messageId, data: {} })).toBe(text));
});
