// suppression: inline suppression directives without a reason, naming an unknown rule, or matching nothing.
// Reported by the suppress stage (src/node/suppress.ts), not by a check: this module holds its metadata.

import { defineRule } from '../src/core/rule.js';

const SKILL = (fm: string, body: string) => `---\nname: owned\ndescription: A skill with an extra key.\n${fm}---\n${body}`;

export default defineRule({
  meta: {
    id: 'suppression',
    description: 'Inline suppression without a reason, naming an unknown rule, or an unknown directive (warning); suppressing nothing, or ignored for an untrusted skill, the auditor persona or --no-inline-config (info)',
    severity: 'warning',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { '.claude/skills/owned/SKILL.md': SKILL('# skillcheck-disable-next-line unknown-field\nx-owner: platform-team\n', 'Body.\n') } },
        { files: { '.claude/skills/owned/SKILL.md': SKILL('', '<!-- skillcheck-disable-next-line empty-body -- the body is fine -->\nBody.\n') } },
      ],
      good: [
        {
          files: {
            '.claude/skills/owned/SKILL.md': SKILL('# skillcheck-disable-next-line unknown-field -- read by our own loader\nx-owner: platform-team\n', 'Body.\n'),
          },
        },
      ],
    },
  },
});
