// The result of a run (lint()), as the reporters take it.

import type { SkillInput } from './rule.js';
import type { Diagnostic, TargetId, Trust } from './types.js';

export interface SkillSummary {
  name: string | null;
  file: string;
  target: TargetId;
  trust: Trust;
  /** Why the skill has its trust (the mapping, location rule or provenance fact that decided). */
  trustBecause?: string;
  loads: boolean;
  /** Why the trust is lower than the skill's real location gives: reached through a symlinked folder. */
  trustNote?: string;
}

export interface LintResult {
  skills: SkillSummary[];
  diagnostics: Diagnostic[];
  /** Files read. */
  files: number;
  /** Paths given that do not exist. */
  missing: string[];
  /** Parsed inputs, for fixes and commands that show a runtime's view (not serialized); [] without keepInputs. */
  inputs: SkillInput[];
  /** Ids of the security-category rules of the run (the summary lists their inline-suppressed findings). */
  securityRules?: readonly string[];
}
