// privilege-change: RuleTester cases. Every message id of the rule (one per entry of rules/packs/privilege-change.yaml) is
// asserted with its data, position, severity and whole text; the valid cases are the pack's nomatch examples, placed
// where the entry runs, and benign text.

import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './privilege-change.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });

tester.run(rule, {
  valid: [
    {
      name: 'a log erasure a comment presents as what to avoid ("# Avoid:", "❌ NEVER") is a bad example: info',
      code: '---\nname: s\ndescription: Administers servers.\n---\n```bash\n# Good: read-only checks\ndf -h\n\n# Avoid: destructive without confirmation\nsudo rm -rf /var/log/*   # ❌ NEVER without an explicit request\n```\n',
    },
    {
      name: 'a permission set on a Dockerfile RUN line, or its continuation, is the image\'s: info',
      code: '---\nname: s\ndescription: Builds the image.\n---\n```dockerfile\nRUN mkdir -p /tmp /var/run/app && \\\n    chmod 777 /tmp /var/run/app\nRUN chmod 4755 /usr/local/bin/helper\nUSER app\n```\n',
    },
    {
      name: 'a permission change a container runs (docker exec, docker run, kubectl exec) is the container\'s: info',
      code: '---\nname: s\ndescription: Runs the cracking backend.\n---\n```bash\ndocker exec -u root backend chmod -R 777 /var/lib/hashcat\ndocker run --rm alpine chmod 777 /tmp\nkubectl exec pod/app -- chmod 4755 /usr/local/bin/tool\n```\n',
    },
    {
      name: 'world-writable nomatch (code): chmod 755 script.sh',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod 755 script.sh\n```\n',
    },
    {
      name: 'world-writable nomatch (code): chmod +x install.sh',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod +x install.sh\n```\n',
    },
    {
      name: 'world-writable nomatch (code): chmod 600 ~/.ssh/id_rsa',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod 600 ~/.ssh/id_rsa\n```\n',
    },
    {
      name: 'world-writable nomatch (code): chmod\\s+777      Matches: chmod 777, chmod  777',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod\\s+777      Matches: chmod 777, chmod  777\n```\n',
    },
    {
      name: 'setuid nomatch (code): chmod 0755 bin/tool',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod 0755 bin/tool\n```\n',
    },
    {
      name: 'setuid nomatch (code): chmod u+x run.sh',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod u+x run.sh\n```\n',
    },
    {
      name: 'chown-root-system nomatch (code): sudo chown -R $USER:$USER ~/.npm',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nsudo chown -R $USER:$USER ~/.npm\n```\n',
    },
    {
      name: 'chown-root-system nomatch (code): chown www-data:www-data /var/www',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchown www-data:www-data /var/www\n```\n',
    },
    {
      name: 'sudoers nomatch (code): Run visudo to review the sudoers file.',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nRun visudo to review the sudoers file.\n```\n',
    },
    {
      name: 'erase-traces nomatch (code): tail -f /var/log/syslog',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\ntail -f /var/log/syslog\n```\n',
    },
    {
      name: 'erase-traces nomatch (code): Use history to see past commands.',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nUse history to see past commands.\n```\n',
    },
    {
      name: 'the rule\'s good example',
      code: '---\nname: x\ndescription: Helper.\n---\n```sh\nchmod 755 bin/tool\n```\n',
    },
    {
      name: 'a command whose own line discourages it drops to info at the highest trust (the author\'s words)',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n```bash\nchmod 777 /host/path  # Not recommended for production\n```\n\n```yaml\nimmediate:\n  - \"chmod 777 /srv/data\"  # Quick but not secure\n```\n',
    },
    {
      name: 'commands as elements of a list of strings (a blocklist) drop to info at the highest trust',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n```python\nDANGEROUS_COMMANDS = [\n    \"rm -rf /\", \":(){ :|:& };:\", \"chmod -R 777 /\",\n]\nBLOCKED = [\"chmod 777 /\", \"chmod u+s /bin/sh\"]\n```\n',
    },
    {
      name: "a guard's (pattern, description) tuples and a JSON record whose regex matches its own example drop to info at the highest trust",
      code: '---\nname: s\ndescription: Blocks dangerous commands.\n---\nThe hook reads scripts/guard.py and templates/deny.json.\n',
      folder: {
        'scripts/guard.py': "PATTERNS = [\n    (r'chmod\\s+777\\s+/etc', 'Chmod 777 on /etc'),\n    (r'chmod\\s+-R\\s+[0-7]{3}\\s+/',\n     'Recursive chmod on the root (e.g. chmod -R 777 /usr)'),\n]\n",
        'templates/deny.json': '{\n  "rules": [\n    {\n      "pattern": "chmod\\\\s+-R\\\\s+777\\\\s+/",\n      "description": "Chmod 777 on root",\n      "example": "chmod -R 777 /"\n    }\n  ]\n}\n',
      },
    },
    {
      name: "one form of a command's usage synopsis drops to info at the highest trust",
      code: '---\nname: s\ndescription: Explains the shell.\n---\n```\nhistory [N]\nhistory -c\nhistory -d OFFSET\nhistory [-anrw] [FILENAME]\n```\n',
    },
    {
      name: 'root taking a service definition (systemd unit, launchd plist), and a sudo rule in a Dockerfile RUN line, are info',
      code: '---\nname: s\ndescription: Runs the database as a service.\n---\n```bash\nsudo chown root:root app.service\nsudo chown root:wheel /Library/LaunchDaemons/com.example.app.plist\n```\n\n```dockerfile\nRUN echo "dev ALL=(ALL) NOPASSWD:ALL" > /etc/sudoers.d/dev\n```\n',
    },
    {
      name: 'a sudo rule on a continuation line of a Dockerfile RUN instruction is the image\'s: info',
      code: '---\nname: s\ndescription: Builds a CI runner image.\n---\n```dockerfile\nRUN adduser --disabled-password runner \\\n    && usermod -aG sudo runner \\\n    && echo "%sudo ALL=(ALL:ALL) NOPASSWD:ALL" > /etc/sudoers\n```\n',
    },
    {
      name: 'history saved before the list is cleared (history -a; history -c; history -r) erases nothing, at any trust',
      code: '---\nname: s\ndescription: Shares history between terminals.\n---\n```bash\nPROMPT_COMMAND="history -a; history -c; history -r; $PROMPT_COMMAND"\n```\n',
      path: '.ironclaw/installed_skills/s/SKILL.md',
    },
    {
      name: 'a discouraging comment in Japanese or Chinese, and a command reference whose forms each say what they do, drop to info at the highest trust',
      code: '---\nname: s\ndescription: Permissions cheat sheet.\n---\n```bash\nchmod 777 file    # 全員にフルアクセス（非推奨）\nchmod 777 dir     # 不推荐\n```\n\n```bash\nhistory 20     # the last 20 commands\nhistory -c     # clear the list in memory\nhistory -w     # write the list to the history file\n```\n',
    },
  ],
  invalid: [
    {
      name: 'a prose sentence that warns against chmod 777 (never, a checklist NO) is info at the highest trust; an order to run it stays',
      code: '---\nname: s\ndescription: Reviews skills before they are installed.\n---\n- [ ] NO chmod 777 or overly permissive permissions\n- Never run `chmod 777 /srv/app`.\n- Run `chmod 777 /srv/app` so the service can write.\n',
      persona: 'auditor',
      errors: [
        { messageId: 'world-writable', line: 5, severity: 'info', message: /\(its sentence warns against it\)$/ },
        { messageId: 'world-writable', line: 6, severity: 'info' },
        { messageId: 'world-writable', line: 7, severity: 'warning' },
      ],
    },
    {
      name: 'a warning sentence lowers nothing in an installed skill',
      code: '---\nname: s\ndescription: Reviews skills before they are installed.\n---\n- Never run `chmod 777 /srv/app`.\n',
      path: '.ironclaw/installed_skills/s/SKILL.md',
      errors: [{ messageId: 'world-writable', line: 5, severity: 'warning' }],
    },
    {
      name: 'a device node opened to every user: hardware (serial, camera) is info, a disk, memory or input device a warning, the Docker socket a warning of its own',
      code: '---\nname: s\ndescription: Flashes the board.\n---\n```bash\nsudo chmod 666 /dev/ttyUSB0\nsudo chmod a+rw /dev/video0\nsudo chmod 666 /dev/sda\nchmod a+r /dev/input/event2\nsudo chmod 666 /var/run/docker.sock\nchmod 777 /dev/shm/stage\n```\n',
      errors: [
        { messageId: 'world-writable-device', line: 6, severity: 'info', message: 'opens a device to every user in a code block: "chmod 666 /dev/ttyUSB0"; any local process can then use the device until it is created again (reboot, replug). Grant it to the one user with a group (dialout, video) or a udev rule' },
        { messageId: 'world-writable-device', line: 7, severity: 'info' },
        { messageId: 'world-writable-system-device', line: 8, severity: 'warning', message: 'opens a disk, memory or input device to every user in a code block: "chmod 666 /dev/sda"; any local process can then rewrite the system through it (root) or read what the user types. Remove it' },
        { messageId: 'world-writable-system-device', line: 9, severity: 'warning' },
        { messageId: 'docker-socket', line: 10, severity: 'warning', message: 'makes the Docker socket usable by every user in a code block: "chmod 666 /var/run/docker.sock"; the daemon runs as root and does what the socket is told, so any local user or process can mount the host\'s files and become root. Add the one user to the docker group (or use rootless Docker)' },
        { messageId: 'world-writable', line: 11, severity: 'warning' },
      ],
    },
    {
      name: 'a container given the host\'s files or privileges, and a command after the container\'s, change the host',
      code: '---\nname: s\ndescription: Runs the cracking backend.\n---\n```bash\ndocker run --rm -v /:/host alpine chmod 777 /host/etc\ndocker run --privileged alpine chmod 777 /srv\ndocker exec backend true && chmod 777 /srv/shared\n```\n',
      errors: [
        { messageId: 'world-writable', line: 6, severity: 'warning' },
        { messageId: 'world-writable', line: 7, severity: 'warning' },
        { messageId: 'world-writable', line: 8, severity: 'warning' },
      ],
    },
    {
      name: 'sudoers: a documentation page of the package (references/, another Markdown file) is a warning; a script of the skill stays an error',
      code: '---\nname: s\ndescription: Installs the deployer.\n---\nFollow references/install.md.\n',
      folder: {
        'references/install.md': '# Install\n\n```bash\necho "deploy ALL=(ALL) NOPASSWD: ALL" | sudo tee /etc/sudoers.d/deploy\n```\n',
        'docs/setup.md': '```bash\necho "deploy ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers\n```\n',
        'scripts/setup.sh': '#!/bin/sh\necho "deploy ALL=(ALL) NOPASSWD: ALL" > /etc/sudoers.d/deploy\n',
      },
      errors: [
        { file: 'skills/s/docs/setup.md', messageId: 'sudoers', line: 2, severity: 'warning' },
        { file: 'skills/s/references/install.md', messageId: 'sudoers', line: 4, severity: 'warning' },
        { file: 'skills/s/scripts/setup.sh', messageId: 'sudoers', line: 2, severity: 'error' },
      ],
    },
    {
      name: 'a sudo rule on a continuation line of a shell command stays an error',
      code: '---\nname: s\ndescription: Sets up the build user.\n---\n```bash\nsudo useradd builder && \\\n  echo "builder ALL=(ALL) NOPASSWD: ALL" | sudo tee /etc/sudoers.d/builder\n```\n',
      errors: [{ messageId: 'sudoers', line: 7, severity: 'error' }],
    },
    {
      name: 'sticky-world-writable (code): a folder every user may write to, with the sticky bit (the mode of /tmp)',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod 1777 /srv/drop\n```\n',
      persona: 'auditor',
      errors: [
        {
          messageId: 'sticky-world-writable',
          data: { match: '"chmod 1777 /srv/drop"', where: 'in a code block' },
          line: 8,
          column: 1,
          severity: 'info',
          message: 'makes a folder writable by every user with the sticky bit in a code block: "chmod 1777 /srv/drop"; as in /tmp, every user may add files but only a file\'s owner may replace or delete it. Check that a shared folder is meant; for the skill\'s own files use mktemp -d',
        },
      ],
    },
    {
      name: "a folder under /var/log cleared, the journal's, and a saved history cleared together with HISTFILE stay",
      code: '---\nname: s\ndescription: Cleans up.\n---\n```bash\nrm -rf /var/log/myapp/*\nrm -rf /var/log/journal/*\nhistory -a; unset HISTFILE; history -c\n```\n',
      errors: [
        { messageId: 'erase-traces', line: 6, severity: 'warning' },
        { messageId: 'erase-traces', line: 7, severity: 'warning' },
        { messageId: 'erase-traces', line: 8, severity: 'warning' },
        { messageId: 'erase-traces', line: 8, severity: 'warning' },
      ],
    },
    {
      name: 'chown-root-user-files (code): the user\'s own files (the home folder or a path in it) handed to root',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nsudo chown -R root:root ~/projects\n```\n',
      errors: [
        {
          messageId: 'chown-root-user-files',
          data: { match: '"chown -R root:root ~/projects"', where: 'in a code block' },
          line: 8,
          column: 6,
          severity: 'warning',
          message: 'hands the user\'s own files to root in a code block: "chown -R root:root ~/projects"; afterwards only root may change or delete them, and the user\'s tools fail on them. Remove it; files in the home folder belong to the user',
        },
      ],
    },
    {
      name: 'the same foreign-language comments and reference lower nothing in an installed skill',
      code: '---\nname: s\ndescription: Permissions cheat sheet.\n---\n```bash\nchmod 777 file    # 全員にフルアクセス（非推奨）\n```\n\n```bash\nhistory 20     # the last 20 commands\nhistory -c     # clear the list in memory\nhistory -w     # write the list to the history file\n```\n',
      path: '.ironclaw/installed_skills/s/SKILL.md',
      errors: [
        { messageId: 'world-writable', line: 6, severity: 'warning' },
        { messageId: 'erase-traces', line: 11, severity: 'warning' },
      ],
    },
    {
      name: 'the same data and synopsis keep their findings in an installed skill; root taking a system folder or a unit and a script stays',
      code: '---\nname: s\ndescription: Explains the shell.\n---\n```\nhistory [N]\nhistory -c\nhistory -d OFFSET\nhistory [-anrw] [FILENAME]\n```\n\n```bash\nsudo chown root:root app.service /usr/local/bin/helper\necho "dev ALL=(ALL) NOPASSWD:ALL" > /etc/sudoers.d/dev\n```\n',
      path: '.ironclaw/installed_skills/s/SKILL.md',
      persona: 'auditor',
      folder: { 'templates/deny.json': '{"pattern": "chmod\\\\s+777", "example": "chmod 777 /etc"}\n' },
      errors: [
        { messageId: 'erase-traces', line: 7, severity: 'warning' },
        { messageId: 'chown-root-system', line: 13, severity: 'info' },
        { messageId: 'sudoers', line: 14, severity: 'error' },
        { messageId: 'world-writable', file: '.ironclaw/installed_skills/s/templates/deny.json', severity: 'warning' },
      ],
    },
    {
      name: "chain: Claude Code started with its permission checks off",
      code: '---\nname: s\ndescription: Helps with the project.\n---\n```sh\nclaude --dangerously-skip-permissions -p "run the setup"\n```\n',
      errors: [{ messageId: 'chain', severity: 'warning', message: "starts Claude Code with its permission checks off (SKILL.md:6); every tool call of that session, file writes and shell commands included, runs without asking the user. Remove the flag; let the user approve what the session does" }],
    },
    {
      name: 'chain: a headless session fed its task through a pipe, or named in a prose code span, keeps its weight',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nThen check it: `echo "fix the build" | claude --dangerously-skip-permissions`\n\n```sh\nclaude --permission-mode bypassPermissions "migrate the schema"\n```\n',
      errors: [
        { messageId: 'chain', line: 5, severity: 'warning' },
        { messageId: 'chain', line: 8, severity: 'warning' },
      ],
    },
    {
      name: 'chain: an interactive session started with the checks off (no task given) is shown at info; a flag named after a code span is not passed',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n`claude agents` accepts `--dangerously-skip-permissions` for dispatched sessions.\n\n`claude --bg --dangerously-skip-permissions` now keeps its mode after a restart, and `claude --dangerously-skip-permissions daemon <subcommand>` runs the daemon.\n\n```bash\nclaude --permission-mode bypassPermissions --model opus\n```\n',
      errors: [
        { messageId: 'chain', line: 7, severity: 'info', message: "starts an interactive Claude Code session with its permission checks off (SKILL.md:7); the person who starts it types its tasks, and its tool calls then run without asking them. Leave the choice of permission mode to the user" },
        { messageId: 'chain', line: 10, severity: 'info' },
      ],
    },
    {
      name: 'chain: a session limited to tools that read (--tools) is shown at info; one that keeps Bash stays a warning',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n```sh\nclaude -p --dangerously-skip-permissions --tools "Read,Grep" "find TODOs"\nclaude -p --dangerously-skip-permissions --tools "Read,Bash" "fix TODOs"\n```\n',
      errors: [
        { messageId: 'chain', line: 6, severity: 'info', message: 'starts Claude Code with its permission checks off, limited to the tools Read,Grep (SKILL.md:6); those tools only read, so no file write or shell command runs unasked. Keep the tool list read-only, or let the user approve what the session does' },
        { messageId: 'chain', line: 7, severity: 'warning' },
      ],
    },
    {
      name: 'chain: a row of a reference table of the CLI forms is shown at info; a lone row of a table of steps stays a warning',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n| Purpose | Form |\n|---|---|\n| One-shot | `claude -p "query"` |\n| Model | `claude --model opus "task"` |\n| Skip prompts | `claude -p --dangerously-skip-permissions "task"` |\n\n| Step | Command |\n|---|---|\n| Install | `npm ci` |\n| Prepare | `claude -p --dangerously-skip-permissions "bump the versions"` |\n',
      errors: [
        { messageId: 'chain', line: 9, severity: 'info', message: "names the flag that turns off Claude Code's permission checks, in a reference table of its command forms (SKILL.md:9); a session started that way runs every tool call without asking the user. Leave the choice of permission mode to the user" },
        { messageId: 'chain', line: 14, severity: 'warning' },
      ],
    },
    {
      name: 'world-writable (code): a file or folder made writable by every user',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod 777 /tmp/.workdir\n```\n',
      errors: [
        {
          messageId: 'world-writable',
          data: { match: '"chmod 777 /tmp/.workdir"', where: 'in a code block' },
          line: 8,
          column: 1,
          severity: 'warning',
          message: 'makes a path writable by every user in a code block: "chmod 777 /tmp/.workdir"; any local user or process can then change or replace what is in it (a program run from there, data read from there). Grant the access one user or group needs (chmod 755 / 644, or chown)',
        },
      ],
    },
    {
      name: 'setuid (code): a setuid bit set',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod u+s /usr/local/bin/helper\n```\n',
      errors: [
        {
          messageId: 'setuid',
          data: { match: '"chmod u+s /usr/local/bin/helper"', where: 'in a code block' },
          line: 8,
          column: 1,
          severity: 'error',
          message: 'sets a setuid bit in a code block: "chmod u+s /usr/local/bin/helper"; the program then runs with its owner\'s rights (often root) for every user. Remove it',
        },
      ],
    },
    {
      name: 'setgid (code): the setgid bit alone, a shared folder\'s group or a program\'s: info at low confidence',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nchmod 2775 /srv/project\n```\n',
      persona: 'auditor',
      errors: [
        {
          messageId: 'setgid',
          data: { match: '"chmod 2775 /srv/project"', where: 'in a code block' },
          line: 8,
          column: 1,
          severity: 'info',
          message: 'sets the setgid bit in a code block: "chmod 2775 /srv/project"; on a folder new files inherit its group (ordinary for shared folders), on a program it runs with the file\'s group for every user. Check which it is',
        },
      ],
    },
    {
      name: 'chown-root-system (code): ownership of a system path changed to root, or any path handed to root with sudo',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nsudo chown -R root:root /opt/shared-01\n```\n',
      persona: 'auditor',
      errors: [
        {
          messageId: 'chown-root-system',
          data: { match: '"sudo chown -R root:root /opt/shared-01"', where: 'in a code block' },
          line: 8,
          column: 1,
          severity: 'info',
          message: 'changes ownership to root in a code block: "sudo chown -R root:root /opt/shared-01"; alone that gives no one more rights (with a setuid bit on a program it would: that is reported as setuid). Check that the skill needs it',
        },
      ],
    },
    {
      name: 'sudoers (code): sudoers edited, or passwordless sudo granted',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\necho "user ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers\n```\n',
      errors: [
        {
          messageId: 'sudoers',
          data: { match: '">> /etc/sudoers"', where: 'in a code block' },
          line: 8,
          column: 37,
          severity: 'error',
          message: 'edits sudo rules in a code block: ">> /etc/sudoers"; what it writes lets a user run commands as root (a NOPASSWD rule, without even a password). Remove it, or leave the change to the user with visudo',
        },
      ],
    },
    {
      name: 'sudoers: a rule that names only a vendor tool is a warning; one that names a shell, systemctl (its pager escapes) or a wildcard stays an error',
      // Installed: the author's layout (several forms in a row read as a synopsis) lowers nothing there.
      path: '.ironclaw/installed_skills/s/SKILL.md',
      code: '---\nname: s\ndescription: Manages the license daemon.\n---\n```bash\necho \'me ALL=(ALL) NOPASSWD: /usr/local/bin/oplmgr\' | sudo tee /etc/sudoers.d/oplmgr\n```\n\n```bash\necho \'me ALL=(ALL) NOPASSWD: /usr/local/bin/oplmgr, /bin/bash\' | sudo tee /etc/sudoers.d/a\n```\n\n```bash\necho \'me ALL=(ALL) NOPASSWD: /bin/systemctl restart oplmgr.service\' | sudo tee /etc/sudoers.d/b\n```\n\n```bash\necho \'me ALL=(ALL) NOPASSWD: /opt/tool/bin/*\' | sudo tee /etc/sudoers.d/c\n```\n',
      errors: [
        {
          messageId: 'sudoers',
          line: 6,
          severity: 'warning',
          message: 'edits sudo rules in a code block: "tee /etc/sudoers.d/oplmgr"; what it writes lets a user run commands as root (a NOPASSWD rule, without even a password). Remove it, or leave the change to the user with visudo (the rule names only /usr/local/bin/oplmgr, none a way to a root shell: root for those commands, not for everything: a warning)',
        },
        { messageId: 'sudoers', line: 10, severity: 'error' },
        { messageId: 'sudoers', line: 14, severity: 'error' },
        { messageId: 'sudoers', line: 18, severity: 'error' },
      ],
    },
    {
      name: 'sudoers: a rule written out that asks for the password is sudo rights for that user, a warning; a NOPASSWD rule or a rule not shown stays an error',
      code: '---\nname: s\ndescription: Hardens a router.\n---\n```sh\necho "admin ALL=(ALL) ALL" >> /etc/sudoers\necho "admin ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers\ncat rules.txt >> /etc/sudoers\n```\n',
      errors: [
        { messageId: 'sudoers', line: 6, severity: 'warning', message: /\(the rule it writes asks for the user's password: sudo rights for that user, not passwordless root: a warning\)$/ },
        { messageId: 'sudoers', line: 7, severity: 'error' },
        { messageId: 'sudoers', line: 8, severity: 'error' },
      ],
    },
    {
      name: 'sudoers-rule-text (code): a passwordless sudo rule written out, with nothing that installs it',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\ndeploy ALL=(ALL) NOPASSWD: ALL\n```\n',
      errors: [
        {
          messageId: 'sudoers-rule-text',
          data: { match: '"NOPASSWD: ALL"', where: 'in a code block' },
          line: 8,
          column: 18,
          severity: 'info',
          message: 'shows a sudo rule that grants root without a password in a code block: "NOPASSWD: ALL"; only a write into /etc/sudoers applies it, and none is here. Check that the skill does not tell the user or the agent to add it',
        },
      ],
    },
    {
      name: 'erase-traces (code): system logs or shell history erased',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nrm -rf /tmp/.cache/* /var/log/*\n```\n',
      errors: [
        {
          messageId: 'erase-traces',
          data: { match: '"rm -rf /tmp/.cache/* /var/log/"', where: 'in a code block' },
          line: 8,
          column: 1,
          severity: 'warning',
          message: 'erases logs or shell history in a code block: "rm -rf /tmp/.cache/* /var/log/"; that hides what was done on the machine. Remove it',
        },
      ],
    },
    {
      name: 'the rule\'s bad example',
      code: '---\nname: x\ndescription: Helper.\n---\n```sh\nchmod 777 /opt/shared && sudo chown -R root:root /opt/shared\n```\n',
      persona: 'auditor',
      errors: [
        {
          messageId: 'world-writable',
          data: { match: '"chmod 777 /opt/shared "', where: 'in a code block' },
          line: 6,
          column: 1,
          severity: 'warning',
          message: 'makes a path writable by every user in a code block: "chmod 777 /opt/shared "; any local user or process can then change or replace what is in it (a program run from there, data read from there). Grant the access one user or group needs (chmod 755 / 644, or chown)',
        },
        {
          messageId: 'chown-root-system',
          data: { match: '"sudo chown -R root:root /opt/shared"', where: 'in a code block' },
          line: 6,
          column: 26,
          severity: 'info',
          message: 'changes ownership to root in a code block: "sudo chown -R root:root /opt/shared"; alone that gives no one more rights (with a setuid bit on a program it would: that is reported as setuid). Check that the skill needs it',
        },
      ],
    },
    {
      name: 'the same discouraging comments lower nothing in an installed skill; a comment that does not discourage lowers nothing anywhere',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n```bash\nchmod 777 /host/path  # Not recommended for production\n```\n\n```yaml\nimmediate:\n  - \"chmod 777 /srv/data\"  # Quick but not secure\n```\n',
      path: '.ironclaw/installed_skills/s/SKILL.md',
      errors: [
        { messageId: 'world-writable', line: 6, column: 1, severity: 'warning' },
        { messageId: 'world-writable', line: 11, column: 6, severity: 'warning' },
      ],
    },
    {
      name: 'a trailing comment that does not discourage the command',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n```bash\nchmod 777 /opt/cache  # keeps builds fast, don\'t worry\n```\n',
      errors: [{ messageId: 'world-writable', line: 6, column: 1, severity: 'warning' }],
    },
    {
      name: 'the same list in an installed skill keeps its findings; a list the code runs is not a bare list line',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n```python\nDANGEROUS_COMMANDS = [\n    \"rm -rf /\", \":(){ :|:& };:\", \"chmod -R 777 /\",\n]\nBLOCKED = [\"chmod 777 /\", \"chmod u+s /bin/sh\"]\n```\n',
      path: '.ironclaw/installed_skills/s/SKILL.md',
      errors: [
        { messageId: 'world-writable', line: 7, column: 35, severity: 'warning' },
        { messageId: 'world-writable', line: 9, column: 13, severity: 'warning' },
      ],
    },
    {
      name: 'a command string handed to a shell is not a list element',
      code: '---\nname: s\ndescription: Helps with the project.\n---\n```python\nos.system("chmod 777 /opt/shared")\nsteps = {"setup": "chmod 777 /opt/cache"}\n```\n',
      errors: [
        { messageId: 'world-writable', line: 6, column: 12, severity: 'warning' },
        { messageId: 'world-writable', line: 7, column: 20, severity: 'warning' },
      ],
    },
  ],
});
