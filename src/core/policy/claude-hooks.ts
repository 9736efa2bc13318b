// `skillcheck policy --format claude-hooks`: the Claude Code settings fragment that installs
// `skillcheck hook claude-code` as a PreToolUse hook on every tool, pinned to the policy's digest.

import type { PolicyDocument } from './tools.js';

/** Where the fragment expects the policy document (Claude Code substitutes the placeholder in exec-form args). */
export const CLAUDE_POLICY_PATH = '${CLAUDE_PROJECT_DIR}/.claude/skillcheck-policy.json';

export interface ClaudeHooksFragment {
  hooks: {
    PreToolUse: { matcher: string; hooks: { type: 'command'; command: string; args: string[]; timeout: number; onFailure: 'block' }[] }[];
  };
}

/**
 * How the hook starts skillcheck: `npx --no-install skillcheck`, which finds skillcheck as the project's dev
 * dependency (node_modules/.bin, looked up from the hook's working directory upward) or installed globally, and
 * never downloads it (an unpinned download on every tool call would be a supply-chain hole). Without it, npx
 * exits non-zero and `onFailure: "block"` refuses the call.
 */
export const CLAUDE_HOOK_RUNNER: readonly string[] = Object.freeze(['npx', '--no-install', 'skillcheck']);

/**
 * The fragment, to merge into `.claude/settings.json` (or managed settings):
 * - matcher `*`: every tool, built-in and MCP (`mcp__server__tool`), goes through the hook;
 * - exec form (`command` + `args`): no shell parses the policy path;
 * - `--digest`: the hook refuses a policy document other than this one, even a consistently rebuilt one;
 * - `onFailure: "block"` (Claude Code 2.1.295 and later): a hook that cannot start (skillcheck not installed),
 *   times out or crashes blocks the call instead of letting it through;
 * - `runner`: the command and its first arguments (default CLAUDE_HOOK_RUNNER; `['skillcheck']` when it is on PATH);
 * - `timeout`: seconds; the hook answers in well under one.
 */
export function toClaudeHooks(doc: Pick<PolicyDocument, 'policyDigest'>, policyPath: string = CLAUDE_POLICY_PATH, runner: readonly string[] = CLAUDE_HOOK_RUNNER): ClaudeHooksFragment {
  const [command, ...pre] = runner.length > 0 ? runner : CLAUDE_HOOK_RUNNER;
  return {
    hooks: {
      PreToolUse: [
        {
          matcher: '*',
          hooks: [{ type: 'command', command: command!, args: [...pre, 'hook', 'claude-code', '--policy', policyPath, '--digest', doc.policyDigest], timeout: 30, onFailure: 'block' }],
        },
      ],
    },
  };
}
