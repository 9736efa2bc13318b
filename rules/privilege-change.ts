// privilege-change: permission and privilege changes (chmod 777 / a+rwx, setuid bits, chown root on system paths, sudoers edits) and erasing logs or shell history (pattern pack rules/packs/privilege-change.yaml, then the behaviour model's chains, src/analysis/behaviour/).
// A command whose own line carries a comment discouraging it ("chmod 777 /x  # not recommended for production")
// is shown as what not to do. Those words are the skill's own text, which an attacker writes: as for the model's
// chains (Chain.lowered), they lower the finding to info only in a skill at the highest trust.

import { packAndChainsRule } from '../src/analysis/behaviour/report.js';
import { highestTrust } from '../src/core/trust.js';

/** A comment on the command's line that discourages it. */
const DISCOURAGED = /(?:#|\/\/|<!--|\bREM\b)[^\n]*\b(?:not (?:recommended|secure|safe)|insecure|unsafe|dangerous|never (?:use|do|run)|avoid|(?:don'?t|do not) (?:use|do|run)|bad practice)\b/i;

export default packAndChainsRule(
  {
    id: 'privilege-change',
    description: 'Permission and privilege changes (chmod 777 / a+rwx, setuid bits, chown root on system paths, sudoers edits) and erasing logs or shell history',
    severity: 'warning',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.2.0',
    examples: {
      bad: [{ files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\n```sh\nchmod 777 /opt/shared && sudo chown -R root:root /opt/shared\n```\n' } }],
      good: [{ files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\n```sh\nchmod 755 bin/tool\n```\n' } }],
    },
  },
  (ctx, t, line) => (ctx.skill.trust === highestTrust() && DISCOURAGED.test(line) ? { ...t, report: { ...t.report, severity: 'info', confidence: 'low' } } : t),
);
