// privilege-change: permission and privilege changes (chmod 777 / a+rwx, setuid bits, chown root on system paths, sudoers edits) and erasing logs or shell history (pattern pack rules/packs/privilege-change.yaml, then the behaviour model's chains, src/analysis/behaviour/).
// A command whose own line carries a comment discouraging it ("chmod 777 /x  # not recommended for production")
// is shown as what not to do. Those words are the skill's own text, which an attacker writes: as for the model's
// chains (Chain.lowered), they lower the finding to info only in a skill at the highest trust. So does a command
// written as an element of a list of strings (a blocklist, test inputs): it is data unless something runs the list,
// and whether something does is more than a line can tell, so the lowering is kept to the highest trust too.

import { packAndChainsRule } from '../src/analysis/behaviour/report.js';
import { highestTrust } from '../src/core/trust.js';

/** A line that is only elements of a list of strings (`"rm -rf /", "chmod -R 777 /",`, optionally `NAME = [` before
 *  and `]` after): a blocklist, test inputs or patterns a tool matches against, data rather than a command run.
 *  A config value (`"setup": "chmod 777 /x"`) is not one: it has a key. */
const LIST_ELEMENTS = /^\s*(?:[\w.$]+\s*[:=]\s*)?\[?\s*(?:(["'])(?:(?!\1)[^\\\n]|\\.)*\1\s*,\s*)+(?:(["'])(?:(?!\2)[^\\\n]|\\.)*\2\s*)?\]?\s*[,;]?\s*(?:(?:#|\/\/).*)?$/;
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
  (ctx, t, line) => (ctx.skill.trust === highestTrust() && (DISCOURAGED.test(line) || LIST_ELEMENTS.test(line)) ? { ...t, report: { ...t.report, severity: 'info', confidence: 'low' } } : t),
);
