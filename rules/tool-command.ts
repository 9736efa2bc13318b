// tool-command: Cerveau tool commands dangerous on their own (pattern pack rules/packs/tool-command.yaml).

import { packRule } from '../src/analysis/packs.js';

export default packRule({
  id: 'tool-command',
  description: 'Cerveau tool commands dangerous on their own: rm -rf on a variable or root, sudo, chmod 777, writing shell start-up files',
  severity: 'warning',
  confidence: 'high',
  category: 'security',
  fixable: false,
  since: '0.1.0',
  examples: {
    bad: [{ files: { 'skills/clean/SKILL.md': '---\nname: clean\ndescription: Cleans up.\ntools:\n  - name: wipe\n    command: rm -rf $TARGET\n---\nBody.\n' } }],
    good: [{ files: { 'skills/clean/SKILL.md': '---\nname: clean\ndescription: Cleans up.\ntools:\n  - name: wipe\n    command: rm -rf ./build\n---\nBody.\n' } }],
  },
});
