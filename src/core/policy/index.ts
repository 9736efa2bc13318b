// The policy library in one import: trust resolution, tool attenuation, the policy document and the gate.

export type { Trust } from '../types.js';
export { globMatch, matchSegment } from './glob.js';
export { POLICY_DATA, PRESET_NAMES, CEILINGS, checkPolicyData, type Ceiling, type PolicyData, type ReadOnlyPreset, type LocationRule } from './data.js';
export { resolveTrust, explainTrust, parseTrustMapping, trustPatternMatches, normalizeTrustPattern, rebaseTrustMapping, type TrustMapping, type TrustRule, type TrustConfig, type TrustDecision } from './trust.js';
export {
  lowestTrust, attenuateTools, buildPolicy, toolPolicy, toolPolicyFromConfig, ceilingFor, policyDigest, canonicalPolicyInput, policyWarnings, sortedUnique,
  type PolicySkill, type ToolPolicy, type PolicyDocument, type Attenuation, type ToolReason, type PolicyWarning,
} from './tools.js';
export { createToolGate, type ToolGate, type GateDecision } from './gate.js';
export {
  evaluateProvenance, provenanceQueries, lowerByProvenance, parseLockNames, parseRegistryFolders,
  type ProvenanceRule, type ProvenanceFinding, type ProvenanceAnswers, type ProvenanceQueries, type ProvenanceContext,
  type ProvenanceRuleBase, type UnderRule, type LockfileRule, type MarkerRule, type RegistryRule, type GitRule,
} from './provenance.js';
export { verifyPolicyDocument, PolicyDigestError, type PolicyIntegrityCode, type VerifyOptions, type VerifiedPolicy } from './verify.js';
export { toClaudeSettings, CLAUDE_RULE_NAME, type ClaudeSettingsFragment } from './claude.js';
export { declaredTools, splitAllowedTools, tokenizeAllowedTools, type DeclaredTool } from './declared.js';
