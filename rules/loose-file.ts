// loose-file: a file directly in a skills root that only reads skill folders (Jern: `.jern/skills/<folder>/SKILL.md`).

import * as path from 'node:path';
import { defineRule, type RuleMeta } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';

const meta: RuleMeta = {
  id: 'loose-file',
  description: 'A Markdown file directly under .jern/skills/ (not in a skill folder): Jern ignores it',
  severity: 'warning',
  confidence: 'high',
  category: 'validator',
  fixable: false,
  since: '0.2.0',
  examples: {
    bad: [{ files: { '.jern/skills/deploy.md': '---\nname: deploy\ndescription: Deploys.\n---\nSteps.\n' } }],
    good: [{ files: { '.jern/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys.\n---\nSteps.\n' } }],
  },
  messages: {
    // {{dest}}: the file's stem as the folder (notes.md: notes/SKILL.md), or <folder>/SKILL.md for a loose SKILL.md.
    loose: '{{file}} sits directly in {{root}}/, where {{target}} ignores files: it reads only {{root}}/<folder>/SKILL.md. Move it to {{root}}/{{dest}}',
  },
};

export default defineRule({
  meta,
  checkProject(ctx) {
    for (const ev of ctx.events) {
      if (ev.kind !== 'loose-file') continue;
      const base = path.basename(ev.absPath);
      const stem = base.replace(/\.md$/i, '');
      const dest = /^skill$/i.test(stem) ? '<folder>/SKILL.md' : `${stem}/SKILL.md`;
      ctx.report({
        file: ctx.display(ev.absPath),
        target: ev.target,
        messageId: 'loose',
        data: { file: quote(base), root: ev.root, target: ev.target, dest },
      });
    }
  },
});
