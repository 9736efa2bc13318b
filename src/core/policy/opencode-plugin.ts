// `skillcheck policy --format opencode-plugin`: a self-contained OpenCode plugin (one .js file for
// `.opencode/plugin/`) that enforces the policy's closed allowlist. OpenCode calls every plugin's
// `tool.execute.before(input, output)` before a tool runs, with `input.tool` the tool's id (`bash`, `read`,
// an MCP tool's `server_tool` name); a hook that throws stops the call and the error text reaches the model.
//
// The plugin embeds the policy's inputs and digest and, when OpenCode loads it, recomputes the digest
// (SHA-256 of the canonical input, exactly as canonicalPolicyInput builds it) and the allowlist (lowest trust →
// ceiling → read-only set) from them. A file edited after it was written refuses every tool call. It imports
// only node:crypto: nothing from skillcheck needs to be installed where OpenCode runs.

import type { PolicyDocument } from './tools.js';
import { TRUST_LEVELS } from '../trust.js';
import { POLICY_DATA } from './data.js';

/** What the plugin embeds: the inputs the digest covers, the digest, and the allowlist they give. */
function embedded(doc: PolicyDocument): Record<string, unknown> {
  return {
    schemaVersion: 1,
    policyDigest: doc.policyDigest,
    allowedTools: doc.allowedTools,
    deniedTools: doc.deniedTools,
    skills: doc.skills.map((s) => ({ name: s.name, trust: s.trust, file: s.file })),
    readOnlyTools: doc.readOnlyTools,
    ceilings: doc.ceilings,
    preset: doc.preset,
  };
}

// The runtime part of the plugin, kept in plain JavaScript (OpenCode loads it with Bun, without a build step).
// It must compute what src/core/policy/tools.ts computes; test/host.test.ts checks it against createToolGate.
const RUNTIME = String.raw`
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const sortedUnique = (xs) => [...new Set(xs)].sort(cmp);
const rank = (t) => TRUST_LEVELS.indexOf(t);
const isList = (v) => Array.isArray(v) && v.every((x) => typeof x === "string");

function verify(p) {
  if (!p || p.schemaVersion !== 1 || !isList(p.allowedTools) || !isList(p.deniedTools) || !isList(p.readOnlyTools) || !Array.isArray(p.skills)) {
    throw new Error("the embedded policy is malformed");
  }
  for (const s of p.skills) {
    if (!s || !(s.name === null || typeof s.name === "string") || rank(s.trust) < 0 || typeof s.file !== "string") throw new Error("the embedded policy has a malformed skill");
  }
  const ceilingOf = (level) => {
    const c = (p.ceilings && Object.prototype.hasOwnProperty.call(p.ceilings, level)) ? p.ceilings[level] : DEFAULT_CEILINGS[level];
    if (!["all", "read-only", "none"].includes(c)) throw new Error("the embedded policy has a malformed ceiling");
    return c;
  };
  const tools = [...p.allowedTools, ...p.deniedTools];
  const skills = [...p.skills].sort((a, b) => cmp(a.name ?? "", b.name ?? "") || cmp(a.file, b.file) || rank(a.trust) - rank(b.trust));
  const canonical = JSON.stringify({
    schemaVersion: 1,
    tools: sortedUnique(tools),
    skills: skills.map((s) => ({ name: s.name, trust: s.trust, file: s.file })),
    readOnlyTools: sortedUnique(p.readOnlyTools),
    ceilings: TRUST_LEVELS.map((l) => [l, ceilingOf(l)]),
  });
  const digest = "sha256:" + createHash("sha256").update(canonical, "utf8").digest("hex");
  if (digest !== p.policyDigest) throw new Error("the embedded policy digest " + p.policyDigest + " does not match its content (" + digest + "): the plugin was edited after skillcheck wrote it");
  let low = TRUST_LEVELS[TRUST_LEVELS.length - 1];
  for (const s of skills) if (rank(s.trust) < rank(low)) low = s.trust;
  const ceiling = ceilingOf(low);
  const readOnly = new Set(p.readOnlyTools);
  const allowed = sortedUnique(tools).filter((t) => ceiling === "all" || (ceiling === "read-only" && readOnly.has(t)));
  const stated = sortedUnique(p.allowedTools);
  if (allowed.length !== stated.length || allowed.some((t, i) => t !== stated[i]) || p.allowedTools.some((t) => p.deniedTools.includes(t))) {
    throw new Error("the embedded allowlist does not follow from the policy's inputs: the plugin was edited after skillcheck wrote it");
  }
  return { allowed: new Set(allowed), known: new Set(tools), effectiveTrust: low, ceiling };
}

let state;
try {
  state = { ok: true, ...verify(POLICY) };
} catch (e) {
  state = { ok: false, error: String(e && e.message ? e.message : e) };
}

/** The decision for one tool id: null when allowed, else the reason. (Not exported: OpenCode calls every export as a plugin.) */
function skillcheckRefusal(tool) {
  if (!state.ok) return "skillcheck: tool call refused (fail closed): " + state.error;
  if (typeof tool !== "string") return "skillcheck policy: refused: the tool name is not a string";
  if (state.allowed.has(tool)) return null;
  const shown = JSON.stringify(tool.length > 80 ? tool.slice(0, 79) + "…" : tool);
  if (state.known.has(tool)) {
    return "skillcheck policy: refused: " + shown + " is denied: the active skills' lowest trust is " + state.effectiveTrust + " (ceiling: " + state.ceiling + "); allowed tools: " + ([...state.allowed].join(", ") || "none");
  }
  return "skillcheck policy: refused: unknown tool " + shown + "; it was not in the tool list the policy was built from, and the allowlist is closed";
}

export const SkillcheckPolicy = async () => ({
  "tool.execute.before": async (input) => {
    const why = skillcheckRefusal(input && input.tool);
    if (why !== null) throw new Error(why);
  },
});
`;

/** The plugin file's text. `doc` must be a verified policy document (buildPolicy, or createToolGate accepted it). */
export function toOpencodePlugin(doc: PolicyDocument): string {
  return [
    '// Generated by `skillcheck policy --format opencode-plugin`: the skillcheck tool policy for OpenCode.',
    '// Put it in .opencode/plugin/ (or ~/.config/opencode/plugin/). Every tool call outside the allowlist is refused.',
    '// Do not edit: the plugin checks the digest when OpenCode loads it and refuses every call if it does not match.',
    '// Regenerate it when the skills or the tool list change.',
    'import { createHash } from "node:crypto";',
    '',
    `const TRUST_LEVELS = ${JSON.stringify(TRUST_LEVELS)};`,
    `const DEFAULT_CEILINGS = ${JSON.stringify(POLICY_DATA.ceilings)};`,
    `const POLICY = ${JSON.stringify(embedded(doc), null, 2)};`,
    RUNTIME,
  ].join('\n');
}
