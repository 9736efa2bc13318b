import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './tool-ceiling.js';

RuleTester.describe = describe;
RuleTester.it = it;
// installed_skills/ is installed trust (the read-only ceiling); skills/ and .claude/skills/ are trusted (no ceiling).
const tester = new RuleTester({ path: 'installed_skills/w/SKILL.md', targets: ['agentskills'] });
const skill = (tools: string) => `---\nname: w\ndescription: d\nallowed-tools: ${tools}\n---\nBody.\n`;
const DEFAULT_READ_ONLY = 'only read-only tools (Read, Glob, Grep, SkillCatalog)';
const claude = { path: '.claude/skills/w/SKILL.md', targets: ['claude-code' as const] };
const ironclaw = { path: 'skills/w/SKILL.md', targets: ['ironclaw' as const] };

tester.run(rule, {
  valid: [
    { name: 'an installed skill with read-only tools only', code: skill('Read Grep') },
    { name: 'no allowed-tools', code: '---\nname: w\ndescription: d\n---\nBody.\n' },
    { name: 'a trusted skill with tools that are not a shell', code: skill('Read Write'), ...claude },
    { name: 'the readOnlyTools option widens the set', code: skill('Read Bash'), readOnlyTools: ['Read', 'Bash'] },
    { name: 'the rule option says the same', code: skill('Read Bash'), ruleOptions: { 'tool-ceiling': { readOnlyTools: ['Read', 'Bash'] } } },
    { name: 'a scoped shell of a trusted skill is low confidence: not in the default persona', code: skill('Bash(git status:*)'), ...claude },
    { name: 'a Cerveau tool without a command is not a command tool', code: '---\nname: t\ndescription: Runs t.\ntriggers: [tee]\ntools:\n  - name: run\n    description: Run it.\n---\nBody.\n', path: 'installed_skills/t.md', targets: ['cerveau'] },
  ],
  invalid: [
    {
      name: 'an installed skill declaring a tool the ceiling strips: the entry in the string is located',
      code: skill('Read Bash'),
      errors: [
        {
          line: 4,
          column: 21,
          endLine: 4,
          endColumn: 25,
          severity: 'warning',
          rejects: false,
          messageId: 'stripped',
          data: { trust: 'installed', tools: '"Bash"', keeps: DEFAULT_READ_ONLY },
          message:
            'installed skill declares "Bash" in allowed-tools, but the installed tool ceiling keeps only read-only tools (Read, Glob, Grep, SkillCatalog): these are stripped and the skill will not work as written. Drop them, or if you trust this skill, install it as trusted (a trust mapping entry for its path)',
        },
      ],
      output: null,
    },
    {
      name: 'every stripped entry is listed in one finding on the first; the readOnlyTools option is named',
      code: skill('Write Read Bash(git:*)'),
      readOnlyTools: ['Read'],
      errors: [
        {
          line: 4,
          column: 16,
          endColumn: 21,
          messageId: 'stripped',
          data: { trust: 'installed', tools: '"Write", "Bash(git:*)"', keeps: 'only read-only tools (Read)' },
        },
      ],
    },
    {
      name: 'a quoted value is located as a whole',
      code: skill('"Read, Write Bash"'),
      readOnlyTools: ['Read', 'Write'],
      errors: [{ line: 4, column: 16, endColumn: 34, messageId: 'stripped', data: { trust: 'installed', tools: '"Bash"', keeps: 'only read-only tools (Read, Write)' } }],
    },
    {
      name: 'a YAML list entry is located',
      code: '---\nname: w\ndescription: d\nallowed-tools:\n  - Read\n  - Edit\n---\nBody.\n',
      errors: [{ line: 6, column: 5, endColumn: 9, messageId: 'stripped', data: { trust: 'installed', tools: '"Edit"', keeps: DEFAULT_READ_ONLY } }],
    },
    {
      name: 'installed trust from the trust mapping',
      code: skill('Read Bash'),
      path: 'vendor/w/SKILL.md',
      trust: [{ path: 'vendor', level: 'installed' }],
      errors: [{ line: 4, column: 21, messageId: 'stripped', data: { trust: 'installed', tools: '"Bash"', keeps: DEFAULT_READ_ONLY } }],
    },
    {
      name: 'an installed Cerveau tool that runs a command: its command is located',
      code: '---\nname: t\ndescription: Runs t.\ntriggers: [tee]\ntools:\n  - name: run\n    description: Run it.\n    command: ./run.sh\n    schema: { type: object }\n---\nBody.\n',
      path: 'installed_skills/t.md',
      targets: ['cerveau'],
      errors: [
        {
          line: 8,
          column: 14,
          endLine: 8,
          endColumn: 22,
          severity: 'warning',
          rejects: false,
          target: 'cerveau',
          messageId: 'strippedCommand',
          data: { trust: 'installed', tool: '"run"', keeps: DEFAULT_READ_ONLY },
          message:
            'installed skill defines tool "run" that runs a command, but the installed tool ceiling keeps only read-only tools (Read, Glob, Grep, SkillCatalog): the tool is stripped and the skill will not work as written. Drop them, or if you trust this skill, install it as trusted (a trust mapping entry for its path)',
        },
      ],
    },
    {
      name: 'Claude Code: a bare Bash pre-approves every shell command (info)',
      code: skill('Bash'),
      ...claude,
      errors: [
        {
          line: 4,
          column: 16,
          endColumn: 20,
          severity: 'info',
          rejects: false,
          messageId: 'preApproved',
          data: { entry: '"Bash"', tool: 'Bash' },
          message: 'allowed-tools "Bash" pre-approves every shell command: while the skill is active, Claude Code runs any without asking. Narrow it, e.g. Bash(git status:*)',
        },
      ],
      output: null,
    },
    {
      name: 'the unscoped entry is named even when a scoped one comes first',
      code: skill('Bash(git:*) Shell(*)'),
      ...claude,
      errors: [{ line: 4, column: 28, endColumn: 36, severity: 'info', messageId: 'preApproved', data: { entry: '"Shell(*)"', tool: 'Shell' } }],
    },
    {
      name: 'Claude Code: scoped shell commands, seen by the auditor persona',
      code: skill('Bash(git status:*) Bash(npm test)'),
      ...claude,
      persona: 'auditor',
      errors: [
        {
          line: 4,
          column: 16,
          endColumn: 34,
          severity: 'info',
          messageId: 'preApprovedScoped',
          data: { list: '"Bash(git status:*)", "Bash(npm test)"' },
          message:
            'allowed-tools pre-approves these shell commands ("Bash(git status:*)", "Bash(npm test)"): while the skill is active, Claude Code runs them without asking. Check each is needed',
        },
      ],
    },
    {
      name: 'IronClaw has no allowed-tools key: a trusted skill keeps every tool',
      code: '---\nname: w\ndescription: d\nallowed-tools: [Bash]\n---\nBody.\n',
      ...ironclaw,
      errors: [
        {
          line: 4,
          column: 17,
          endColumn: 21,
          severity: 'info',
          target: 'ironclaw',
          messageId: 'trustedShell',
          data: { trust: 'trusted', list: '"Bash"', entry: '"Bash"', tool: 'Bash' },
          message:
            'trusted skill asks for unrestricted shell access ("Bash"); as a trusted skill it keeps every tool the host offers: review what it runs, and narrow "Bash" to the commands it needs, e.g. Bash(git status:*)',
        },
      ],
    },
    {
      name: 'IronClaw: a scoped shell, seen by the auditor persona',
      code: '---\nname: w\ndescription: d\nallowed-tools:\n  - Bash(git status:*)\n---\nBody.\n',
      ...ironclaw,
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 5,
          endColumn: 23,
          severity: 'info',
          messageId: 'trustedScoped',
          data: { trust: 'trusted', list: '"Bash(git status:*)"' },
          message: 'trusted skill asks for shell access ("Bash(git status:*)"); as a trusted skill it keeps every tool the host offers: review what it runs',
        },
      ],
    },
  ],
});
