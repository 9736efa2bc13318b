// not-scanned: content of the skill package that a bound left unread (a file over the per-file bound, past the files
// or bytes read per skill, a folder past the listing's entry or depth bound). A user must never read "0 findings"
// for content that was not read: warning by default, error for `--persona auditor`.

import { defineRule } from '../src/core/rule.js';
import { MAX_PACKAGE_BYTES, MAX_PACKAGE_FILES, PACKAGE_FILE_BOUND } from '../src/core/limits.js';
import { quote, thousands } from '../src/core/text.js';

/** Skipped files named in the message at most (the count says how many more). */
const NAMED = 5;

export default defineRule({
  meta: {
    id: 'not-scanned',
    description: `Files of the skill package that a bound left unread (over ${thousands(PACKAGE_FILE_BOUND)} bytes, past ${MAX_PACKAGE_FILES} files or ${MAX_PACKAGE_BYTES / 1048576} MiB per skill, past the folder listing's bounds): warning, error for --persona auditor`,
    severity: 'warning',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.3.0',
    examples: {
      bad: [{ files: { 'skills/big/SKILL.md': '---\nname: big\ndescription: Runs the bundled script.\n---\nRun `scripts/run.sh`.\n', 'skills/big/scripts/run.sh': `#!/bin/sh\n${'echo padding\n'.repeat(90_000)}` } }],
      good: [{ files: { 'skills/small/SKILL.md': '---\nname: small\ndescription: Runs the bundled script.\n---\nRun `scripts/run.sh`.\n', 'skills/small/scripts/run.sh': '#!/bin/sh\necho hello\n' } }],
    },
  },
  checkSkill(ctx) {
    // A skill file swapped or linked since discovery is already an error (symlink, read-error) that says nothing of
    // the folder was read: one cause, one finding.
    const read = ctx.skill.read.kind;
    if (read === 'changed' || read === 'symlink' || read === 'symlink-skipped') return;
    const skipped = ctx.skill.folder?.files().unscanned ?? [];
    if (skipped.length === 0) return;
    // Grouped by reason: a bound that skips thousands of files is one sentence with the first few names.
    const byWhy = new Map<string, string[]>();
    for (const u of skipped) {
      const list = byWhy.get(u.why);
      if (list) list.push(u.file);
      else byWhy.set(u.why, [u.file]);
    }
    const parts = [...byWhy].map(([why, files]) => {
      const named = files.slice(0, NAMED).map((f) => quote(f)).join(', ');
      const more = files.length > NAMED ? ` and ${thousands(files.length - NAMED)} more` : '';
      return `${named}${more} (${why})`;
    });
    const n = skipped.length;
    ctx.report({
      line: 1,
      column: 1,
      severity: ctx.persona === 'auditor' ? 'error' : 'warning',
      message: `${n === 1 ? 'a part' : `${thousands(n)} parts`} of this skill's package ${n === 1 ? 'was' : 'were'} not scanned: ${parts.join('; ')}. No finding there means nothing: review ${n === 1 ? 'it' : 'them'} by hand, or split or shrink the package so every file fits the bounds`,
    });
  },
});
