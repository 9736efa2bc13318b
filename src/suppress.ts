// Stage 5, suppress: inline directives and the baseline mark findings as suppressed (they stay in the report and
// are counted), and directives without a reason, naming unknown rules, or matching nothing are reported.
// A pure function of the diagnostics, each file's directives and the lines findings sit on (a file digest, so the
// sources need not be kept, and workers can send digests instead of texts).

import { fingerprintDiagnostics } from './fingerprint.js';
import { splitFrontmatter } from './parse.js';
import type { SourceText } from './source.js';
import { didYouMean, quote } from './text.js';
import type { Diagnostic, Severity } from './types.js';

export const SUPPRESSION_RULE = 'suppression';
const NEXT_LINE = 'skillcheck-disable-next-line';
const REST = 'skillcheck-disable';

export interface Directive {
  kind: 'next-line' | 'rest';
  /** How it was written: a markdown comment in the body or a YAML comment in the frontmatter. */
  syntax: 'markdown' | 'frontmatter';
  rules: string[];
  /** The text after ` -- `, trimmed; null when missing or blank. */
  reason: string | null;
  /** 1-based position of the directive. */
  line: number;
  column: number;
  /** Lines covered, inclusive. */
  from: number;
  to: number;
}

/** Parse `RULES -- REASON` (the part after the directive keyword). */
function parseTail(tail: string): { rules: string[]; reason: string | null } {
  const sep = tail.search(/(^|\s)--(\s|$)/);
  const rulesPart = sep === -1 ? tail : tail.slice(0, sep);
  const reasonPart = sep === -1 ? '' : tail.slice(sep).replace(/^\s*--/, '').trim();
  return { rules: rulesPart.split(/[\s,]+/).filter(Boolean), reason: reasonPart === '' ? null : reasonPart };
}

/** Match a directive keyword at the start of `s`: the longer keyword first, then a word boundary. */
function keyword(s: string): { kind: Directive['kind']; tail: string } | null {
  for (const [kw, kind] of [
    [NEXT_LINE, 'next-line'],
    [REST, 'rest'],
  ] as const) {
    if (s.startsWith(kw) && (s.length === kw.length || /\s/.test(s[kw.length]!))) return { kind, tail: s.slice(kw.length) };
  }
  return null;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Find the directives in a file. Markdown comments count in the body outside fenced code blocks, and must fill
 * their line; YAML comments count inside the frontmatter. A `skillcheck-disable` in the frontmatter covers the
 * whole file (findings on line 1 such as line endings included); in the body, the rest of the file.
 */
export function parseDirectives(src: Pick<SourceText, 'normalized' | 'lineStarts'>): Directive[] {
  const text = src.normalized;
  if (!text.includes(REST)) return [];
  const lines = text.split('\n');
  const split = splitFrontmatter(text);
  const fmLast = split && split.closeLine !== null ? split.closeLine - 1 : split ? lines.length : 0; // last frontmatter line
  const out: Directive[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!;
    const inFrontmatter = split !== null && lineNo >= 2 && lineNo <= fmLast;
    if (!inFrontmatter && lineNo > fmLast + (split ? 1 : 0)) {
      const f = FENCE.exec(raw);
      if (f) {
        if (fence === null) fence = f[1]![0]!.repeat(f[1]!.length);
        else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
        continue;
      }
      if (fence !== null) continue;
    }
    if (!raw.includes(REST)) continue;
    const trimmed = raw.trim();
    const column = raw.length - raw.trimStart().length + 1;
    let inner: string | null = null;
    let syntax: Directive['syntax'] = 'markdown';
    if (inFrontmatter) {
      if (trimmed.startsWith('#')) {
        inner = trimmed.slice(1).trim();
        syntax = 'frontmatter';
      }
    } else if (trimmed.startsWith('<!--') && trimmed.endsWith('-->') && trimmed.length >= 7) {
      inner = trimmed.slice(4, -3).trim();
    }
    if (inner === null) continue;
    const k = keyword(inner);
    if (!k) continue;
    const { rules, reason } = parseTail(k.tail);
    const from = k.kind === 'next-line' ? lineNo + 1 : syntax === 'frontmatter' ? 1 : lineNo;
    const to = k.kind === 'next-line' ? lineNo + 1 : Number.MAX_SAFE_INTEGER;
    out.push({ kind: k.kind, syntax, rules, reason, line: lineNo, column, from, to });
  }
  return out;
}

export interface SuppressOptions {
  /** The directives of a file by display path ([] when the file was not read). */
  directivesOf: (file: string) => readonly Directive[];
  /** The text of a 1-based line of a file, for fingerprints ('' when unknown). */
  lineOf: (file: string, line: number) => string;
  /** Every file checked: directives in a file without findings are reported unused too. */
  files?: readonly string[];
  /** Every rule id that exists (a directive naming another is reported). */
  knownRules: readonly string[];
  /** Rules that did not run (off, or gating off): a directive for them is not reported as unused. */
  inactiveRules?: ReadonlySet<string>;
  /** Fingerprints accepted by a baseline file. */
  baseline?: ReadonlySet<string>;
  /** Severity of the suppression rule's own findings, or 'off'; defaults to the built-in severities. */
  severity?: Severity | 'off';
}

function directiveText(d: Directive, rule: string): string {
  const kw = d.kind === 'next-line' ? NEXT_LINE : REST;
  return d.syntax === 'frontmatter' ? `# ${kw} ${rule} -- <reason>` : `<!-- ${kw} ${rule} -- <reason> -->`;
}

/**
 * Mark suppressed findings and add the suppression rule's own findings. Returns a new array (the input
 * diagnostics are copied when marked); every diagnostic gets a fingerprint.
 */
export function applySuppressions(diagnostics: readonly Diagnostic[], opts: SuppressOptions): Diagnostic[] {
  const byFile = new Map<string, readonly Directive[]>();
  const files = new Set([...(opts.files ?? []), ...diagnostics.map((d) => d.file)]);
  const out: Diagnostic[] = diagnostics.map((d) => ({ ...d }));
  const known = new Set(opts.knownRules);
  const used = new Map<Directive, Set<string>>();
  const directivesOf = (file: string): readonly Directive[] => {
    let list = byFile.get(file);
    if (!list) {
      list = opts.directivesOf(file);
      byFile.set(file, list);
    }
    return list;
  };
  for (const d of out) {
    if (d.suppressed || d.ruleId === SUPPRESSION_RULE) continue;
    for (const dir of directivesOf(d.file)) {
      if (d.line < dir.from || d.line > dir.to || !dir.rules.includes(d.ruleId)) continue;
      d.suppressed = dir.reason ? { kind: 'inline', reason: dir.reason } : { kind: 'inline' };
      let u = used.get(dir);
      if (!u) used.set(dir, (u = new Set()));
      u.add(d.ruleId);
      break;
    }
  }
  // The sources of files without findings may hold directives too (all unused).
  for (const f of files) directivesOf(f);
  const extra: Diagnostic[] = [];
  const sev = opts.severity;
  if (sev !== 'off') {
    const report = (file: string, dir: Directive, severity: Severity, message: string) =>
      extra.push({ ruleId: SUPPRESSION_RULE, severity: sev ?? severity, confidence: 'high', message, file, line: dir.line, column: dir.column });
    for (const [file, dirs] of [...byFile.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      for (const dir of dirs) {
        if (dir.rules.length === 0) {
          report(file, dir, 'warning', `suppression names no rule; write the rule id and a reason: ${directiveText(dir, 'rule-id')}`);
          continue;
        }
        if (!dir.reason) {
          report(file, dir, 'warning', `suppression of ${dir.rules.map((r) => quote(r)).join(', ')} has no reason; say why the finding is acceptable after " -- ": ${directiveText(dir, dir.rules[0]!)}`);
        }
        for (const r of dir.rules) {
          if (!known.has(r)) {
            const dym = didYouMean(r, opts.knownRules);
            report(file, dir, 'warning', `suppression names unknown rule ${quote(r)}${dym ? `; did you mean ${quote(dym)}?` : ''} (see "skillcheck rules")`);
            continue;
          }
          if (opts.inactiveRules?.has(r) || used.get(dir)?.has(r)) continue;
          const where = dir.kind === 'next-line' ? `on line ${dir.from}` : dir.syntax === 'frontmatter' ? 'in this file' : 'in the rest of the file';
          report(file, dir, 'info', `unused suppression: no ${quote(r)} finding ${where}; remove the directive`);
        }
      }
    }
  }
  const all = [...out, ...extra];
  fingerprintDiagnostics(all, opts.lineOf);
  if (opts.baseline && opts.baseline.size > 0) {
    for (const d of all) {
      if (!d.suppressed && d.fingerprint && opts.baseline.has(d.fingerprint)) d.suppressed = { kind: 'baseline' };
    }
  }
  return all;
}
