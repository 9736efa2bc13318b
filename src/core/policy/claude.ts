// The policy as a Claude Code settings fragment: `{ "permissions": { "deny": [ … ] } }`, one bare tool name per
// denied tool (a bare name denies every use of that tool).

import type { PolicyDocument } from './tools.js';

/** Tool names a bare Claude Code permission rule can carry: built-ins (`Bash`) and MCP tools (`mcp__srv__tool`). */
export const CLAUDE_RULE_NAME = /^[A-Za-z0-9_-]+$/;

export interface ClaudeSettingsFragment {
  permissions: { deny: string[] };
}

/**
 * Claude Code evaluates deny rules before ask and allow rules, and merges `deny` across settings files, so this
 * fragment can be merged into `.claude/settings.json` (or a managed settings file, or passed with
 * `claude --settings FILE`). It only denies the tools the policy was given: a tool missing from `--tools`
 * stays available, so build the policy from Claude Code's full tool list. Throws when a denied name cannot be
 * written as a rule (it would be parsed as a specifier and deny the wrong thing).
 */
export function toClaudeSettings(doc: Pick<PolicyDocument, 'deniedTools'>): ClaudeSettingsFragment {
  const bad = doc.deniedTools.filter((t) => !CLAUDE_RULE_NAME.test(t));
  if (bad.length > 0) {
    throw new Error(`cannot express ${bad.map((b) => JSON.stringify(b)).join(', ')} as a Claude Code permission rule (expected letters, digits, "_" and "-")`);
  }
  return { permissions: { deny: [...doc.deniedTools] } };
}
