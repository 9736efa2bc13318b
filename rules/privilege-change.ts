// privilege-change: permission and privilege changes (chmod 777 / a+rwx, setuid bits, chown root on system paths, sudoers edits) and erasing logs or shell history (pattern pack rules/packs/privilege-change.yaml).

import { catalogueAware } from '../src/analysis/catalogue.js';
import { loadPack, runPack, type Pack, withPackMessages } from '../src/analysis/packs.js';
import { defineRule } from '../src/core/rule.js';
import { CHAIN_MESSAGE, collecting, reportChains, type Taken } from '../src/analysis/behaviour/report.js';

let pack: Pack | null = null;

export default defineRule({
  meta: withPackMessages({
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
}, { chain: CHAIN_MESSAGE }),
  checkSkill(skillCtx) {
    // The pattern pack first, then the behaviour model's chains (src/analysis/behaviour/) on lines it did not report.
    pack ??= loadPack('privilege-change');
    const taken: Taken[] = [];
    runPack(catalogueAware(collecting(skillCtx, taken)), pack);
    reportChains(catalogueAware(skillCtx), 'privilege-change', taken, skillCtx);
  },
});
