// Command-line front end: parses arguments, runs the pipeline, prints a report, sets the exit code.
// Exit codes: 0 clean, 1 findings that fail the run, 2 usage error, missing path or internal error.

import { Command, CommanderError, Option } from 'commander';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeverityOverride } from './check.js';
import type { TargetId } from './types.js';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/** The package root: two levels up from dist/src/, one from src/ (tests run the sources). */
export function packageRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const up2 = path.join(here, '..', '..');
  return fs.existsSync(path.join(up2, 'package.json')) && path.basename(path.dirname(here)) === 'dist' ? up2 : path.join(here, '..');
}

export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

export class UsageError extends Error {}

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const defaultIo = (): Io => ({
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: !!process.stdout.isTTY,
  env: process.env,
  cwd: process.cwd(),
});

export async function parseTargets(value: string | undefined): Promise<'auto' | TargetId[]> {
  if (value === undefined || value === 'auto') return 'auto';
  const { TARGET_IDS } = await import('./targets/profiles.js');
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const t of list) {
    if (!TARGET_IDS.includes(t as TargetId)) throw new UsageError(`unknown target "${t}"; expected auto or one of ${TARGET_IDS.join(', ')}`);
  }
  return [...new Set(list)] as TargetId[];
}

function parseSeverities(list: string[]): Record<string, SeverityOverride> {
  const out: Record<string, SeverityOverride> = {};
  for (const item of list) {
    const m = /^([a-z0-9-]+)=(off|info|warning|error)$/.exec(item);
    if (!m) throw new UsageError(`--severity expects RULE=off|info|warning|error, got "${item}"`);
    out[m[1]!] = m[2] as SeverityOverride;
  }
  return out;
}

function intOption(name: string, v: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`${name} expects a whole number, got "${v}"`);
  return Number(v);
}

interface CheckFlags {
  target?: string;
  format: string;
  maxWarnings?: string;
  gating: boolean;
  fix?: boolean;
  maxBytes?: string;
  persona: 'default' | 'auditor';
  severity: string[];
  color?: boolean;
}

async function runCheck(paths: string[], flags: CheckFlags, io: Io): Promise<number> {
  const { lint } = await import('./lint.js');
  const { ALL_RULES } = await import('../rules/index.js');
  const severity = parseSeverities(flags.severity);
  for (const id of Object.keys(severity)) {
    if (!ALL_RULES.some((r) => r.meta.id === id)) throw new UsageError(`--severity: unknown rule "${id}" (see "skillcheck rules")`);
  }
  const maxWarnings = flags.maxWarnings === undefined ? -1 : intOption('--max-warnings', flags.maxWarnings);
  const options = {
    paths,
    cwd: io.cwd,
    targets: await parseTargets(flags.target),
    gating: flags.gating,
    persona: flags.persona,
    severity,
    rules: ALL_RULES,
    ...(flags.maxBytes !== undefined ? { readBound: intOption('--max-bytes', flags.maxBytes) } : {}),
  };
  let result = await lint(options);
  if (result.missing.length > 0) {
    for (const m of result.missing) io.stderr(`skillcheck: path not found: ${m}\n`);
    return EXIT_USAGE;
  }
  if (flags.fix) {
    const { applyFixes } = await import('./fix.js');
    const roots = (paths.length > 0 ? paths : ['.']).map((p) => path.resolve(io.cwd, p));
    const outcomes = applyFixes(result.diagnostics, result.inputs, roots);
    for (const o of outcomes) {
      io.stderr(o.skipped ? `skillcheck: not fixed ${o.file}: ${o.skipped}\n` : `skillcheck: fixed ${o.file} (${o.applied} edit${o.applied === 1 ? '' : 's'})\n`);
    }
    if (outcomes.some((o) => !o.skipped)) result = await lint(options);
  }
  if (result.skills.length === 0) io.stderr('skillcheck: no skills found under the given paths\n');
  if (flags.format === 'json') {
    const { formatJson } = await import('./report/json.js');
    io.stdout(formatJson(result, { name: 'skillcheck', version: packageVersion() }));
  } else {
    const { formatText } = await import('./report/text.js');
    const color = flags.color ?? (io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== ''));
    io.stdout(formatText(result, { color }));
  }
  const live = result.diagnostics.filter((d) => !d.suppressed);
  const errors = live.filter((d) => d.severity === 'error').length;
  const warnings = live.filter((d) => d.severity === 'warning').length;
  if (errors > 0) return EXIT_FINDINGS;
  if (maxWarnings >= 0 && warnings > maxWarnings) return EXIT_FINDINGS;
  return EXIT_OK;
}

async function runRules(format: string, io: Io): Promise<number> {
  const { ALL_RULES } = await import('../rules/index.js');
  const { docsUrl } = await import('./rule.js');
  if (format === 'json') {
    const rules = ALL_RULES.map((r) => ({
      id: r.meta.id,
      description: r.meta.description,
      severity: r.meta.severity,
      confidence: r.meta.confidence,
      category: r.meta.category,
      fixable: r.meta.fixable,
      machineDependent: !!r.meta.machineDependent,
      since: r.meta.since,
      docs: docsUrl(r.meta.id),
    }));
    io.stdout(`${JSON.stringify({ schemaVersion: 1, rules }, null, 2)}\n`);
  } else {
    const width = Math.max(...ALL_RULES.map((r) => r.meta.id.length));
    for (const r of ALL_RULES) io.stdout(`${r.meta.id.padEnd(width)}  ${r.meta.severity.padEnd(7)}  ${r.meta.description}\n`);
  }
  return EXIT_OK;
}

export function buildProgram(io: Io, setCode: (c: number) => void): Command {
  const program = new Command();
  program
    .name('skillcheck')
    .description('Security-focused linter and policy engine for agent skills')
    .version(packageVersion(), '-V, --version')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride()
    .showHelpAfterError(false)
    // Options after a subcommand belong to it: `skillcheck rules --format json` must not feed the check's --format.
    .enablePositionalOptions();

  program
    .argument('[paths...]', 'files or folders to check', [])
    .option('-t, --target <targets>', 'auto, or a comma-separated list of targets (agentskills, ironclaw, …)', 'auto')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--max-warnings <n>', 'fail when there are more than N warnings')
    .option('--no-gating', 'skip machine-dependent gating checks (PATH, environment, config paths)')
    .option('--fix', 'apply safe fixes (line endings, BOM, quoting) atomically')
    .option('--max-bytes <n>', 'read at most N bytes per file (never below a target limit)')
    .addOption(new Option('--persona <persona>', 'default hides low-confidence findings; auditor shows all').choices(['default', 'auditor']).default('default'))
    .option('--severity <rule=level>', 'override a rule severity (off|info|warning|error); repeatable', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--color', 'force colour')
    .option('--no-color', 'no colour')
    .action(async (paths: string[], flags: CheckFlags) => setCode(await runCheck(paths, flags, io)));

  program
    .command('rules')
    .description('list the rules')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (flags: { format: string }) => setCode(await runRules(flags.format, io)));

  return program;
}

export async function main(argv: string[], io: Io = defaultIo()): Promise<number> {
  let code = EXIT_OK;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return EXIT_OK;
      return EXIT_USAGE;
    }
    if (e instanceof UsageError) {
      io.stderr(`skillcheck: ${e.message}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`skillcheck: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return EXIT_USAGE;
  }
}
