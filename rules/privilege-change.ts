// privilege-change: permission and privilege changes (chmod 777 / a+rwx, setuid bits, chown root on system paths, sudoers edits) and erasing logs or shell history (pattern pack rules/packs/privilege-change.yaml, then the behaviour model's chains, src/analysis/behaviour/).

import { packAndChainsRule } from '../src/analysis/behaviour/report.js';

export default packAndChainsRule({
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
});
