// Baseline files (--baseline / --write-baseline): the fingerprints of accepted findings. Only findings not in
// the baseline fail the run. Fingerprints ignore line numbers (src/core/fingerprint.ts), so edits elsewhere in a file
// keep a baselined finding baselined.

import { jsonErrorMessage, readSmallFile, SmallFileError } from './read.js';
import { FINGERPRINT_VERSION } from '../core/fingerprint.js';
import type { Diagnostic } from '../core/types.js';

export const MAX_BASELINE_BYTES = 16 * 1024 * 1024;

export interface BaselineEntry {
  fingerprint: string;
  ruleId: string;
  file: string;
}

export interface BaselineFile {
  schemaVersion: 1;
  fingerprintVersion: number;
  findings: BaselineEntry[];
}

export class BaselineError extends Error {}

/** The baseline of every finding not already suppressed inline, sorted for stable diffs. */
export function buildBaseline(diags: readonly Diagnostic[]): BaselineFile {
  const findings = diags
    .filter((d) => d.fingerprint && (!d.suppressed || d.suppressed.kind === 'baseline'))
    .map((d) => ({ fingerprint: d.fingerprint!, ruleId: d.ruleId, file: d.file }));
  const uniq = [...new Map(findings.map((f) => [f.fingerprint, f])).values()];
  uniq.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0));
  return { schemaVersion: 1, fingerprintVersion: FINGERPRINT_VERSION, findings: uniq };
}

export function serializeBaseline(b: BaselineFile): string {
  const rows = b.findings.map((f) => `    ${JSON.stringify(f)}`);
  return `{\n  "schemaVersion": 1,\n  "fingerprintVersion": ${b.fingerprintVersion},\n  "findings": [\n${rows.join(',\n')}${rows.length ? '\n' : ''}  ]\n}\n`;
}

/** Read a baseline file into a set of fingerprints; throws BaselineError with what is wrong. */
export function readBaseline(file: string, display: string): Set<string> {
  let text: string;
  try {
    text = readSmallFile(file, MAX_BASELINE_BYTES, display);
  } catch (e) {
    if (e instanceof SmallFileError) throw new BaselineError(`${e.message} (the baseline)`);
    throw e;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new BaselineError(`${display}: not JSON: ${jsonErrorMessage(e)}`);
  }
  const d = data as Partial<BaselineFile> | null;
  if (!d || typeof d !== 'object' || d.schemaVersion !== 1 || !Array.isArray(d.findings)) {
    throw new BaselineError(`${display}: expected a skillcheck baseline ({ "schemaVersion": 1, "findings": [...] }); write one with --write-baseline`);
  }
  if (d.fingerprintVersion !== FINGERPRINT_VERSION) {
    throw new BaselineError(`${display}: fingerprint version ${String(d.fingerprintVersion)}, this skillcheck uses ${FINGERPRINT_VERSION}; regenerate it with --write-baseline`);
  }
  const out = new Set<string>();
  d.findings.forEach((f, i) => {
    if (!f || typeof f.fingerprint !== 'string') throw new BaselineError(`${display}: findings[${i}] has no "fingerprint" string`);
    out.add(f.fingerprint);
  });
  return out;
}
