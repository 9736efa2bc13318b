// The check command: config file, flags, lint, fixes, baseline, report format and output, exit code.
// Exit codes: 0 clean, 1 findings that fail the run, 2 usage/config error, missing path or internal error.

import type { OptionValueSource } from 'commander';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SeverityOverride } from './check.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, intOption, packageVersion, parseSeverities, parseTargets, type CheckFlags, type Io } from './cli.js';
import type { LoadedConfig } from './config.js';
import type { LintOptions, LintResult } from './lint.js';
import type { Diagnostic } from './types.js';

type Source = (key: string) => OptionValueSource | undefined;

/** Display form of a path given by the user or found upward: relative to cwd when inside it. */
function shownPath(cwd: string, abs: string): string {
  const rel = path.relative(cwd, abs);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel;
}

export async function resolveConfig(flags: Pick<CheckFlags, 'config'>, io: Io, ruleIds: readonly { id: string }[]): Promise<LoadedConfig | null> {
  if (flags.config === false) return null;
  const { ConfigError, findConfig, loadConfig } = await import('./config.js');
  try {
    let file: string | null;
    if (typeof flags.config === 'string') {
      file = path.resolve(io.cwd, flags.config);
    } else file = findConfig(io.cwd);
    if (file === null) return null;
    const abs = file;
    return await loadConfig(abs, ruleIds).catch((e: unknown) => {
      // Messages name the file as the user sees it (relative to the working directory when inside it).
      if (e instanceof ConfigError) throw new ConfigError(e.message.split(abs).join(shownPath(io.cwd, abs)));
      throw e;
    });
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(`invalid config:\n${e.message.split('\n').map((l) => `  ${l}`).join('\n')}`);
    throw e;
  }
}

/** The config file's trust mapping (rebased on its folder) and read-only tool set, as LintOptions. */
export async function policyOptions(config: LoadedConfig | null): Promise<Pick<LintOptions, 'trust' | 'readOnlyTools'>> {
  if (!config || (!config.data.trust && !config.data.policy)) return {};
  const { rebaseTrustMapping, toolPolicyFromConfig } = await import('./policy/index.js');
  return {
    ...(config.data.trust ? { trust: rebaseTrustMapping(config.data.trust, config.dir.split(path.sep).join('/')) } : {}),
    ...(config.data.policy ? { readOnlyTools: toolPolicyFromConfig(config.data.policy).readOnlyTools } : {}),
  };
}

function exitCodeFor(result: LintResult, maxWarnings: number): number {
  const live = result.diagnostics.filter((d) => !d.suppressed);
  if (live.some((d) => d.severity === 'error')) return EXIT_FINDINGS;
  if (maxWarnings >= 0 && live.filter((d) => d.severity === 'warning').length > maxWarnings) return EXIT_FINDINGS;
  return EXIT_OK;
}

/** What each fixed file's fixes were, e.g. "convert line endings to LF; remove the byte-order mark". */
function fixSummary(diags: readonly Diagnostic[], file: string): string {
  const seen = [...new Set(diags.filter((d) => d.file === file && d.fix && !d.suppressed).map((d) => `${d.fix!.description} (${d.ruleId})`))];
  return seen.join('; ');
}

/** Worker threads a run may ask for: each costs ~45 MB and a start-up, so a typo (--jobs 1000) must not fork-bomb. */
export const MAX_JOBS = 64;

/** --jobs: a whole number from 1 to MAX_JOBS, or auto (default): the cores this process may use, at most 8. */
export function jobsOption(v: string | undefined): number {
  if (v === undefined || v === 'auto') return Math.max(1, Math.min(8, os.availableParallelism()));
  const n = intOption('--jobs', v);
  if (n < 1 || n > MAX_JOBS) throw new UsageError(`--jobs expects a number from 1 to ${MAX_JOBS} or auto, got "${v}"`);
  return n;
}

export async function runCheckCommand(paths: string[], flags: CheckFlags, io: Io, source: Source): Promise<number> {
  const { lint } = await import('./lint.js');
  const { ALL_RULES } = await import('../rules/index.js');
  const fromCli = (k: string) => source(k) === 'cli';
  const config = await resolveConfig(flags, io, ALL_RULES.map((r) => r.meta));
  const cfg = config?.data ?? {};
  const severity: Record<string, SeverityOverride> = { ...(config?.severity ?? {}), ...parseSeverities(flags.severity) };
  for (const id of Object.keys(severity)) {
    if (!ALL_RULES.some((r) => r.meta.id === id)) throw new UsageError(`--severity: unknown rule "${id}" (see "skillcheck rules")`);
  }
  const maxWarnings = flags.maxWarnings === undefined ? -1 : intOption('--max-warnings', flags.maxWarnings);
  let shard: LintOptions['shard'];
  if (flags.shard !== undefined) {
    const { parseShard } = await import('./shard.js');
    const s = parseShard(flags.shard);
    if (typeof s === 'string') throw new UsageError(s);
    shard = s;
  }
  if (flags.fix && flags.fixDryRun) throw new UsageError('--fix and --fix-dry-run together: choose one');
  const targets = flags.target !== undefined ? await parseTargets(flags.target) : cfg.targets ?? 'auto';
  const readBound = flags.maxBytes !== undefined ? intOption('--max-bytes', flags.maxBytes) : cfg.maxBytes;
  const options: LintOptions = {
    paths,
    cwd: io.cwd,
    targets,
    gating: fromCli('gating') ? flags.gating : cfg.gating ?? flags.gating,
    persona: flags.persona ?? cfg.persona ?? 'default',
    severity,
    ...(readBound !== undefined ? { readBound } : {}),
    ...(cfg.ignore && config ? { ignore: { base: config.dir, patterns: cfg.ignore } } : {}),
    ...(await policyOptions(config)),
    ...(shard ? { shard } : {}),
    ...((fromCli('inlineConfig') ? flags.inlineConfig === false : cfg.noInlineConfig === true) ? { inlineConfig: false } : {}),
  };
  if (flags.openclawConfig !== undefined) {
    const { readOpenclawConfig } = await import('./cli.js');
    options.openclawConfig = await readOpenclawConfig(flags.openclawConfig, io.cwd);
  }
  if (flags.baseline !== undefined) {
    const { readBaseline, BaselineError } = await import('./baseline.js');
    try {
      options.baseline = readBaseline(path.resolve(io.cwd, flags.baseline), flags.baseline);
    } catch (e) {
      if (e instanceof BaselineError) throw new UsageError(e.message);
      throw e;
    }
  }
  // Only fixes need the parsed inputs (their sources, not the YAML documents); a plain check keeps summaries, which
  // bounds memory and lets workers check files in parallel.
  options.keepInputs = !!(flags.fix || flags.fixDryRun);
  options.slimInputs = true;
  options.jobs = jobsOption(flags.jobs);
  const lintOnce = async (): Promise<LintResult> => {
    if (!flags.progress) return lint(options);
    const { createProgress } = await import('./progress.js');
    const progress = createProgress({ write: io.stderr, isTTY: !!io.stderrIsTTY, env: io.env });
    try {
      return await lint({ ...options, onProgress: (d, t) => progress.tick(d, t) });
    } finally {
      progress.done();
    }
  };

  let result = await lintOnce();
  if (result.missing.length > 0) {
    for (const m of result.missing) io.stderr(`skillcheck: path not found: ${m}\n`);
    return EXIT_USAGE;
  }
  const roots = (paths.length > 0 ? paths : ['.']).map((p) => path.resolve(io.cwd, p));
  if (flags.fixDryRun) {
    const { planFixes } = await import('./fix.js');
    const { unifiedDiff } = await import('./diff.js');
    const plans = planFixes(result.diagnostics, result.inputs, roots);
    let out = '';
    for (const p of plans) {
      if (p.skipped) io.stderr(`skillcheck: would not fix ${p.file}: ${p.skipped}\n`);
      else out += unifiedDiff(p.file, p.before, p.after);
    }
    await emit(out, flags, io);
    io.stderr(`skillcheck: ${plans.filter((p) => !p.skipped).length} file(s) would change (--fix-dry-run changes nothing)\n`);
    return plans.some((p) => !p.skipped) ? EXIT_FINDINGS : EXIT_OK;
  }
  if (flags.fix) {
    const { applyFixes } = await import('./fix.js');
    const before = result.diagnostics;
    const outcomes = applyFixes(result.diagnostics, result.inputs, roots);
    for (const o of outcomes) {
      io.stderr(o.skipped ? `skillcheck: not fixed ${o.file}: ${o.skipped}\n` : `skillcheck: fixed ${o.file}: ${fixSummary(before, o.file)} (${o.applied} edit${o.applied === 1 ? '' : 's'})\n`);
    }
    if (outcomes.length === 0) io.stderr('skillcheck: nothing to fix\n');
    if (outcomes.some((o) => !o.skipped)) result = await lintOnce();
  }
  if (flags.writeBaseline !== undefined) {
    const { buildBaseline, serializeBaseline } = await import('./baseline.js');
    const { writeFileAtomic } = await import('./fix.js');
    const b = buildBaseline(result.diagnostics);
    writeFileAtomic(path.resolve(io.cwd, flags.writeBaseline), serializeBaseline(b));
    io.stderr(`skillcheck: wrote ${b.findings.length} finding(s) to ${flags.writeBaseline}\n`);
    const accepted = new Set(b.findings.map((f) => f.fingerprint));
    result = { ...result, diagnostics: result.diagnostics.map((d) => (!d.suppressed && d.fingerprint && accepted.has(d.fingerprint) ? { ...d, suppressed: { kind: 'baseline' } } : d)) };
  }
  const empty = result.skills.length === 0;
  if (empty) io.stderr(`skillcheck: no skills found under the given paths${flags.failOnEmpty ? ' (--fail-on-empty)' : ''}\n`);

  const version = packageVersion();
  let text: string;
  if (flags.format === 'json') {
    const { formatJson } = await import('./report/json.js');
    text = formatJson(result, { name: 'skillcheck', version });
  } else if (flags.format === 'sarif') {
    const { formatSarif } = await import('./report/sarif.js');
    const { docsUrl } = await import('./rule.js');
    text = formatSarif(result, { tool: { name: 'skillcheck', version }, rules: ALL_RULES.map((r) => r.meta), helpUri: docsUrl });
  } else {
    const { formatText, summaryLine } = await import('./report/text.js');
    if (flags.format === 'github') {
      const { formatGithub } = await import('./report/github.js');
      text = formatGithub(result, summaryLine(result));
    } else {
      const color = flags.output === undefined && (flags.color ?? (io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== '')));
      text = formatText(result, { color });
    }
  }
  await emit(text, flags, io);

  if (flags.format === 'sarif' && !flags.sarifExitCode) return empty && flags.failOnEmpty ? EXIT_FINDINGS : EXIT_OK;
  if (empty && flags.failOnEmpty) return EXIT_FINDINGS;
  return exitCodeFor(result, maxWarnings);
}

async function emit(text: string, flags: CheckFlags, io: Io): Promise<void> {
  if (flags.output === undefined) {
    io.stdout(text);
    return;
  }
  const { writeFileAtomic } = await import('./fix.js');
  try {
    writeFileAtomic(path.resolve(io.cwd, flags.output), text);
  } catch (e) {
    throw new UsageError(`--output ${flags.output}: ${(e as Error).message}`);
  }
}
