// The file system bounds of the skill package (folder listing entries and depth) are reached only on disk: those
// cases stay in test/skill-package.test.ts. The per-file and per-skill bounds apply to in-memory folders too.

import { describe, it } from 'vitest';
import { MAX_PACKAGE_FILES, PACKAGE_FILE_BOUND } from '../src/core/limits.js';
import { RuleTester } from '../src/testing.js';
import rule from './not-scanned.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });
const SKILL = '---\nname: s\ndescription: Runs the bundled script.\n---\nRun `scripts/run.sh`.\n';
const big = `#!/bin/sh\n${'x'.repeat(PACKAGE_FILE_BOUND)}\n`; // PACKAGE_FILE_BOUND + 11 bytes
const notes = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`a/f${String(i).padStart(4, '0')}.txt`, 'note\n']));

tester.run(rule, {
  valid: [
    { name: 'every file of the package within the bounds', code: SKILL, folder: { 'scripts/run.sh': '#!/bin/sh\necho hello\n', 'references/a.md': 'A.\n' } },
    { name: `exactly ${MAX_PACKAGE_FILES} files`, code: SKILL, folder: notes(MAX_PACKAGE_FILES) },
  ],
  invalid: [
    {
      name: 'a file over the per-file bound: a warning on line 1',
      code: SKILL,
      folder: { 'scripts/run.sh': big },
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'one',
          data: { parts: '"skills/s/scripts/run.sh" (1,048,587 bytes, over the 1,048,576-byte bound per file)' },
          message:
            "a part of this skill's package was not scanned: \"skills/s/scripts/run.sh\" (1,048,587 bytes, over the 1,048,576-byte bound per file). No finding there means nothing: review it by hand, or split or shrink the package so every file fits the bounds",
        },
      ],
      output: null,
    },
    {
      name: 'the auditor persona makes it an error',
      code: SKILL,
      folder: { 'scripts/run.sh': big },
      persona: 'auditor',
      errors: [{ line: 1, column: 1, severity: 'error', messageId: 'one' }],
    },
    {
      name: 'a large file and files past the per-skill count: grouped by reason, the first five of a group named',
      code: SKILL,
      folder: { '0/run.sh': big, ...notes(MAX_PACKAGE_FILES + 7) },
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'many',
          data: {
            count: 8,
            parts:
              '"skills/s/0/run.sh" (1,048,587 bytes, over the 1,048,576-byte bound per file); "skills/s/a/f0256.txt", "skills/s/a/f0257.txt", "skills/s/a/f0258.txt", "skills/s/a/f0259.txt", "skills/s/a/f0260.txt" and 2 more (past 256 files read per skill)',
          },
          message:
            "8 parts of this skill's package were not scanned: \"skills/s/0/run.sh\" (1,048,587 bytes, over the 1,048,576-byte bound per file); \"skills/s/a/f0256.txt\", \"skills/s/a/f0257.txt\", \"skills/s/a/f0258.txt\", \"skills/s/a/f0259.txt\", \"skills/s/a/f0260.txt\" and 2 more (past 256 files read per skill). No finding there means nothing: review them by hand, or split or shrink the package so every file fits the bounds",
        },
      ],
    },
  ],
});
