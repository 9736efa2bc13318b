// Stage 5, suppress: inline directives and the baseline mark findings as suppressed (they stay in the report and
// are counted), and directives without a reason, naming unknown rules, or matching nothing are reported.
// A pure function of the diagnostics, each file's directives and the lines findings sit on (a file digest, so the
// sources need not be kept, and workers can send digests instead of texts).

import { codeLines } from '../analysis/fences.js';
import { fingerprintDiagnostics } from '../core/fingerprint.js';
import { splitFrontmatter } from '../core/parse.js';
import type { SourceText } from '../core/source.js';
import { didYouMean, quote } from '../core/text.js';
import { trustRank } from '../core/trust.js';
import { reportMessage, type MessageData } from '../core/rule.js';
import suppressionRule from '../../rules/suppression.js';
import type { Diagnostic, Severity, Trust } from '../core/types.js';

export const SUPPRESSION_RULE = 'suppression';
const NEXT_LINE = 'skillcheck-disable-next-line';
const REST = 'skillcheck-disable';
const ENABLE = 'skillcheck-enable';
/** Every directive keyword: a comment whose first word is near one of these (or starts with "skillcheck") and is
 *  none of them is reported as an unknown directive, not silently taken for prose. */
const DIRECTIVE_KEYWORDS: readonly string[] = [REST, NEXT_LINE, ENABLE];

export interface Directive {
  /** `unknown`: a comment that looks like a directive but names none (`skillcheck-disabel`, `skillcheck-ignore`). */
  kind: 'next-line' | 'rest' | 'enable' | 'unknown';
  /** How it was written: a markdown comment in the body or a YAML comment in the frontmatter. */
  syntax: 'markdown' | 'frontmatter';
  /** Rules named; for `enable`, [] ends every open block. */
  rules: string[];
  /** The text after ` -- `, trimmed; null when missing or blank. */
  reason: string | null;
  /** 1-based position of the directive. */
  line: number;
  column: number;
  /** Lines covered, inclusive (a `rest` block: to the end of the file unless an enable ends it, see `ends`). */
  from: number;
  to: number;
  /** For `rest`: rule → last line covered, for the rules a later `skillcheck-enable` ended. */
  ends?: Record<string, number>;
  /** For `unknown`: the first word as written. */
  word?: string;
}

/** Parse `RULES -- REASON` (the part after the directive keyword). */
function parseTail(tail: string): { rules: string[]; reason: string | null } {
  const sep = tail.search(/(^|\s)--(\s|$)/);
  const rulesPart = sep === -1 ? tail : tail.slice(0, sep);
  const reasonPart = sep === -1 ? '' : tail.slice(sep).replace(/^\s*--/, '').trim();
  return { rules: rulesPart.split(/[\s,]+/).filter(Boolean), reason: reasonPart === '' ? null : reasonPart };
}

/** Read the directive keyword at the start of a comment's text: a known one, an unknown one, or none (prose). */
function keyword(s: string): { kind: Directive['kind']; tail: string; word: string } | null {
  const word = /^\S*/.exec(s)![0];
  const tail = s.slice(word.length);
  if (word === NEXT_LINE) return { kind: 'next-line', tail, word };
  if (word === REST) return { kind: 'rest', tail, word };
  if (word === ENABLE) return { kind: 'enable', tail, word };
  const lower = word.toLowerCase();
  if (lower.startsWith('skillcheck') || (word.length >= 12 && didYouMean(lower, DIRECTIVE_KEYWORDS) !== null)) return { kind: 'unknown', tail, word };
  return null;
}

/**
 * Find the directives in a file. Markdown comments count in the body outside fenced code blocks, and must fill
 * their line; YAML comments count inside the frontmatter. A `skillcheck-disable` in the frontmatter covers the
 * whole file (findings on line 1 such as line endings included); in the body, the rest of the file. A
 * `skillcheck-enable` ends the open blocks of the rules it names (of every rule when it names none) on its line.
 */
export function parseDirectives(src: Pick<SourceText, 'normalized' | 'lineStarts'>): Directive[] {
  const text = src.normalized;
  if (!/skil+\s*-?\s*che?ck|-disable|-enable/i.test(text)) return [];
  const lines = text.split('\n');
  const split = splitFrontmatter(text);
  const fmLast = split && split.closeLine !== null ? split.closeLine - 1 : split ? lines.length : 0; // last frontmatter line
  const out: Directive[] = [];
  // The body's fenced code (the one scanner, src/analysis/fences.ts: the pattern rules' view of what is code).
  const bodyStart = split ? (split.closeLine === null ? text.length : split.bodyOffset) : 0;
  const bodyFirstLine = split ? (split.closeLine ?? lines.length) + 1 : 1;
  const inCode = codeLines(text, bodyStart, text.length, bodyFirstLine);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!;
    const inFrontmatter = split !== null && lineNo >= 2 && lineNo <= fmLast;
    if (!inFrontmatter && lineNo >= bodyFirstLine && inCode(lineNo)) continue;
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
    if (k.kind === 'unknown') {
      out.push({ kind: 'unknown', syntax, rules, reason, line: lineNo, column, from: lineNo, to: lineNo, word: k.word });
      continue;
    }
    if (k.kind === 'enable') {
      // End the open blocks above (their rules named here, or all of them).
      for (const d of out) {
        if (d.kind !== 'rest') continue;
        for (const r of d.rules) {
          if ((rules.length === 0 || rules.includes(r)) && d.ends?.[r] === undefined) (d.ends ??= {})[r] = lineNo;
        }
      }
      out.push({ kind: 'enable', syntax, rules, reason, line: lineNo, column, from: lineNo, to: lineNo });
      continue;
    }
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
  /** Rules of the security category: a directive suppresses them only when it gives a reason. */
  securityRules?: ReadonlySet<string>;
  /** Why a file's inline directives are not honoured (--no-inline-config, auditor persona, a skill below `trusted`),
   *  or null when they are. */
  inlineIgnored?: (file: string) => string | null;
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

/** Whether directive `dir` covers `line` for `rule`. */
function covers(dir: Directive, rule: string, line: number): boolean {
  if (dir.kind !== 'next-line' && dir.kind !== 'rest') return false;
  return line >= dir.from && line <= (dir.ends?.[rule] ?? dir.to) && dir.rules.includes(rule);
}

/**
 * Why a skill's own inline directives are not honoured, or null when they are: they are the skill's own words, so
 * only a trusted skill's count, outside the auditor persona and unless --no-inline-config (`inlineConfig: false`).
 * `trust` is the skill's lowest trust over its targets; undefined for a file of no known skill (not trusted).
 */
export function inlineConfigIgnored(trust: Trust | undefined, opts: { inlineConfig?: boolean; persona?: 'default' | 'auditor' }): string | null {
  if (opts.inlineConfig === false) return '--no-inline-config or config noInlineConfig';
  if (opts.persona === 'auditor') return 'auditor persona';
  if (trust === undefined || trustRank(trust) < trustRank('trusted')) return `the skill's trust is ${trust ?? 'unknown'}, below trusted`;
  return null;
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
  const security = opts.securityRules ?? new Set<string>();
  const used = new Map<Directive, Set<string>>();
  /** Security findings a directive covered but did not suppress (no reason): it is not "unused" for them. */
  const blocked = new Map<Directive, Set<string>>();
  const ignoredWhy = new Map<string, string | null>();
  const ignored = (file: string): string | null => {
    if (!ignoredWhy.has(file)) ignoredWhy.set(file, opts.inlineIgnored?.(file) ?? null);
    return ignoredWhy.get(file)!;
  };
  const directivesOf = (file: string): readonly Directive[] => {
    let list = byFile.get(file);
    if (!list) {
      list = opts.directivesOf(file);
      byFile.set(file, list);
    }
    return list;
  };
  for (const d of out) {
    if (d.suppressed || d.ruleId === SUPPRESSION_RULE || ignored(d.file) !== null) continue;
    for (const dir of directivesOf(d.file)) {
      if (!covers(dir, d.ruleId, d.line)) continue;
      // A security finding is suppressed only for a stated reason (the directive is reported either way).
      if (!dir.reason && security.has(d.ruleId)) {
        let b = blocked.get(dir);
        if (!b) blocked.set(dir, (b = new Set()));
        b.add(d.ruleId);
        continue;
      }
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
    // The messages are the suppression rule's (rules/suppression.ts), by id.
    const report = (file: string, dir: Directive, severity: Severity, messageId: string, data: MessageData = {}) =>
      extra.push({ ruleId: SUPPRESSION_RULE, severity: sev ?? severity, confidence: 'high', message: reportMessage(suppressionRule.meta, { messageId, data }), messageId, file, line: dir.line, column: dir.column });
    for (const [file, dirs] of [...byFile.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const why = ignored(file);
      for (const dir of dirs) {
        if (dir.kind === 'unknown') {
          const dym = didYouMean(dir.word ?? '', DIRECTIVE_KEYWORDS);
          report(file, dir, 'warning', 'unknownDirective', { word: quote(dir.word ?? ''), didYouMean: dym ? `; did you mean ${quote(dym)}?` : '', directives: DIRECTIVE_KEYWORDS.join(', ') });
          continue;
        }
        if (why !== null) {
          report(file, dir, 'info', 'ignored', { what: dir.kind === 'enable' ? 'directive' : 'suppression', why });
          continue;
        }
        if (dir.kind === 'enable') {
          const open = (r: string) => dirs.some((d) => d.kind === 'rest' && d.line < dir.line && d.ends?.[r] === dir.line);
          const closes = dir.rules.length === 0 ? dirs.some((d) => d.kind === 'rest' && d.line < dir.line && Object.values(d.ends ?? {}).includes(dir.line)) : dir.rules.every(open);
          if (!closes) {
            const what = dir.rules.length === 0 ? 'any rule' : dir.rules.filter((r) => !open(r)).map((r) => quote(r)).join(', ');
            report(file, dir, 'info', 'enableUnmatched', { what });
          }
          continue;
        }
        if (dir.rules.length === 0) {
          report(file, dir, 'warning', 'noRule', { example: directiveText(dir, 'rule-id') });
          continue;
        }
        const sec = dir.rules.filter((r) => security.has(r));
        if (!dir.reason) {
          const rules = dir.rules.map((r) => quote(r)).join(', ');
          if (sec.length > 0) {
            report(file, dir, 'warning', 'noReasonSecurity', { rules, s: sec.length === 1 ? '' : 's', security: sec.map((r) => quote(r)).join(', '), example: directiveText(dir, sec[0]!) });
          } else report(file, dir, 'warning', 'noReason', { rules, example: directiveText(dir, dir.rules[0]!) });
        }
        for (const r of dir.rules) {
          if (!known.has(r)) {
            const dym = didYouMean(r, opts.knownRules);
            report(file, dir, 'warning', 'unknownRule', { rule: quote(r), didYouMean: dym ? `; did you mean ${quote(dym)}?` : '' });
            continue;
          }
          if (opts.inactiveRules?.has(r) || used.get(dir)?.has(r) || blocked.get(dir)?.has(r)) continue;
          const where =
            dir.kind === 'next-line' ? `on line ${dir.from}` : dir.ends?.[r] !== undefined ? `on lines ${dir.from}–${dir.ends[r]}` : dir.syntax === 'frontmatter' ? 'in this file' : 'in the rest of the file';
          report(file, dir, 'info', 'unused', { rule: quote(r), where });
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
