// What a check of one candidate takes and gives back, shared by the main thread (lint.ts) and the workers
// (parallel.ts, worker.ts) without either importing the other.

import type { SeverityOverride, RuleOptions } from '../engine/check.js';
import type { Shard } from './shard.js';
import type { Directive } from '../engine/suppress.js';
import type { DiscoveredSkill, DiscoveryEvent, TreePath } from '../core/contracts.js';
import type { ProjectSkill, SkillInput } from '../core/rule.js';
import type { TrustMapping } from '../core/policy/trust.js';
import type { TargetSelection } from '../targets/resolve.js';
import type { Diagnostic } from '../core/types.js';

/** A skill file to check: what discovery found (or a symlink it refused to follow). */
export interface Candidate {
  d: DiscoveredSkill;
  symlink: DiscoveryEvent | null;
  /** A symlinked skill file that leads to a regular file inside a checked root: that file, read in its place. */
  linked?: { real: string; tree: TreePath };
}

/** What suppressions and fingerprints need of a skill file once its source is dropped. */
export interface FileDigest {
  directives: Directive[];
  /** Texts of the lines findings, directives and the skill's name sit on, by 1-based line number. */
  lines: [number, string][];
}

/** The result of checking one skill file under each of its targets. */
export interface FileOutcome {
  file: string;
  diagnostics: Diagnostic[];
  skills: ProjectSkill[];
  /** Full inputs, only when the run keeps them (LintOptions.keepInputs). */
  inputs?: SkillInput[];
  digest: FileDigest | null;
  /** Digests of the skill's references/ files that have findings, by display path. */
  others?: [string, FileDigest][];
  read: boolean;
}

/** The data that defines how files are checked: cloneable, so a worker thread can rebuild the same context. */
export interface CheckSpec {
  cwd: string;
  targets: TargetSelection;
  bound: number;
  gating: boolean;
  persona: 'default' | 'auditor';
  severity: Record<string, SeverityOverride>;
  trust: TrustMapping;
  ruleOptions?: RuleOptions;
  shard?: Shard;
  keepInputs: boolean;
  slimInputs: boolean;
}
