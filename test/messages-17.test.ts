// Each message says what is wrong, which runtime does what, and the fix, in about
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

// Frontmatter and name, one finding per cause in words: the cases moved to rules/frontmatter.test.ts (a Markdown
// table in the frontmatter, no "Not a YAML token") and rules/name.test.ts (a title-like name suggests the folder name).
