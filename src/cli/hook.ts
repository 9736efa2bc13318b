// `skillcheck hook claude-code`: a Claude Code PreToolUse hook. Claude Code runs it before every tool call with
// the call as JSON on stdin ({ hook_event_name, tool_name, tool_input, ... }); it checks tool_name against the
// policy's closed allowlist (createToolGate, digest verified) and answers:
// - allowed: exit 0, no output (the call goes on through Claude Code's own permission rules: the hook never
//   grants, it only refuses);
// - refused by the policy: exit 0 and `{"hookSpecificOutput":{"hookEventName":"PreToolUse",
//   "permissionDecision":"deny","permissionDecisionReason":…}}` on stdout (the reason is shown to the model);
// - anything wrong (malformed input, a policy that is missing, unreadable or tampered, an internal error):
//   exit 2 with the reason on stderr, which Claude Code treats as a blocking error (the call is refused and the
//   model sees the text). Fails closed; never executes, evaluates or opens anything named in the input.
// Start-up matters (it runs before every tool call): this module imports only node built-ins and the policy
// library; the linter is loaded only to compute a policy on the fly (--paths).

import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { Io } from './common.js';

/** Exit codes Claude Code gives meaning to: 0 = read stdout, 2 = blocking error (stderr goes to the model). */
export const HOOK_OK = 0;
export const HOOK_BLOCK = 2;

/** Largest hook input read (a Write of a big file carries its content in tool_input). Larger: refused. */
export const MAX_HOOK_INPUT_BYTES = 64 * 1024 * 1024;
/** Largest policy document read. */
const MAX_POLICY_BYTES = 4 * 1024 * 1024;

const HOOK_HOSTS = ['claude-code'] as const;

export interface HookFlags {
  policy?: string;
  digest?: string;
  paths?: string;
  tools?: string;
  toolsFile?: string;
  active?: string;
  preset?: string;
  target?: string;
  config?: string | false;
}

/** Thrown for anything that must refuse the call: the message goes to stderr (and so to the model). */
class HookRefusal extends Error {}

/** Parse the hook's own arguments (the bin's fast path; `skillcheck hook` through commander gives the same flags). */
function parseHookArgs(argv: string[]): { host: string | undefined; flags: HookFlags } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      policy: { type: 'string' },
      digest: { type: 'string' },
      paths: { type: 'string' },
      tools: { type: 'string' },
      'tools-file': { type: 'string' },
      active: { type: 'string' },
      preset: { type: 'string' },
      target: { type: 'string', short: 't' },
      config: { type: 'string', short: 'c' },
      'no-config': { type: 'boolean' },
    },
  });
  if (positionals.length > 1) throw new HookRefusal(`unexpected arguments: ${positionals.slice(1).join(' ')}`);
  const flags: HookFlags = {};
  if (values.policy !== undefined) flags.policy = values.policy;
  if (values.digest !== undefined) flags.digest = values.digest;
  if (values.paths !== undefined) flags.paths = values.paths;
  if (values.tools !== undefined) flags.tools = values.tools;
  if (values['tools-file'] !== undefined) flags.toolsFile = values['tools-file'];
  if (values.active !== undefined) flags.active = values.active;
  if (values.preset !== undefined) flags.preset = values.preset;
  if (values.target !== undefined) flags.target = values.target;
  if (values.config !== undefined) flags.config = values.config;
  if (values['no-config']) flags.config = false;
  return { host: positionals[0], flags };
}

/** The hook's JSON answer refusing the call, with the reason the model sees. */
export function claudeDenyOutput(reason: string): string {
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })}\n`;
}

/** The tool name from Claude Code's PreToolUse input; throws HookRefusal on anything else. */
function readHookInput(raw: Buffer | string): { toolName: string } {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  if (text.trim() === '') throw new HookRefusal('the hook input is empty (expected the PreToolUse JSON on stdin)');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new HookRefusal(`the hook input is not JSON (${(e as Error).message.slice(0, 120)})`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new HookRefusal('the hook input is not a JSON object');
  const o = data as Record<string, unknown>;
  if (o.hook_event_name !== undefined && o.hook_event_name !== 'PreToolUse') {
    throw new HookRefusal(`the hook was called for ${JSON.stringify(String(o.hook_event_name)).slice(0, 60)}; install it under PreToolUse only`);
  }
  if (typeof o.tool_name !== 'string' || o.tool_name === '') throw new HookRefusal('the hook input has no tool_name string');
  return { toolName: o.tool_name };
}

async function loadPolicyFile(file: string, cwd: string): Promise<unknown> {
  // The one bounded reader for files a user names: never through a symlink, FIFOs and devices refused, messages
  // that name the file and the reason, never its content.
  const { readSmallFile, SmallFileError } = await import('../node/read.js');
  let text: string;
  try {
    text = readSmallFile(path.resolve(cwd, file), MAX_POLICY_BYTES, `policy ${file}`);
  } catch (e) {
    if (e instanceof SmallFileError) throw new HookRefusal(e.message);
    throw e;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HookRefusal(`policy ${file} is not JSON`);
  }
}

/** Compute the policy on the fly with `skillcheck policy`'s own code path (same trust, config and refusals). */
async function computePolicy(flags: HookFlags, io: Io): Promise<unknown> {
  const { runPolicy } = await import('./policy.js');
  let out = '';
  let err = '';
  const capture: Io = { ...io, stdout: (s) => void (out += s), stderr: (s) => void (err += s) };
  const paths = (flags.paths ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  let code: number;
  try {
    code = await runPolicy(paths, {
      format: 'json',
      ...(flags.tools !== undefined ? { tools: flags.tools } : {}),
      ...(flags.toolsFile !== undefined ? { toolsFile: flags.toolsFile } : {}),
      ...(flags.active !== undefined ? { active: flags.active } : {}),
      ...(flags.preset !== undefined ? { preset: flags.preset } : {}),
      ...(flags.target !== undefined ? { target: flags.target } : {}),
      ...(flags.config !== undefined ? { config: flags.config } : {}),
      // The working directory is wherever the client runs (a cloned repository): its config is read only when
      // named with --config. The user's own config still applies.
      ...(typeof flags.config === 'string' ? {} : { repositoryConfig: false }),
    }, capture);
  } catch (e) {
    throw new HookRefusal(`computing the policy failed: ${(e as Error).message}`);
  }
  if (code !== 0) throw new HookRefusal(`computing the policy failed (exit ${code}): ${err.trim().replace(/\s+/g, ' ').slice(0, 500)}`);
  return JSON.parse(out) as unknown;
}

/**
 * Decide one Claude Code PreToolUse call. Writes the answer through `io` and returns the exit code.
 * Never throws: every failure is a refusal (exit 2, reason on stderr).
 */
export async function runClaudeHook(flags: HookFlags, io: Io, input: Buffer | string): Promise<number> {
  try {
    if (flags.policy !== undefined && flags.paths !== undefined) throw new HookRefusal('give either --policy FILE or --paths (compute the policy), not both');
    if (flags.policy === undefined && flags.paths === undefined) throw new HookRefusal('no policy: give --policy FILE (skillcheck policy --format json) or --paths P1,P2 --tools-file FILE');
    const { toolName } = readHookInput(input);
    const doc = flags.policy !== undefined ? await loadPolicyFile(flags.policy, io.cwd) : await computePolicy(flags, io);
    const { createToolGate } = await import('../core/policy/gate.js');
    let gate;
    try {
      gate = createToolGate(doc, flags.digest !== undefined ? { expectDigest: flags.digest } : {});
    } catch (e) {
      throw new HookRefusal(`the policy is refused: ${(e as Error).message}`);
    }
    const decision = gate.check(toolName);
    if (decision.allowed) return HOOK_OK;
    io.stdout(claudeDenyOutput(`skillcheck policy ${gate.policyDigest.slice(0, 19)}…: ${decision.reason}`));
    return HOOK_OK;
  } catch (e) {
    const why = e instanceof HookRefusal ? e.message : `internal error: ${(e as Error)?.message ?? String(e)}`;
    io.stderr(`skillcheck hook: tool call refused (fail closed): ${why}\n`);
    return HOOK_BLOCK;
  }
}

/** Read stdin to the end, bounded. */
export async function readStdin(limit: number = MAX_HOOK_INPUT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > limit) throw new HookRefusal(`the hook input is over ${limit} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** `skillcheck hook HOST …` from raw arguments: the bin's fast path. Never throws. */
export async function hookMain(argv: string[], io: Io): Promise<number> {
  try {
    const { host, flags } = parseHookArgs(argv);
    if (host !== 'claude-code') throw new HookRefusal(`unknown host ${JSON.stringify(host ?? '')}; expected one of ${HOOK_HOSTS.join(', ')}`);
    return await runClaudeHook(flags, io, await readStdin());
  } catch (e) {
    io.stderr(`skillcheck hook: tool call refused (fail closed): ${(e as Error)?.message ?? String(e)}\n`);
    return HOOK_BLOCK;
  }
}
