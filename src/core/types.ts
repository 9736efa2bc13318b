// Shared vocabulary of the pipeline: severities, diagnostics, fixes and targets.

export type Severity = 'error' | 'warning' | 'info';
export type Confidence = 'high' | 'medium' | 'low';
/** Trust levels, lowest first. See src/core/trust.ts for ordering. */
export type Trust = 'installed' | 'trusted';
export type TargetId = 'agentskills' | 'claude-code' | 'codex' | 'opencode' | 'ironclaw' | 'openclaw' | 'cerveau' | 'jern' | 'creo' | 'cuca';

/** A replacement on the original decoded text of a file (UTF-16 offsets, BOM included). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface Fix {
  description: string;
  edits: TextEdit[];
}

export interface Suppression {
  kind: 'inline' | 'baseline' | 'config';
  reason?: string;
}

/** One finding. Field names are a public contract (JSON output); add, never remove. */
export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  confidence: Confidence;
  message: string;
  /** The rule's message id (meta.messages) when the message came from one; not part of the reports. */
  messageId?: string;
  /** POSIX path relative to the working directory. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units, a leading BOM not counted. */
  column: number;
  endLine?: number;
  endColumn?: number;
  fix?: Fix;
  suppressed?: Suppression;
  /** The target whose semantics produced the finding. */
  target?: TargetId;
  /** Every target that produced this exact finding, when several did (`--target a,b`); `target` is the first. */
  targets?: TargetId[];
  /** True when the runtime would refuse to load the skill because of this finding. */
  rejects?: boolean;
  /** True when the finding depends on this machine (PATH, environment, files outside the tree). */
  machineDependent?: boolean;
  /** Stable across line shifts: rule, target, file and a hash of the offending line's text (src/core/fingerprint.ts). */
  fingerprint?: string;
  /** A grouped finding (one cause repeated, src/core/group.ts): how many places it stands for, this one included. */
  occurrences?: number;
  /** A grouped finding: the first places it stands for (this one first), at most GROUP_LISTED. */
  related?: Place[];
}

/** A place in a file: 1-based line and column, the file a display path. */
export interface Place {
  file: string;
  line: number;
  column: number;
}
