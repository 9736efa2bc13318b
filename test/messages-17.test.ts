// Issue 17, "Messages" and class 8: each message says what is wrong, which runtime does what, and the fix, in about
// 200 characters, in words (not the YAML library's token talk).

import { describe, expect, it } from 'vitest';
import { runJson, tempTrees } from './helpers.js';

const tree = tempTrees();
const findings = async (dir: string, rule: string, args: string[] = []) =>
  (await runJson(['.', '--no-gating', ...args], dir)).report.diagnostics.filter((d) => d.ruleId === rule);

describe('tool-ceiling says what allowed-tools means where it is read', () => {
  const skill = (tools: string) => ({ '.claude/skills/sh/SKILL.md': `---\nname: sh\ndescription: d\nallowed-tools: ${tools}\n---\nBody.\n` });

  it('Claude Code: Bash pre-approves every shell command, no permission prompt', async () => {
    const [d] = await findings(tree(skill('Bash')), 'tool-ceiling');
    expect(d?.message).toMatch(/pre-approves every shell command: while the skill is active, Claude Code runs any without asking/);
    expect(d?.message).toMatch(/Bash\(git status:\*\)/);
    expect(d!.message.length).toBeLessThanOrEqual(200);
  });

  it('IronClaw, which has no allowed-tools key, keeps its trust-model explanation', async () => {
    const [d] = await findings(tree(skill('Bash')), 'tool-ceiling', ['--target', 'ironclaw']);
    expect(d?.message).toMatch(/as a trusted skill it keeps every tool the host offers/);
  });
});

describe('frontmatter and name: one finding per cause, in words', () => {
  it('raw parser text ("Not a YAML token") never reaches the message', async () => {
    const dir = tree({ 'skills/t/SKILL.md': '---\nname: t\ndescription: x\n| File | URL |\n| --- | --- |\n---\nBody.\n' });
    const list = await findings(dir, 'frontmatter', ['--target', 'agentskills']);
    expect(list).toHaveLength(1);
    expect(list[0]!.message).not.toMatch(/Not a YAML token|Implicit map keys|compact mappings/);
  });

  // The title-like name case (one error suggesting the folder name) is in rules/name.test.ts.
});
