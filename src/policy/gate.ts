// The host's enforcement point: a closed allowlist built from a policy document. A call to any tool outside
// `allowedTools` is refused, whether the model saw the tool or asked for a hidden one by name.

import { visible } from '../text.js';

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

function stringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/**
 * Build a gate from a policy document (`skillcheck policy --format json`, or buildPolicy()).
 * Semantics:
 * - only `allowedTools` grants: a name is allowed iff it is exactly (code unit for code unit, case-sensitive,
 *   no trimming or Unicode normalization) one of them;
 * - a denied tool, an unknown tool, a case variant (`read` for `Read`), a name with invisible characters, and
 *   a value that is not a string are all refused, each with a reason;
 * - the document is copied when the gate is built: changing it afterwards changes nothing.
 * Throws a TypeError when the value is not a schemaVersion 1 policy document.
 */
export function createToolGate(policyDocument: unknown): ToolGate {
  const doc = policyDocument as Record<string, unknown> | null;
  if (!doc || typeof doc !== 'object' || doc.schemaVersion !== 1 || !stringList(doc.allowedTools)) {
    throw new TypeError('createToolGate: not a skillcheck policy document (schemaVersion 1 with an allowedTools list)');
  }
  const allowed = new Set<string>(doc.allowedTools);
  const denied = new Set<string>(stringList(doc.deniedTools) ? doc.deniedTools : []);
  const because = new Map<string, string>();
  if (Array.isArray(doc.reasons)) {
    for (const r of doc.reasons as unknown[]) {
      const o = r as Record<string, unknown> | null;
      if (o && typeof o.tool === 'string' && typeof o.because === 'string') because.set(o.tool, o.because);
    }
  }
  const known = [...allowed, ...denied];
  const allowedTools = Object.freeze([...allowed]);
  const digest = typeof doc.policyDigest === 'string' ? doc.policyDigest : '';
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
