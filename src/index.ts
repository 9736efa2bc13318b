// Library entry: the same parser, pipeline and rules the CLI uses, for hosts and runtimes to import.

export type { Diagnostic, Fix, TextEdit, Severity, Confidence, Trust, TargetId, Suppression, Place } from './core/types.js';
export { lint, DEFAULT_READ_BOUND, type LintOptions, type LintResult, type SkillSummary, type IgnoreSet } from './node/lint.js';
export { verify, EMPTY_HOST, type VerifyOptions, type VerifyResult } from './engine/verify.js';
export { discover, type DiscoveryResult, type DiscoveredSkill, type DiscoveryEvent, type LinkHop } from './node/discover.js';
export { readBounded, type ReadResult } from './node/read.js';
export { decodeSource, positionAt, type SourceText } from './core/source.js';
export { parseSkillDocument, locate, MAX_ALIAS_COUNT, type ParsedDocument, type Frontmatter } from './core/parse.js';
export { PROFILES, TARGET_IDS, getProfile, type TargetProfile } from './targets/profiles.js';
export { trustFromPath, trustRank, TRUST_LEVELS } from './core/trust.js';
export { formatJson, summarize } from './report/json.js';
export { formatText } from './report/text.js';
export { applyEdits } from './node/fix.js';
export { defineRule, docsUrl, type Rule, type RuleMeta, type SkillContext, type ProjectContext } from './core/rule.js';
export { ALL_RULES } from '../rules/index.js';
export {
  escapeSkillContent,
  escapeReminderContent,
  unescapeContent,
  findBreakouts,
  wrapSkill,
  wrapReminder,
  xmlAttr,
  ENVELOPES,
  type Envelope,
  type Breakout,
  type WrapSkillInput,
  type WrapReminderInput,
} from './targets/escape.js';
export { renderCatalog, CATALOG_FORMATS, xmlText, lineField, type CatalogSkill, type CatalogFormat, type RenderCatalogOptions } from './targets/catalog.js';
export { isInvisible, isGap, isWhitespace, foldCodePoint } from './core/unicode.js';
export {
  scoreSkill,
  selectSkills,
  prepareSkill,
  releaseSkill,
  selectionCost,
  checkMessage,
  ActivationInputError,
  type ActivationSkill,
  type PreparedSkill,
  type SkillScore,
  type Selection,
  type Candidate,
  type SelectOptions,
} from './targets/ironclaw/activation.js';
export { cucaSearch, type CucaSkill, type CucaHit } from './targets/cuca/activation.js';
export { cerveauTriggers, type CerveauSkill, type TriggerResult } from './targets/cerveau/activation.js';
export { loadActivation, type LoadedActivation } from './targets/activation/load.js';
export { analyzePattern, compileForMatch, type PatternAnalysis, type CompiledPattern } from './analysis/regex/pattern.js';
export { parseRustRegex, type RegexSyntaxError } from './analysis/regex/syntax.js';
export { isTrust, highestTrust } from './core/trust.js';
export {
  resolveTrust, explainTrust, parseTrustMapping, lowestTrust, attenuateTools, buildPolicy, createToolGate, toolPolicy,
  policyDigest, canonicalPolicyInput, toClaudeSettings, globMatch, POLICY_DATA, PRESET_NAMES, rebaseTrustMapping, toolPolicyFromConfig,
  type TrustMapping, type TrustRule, type TrustConfig, type TrustDecision, type PolicySkill, type ToolPolicy,
  type PolicyDocument, type Attenuation, type ToolReason, type PolicyWarning, type Ceiling, type ToolGate,
  type GateDecision, type ClaudeSettingsFragment, type PolicyData,
  verifyPolicyDocument, PolicyDigestError, type PolicyIntegrityCode, type VerifyOptions as PolicyVerifyOptions, type VerifiedPolicy,
} from './core/policy/index.js';
export { explain, formatExplainJson, formatExplainText, type ExplainedSkill } from './node/explain.js';
export { resolveSkill, type Resolution } from './targets/names.js';
export { autoTarget, targetsFor } from './targets/resolve.js';

// Types the API above names in its signatures (scripts/api-report.mjs lists any that are not exported).
export type { Host } from './node/host.js';
export type { DiscoverOptions, SkillLayout } from './node/discover.js';
export type { TreePath, FileId } from './node/read.js';
export type { SkillFolder, FolderListing, FolderEntry, EntryKind, FileKind, PackageFile, PackageFiles, Unscanned } from './node/skillfiles.js';
export type { JsonScan, JsonString } from './analysis/jsonscan.js';
export type { SeverityOverride, RuleOptions } from './engine/check.js';
export type { Shard } from './node/shard.js';
export type { ExplainedActivation, ExplainedValue } from './node/explain.js';
export type { SkillInput, ReportInput, MessageData, ProjectSkill, RuleExample, Span, SkillRef } from './core/rule.js';
export type { Located, FlatEntry, YamlProblem } from './core/parse.js';
export type { Position } from './core/source.js';
export type { LocationRule, ReadOnlyPreset } from './core/policy/data.js';
export type { Summary, SecuritySuppression } from './report/json.js';
export type { TextOptions } from './report/text.js';
export type {
  ActivationLimits, SelectionRules, CatalogStyle, DescriptionSource, FrontmatterParser, GatingFacts, NameRule, NameSource, SearchWeights, SkillsRoot, TokenBudget,
} from './targets/profiles.js';
export type { Resolved, SideFiles } from './targets/names.js';
export type { AutoFacts, TargetSelection } from './targets/resolve.js';
export type { ActivationEntry, ActivationList, ActivationProblem, DroppedEntry, LoadedPattern } from './targets/activation/load.js';
export type { KeywordHit, NotSelectedReason } from './targets/ironclaw/activation.js';
export type { Approximation } from './analysis/regex/emit.js';
export type { PatternVerdict } from './analysis/regex/pattern.js';
export type { SizeEstimate } from './analysis/regex/size.js';
export type { Node as RegexNode, Flags as RegexFlags, ParseResult as RegexParseResult, Span as RegexSpan, SyntaxErrorKind, LookKind } from './analysis/regex/syntax.js';
export type { Ranges } from './analysis/regex/charset.js';
