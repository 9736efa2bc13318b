// The check command: config file, flags, lint, fixes, baseline, report format and output, exit code.
// Exit codes: 0 clean, 1 findings that fail the run, 2 usage/config error, missing path or internal error.

import type { OptionValueSource } from 'commander';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SeverityOverride } from '../engine/check.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, intOption, maxWarningsOption, packageVersion, parseSeverities, parseTargets, readOpenclawConfig, type CheckFlags, type Io } from './common.js';
import type { LoadedConfig } from '../node/config.js';
import { inCi } from '../node/host.js';
import { readSmallFile } from '../node/read.js';
import type { IgnoreSet, LintOptions, LintResult } from '../node/lint.js';
import type { Diagnostic } from '../core/types.js';
import { visible } from '../core/text.js';

type Source = (key: string) => OptionValueSource | undefined;

/** Display form of a path given by the user or found upward: relative to cwd when inside it. */
function shownPath(cwd: string, abs: string): string {
  const rel = path.relative(cwd, abs);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel;
}

/**
 * The configs a run reads, by origin (docs/configuration.md): --config FILE alone (every key applies), or the
 * repository's config found upward from the working directory (`repository: false` skips it: the hook) with the
 * user's own config (trust and policy only). A repository config may lower trust and narrow the read-only set,
 * never raise or widen them: what it could not apply is said on stderr. Null when no config is read.
 */
export async function resolveConfig(flags: Pick<CheckFlags, 'config'> & { repository?: boolean }, io: Io, ruleIds: readonly { id: string; schema?: unknown }[]): Promise<LoadedConfig | null> {
  if (flags.config === false) return null;
  const { ConfigError, configPrivileges, findConfig, findUserConfig, loadConfig } = await import('../node/config.js');
  const load = async (abs: string, origin: LoadedConfig['origin']): Promise<LoadedConfig> => {
    const c = await loadConfig(abs, ruleIds).catch((e: unknown) => {
      // Messages name the file as the user sees it (relative to the working directory when inside it).
      if (e instanceof ConfigError) throw new ConfigError(e.message.split(abs).join(shownPath(io.cwd, abs)));
      throw e;
    });
    return origin ? { ...c, origin } : c;
  };
  try {
    if (typeof flags.config === 'string') {
      const explicit = await load(path.resolve(io.cwd, flags.config), 'explicit');
      return { ...explicit, privileges: configPrivileges({ explicit }) };
    }
    const repoFile = flags.repository === false ? null : findConfig(io.cwd);
    const userFile = findUserConfig(io.env);
    const repository = repoFile === null ? null : await load(repoFile, 'repository');
    const user = userFile === null ? null : await load(userFile, 'user');
    if (!repository && !user) return null;
    const home = io.env.HOME ?? io.env.USERPROFILE;
    const privileges = configPrivileges({ user, repository }, home !== undefined && path.isAbsolute(home) ? home : undefined);
    for (const n of privileges.notices) io.stderr(`skillcheck: warning: ${visible(n)}\n`);
    if (repository) return { ...repository, privileges };
    // Only the user's config: its privileges, nothing else.
    return { file: user!.file, dir: user!.dir, data: {}, severity: {}, ruleOptions: {}, origin: 'user', privileges };
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(`invalid config:\n${e.message.split('\n').map((l) => `  ${l}`).join('\n')}`);
    throw e;
  }
}

/**
 * The configs' trust mapping (every pattern rebased on its file's folder), read-only tool set and rule options,
 * as LintOptions. `warn` hears what a repository config could not apply to the read-only set.
 */
export async function policyOptions(config: LoadedConfig | null, warn?: (message: string) => void): Promise<Pick<LintOptions, 'trust' | 'readOnlyTools' | 'ruleOptions'>> {
  if (!config) return {};
  const ruleOptions = Object.keys(config.ruleOptions).length > 0 ? { ruleOptions: config.ruleOptions } : {};
  const { configPrivileges, effectiveToolPolicy } = await import('../node/config.js');
  const priv = config.privileges ?? configPrivileges({ explicit: config });
  if (!priv.trust && !priv.policy && !priv.narrowTo) return ruleOptions;
  let readOnlyTools: readonly string[] | undefined;
  if (priv.policy || priv.narrowTo) {
    const { policy, notices } = effectiveToolPolicy(priv);
    for (const n of notices) warn?.(n);
    readOnlyTools = policy.readOnlyTools;
  }
  return {
    ...(priv.trust ? { trust: priv.trust } : {}),
    ...(readOnlyTools ? { readOnlyTools } : {}),
    ...ruleOptions,
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

/**
 * --jobs: a whole number from 1 to MAX_JOBS, or auto (default): one less than the cores this process may use (the
 * main thread discovers, collects and reports), at least 1, at most 8. On 2 cores, 10,000 skills with one worker
 * took 11% less CPU, less wall time under load and 168 MB peak RSS against 205 MB with two
 * (docs/decisions/0004-workers-and-jobs-auto.md).
 */
export function jobsOption(v: string | undefined): number {
  if (v === undefined || v === 'auto') return Math.max(1, Math.min(8, os.availableParallelism() - 1));
  const n = intOption('--jobs', v);
  if (n < 1 || n > MAX_JOBS) throw new UsageError(`--jobs expects a number from 1 to ${MAX_JOBS} or auto, got "${v}"`);
  return n;
}

/** Bytes read from standard input at most: a skill file is small; beyond this the check reports the size. */
const MAX_STDIN_BYTES = 16 * 1024 * 1024;

export async function runCheckCommand(paths: string[], flags: CheckFlags, io: Io, source: Source, stdin?: StdinInput): Promise<number> {
  if (!stdin && (flags.stdin || paths.includes('-'))) return runStdin(paths, flags, io, source);
  if (flags.changedFiles) {
    const { skillFoldersOf } = await import('../node/changed.js');
    paths = skillFoldersOf(paths, io.cwd).map((d) => path.relative(io.cwd, d) || '.');
    // No changed file belongs to a skill: nothing to check (an empty path list would mean the whole folder).
    if (paths.length === 0) return EXIT_OK;
  }
  const { lint } = await import('../node/lint.js');
  const { ALL_RULES } = await import('../../rules/index.js');
  const fromCli = (k: string) => source(k) === 'cli';
  const config = await resolveConfig(flags, io, ALL_RULES.map((r) => r.meta));
  const cfg = config?.data ?? {};
  const severity: Record<string, SeverityOverride> = { ...(config?.severity ?? {}), ...parseSeverities(flags.severity) };
  for (const id of Object.keys(severity)) {
    if (!ALL_RULES.some((r) => r.meta.id === id)) throw new UsageError(`--severity: unknown rule "${id}" (see "skillcheck rules")`);
  }
  const maxWarnings = maxWarningsOption(flags.maxWarnings);
  let shard: LintOptions['shard'];
  if (flags.shard !== undefined) {
    const { parseShard } = await import('../node/shard.js');
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
    // Machine-dependent checks describe the machine running the linter; in CI that is a build runner, not the
    // machine the skill will run on, so there they are off unless --gating or the config asks for them.
    gating: fromCli('gating') ? flags.gating !== false : cfg.gating ?? !inCi(io.env),
    persona: flags.persona ?? cfg.persona ?? 'default',
    severity,
    ...(readBound !== undefined ? { readBound } : {}),
    ...ignoreOption(config, flags.ignorePattern ?? [], io.cwd),
    ...(await policyOptions(config, (n) => io.stderr(`skillcheck: warning: ${visible(n)}\n`))),
    ...(shard ? { shard } : {}),
    ...((fromCli('inlineConfig') ? flags.inlineConfig === false : cfg.noInlineConfig === true) ? { inlineConfig: false } : {}),
  };
  if (flags.debug) io.stderr(config ? `skillcheck: using config ${shownPath(io.cwd, config.file)}\n` : `skillcheck: no config file (${flags.config === false ? '--no-config' : 'none found from here up to the repository root'})\n`);
  if (flags.printConfig) {
    io.stdout(`${JSON.stringify(printableConfig(config, options, io.cwd), null, 2)}\n`);
    return EXIT_OK;
  }
  if (flags.openclawConfig !== undefined) {
    options.openclawConfig = await readOpenclawConfig(flags.openclawConfig, io.cwd);
  }
  if (flags.baseline !== undefined) {
    const { readBaseline, BaselineError } = await import('../node/baseline.js');
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
    if (stdin) return checkStdin(stdin, options);
    if (!flags.progress) return lint(options);
    const { createProgress } = await import('./progress.js');
    const progress = createProgress({ write: io.stderr, isTTY: !!io.stderrIsTTY, env: io.env, ...(io.columns ? { columns: io.columns } : {}) });
    try {
      return await lint({ ...options, onProgress: (d, t) => progress.tick(d, t) });
    } finally {
      progress.done();
    }
  };

  let result = await lintOnce();
  if (result.missing.length > 0) {
    for (const m of result.missing) io.stderr(`skillcheck: path not found: ${visible(m)}\n`);
    return EXIT_USAGE;
  }
  const roots = (paths.length > 0 ? paths : ['.']).map((p) => path.resolve(io.cwd, p));
  if (flags.fixDryRun) {
    const { planFixes } = await import('../node/fix.js');
    const { unifiedDiff } = await import('../core/diff.js');
    const plans = planFixes(result.diagnostics, result.inputs, roots);
    let out = '';
    for (const p of plans) {
      if (p.skipped) io.stderr(`skillcheck: would not fix ${visible(p.file)}: ${visible(p.skipped)}\n`);
      else out += unifiedDiff(p.file, p.before, p.after);
    }
    await emit(out, flags, io);
    io.stderr(`skillcheck: ${plans.filter((p) => !p.skipped).length} file(s) would change (--fix-dry-run changes nothing)\n`);
    return plans.some((p) => !p.skipped) ? EXIT_FINDINGS : EXIT_OK;
  }
  if (flags.fix) {
    const { applyFixes } = await import('../node/fix.js');
    const before = result.diagnostics;
    const outcomes = applyFixes(result.diagnostics, result.inputs, roots);
    for (const o of outcomes) {
      // Paths and reasons carry skill names: control characters are shown, never sent to the terminal.
      io.stderr(`${visible(o.skipped ? `skillcheck: not fixed ${o.file}: ${o.skipped}` : `skillcheck: fixed ${o.file}: ${fixSummary(before, o.file)} (${o.applied} edit${o.applied === 1 ? '' : 's'})`)}\n`);
    }
    if (outcomes.length === 0) io.stderr('skillcheck: nothing to fix\n');
    if (outcomes.some((o) => !o.skipped)) result = await lintOnce();
  }
  if (flags.writeBaseline !== undefined) {
    const { buildBaseline, serializeBaseline } = await import('../node/baseline.js');
    const { writeFileAtomic } = await import('../node/write.js');
    const b = buildBaseline(result.diagnostics);
    try {
      writeFileAtomic(path.resolve(io.cwd, flags.writeBaseline), serializeBaseline(b));
    } catch (e) {
      throw new UsageError(`--write-baseline ${flags.writeBaseline}: ${(e as Error).message}`);
    }
    io.stderr(`skillcheck: wrote ${b.findings.length} finding(s) to ${flags.writeBaseline}\n`);
    const accepted = new Set(b.findings.map((f) => f.fingerprint));
    result = { ...result, diagnostics: result.diagnostics.map((d) => (!d.suppressed && d.fingerprint && accepted.has(d.fingerprint) ? { ...d, suppressed: { kind: 'baseline' } } : d)) };
  }
  return reportResult(result, flags, io, maxWarnings);
}

/**
 * Print a run's result in the chosen format (--output, colour) and give the exit code: the check's and the audit's.
 * --quiet keeps errors only, in the report and in the exit code.
 */
export async function reportResult(
  result: LintResult,
  flags: Pick<CheckFlags, 'format' | 'output' | 'color' | 'quiet' | 'showSuppressed' | 'sarifExitCode' | 'failOnEmpty'>,
  io: Io,
  maxWarnings: number,
): Promise<number> {
  const { ALL_RULES } = await import('../../rules/index.js');
  if (flags.quiet) result = { ...result, diagnostics: result.diagnostics.filter((d) => d.severity === 'error') };
  // MCP configuration units (discover.ts) are checked files without a skill.
  const empty = result.skills.length === 0 && result.files === 0;
  if (empty) io.stderr(`skillcheck: no skills found under the given paths${flags.failOnEmpty ? ' (--fail-on-empty)' : ''}\n`);

  const version = packageVersion();
  let text: string;
  if (flags.format === 'json') {
    const { formatJson } = await import('../report/json.js');
    text = formatJson(result, { name: 'skillcheck', version });
  } else if (flags.format === 'sarif') {
    const { formatSarif } = await import('../report/sarif.js');
    const { docsUrl } = await import('../core/rule.js');
    text = formatSarif(result, { tool: { name: 'skillcheck', version }, rules: ALL_RULES.map((r) => r.meta), helpUri: docsUrl });
  } else {
    const { formatText, summaryLine } = await import('../report/text.js');
    if (flags.format === 'github') {
      const { formatGithub } = await import('../report/github.js');
      text = formatGithub(result, summaryLine(result));
    } else {
      const color = colorEnabled(flags, io);
      text = formatText(result, { color, showSuppressed: !!flags.showSuppressed });
    }
  }
  await emit(text, flags, io);

  if (flags.format === 'sarif' && !flags.sarifExitCode) return empty && flags.failOnEmpty ? EXIT_FINDINGS : EXIT_OK;
  if (empty && flags.failOnEmpty) return EXIT_FINDINGS;
  return exitCodeFor(result, maxWarnings);
}

/**
 * Skill files left out: the config's `ignore` (relative to its folder), `.skillcheckignore` in the working folder
 * (one glob a line, `#` comments) and --ignore-pattern (relative to the working folder). lint takes one base, so
 * the config's patterns are rebased on the working folder when the config lives elsewhere.
 */
function ignoreOption(config: LoadedConfig | null, cli: readonly string[], cwd: string): Pick<LintOptions, 'ignore'> {
  const sets: IgnoreSet[] = [];
  if (config?.data.ignore) sets.push({ base: config.dir, patterns: config.data.ignore });
  const here = [...readIgnoreFile(path.join(cwd, IGNORE_FILE)), ...cli.filter((g) => g.trim() !== '')];
  if (here.length > 0) sets.push({ base: cwd, patterns: here });
  return sets.length > 0 ? { ignore: sets } : {};
}

/** The ignore file ESLint users expect (.eslintignore's habit), read from the working folder. */
const IGNORE_FILE = '.skillcheckignore';

/** The ignore file's patterns, read with the one bounded, never-through-a-symlink reader; [] when absent or unreadable. */
function readIgnoreFile(file: string): string[] {
  let text: string;
  try {
    text = readSmallFile(file, 256 * 1024, IGNORE_FILE);
  } catch {
    return [];
  }
  return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}

/**
 * Colour in the text report: --color / --no-color win (--color with --output writes the codes into the file, as
 * asked); then FORCE_COLOR (0 or false: off), NO_COLOR (any non-empty value: off) and TERM=dumb (off); a report
 * written to a file has none; otherwise colour when stdout is a terminal.
 */
export function colorEnabled(flags: Pick<CheckFlags, 'color' | 'output'>, io: Pick<Io, 'isTTY' | 'env'>): boolean {
  if (flags.color !== undefined) return flags.color;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.env.TERM === 'dumb') return false;
  return flags.output === undefined && io.isTTY;
}

/** Standard input to check, as the file it names (--stdin-filename, relative to the working folder). */
interface StdinInput {
  bytes: Uint8Array;
  file: string;
}

/**
 * --stdin / `-`: the text is checked in memory (verify()) as the file `--stdin-filename` names, in the real working
 * folder: its config, ignore patterns, trust, baseline and output apply as for that file on disk. Nothing is written.
 * Only that file is checked: its side files are not on standard input, and project rules need a tree.
 */
async function runStdin(paths: string[], flags: CheckFlags, io: Io, source: Source): Promise<number> {
  if (paths.some((p) => p !== '-')) throw new UsageError('--stdin (or "-") checks standard input only: give no other path');
  if (flags.stdinFilename === undefined || flags.stdinFilename.trim() === '') {
    throw new UsageError('--stdin needs --stdin-filename PATH (where the skill would live, e.g. skills/x/SKILL.md): rules and targets depend on the path');
  }
  if (flags.fix || flags.writeBaseline !== undefined || flags.changedFiles) throw new UsageError('--stdin cannot be used with --fix, --write-baseline or --changed-files');
  const rel = path.relative(io.cwd, path.resolve(io.cwd, flags.stdinFilename));
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new UsageError(`--stdin-filename ${flags.stdinFilename}: expected a file inside the working folder`);
  const bytes = io.readStdin ? await io.readStdin(MAX_STDIN_BYTES) : new Uint8Array();
  return runCheckCommand([rel], { ...flags, stdin: false, progress: false }, io, source, { bytes, file: rel });
}

/** lint()'s result for standard input: verify() on the real path the file would have, or nothing when ignored. */
async function checkStdin(input: StdinInput, options: LintOptions): Promise<LintResult> {
  const { verify } = await import('../engine/verify.js');
  const { realPath } = await import('../node/discover.js');
  const { ignoreMatcher } = await import('../node/lint.js');
  const { systemHost } = await import('../node/host.js');
  const { claudePluginLookup } = await import('../node/plugins.js');
  const cwd = options.cwd ?? process.cwd();
  if (ignoreMatcher(options.ignore, cwd)?.(path.resolve(cwd, input.file))) return { skills: [], diagnostics: [], files: 0, missing: [], inputs: [] };
  const host = systemHost(cwd);
  const realCwd = realPath(cwd);
  const v = verify(input.bytes, {
    cwd: realCwd,
    path: path.join(realCwd, input.file),
    ...(options.targets ? { targets: options.targets } : {}),
    gating: options.gating ?? true,
    host,
    ...(options.openclawConfig ? { openclawConfig: options.openclawConfig } : {}),
    ...(options.ruleOptions ? { ruleOptions: options.ruleOptions } : {}),
    ...(options.persona ? { persona: options.persona } : {}),
    ...(options.severity ? { severity: options.severity } : {}),
    ...(options.trust ? { trust: options.trust } : {}),
    ...(options.readOnlyTools ? { readOnlyTools: options.readOnlyTools } : {}),
    ...(options.readBound !== undefined ? { readBound: options.readBound } : {}),
    ...(options.baseline ? { baseline: options.baseline } : {}),
    ...(options.inlineConfig === false ? { inlineConfig: false } : {}),
    home: realPath(os.homedir()),
    // As lint() would see it on disk: a Claude Code plugin manifest above the file's folder (auto only).
    ...(options.targets === undefined || options.targets === 'auto' ? { autoFacts: { claudePlugin: claudePluginLookup()(path.dirname(path.join(realCwd, input.file))) } } : {}),
  });
  return { skills: v.skills, diagnostics: v.diagnostics, files: 1, missing: [], inputs: [] };
}

/** The config file's settings every command that reads skills honours: ignore, trust, read-only tools, maxBytes. */
export async function configuredLintOptions(
  flags: { config?: string | false; maxBytes?: string },
  io: Io,
): Promise<{ config: LoadedConfig | null; options: Pick<LintOptions, 'ignore' | 'trust' | 'readOnlyTools' | 'ruleOptions' | 'readBound'> }> {
  const { ALL_RULES } = await import('../../rules/index.js');
  const config = await resolveConfig(flags, io, ALL_RULES.map((r) => r.meta));
  const readBound = flags.maxBytes !== undefined ? intOption('--max-bytes', flags.maxBytes) : config?.data.maxBytes;
  return {
    config,
    options: {
      ...ignoreOption(config, [], io.cwd),
      ...(await policyOptions(config, (n) => io.stderr(`skillcheck: warning: ${visible(n)}\n`))),
      ...(readBound !== undefined ? { readBound } : {}),
    },
  };
}

export interface ExplainFlags {
  target?: string;
  format: string;
  gating: boolean;
  openclawConfig?: string;
  maxBytes?: string;
  config?: string | false;
}

/** `skillcheck explain`: the config's targets, ignore, trust and maxBytes apply as in a check. */
export async function runExplainCommand(paths: string[], flags: ExplainFlags, io: Io, source: Source): Promise<number> {
  const { lint } = await import('../node/lint.js');
  const { explain, formatExplainJson, formatExplainText } = await import('../node/explain.js');
  const { config, options } = await configuredLintOptions(flags, io);
  const result = await lint({
    paths,
    cwd: io.cwd,
    targets: flags.target !== undefined ? await parseTargets(flags.target) : config?.data.targets ?? 'auto',
    gating: source('gating') === 'cli' ? flags.gating : config?.data.gating ?? flags.gating,
    ...options,
    ...(flags.openclawConfig !== undefined ? { openclawConfig: await readOpenclawConfig(flags.openclawConfig, io.cwd) } : {}),
  });
  if (result.missing.length > 0) {
    for (const m of result.missing) io.stderr(`skillcheck: path not found: ${m}\n`);
    return EXIT_USAGE;
  }
  if (result.skills.length === 0) io.stderr('skillcheck: no skills found under the given paths\n');
  const view = explain(result);
  io.stdout(flags.format === 'json' ? formatExplainJson(view, { name: 'skillcheck', version: packageVersion() }) : formatExplainText(view));
  return EXIT_OK;
}

/** --print-config: the file used and what the check will run with. */
function printableConfig(config: LoadedConfig | null, options: LintOptions, cwd: string): Record<string, unknown> {
  return {
    file: config ? shownPath(cwd, config.file) : null,
    config: config?.data ?? {},
    effective: {
      targets: options.targets,
      persona: options.persona,
      gating: options.gating,
      severity: options.severity,
      ...(options.readBound !== undefined ? { maxBytes: options.readBound } : {}),
      ignore: (Array.isArray(options.ignore) ? (options.ignore as IgnoreSet[]) : options.ignore ? [options.ignore as IgnoreSet] : []).map((s) => ({ base: shownPath(cwd, path.resolve(cwd, s.base ?? '.')), patterns: s.patterns })),
      ...(options.trust ? { trust: options.trust } : {}),
      ...(options.readOnlyTools ? { readOnlyTools: options.readOnlyTools } : {}),
      ...(options.ruleOptions ? { ruleOptions: options.ruleOptions } : {}),
    },
  };
}

async function emit(text: string, flags: Pick<CheckFlags, 'output'>, io: Io): Promise<void> {
  if (flags.output === undefined) {
    io.stdout(text);
    return;
  }
  const { writeFileAtomic } = await import('../node/write.js');
  try {
    writeFileAtomic(path.resolve(io.cwd, flags.output), text);
  } catch (e) {
    throw new UsageError(`--output ${flags.output}: ${(e as Error).message}`);
  }
}
