// RuleTester (`skillcheck/testing`): test one rule with valid and invalid skill texts, in memory (verify()), the way
// ESLint's RuleTester tests a rule. Only the rule under test runs, so other rules' findings never leak into a test.
// Each case is a test of the host framework when `RuleTester.describe` / `RuleTester.it` are set (or `describe` /
// `it` are globals); otherwise run() checks every case at once and throws an AssertionError on the first mismatch.

import { AssertionError } from 'node:assert';
// The package's own packs (rules/packs/), read from its folder; the engine itself reads no file (an embedder
// without a file system calls usePackSource).
import './node/packs.js';
import { applyEdits } from './core/edits.js';
import { reportMessage, type MessageData, type Rule } from './core/rule.js';
import type { Confidence, Diagnostic, Severity, TargetId } from './core/types.js';
import { verify, type VerifyOptions } from './engine/verify.js';

/** A skill text the rule must accept without any finding. */
export interface ValidCase extends Omit<VerifyOptions, 'rules'> {
  /** The skill file's text (or bytes). */
  code: string | Uint8Array;
  /** Test title; defaults to the first line of the code. */
  name?: string;
}

export interface ExpectedFinding {
  /** The exact message, or a pattern it must match. */
  message?: string | RegExp;
  /** The rule's message id (meta.messages); with `data`, the message must be that template filled with it. */
  messageId?: string;
  data?: MessageData;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  severity?: Severity;
  /** How sure the rule is (low findings show only with the auditor persona). */
  confidence?: Confidence;
  target?: TargetId;
  /** Display path of the file the finding is in (a references/ file, for example). */
  file?: string;
  /** Whether the finding stops the target from loading the skill. */
  rejects?: boolean;
}

/** A skill text the rule must report on, exactly as listed (in report order: file, line, column). */
export interface InvalidCase extends ValidCase {
  /** Every finding of the rule, in order, or only how many there are. */
  errors: readonly ExpectedFinding[] | number;
  /** The text after applying the rule's fixes to the skill file; null: the rule offers no fix. Omitted: unchecked. */
  output?: string | null;
}

/** The test framework's `describe` and `it`, as the tester calls them. */
export type Describe = (title: string, body: () => void) => void;
export type It = (title: string, body: () => void) => void;

export type { Confidence, Diagnostic, Place, Severity, TargetId } from './core/types.js';
export type { AutoFacts } from './targets/resolve.js';
export type { MessageData, Rule } from './core/rule.js';
export type { VerifyOptions } from './engine/verify.js';

function title(c: ValidCase): string {
  if (c.name) return c.name;
  const text = typeof c.code === 'string' ? c.code : new TextDecoder().decode(c.code);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);
}

function fail(message: string, actual: unknown, expected: unknown): never {
  throw new AssertionError({ message, actual, expected, operator: 'deepStrictEqual' });
}

function describeFinding(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.message}`;
}

export class RuleTester {
  /** The test framework's `describe`; defaults to a global `describe` when there is one. */
  static describe: Describe | undefined;
  /** The test framework's `it`; defaults to a global `it` when there is one. */
  static it: It | undefined;

  constructor(private readonly defaults: Omit<VerifyOptions, 'rules'> = {}) {}

  /** The findings of `rule` alone on one case (suppressed ones left out, as a run's exit code leaves them out). */
  findings(rule: Rule, c: ValidCase): { diagnostics: Diagnostic[]; fixed: string | null } {
    const { code, name: _name, ...opts } = c;
    const options: VerifyOptions = { ...this.defaults, ...opts, rules: [rule] };
    const result = verify(code, options);
    // A rule that throws is reported as an internal-error finding by the pipeline; here it fails the case, or a
    // crashing rule would pass every valid case.
    const crash = result.diagnostics.find((d) => d.ruleId === 'internal-error');
    if (crash) fail(`${rule.meta.id}: the rule threw: ${crash.message}`, crash.message, 'no exception');
    const diagnostics = result.diagnostics.filter((d) => d.ruleId === rule.meta.id && !d.suppressed);
    const text = typeof code === 'string' ? code : new TextDecoder().decode(code);
    const file = result.inputs[0]?.file;
    const edits = diagnostics.filter((d) => d.fix && d.file === file).flatMap((d) => d.fix!.edits);
    return { diagnostics, fixed: edits.length > 0 ? applyEdits(text, edits).text : null };
  }

  run(rule: Rule, tests: { valid?: readonly ValidCase[]; invalid?: readonly InvalidCase[] }): void {
    const g = globalThis as { describe?: Describe; it?: It };
    const describe: Describe = RuleTester.describe ?? g.describe ?? ((_t, body) => body());
    const it: It = RuleTester.it ?? g.it ?? ((_t, body) => body());
    const id = rule.meta.id;
    describe(id, () => {
      // An empty group is left out: a test framework fails a suite with no test in it.
      if (tests.valid?.length) describe('valid', () => {
        for (const c of tests.valid ?? []) {
          it(title(c), () => {
            const { diagnostics } = this.findings(rule, c);
            if (diagnostics.length > 0) fail(`${id}: expected no finding, got ${diagnostics.length}:\n${diagnostics.map(describeFinding).join('\n')}`, diagnostics.map(describeFinding), []);
          });
        }
      });
      if (tests.invalid?.length) describe('invalid', () => {
        for (const c of tests.invalid ?? []) {
          it(title(c), () => {
            const { diagnostics, fixed } = this.findings(rule, c);
            if (typeof c.errors === 'number') {
              if (diagnostics.length !== c.errors) fail(`${id}: expected ${c.errors} finding(s), got ${diagnostics.length}:\n${diagnostics.map(describeFinding).join('\n')}`, diagnostics.length, c.errors);
            } else {
              if (c.errors.length === 0) throw new TypeError(`${id}: an invalid case lists at least one expected finding`);
              if (diagnostics.length !== c.errors.length) fail(`${id}: expected ${c.errors.length} finding(s), got ${diagnostics.length}:\n${diagnostics.map(describeFinding).join('\n')}`, diagnostics.map(describeFinding), c.errors);
              c.errors.forEach((want, i) => {
                const got = diagnostics[i]!;
                const picked: Record<string, unknown> = {};
                const wanted: Record<string, unknown> = {};
                for (const k of ['line', 'column', 'endLine', 'endColumn', 'severity', 'confidence', 'target', 'file', 'rejects'] as const) {
                  if (want[k] === undefined) continue;
                  wanted[k] = want[k];
                  picked[k] = k === 'rejects' ? !!got.rejects : got[k];
                }
                if (want.messageId !== undefined) {
                  if (!rule.meta.messages || !Object.prototype.hasOwnProperty.call(rule.meta.messages, want.messageId)) throw new TypeError(`${id}: no message "${want.messageId}" in meta.messages`);
                  wanted.messageId = want.messageId;
                  picked.messageId = got.messageId;
                  if (want.data !== undefined) {
                    wanted.message = reportMessage(rule.meta, { messageId: want.messageId, data: want.data });
                    picked.message = got.message;
                  }
                } else if (want.data !== undefined) throw new TypeError(`${id}: data without a messageId`);
                if (want.message instanceof RegExp) {
                  if (!want.message.test(got.message)) fail(`${id}: finding ${i + 1} message ${JSON.stringify(got.message)} does not match ${want.message}`, got.message, want.message);
                } else if (want.message !== undefined) {
                  wanted.message = want.message;
                  picked.message = got.message;
                }
                if (JSON.stringify(picked) !== JSON.stringify(wanted)) fail(`${id}: finding ${i + 1} differs`, picked, wanted);
              });
            }
            if (c.output !== undefined && fixed !== c.output) fail(c.output === null ? `${id}: expected no fix, got one` : `${id}: the fixed text differs`, fixed, c.output);
          });
        }
      });
    });
  }
}
