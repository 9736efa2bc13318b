// The host's enforcement point: a closed allowlist built from a policy document. A call to any tool outside
// `allowedTools` is refused, whether the model saw the tool or asked for a hidden one by name.

import { visible } from '../text.js';
import { verifyPolicyDocument, type VerifyOptions } from './verify.js';

export interface GateDecision {
  allowed: boolean;
  reason: string;
}

export interface ToolGate {
  /** Decide one call. Exact, case-sensitive match on the name; anything else is refused. */
  check(toolName: unknown): GateDecision;
  readonly allowedTools: readonly string[];
  readonly policyDigest: string;
}

/**
 * Build a gate from a policy document (`skillcheck policy --format json`, or buildPolicy()).
 * Semantics:
 * - the document is verified first (verifyPolicyDocument): its digest is recomputed from the inputs it carries,
 *   exactly as buildPolicy computes it, and the decision is recomputed from the same inputs; a document that was
 *   edited after it was built throws a PolicyDigestError (`code` says which check failed), and so does one whose
 *   digest is not `options.expectDigest` when given;
 * - only the recomputed allowlist grants: a name is allowed iff it is exactly (code unit for code unit,
 *   case-sensitive, no trimming or Unicode normalization) one of them;
 * - a denied tool, an unknown tool, a case variant (`read` for `Read`), a name with invisible characters, and
 *   a value that is not a string are all refused, each with a reason (recomputed, never the document's text);
 * - the document is copied when the gate is built: changing it afterwards changes nothing.
 * Throws a TypeError when the value is not a schemaVersion 1 policy document.
 */
export function createToolGate(policyDocument: unknown, options: VerifyOptions = {}): ToolGate {
  let verified;
  try {
    verified = verifyPolicyDocument(policyDocument, options);
  } catch (e) {
    if (e instanceof TypeError) throw new TypeError(`createToolGate: ${e.message}`);
    throw e;
  }
  const { decision } = verified;
  const allowed = new Set<string>(decision.allowedTools);
  const denied = new Set<string>(decision.deniedTools);
  const because = new Map<string, string>(decision.reasons.map((r) => [r.tool, r.because]));
  const known = [...allowed, ...denied];
  const allowedTools = Object.freeze([...allowed]);
  const digest = verified.policyDigest;
  const show = (s: string) => JSON.stringify(visible(s.length > 80 ? `${s.slice(0, 79)}…` : s));

  const check = (toolName: unknown): GateDecision => {
    if (typeof toolName !== 'string') return { allowed: false, reason: `refused: the tool name is not a string (${typeof toolName})` };
    if (allowed.has(toolName)) return { allowed: true, reason: because.get(toolName) ?? 'in the policy allowlist' };
    if (denied.has(toolName)) return { allowed: false, reason: `refused: ${show(toolName)} is denied by the policy: ${because.get(toolName) ?? 'not in the allowlist'}` };
    const folded = toolName.toLowerCase();
    const variant = known.find((k) => k.toLowerCase() === folded);
    if (variant !== undefined) {
      return { allowed: false, reason: `refused: unknown tool ${show(toolName)}; tool names are exact and case-sensitive (the policy knows ${show(variant)}, ${allowed.has(variant) ? 'allowed' : 'denied'})` };
    }
    return { allowed: false, reason: `refused: unknown tool ${show(toolName)}; it was not in the host's tool list when the policy was built, and the allowlist is closed` };
  };
  return Object.freeze({ check, allowedTools, policyDigest: digest });
}
