// CLI habits users bring from ESLint and markdownlint-cli2 (issue 18), and the pre-commit mapping of changed files.

import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillFoldersOf } from '../src/changed.js';
import { runCli, tempTrees } from './helpers.js';

const tree = tempTrees();

const GOOD = '---\nname: good\ndescription: Summarises the weekly team notes into a short update.\n---\nRead the notes and write the update.\n';
// The name differs from its folder: an error for agentskills.
const BAD = '---\nname: bad\ndescription: Deploys the service to production when asked.\n---\nRun the deploy.\n';

describe('--changed-files (the pre-commit hook)', () => {
  it('maps files in references/ and scripts/ to the skill folder that holds them', () => {
    const root = tree({
      'skills/a/SKILL.md': GOOD,
      'skills/a/references/deep/notes.md': 'x\n',
      'skills/b/SKILL.md': BAD,
      'skills/b/scripts/run.sh': 'echo\n',
      'scripts/build.sh': 'echo\n',
      'README.md': '# r\n',
    });
    expect(skillFoldersOf(['skills/a/references/deep/notes.md', 'skills/b/scripts/run.sh', 'scripts/build.sh', 'README.md', 'skills/b/SKILL.md'], root)).toEqual([
      path.join(root, 'skills/a'),
      path.join(root, 'skills/b'),
    ]);
    // Never above the working directory: a SKILL.md in a parent folder does not make every file a skill file.
    expect(skillFoldersOf(['references/x.md'], path.join(root, 'skills/a'))).toEqual([path.join(root, 'skills/a')]);
    expect(skillFoldersOf(['../b/scripts/run.sh'], path.join(root, 'skills/a'))).toEqual([]);
    expect(skillFoldersOf(['x.md'], path.join(root, 'scripts'))).toEqual([]);
  });

  it('checks the whole skill when only a side file changed, and is silent when no file is in a skill', async () => {
    const root = tree({ 'skills/b/SKILL.md': BAD, 'skills/b/scripts/run.sh': 'echo\n', 'docs/x.md': 'x\n' });
    const r = await runCli(['--changed-files', '--', 'skills/b/scripts/run.sh'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^skills\/b\/SKILL\.md:2:7 +error .*does not match its folder/m);
    const none = await runCli(['--changed-files', '--', 'docs/x.md'], root);
    expect(none).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
