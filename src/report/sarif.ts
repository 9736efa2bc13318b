// SARIF 2.1.0 formatter for code scanning. A pure function of the result and the rule metadata; checked
// against the SARIF schema and GitHub's ingestion rules (test/sarif.test.ts, docs/usage.md, "SARIF output").

import { fingerprintDiagnostics } from '../core/fingerprint.js';
import type { LintResult } from '../core/result.js';
import type { RuleMeta } from '../core/rule.js';
import type { Diagnostic, Severity } from '../core/types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The uriBaseId of every location: the working directory skillcheck ran in (the repository root in CI). */
export const SRCROOT = 'SRCROOT';
export const INFORMATION_URI = 'https://github.com/skillcheck/skillcheck';
/** partialFingerprints key: our fingerprint recipe, versioned (src/core/fingerprint.ts). */
export const FINGERPRINT_KEY = 'skillcheckFingerprint/v1';

export interface SarifOptions {
  tool: { name: string; version: string };
  /** Metadata of every rule that can appear (ruleIndex follows this order). */
  rules: readonly RuleMeta[];
  /** The documentation page of a rule. */
  helpUri: (ruleId: string) => string;
}

type Level = 'error' | 'warning' | 'note';

const LEVEL: Record<Severity, Level> = { error: 'error', warning: 'warning', info: 'note' };
/** GitHub's security-severity scale: 7.0+ high, 4.0+ medium, below that low. */
const SECURITY_SEVERITY: Record<Severity, string> = { error: '8.0', warning: '5.0', info: '2.0' };

/** SARIF asks for messages that are sentences: end with a period (SARIF2001). */
export function sentence(s: string): string {
  const t = s.trimEnd();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/**
 * "duplicate-name" → "SkillDuplicateName": a readable Pascal-case name that never equals the id, even ignoring
 * case (SARIF1001 requires id and name to differ, and "symlink" vs "Symlink" counts as equal).
 */
export function pascalName(id: string): string {
  return 'Skill' + id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** A relative POSIX path as a URI reference: every segment percent-encoded, `..` kept. */
export function pathToUri(p: string): string {
  return p
    .split('/')
    .map((seg) => (seg === '..' || seg === '.' ? seg : encodeURIComponent(seg)))
    .join('/');
}

/** Metadata for a rule id that has no module (e.g. internal-error). */
function syntheticMeta(id: string): RuleMeta {
  return {
    id,
    description: id === 'internal-error' ? 'A rule failed while checking a file (a skillcheck bug): please report it' : `Finding reported by ${id}`,
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: { bad: [], good: [] },
  };
}

function ruleDescriptor(meta: RuleMeta, helpUri: string): Record<string, unknown> {
  const security = meta.category === 'security';
  const properties: Record<string, unknown> = {
    tags: security ? ['security', 'skill'] : ['correctness', 'skill'],
    precision: meta.confidence,
    category: meta.category,
    fixable: meta.fixable,
  };
  if (security) properties['security-severity'] = SECURITY_SEVERITY[meta.severity];
  const markdown = [
    `**${meta.id}** (${meta.category}, default ${meta.severity}, confidence ${meta.confidence}${meta.fixable ? ', fixable with `skillcheck --fix`' : ''})`,
    '',
    sentence(meta.description),
    '',
    `See [the ${meta.id} documentation](${helpUri}) for examples and how to fix it.`,
  ].join('\n');
  return {
    id: meta.id,
    name: pascalName(meta.id),
    shortDescription: { text: sentence(meta.description) },
    fullDescription: { text: sentence(`${meta.description}. Default severity ${meta.severity}, confidence ${meta.confidence}; see ${helpUri}`) },
    helpUri,
    help: { text: sentence(`${meta.description}. See ${helpUri}`), markdown },
    defaultConfiguration: { level: LEVEL[meta.severity] },
    properties,
  };
}

function region(d: Diagnostic): Record<string, number> {
  const r: Record<string, number> = { startLine: Math.max(1, d.line), startColumn: Math.max(1, d.column) };
  if (d.endLine !== undefined && d.endColumn !== undefined && (d.endLine > r.startLine! || (d.endLine === r.startLine && d.endColumn >= r.startColumn!))) {
    r.endLine = d.endLine;
    r.endColumn = d.endColumn;
  }
  return r;
}

function result(d: Diagnostic, ruleIndex: number): Record<string, unknown> {
  const r: Record<string, unknown> = {
    ruleId: d.ruleId,
    ruleIndex,
    level: LEVEL[d.severity],
    message: { text: sentence(d.message) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: pathToUri(d.file), uriBaseId: SRCROOT },
          region: region(d),
        },
      },
    ],
  };
  // A grouped finding stays one result; the places it stands for are its related locations (the first is the
  // result's own location, so it is not repeated).
  const related = (d.related ?? []).filter((p, i) => !(i === 0 && p.file === d.file && p.line === d.line && p.column === d.column));
  if (related.length > 0) {
    r.relatedLocations = related.map((p, i) => ({
      id: i + 1,
      physicalLocation: { artifactLocation: { uri: pathToUri(p.file), uriBaseId: SRCROOT }, region: { startLine: Math.max(1, p.line), startColumn: Math.max(1, p.column) } },
      message: { text: 'Another place of the same finding.' },
    }));
  }
  if (d.fingerprint) r.partialFingerprints = { [FINGERPRINT_KEY]: d.fingerprint };
  if (d.suppressed) {
    const s: Record<string, unknown> = { kind: d.suppressed.kind === 'inline' ? 'inSource' : 'external', status: 'accepted' };
    if (d.suppressed.reason) s.justification = d.suppressed.reason;
    r.suppressions = [s];
  }
  const props: Record<string, unknown> = { confidence: d.confidence };
  if (d.target) props.target = d.target;
  if (d.rejects) props.rejects = true;
  if (d.machineDependent) props.machineDependent = true;
  if (d.occurrences !== undefined) props.occurrences = d.occurrences;
  if (d.suppressed) props.suppressionKind = d.suppressed.kind;
  r.properties = props;
  return r;
}

/** Diagnostics from the pipeline carry fingerprints; others (library callers) get them from rule, file and target. */
function withFingerprints(diags: readonly Diagnostic[]): Diagnostic[] {
  if (diags.every((d) => d.fingerprint)) return [...diags];
  return fingerprintDiagnostics(
    diags.map((d) => ({ ...d })),
    () => '',
  );
}

export function formatSarif(res: Pick<LintResult, 'diagnostics'>, opts: SarifOptions): string {
  const metas = [...opts.rules];
  const index = new Map<string, number>(metas.map((m, i) => [m.id, i]));
  for (const d of res.diagnostics) {
    if (!index.has(d.ruleId)) {
      index.set(d.ruleId, metas.length);
      metas.push(syntheticMeta(d.ruleId));
    }
  }
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: opts.tool.name,
            version: opts.tool.version,
            semanticVersion: opts.tool.version,
            informationUri: INFORMATION_URI,
            rules: metas.map((m) => ruleDescriptor(m, opts.helpUri(m.id))),
          },
        },
        originalUriBaseIds: {
          [SRCROOT]: { description: { text: 'The working directory skillcheck ran in (the repository root in CI).' } },
        },
        columnKind: 'utf16CodeUnits',
        results: withFingerprints(res.diagnostics).map((d) => result(d, index.get(d.ruleId)!)),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
