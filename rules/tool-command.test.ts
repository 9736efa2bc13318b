// tool-command: RuleTester cases. Every message id of the rule (one per entry of rules/packs/tool-command.yaml) is
// asserted with its data, position, severity and whole text; the valid cases are the pack's nomatch examples, placed
// where the entry runs, and benign text.

import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './tool-command.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });

tester.run(rule, {
  valid: [
    {
      name: 'rm-rf-variable-or-root nomatch (tool-command): rm -rf ./build',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      rm -rf ./build\n---\nBody.\n',
    },
    {
      name: 'rm-rf-variable-or-root nomatch (tool-command): rm -f $TMPFILE',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      rm -f $TMPFILE\n---\nBody.\n',
    },
    {
      name: 'rm-rf-variable-or-root nomatch (tool-command): rm -rf node_modules',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      rm -rf node_modules\n---\nBody.\n',
    },
    {
      name: 'sudo nomatch (tool-command): pseudocode-runner --input {{file}}',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      pseudocode-runner --input {{file}}\n---\nBody.\n',
    },
    {
      name: 'sudo nomatch (tool-command): echo sudoers',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      echo sudoers\n---\nBody.\n',
    },
    {
      name: 'world-writable nomatch (tool-command): chmod 755 bin/tool',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      chmod 755 bin/tool\n---\nBody.\n',
    },
    {
      name: 'world-writable nomatch (tool-command): chmod +x ./run.sh',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      chmod +x ./run.sh\n---\nBody.\n',
    },
    {
      name: 'shell-startup-write nomatch (tool-command): cat ~/.bashrc',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      cat ~/.bashrc\n---\nBody.\n',
    },
    {
      name: 'shell-startup-write nomatch (tool-command): source ~/.zshrc && run',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      source ~/.zshrc && run\n---\nBody.\n',
    },
    {
      name: 'the rule\'s good example',
      code: '---\nname: clean\ndescription: Cleans up.\ntools:\n  - name: wipe\n    command: rm -rf ./build\n---\nBody.\n',
    },
  ],
  invalid: [
    {
      name: 'rm-rf-variable-or-root (tool-command): recursive forced delete of a variable, the root, home or a glob',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      rm -rf $TARGET\n---\nBody.\n',
      errors: [
        {
          messageId: 'rm-rf-variable-or-root',
          data: { match: '"rm -rf $TARGET"', where: 'in the command of Cerveau tool "go"' },
          line: 7,
          column: 7,
          severity: 'warning',
          message: 'deletes recursively in the command of Cerveau tool "go": "rm -rf $TARGET"; an empty or attacker-chosen argument removes far more than intended. Delete a fixed path inside a known folder, and check the variable first ("${VAR:?}")',
        },
      ],
    },
    {
      name: 'sudo (tool-command): command run with sudo',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      sudo systemctl restart app\n---\nBody.\n',
      errors: [
        {
          messageId: 'sudo',
          data: { match: '"sudo systemctl restart app"', where: 'in the command of Cerveau tool "go"' },
          line: 7,
          column: 7,
          severity: 'warning',
          message: 'runs a command as root in the command of Cerveau tool "go": "sudo systemctl restart app"; a tool the model can call should never escalate privileges. Drop sudo and grant only the access the tool needs',
        },
      ],
    },
    {
      name: 'world-writable (tool-command): chmod 777 or world-writable permissions',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      chmod 777 /tmp/x\n---\nBody.\n',
      errors: [
        {
          messageId: 'world-writable',
          data: { match: '"chmod 777"', where: 'in the command of Cerveau tool "go"' },
          line: 7,
          column: 7,
          severity: 'warning',
          message: 'makes files world-writable in the command of Cerveau tool "go": "chmod 777"; any local user or process can then change them. Use the narrowest mode that works (for example 755 or 644)',
        },
      ],
    },
    {
      name: 'shell-startup-write (tool-command): writes to a shell start-up file',
      code: '---\nname: s\ndescription: Helps with the project.\ntools:\n  - name: go\n    command: |-\n      echo "export PATH=$PATH:/opt/x" >> ~/.bashrc\n---\nBody.\n',
      errors: [
        {
          messageId: 'shell-startup-write',
          data: { match: '">> ~/.bashrc"', where: 'in the command of Cerveau tool "go"' },
          line: 7,
          column: 39,
          severity: 'warning',
          message: 'writes to a shell start-up file in the command of Cerveau tool "go": ">> ~/.bashrc"; that runs in every future shell of the user, a classic persistence trick. Print the line for the user to add instead',
        },
      ],
    },
    {
      name: 'the rule\'s bad example',
      code: '---\nname: clean\ndescription: Cleans up.\ntools:\n  - name: wipe\n    command: rm -rf $TARGET\n---\nBody.\n',
      errors: [
        {
          messageId: 'rm-rf-variable-or-root',
          data: { match: '"rm -rf $TARGET"', where: 'in the command of Cerveau tool "wipe"' },
          line: 6,
          column: 14,
          severity: 'warning',
          message: 'deletes recursively in the command of Cerveau tool "wipe": "rm -rf $TARGET"; an empty or attacker-chosen argument removes far more than intended. Delete a fixed path inside a known folder, and check the variable first ("${VAR:?}")',
        },
      ],
    },
  ],
});
