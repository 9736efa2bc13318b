// duplicate-name compares the skills of a run: verify() checks one file, so the RuleTester states only that a skill
// alone is no finding, and each message id is asserted below on a real tree through lint() (kept as
// lint() tests and listed in test/rules-meta.test.ts MESSAGES_ASSERTED with this file).

import { describe, expect, it } from 'vitest';
import { reportMessage } from '../src/core/rule.js';
import { lint, type LintOptions } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './duplicate-name.js';

RuleTester.describe = describe;
RuleTester.it = it;
const SKILL = (name: string) => `---\nname: ${name}\ndescription: d.\n---\nBody.\n`;
const tester = new RuleTester({ path: '.claude/skills/s/SKILL.md', targets: ['claude-code'] });

tester.run(rule, {
  valid: [
    { name: 'a skill alone has no duplicate', code: SKILL('s') },
    { name: 'nor under the standard', code: SKILL('s'), path: 'skills/s/SKILL.md', targets: ['agentskills'] },
  ],
});

const tree = tempTrees();
/** The duplicate-name findings of a lint() run with this rule alone over a tree of skill files. */
async function findings(files: Record<string, string>, targets: LintOptions['targets']) {
  const r = await lint({ cwd: tree(files), rules: [rule], targets });
  return r.diagnostics
    .filter((d) => d.ruleId === 'duplicate-name')
    .map((d) => ({ file: d.file, line: d.line, column: d.column, severity: d.severity, rejects: !!d.rejects, messageId: d.messageId, message: d.message }));
}

describe('duplicate-name on real trees', () => {
  it('unique: Cerveau requires unique names and keeps the first', async () => {
    expect(await findings({ '.crv/skills/standup.md': SKILL('standup'), '.crv/skills/standup2.md': SKILL('standup') }, ['cerveau'])).toEqual([
      {
        file: '.crv/skills/standup2.md',
        line: 2,
        column: 7,
        severity: 'error',
        rejects: true,
        messageId: 'unique',
        message: 'name "standup" is also used by .crv/skills/standup.md; cerveau requires unique names and keeps only .crv/skills/standup.md. Rename one of them',
      },
    ]);
  });

  it('listsBoth: Claude Code lists both under one name', async () => {
    expect(await findings({ '.claude/skills/twin-a/SKILL.md': SKILL('twin'), '.claude/skills/twin-b/SKILL.md': SKILL('twin') }, ['claude-code'])).toEqual([
      {
        file: '.claude/skills/twin-a/SKILL.md',
        line: 2,
        column: 7,
        severity: 'warning',
        rejects: false,
        messageId: 'listsBoth',
        message: 'name "twin" is also used by .claude/skills/twin-b/SKILL.md; claude-code lists both under the same name, and the model cannot tell them apart. Rename one of them',
      },
    ]);
  });

  it('race: OpenCode keeps whichever registers last', async () => {
    expect(await findings({ '.opencode/skills/race-a/SKILL.md': SKILL('race'), '.opencode/skills/race-b/SKILL.md': SKILL('race') }, ['opencode'])).toEqual([
      {
        file: '.opencode/skills/race-a/SKILL.md',
        line: 2,
        column: 7,
        severity: 'warning',
        rejects: false,
        messageId: 'race',
        message:
          'name "race" is also used by .opencode/skills/race-b/SKILL.md; opencode keeps one of them, and which one depends on the order its file scan finishes in (a race). Rename one of them',
      },
    ]);
  });

  it('shadowed by root precedence: Creo reads .creo/autoskills before .creo/skills', async () => {
    expect(await findings({ '.creo/autoskills/deploy/SKILL.md': SKILL('deploy'), '.creo/skills/deploy/SKILL.md': SKILL('deploy') }, ['creo'])).toEqual([
      {
        file: '.creo/skills/deploy/SKILL.md',
        line: 2,
        column: 7,
        severity: 'error',
        rejects: true,
        messageId: 'shadowed',
        message: 'name "deploy" is also used by .creo/autoskills/deploy/SKILL.md; creo loads that one (.creo/autoskills/ comes before .creo/skills/) and drops this file. Rename one of them',
      },
    ]);
  });

  it('shadowed by scan order: Cuca keeps the last one found', async () => {
    expect(await findings({ 'skills/a/SKILL.md': SKILL('x'), 'skills/b/SKILL.md': SKILL('x') }, ['cuca'])).toEqual([
      {
        file: 'skills/a/SKILL.md',
        line: 2,
        column: 7,
        severity: 'error',
        rejects: true,
        messageId: 'shadowed',
        message: 'name "x" is also used by skills/b/SKILL.md; cuca loads that one (it keeps the last one found) and drops this file. Rename one of them',
      },
    ]);
  });

  it('shadowed, the name from a fallback: Jern names a skill without frontmatter after its folder', async () => {
    expect(await findings({ '.jern/skills/a/SKILL.md': SKILL('deploy'), '.jern/skills/deploy/SKILL.md': 'Deploys.\n' }, ['jern'])).toEqual([
      {
        file: '.jern/skills/deploy/SKILL.md',
        line: 1,
        column: 1,
        severity: 'error',
        rejects: true,
        messageId: 'shadowed',
        message: 'name "deploy" (from its folder name) is also used by .jern/skills/a/SKILL.md; jern loads that one (it keeps the first one found) and drops this file. Rename one of them',
      },
    ]);
  });

  it('otherFolder: independent roots collide only if installed together (info)', async () => {
    expect(await findings({ 'repo-a/skills/deploy/SKILL.md': SKILL('deploy'), 'repo-b/skills/deploy/SKILL.md': SKILL('deploy') }, ['agentskills'])).toEqual([
      {
        file: 'repo-b/skills/deploy/SKILL.md',
        line: 2,
        column: 7,
        severity: 'info',
        rejects: false,
        messageId: 'otherFolder',
        message:
          'name "deploy" is also used by repo-a/skills/deploy/SKILL.md, in another folder; if both are installed together, agentskills keeps the one it finds first and drops the other. Rename one if they ship together',
      },
    ]);
    const last = await findings({ 'hub/skills/alice/browser/SKILL.md': SKILL('browse'), 'hub/skills/bob/web/SKILL.md': SKILL('browse') }, ['openclaw']);
    expect(last.map((d) => [d.file, d.messageId, d.message])).toEqual([
      [
        'hub/skills/bob/web/SKILL.md',
        'otherFolder',
        'name "browse" is also used by hub/skills/alice/browser/SKILL.md, in another folder; if both are installed together, openclaw keeps the one it finds last and drops the other. Rename one if they ship together',
      ],
    ]);
  });

  it('plugins are namespaced: no collision', async () => {
    expect(await findings({ 'plugins/a/skills/deploy/SKILL.md': SKILL('deploy'), 'plugins/b/skills/deploy/SKILL.md': SKILL('deploy') }, ['claude-code'])).toEqual([]);
  });
});

// Parts are templates too, rendered into the data above.
describe('duplicate-name: the parts of its messages', () => {
  const parts = [
    { messageId: 'outcomeFirst', data: { target: 'agentskills' }, text: 'agentskills keeps the one it finds first and drops the other' },
    { messageId: 'outcomeLast', data: { target: 'openclaw' }, text: 'openclaw keeps the one it finds last and drops the other' },
    { messageId: 'outcomeAll', data: { target: 'codex' }, text: 'codex lists both under one name' },
    { messageId: 'outcomeRace', data: { target: 'opencode' }, text: 'opencode keeps one of them, whichever registers last' },
    { messageId: 'rootBefore', data: { first: '.creo/autoskills', second: '.creo/skills' }, text: '.creo/autoskills/ comes before .creo/skills/' },
    { messageId: 'rootBeforeHere', data: { first: '.creo/autoskills' }, text: '.creo/autoskills/ comes before this location' },
    { messageId: 'scanOrder', data: { order: 'last' }, text: 'it keeps the last one found' },
    { messageId: 'fromSource', data: { source: 'folder name' }, text: ' (from its folder name)' },
  ];
  for (const { messageId, data, text } of parts) {
    it(messageId, () => expect(reportMessage(rule.meta, { messageId, data })).toBe(text));
  }
});
