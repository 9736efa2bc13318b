// loose-file reports what discovery saw in a skills root (a file beside the skill folders): verify() checks one
// file and runs no discovery, so the RuleTester states only that a skill file's text is no finding, and the message
// id is asserted below on real trees through lint().

import { describe, expect, it } from 'vitest';
import { lint } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './loose-file.js';

RuleTester.describe = describe;
RuleTester.it = it;
const SKILL = '---\nname: deploy\ndescription: Deploys.\n---\nSteps.\n';
const tester = new RuleTester({ path: '.jern/skills/deploy/SKILL.md', targets: ['jern'] });

tester.run(rule, {
  valid: [
    { name: 'a skill in its folder', code: SKILL },
    { name: 'a text that names a loose file is not one', code: SKILL.replace('Steps.', 'Never put deploy.md in .jern/skills/.') },
  ],
});

const tree = tempTrees();
async function findings(files: Record<string, string>) {
  const r = await lint({ cwd: tree(files), rules: [rule], targets: ['jern'] });
  return r.diagnostics
    .filter((d) => d.ruleId === 'loose-file')
    .map((d) => ({ file: d.file, line: d.line, column: d.column, severity: d.severity, target: d.target, messageId: d.messageId, message: d.message }));
}

describe('loose-file on real trees', () => {
  it('a Markdown file directly in .jern/skills/: Jern ignores it; move it into a folder named after it', async () => {
    expect(await findings({ '.jern/skills/deploy/SKILL.md': SKILL, '.jern/skills/notes.md': '# Notes\n' })).toEqual([
      {
        file: '.jern/skills/notes.md',
        line: 1,
        column: 1,
        severity: 'warning',
        target: 'jern',
        messageId: 'loose',
        message: '"notes.md" sits directly in .jern/skills/, where jern ignores files: it reads only .jern/skills/<folder>/SKILL.md. Move it to .jern/skills/notes/SKILL.md',
      },
    ]);
  });

  it('a loose SKILL.md: the folder is for the author to name', async () => {
    const found = await findings({ '.jern/skills/SKILL.md': SKILL });
    expect(found.map((d) => [d.file, d.messageId, d.message])).toEqual([
      [
        '.jern/skills/SKILL.md',
        'loose',
        '"SKILL.md" sits directly in .jern/skills/, where jern ignores files: it reads only .jern/skills/<folder>/SKILL.md. Move it to .jern/skills/<folder>/SKILL.md',
      ],
    ]);
  });

  it('files in skill folders are not loose', async () => {
    expect(await findings({ '.jern/skills/deploy/SKILL.md': SKILL, '.jern/skills/deploy/notes.md': '# Notes\n' })).toEqual([]);
  });
});
