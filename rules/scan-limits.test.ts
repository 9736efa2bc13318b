// The per-skill limits (file name, dot-folders, node_modules, depth) are RuleTester cases: the path alone decides
// them. The number of skills a runtime loads is counted over a whole tree (checkProject), which verify() does not
// run: those two ids are checked below on real trees through lint(). test/targets.test.ts and
// test/cli-habits.test.ts check the same limits through the CLI.

import { describe, expect, it } from 'vitest';
import { lint } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './scan-limits.js';

RuleTester.describe = describe;
RuleTester.it = it;
const SKILL = '---\nname: s\ndescription: d.\n---\nBody.\n';
const tester = new RuleTester({ targets: ['ironclaw'] });
const at = { line: 1, column: 1, severity: 'error' as const, rejects: true };

tester.run(rule, {
  valid: [
    { name: 'three folders below skills/ is as deep as IronClaw scans', code: SKILL, path: 'skills/a/b/c/SKILL.md' },
    { name: 'a flat skill file has no folder name to check', code: SKILL, path: 'skills/s.md', targets: ['agentskills'] },
    { name: 'the standard opens skill.md too', code: SKILL, path: 'skills/s/skill.md', targets: ['agentskills'] },
    { name: 'no depth limit is documented for the standard', code: SKILL, path: '.github/skills/a/b/c/d/e/f/g/SKILL.md', targets: ['agentskills'] },
    { name: 'Codex reads node_modules', code: SKILL, path: '.agents/skills/node_modules/s/SKILL.md', targets: ['codex'] },
    { name: 'IronClaw does not skip dot-folders', code: SKILL, path: 'skills/.hidden/SKILL.md' },
    { name: 'test data is not meant to be found: no limit applies', code: SKILL, path: 'skills/acme/scanner/test-fixtures/evil-01/SKILL.md' },
    { name: 'test data, whatever its file name', code: SKILL, path: 'skills/s/fixtures/x/skill.md', targets: ['claude-code'] },
  ],
  invalid: [
    {
      name: 'a file name the standard does not open',
      code: SKILL,
      path: 'skills/s/Skill.md',
      targets: ['agentskills'],
      errors: [
        {
          ...at,
          target: 'agentskills',
          messageId: 'fileName',
          data: { target: 'agentskills', names: 'SKILL.md or skill.md', file: 'Skill.md' },
          message: 'agentskills opens only SKILL.md or skill.md (file names are case-sensitive on Linux), so it never finds Skill.md. Rename the file to SKILL.md',
        },
      ],
      output: null,
    },
    {
      name: 'Claude Code opens only SKILL.md',
      code: SKILL,
      path: '.claude/skills/lower/skill.md',
      targets: ['claude-code'],
      errors: [{ ...at, messageId: 'fileName', data: { target: 'claude-code', names: 'SKILL.md', file: 'skill.md' } }],
    },
    {
      name: 'per target: OpenClaw rejects skill.md, IronClaw reads it',
      code: SKILL,
      path: 'skills/s/skill.md',
      targets: ['ironclaw', 'openclaw'],
      errors: [{ ...at, target: 'openclaw', messageId: 'fileName', data: { target: 'openclaw', names: 'SKILL.md', file: 'skill.md' } }],
    },
    {
      name: 'a dot-folder below the root Codex scans',
      code: SKILL,
      path: '.agents/skills/.hidden/SKILL.md',
      targets: ['codex'],
      errors: [
        {
          ...at,
          messageId: 'dotFolder',
          data: { target: 'codex', root: '.agents/skills', folder: '.hidden' },
          message: 'codex skips folders whose names start with "." below .agents/skills/, so it never finds this skill (in .hidden/). Rename the folder',
        },
      ],
    },
    {
      name: 'a node_modules folder below the root IronClaw scans',
      code: SKILL,
      path: 'skills/node_modules/s/SKILL.md',
      errors: [
        {
          ...at,
          target: 'ironclaw',
          messageId: 'nodeModules',
          data: { target: 'ironclaw', root: 'skills' },
          message: 'ironclaw skips node_modules folders below skills/, so it never finds this skill. Move the folder out of node_modules',
        },
      ],
    },
    {
      name: 'four folders below skills/: IronClaw scans three',
      code: SKILL,
      path: 'skills/a/b/c/d/SKILL.md',
      errors: [
        {
          ...at,
          messageId: 'tooDeep',
          data: { depth: 4, root: 'skills', target: 'ironclaw', max: 3, name: 'd' },
          message: 'this skill is 4 folders below skills/; ironclaw scans at most 3 (skills/<name>/SKILL.md is 1), so it never finds this skill. Move the folder up, e.g. to skills/d/SKILL.md',
        },
      ],
    },
    {
      name: 'Claude Code scans one folder deep',
      code: SKILL,
      path: '.claude/skills/group/deep/SKILL.md',
      targets: ['claude-code'],
      errors: [{ ...at, messageId: 'tooDeep', data: { depth: 2, root: '.claude/skills', target: 'claude-code', max: 1, name: 'deep' } }],
    },
  ],
});

const tree = tempTrees();
const skills = (prefix: string, n: number, files: Record<string, string> = {}) => {
  for (let i = 0; i < n; i++) files[`${prefix}/s${String(i).padStart(3, '0')}/SKILL.md`] = `---\nname: s${i}\n---\nSkill ${i}.\n`;
  return files;
};
async function findings(dir: string) {
  const r = await lint({ cwd: dir, rules: [rule], targets: ['ironclaw'] });
  return r.diagnostics.map((d) => ({ file: d.file, target: d.target, line: d.line, column: d.column, severity: d.severity, rejects: !!d.rejects, messageId: d.messageId, message: d.message }));
}

describe('scan-limits over a whole tree (lint)', () => {
  it('tooMany: 101 skills under IronClaw, which loads 100: one warning, on the first past the limit in path order', async () => {
    expect(await findings(tree(skills('skills', 100)))).toEqual([]);
    // Skills in a test-data folder are not counted.
    expect(await findings(tree(skills('skills/x/testdata', 3, skills('skills', 100))))).toEqual([]);
    expect(await findings(tree(skills('skills', 101)))).toEqual([
      {
        file: 'skills/s100/SKILL.md',
        target: 'ironclaw',
        line: 1,
        column: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'tooMany',
        message:
          '101 skills load under ironclaw, which loads at most 100: 1 of them are dropped, and which ones depends on the order the runtime lists folders in (not this file in particular). Remove or merge skills to stay within 100',
      },
    ]);
  });

  it('tooManyInCatalog: each skills root of a monorepo is counted apart and named', async () => {
    const files = skills('packages/b/skills', 60, skills('packages/a/skills', 102, { '.git/HEAD': 'x\n' }));
    expect(await findings(tree(files))).toEqual([
      {
        file: 'packages/a/skills/s100/SKILL.md',
        target: 'ironclaw',
        line: 1,
        column: 1,
        severity: 'warning',
        rejects: false,
        messageId: 'tooManyInCatalog',
        message:
          '102 skills load under ironclaw in packages/a/, which loads at most 100: 2 of them are dropped, and which ones depends on the order the runtime lists folders in (not this file in particular). Remove or merge skills to stay within 100',
      },
    ]);
  });

  it('insideSkill: OpenClaw never finds a skill in a folder below another skill folder; other targets do', async () => {
    const dir = tree({ 'skills/tools/SKILL.md': SKILL, 'skills/tools/deploy/SKILL.md': SKILL, 'skills/other/SKILL.md': SKILL });
    const r = await lint({ cwd: dir, rules: [rule], targets: ['openclaw', 'codex'] });
    expect(r.diagnostics.map((d) => ({ file: d.file, target: d.target, severity: d.severity, rejects: !!d.rejects, messageId: d.messageId, message: d.message }))).toEqual([
      {
        file: 'skills/tools/deploy/SKILL.md',
        target: 'openclaw',
        severity: 'error',
        rejects: true,
        messageId: 'insideSkill',
        message:
          "skills/tools/ holds a SKILL.md, and openclaw takes a folder holding SKILL.md as one skill and does not look inside it, so it never finds this skill. Move this skill's folder out beside skills/tools/, e.g. to skills/deploy/SKILL.md",
      },
    ]);
    // A group folder without SKILL.md of its own is looked into; so is test data, which is not checked.
    expect((await lint({ cwd: tree({ 'skills/tools/deploy/SKILL.md': SKILL, 'skills/tools/README.md': 'x\n' }), rules: [rule], targets: ['openclaw'] })).diagnostics).toEqual([]);
    expect((await lint({ cwd: tree({ 'skills/tools/SKILL.md': SKILL, 'skills/tools/fixtures/x/SKILL.md': SKILL }), rules: [rule], targets: ['openclaw'] })).diagnostics).toEqual([]);
  });
});
