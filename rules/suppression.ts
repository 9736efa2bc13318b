// suppression: inline suppression directives without a reason, naming an unknown rule, or matching nothing.
// Reported by the suppress stage (src/engine/suppress.ts), not by a check: this module holds its metadata.

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
    // Rendered by src/engine/suppress.ts, which reports these ids.
    messages: {
      unknownDirective: 'unknown directive {{word}}: it suppresses nothing{{didYouMean}} (directives: {{directives}})',
      ignored: 'inline {{what}} ignored ({{why}}): findings it names are reported',
      enableUnmatched: 'skillcheck-enable ends no open skillcheck-disable block of {{what}} above it; remove it',
      noRule: 'suppression names no rule; write the rule id and a reason: {{example}}',
      noReasonSecurity:
        'suppression of {{rules}} has no reason, so it does not suppress the security rule{{s}} {{security}}; say why the finding is acceptable after " -- ": {{example}}',
      noReason: 'suppression of {{rules}} has no reason; say why the finding is acceptable after " -- ": {{example}}',
      unknownRule: 'suppression names unknown rule {{rule}}{{didYouMean}} (see "skillcheck rules")',
      unused: 'unused suppression: no {{rule}} finding {{where}}; remove the directive',
    },
  },
});
