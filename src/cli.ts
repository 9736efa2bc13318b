// Command-line front end: parses arguments, runs the pipeline, prints a report, sets the exit code.
// Exit codes: 0 clean, 1 findings that fail the run, 2 usage error, missing path or internal error.

import { Command, CommanderError, Option, type OptionValueSource } from 'commander';
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
  /** stderr is a terminal (progress display); absent means no. */
  stderrIsTTY?: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const defaultIo = (): Io => ({
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: !!process.stdout.isTTY,
  stderrIsTTY: !!process.stderr.isTTY,
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

export function parseSeverities(list: string[]): Record<string, SeverityOverride> {
  const out: Record<string, SeverityOverride> = {};
  for (const item of list) {
    const m = /^([a-z0-9-]+)=(off|info|warning|error)$/.exec(item);
    if (!m) throw new UsageError(`--severity expects RULE=off|info|warning|error, got "${item}"`);
    out[m[1]!] = m[2] as SeverityOverride;
  }
  return out;
}

export function intOption(name: string, v: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`${name} expects a whole number, got "${v}"`);
  return Number(v);
}

export interface CheckFlags {
  target?: string;
  format: string;
  maxWarnings?: string;
  gating: boolean;
  fix?: boolean;
  fixDryRun?: boolean;
  maxBytes?: string;
  persona?: 'default' | 'auditor';
  severity: string[];
  color?: boolean;
  output?: string;
  sarifExitCode?: boolean;
  /** A file, false for --no-config, undefined to search upward. */
  config?: string | false;
  baseline?: string;
  writeBaseline?: string;
  shard?: string;
  jobs?: string;
  failOnEmpty?: boolean;
  progress: boolean;
  openclawConfig?: string;
}

/** Read the OpenClaw config given with --openclaw-config: bounded, never through a symlink, JSON. */
export async function readOpenclawConfig(file: string, cwd: string): Promise<Record<string, unknown>> {
  const { readBounded } = await import('./read.js');
  const r = readBounded(path.resolve(cwd, file), 1 << 20);
  if (r.kind !== 'ok') throw new UsageError(`--openclaw-config: cannot read ${file} (${r.kind === 'error' ? r.code : r.kind})`);
  try {
    const v = JSON.parse(Buffer.from(r.bytes).toString('utf8')) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  throw new UsageError(`--openclaw-config: ${file} is not a JSON object`);
}

async function runCheck(paths: string[], flags: CheckFlags, io: Io, source: (key: string) => OptionValueSource | undefined): Promise<number> {
  const { runCheckCommand } = await import('./run.js');
  return runCheckCommand(paths, flags, io, source);
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
      helpUri: docsUrl(r.meta.id),
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
    .option('-t, --target <targets>', 'auto (default), or a comma-separated list of targets (agentskills, ironclaw, …)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'sarif', 'github']).default('text'))
    .option('-o, --output <file>', 'write the report to FILE (atomically) instead of stdout')
    .option('--sarif-exit-code', 'with --format sarif, exit 1 on findings too (default: only tool failures)')
    .option('--max-warnings <n>', 'fail when there are more than N warnings')
    .option('--no-gating', 'skip machine-dependent gating checks (PATH, environment, config paths)')
    .option('--fix', 'apply safe fixes (line endings, BOM, quoting) atomically')
    .option('--fix-dry-run', 'print the safe fixes as a unified diff; change nothing')
    .option('--max-bytes <n>', 'read at most N bytes per file (never below a target limit)')
    .addOption(new Option('--persona <persona>', 'default hides low-confidence findings; auditor shows all').choices(['default', 'auditor']))
    .option('-c, --config <file>', 'config file (default: skillcheck.config.json, .skillcheckrc.json or .skillcheckrc.yaml, searched upward)')
    .option('--no-config', 'ignore config files')
    .option('--baseline <file>', 'accept the findings recorded in FILE: only new findings fail the run')
    .option('--write-baseline <file>', 'record every current finding in FILE (then they are accepted)')
    .option('--shard <i/n>', 'check only shard i of n (a stable partition of skills for CI matrices)')
    .option('-j, --jobs <n>', 'worker threads for checking: a number, or auto (the cores, at most 8; default). Runs under 2,000 skills stay on one thread')
    .option('--fail-on-empty', 'exit 1 when no skill is found')
    .option('--no-progress', 'no progress display (shown only on a terminal, never in CI)')
    .option('--severity <rule=level>', 'override a rule severity (off|info|warning|error); repeatable', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--openclaw-config <file>', 'OpenClaw config (JSON) to check openclaw gating config dot-paths against')
    .option('--color', 'force colour')
    .option('--no-color', 'no colour')
    .action(async (paths: string[], flags: CheckFlags, cmd: Command) => setCode(await runCheck(paths, flags, io, (k) => cmd.getOptionValueSource(k))));

  program
    .command('rules')
    .description('list the rules')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (flags: { format: string }) => setCode(await runRules(flags.format, io)));

  program
    .command('explain')
    .description("show each skill as each runtime sees it: name, description, loads and why not, catalog entry, activation, tokens, collisions")
    .argument('[paths...]', 'files or folders holding skills', [])
    .option('-t, --target <targets>', 'auto, or a comma-separated list of targets', 'auto')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--no-gating', 'skip machine-dependent gating checks (PATH, environment, config paths)')
    .option('--openclaw-config <file>', 'OpenClaw config (JSON) to check openclaw gating config dot-paths against')
    .action(async (paths: string[], flags: { target: string; format: string; gating: boolean; openclawConfig?: string }) => {
      const { lint } = await import('./lint.js');
      const { explain, formatExplainJson, formatExplainText } = await import('./explain.js');
      const result = await lint({
        paths,
        cwd: io.cwd,
        targets: await parseTargets(flags.target),
        gating: flags.gating,
        ...(flags.openclawConfig !== undefined ? { openclawConfig: await readOpenclawConfig(flags.openclawConfig, io.cwd) } : {}),
      });
      if (result.missing.length > 0) {
        for (const m of result.missing) io.stderr(`skillcheck: path not found: ${m}\n`);
        setCode(EXIT_USAGE);
        return;
      }
      if (result.skills.length === 0) io.stderr('skillcheck: no skills found under the given paths\n');
      const view = explain(result);
      io.stdout(flags.format === 'json' ? formatExplainJson(view, { name: 'skillcheck', version: packageVersion() }) : formatExplainText(view));
      setCode(EXIT_OK);
    });

  program
    .command('select')
    .description('show which skills a runtime activates for a message, and why the others are not')
    .argument('<message>', 'the user message')
    .argument('[paths...]', 'files or folders holding skills', [])
    .option('-t, --target <target>', 'ironclaw (default), cuca or cerveau', 'ironclaw')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--limit <n>', 'cuca: number of search results', '5')
    .action(async (message: string, paths: string[], flags: { target: string; format: string; limit: string }) => {
      const { runSelect, SelectUsageError, ActivationInputError } = await import('./select.js');
      try {
        setCode(await runSelect(message, paths, flags, io));
      } catch (e) {
        if (e instanceof SelectUsageError || e instanceof ActivationInputError) throw new UsageError(e.message);
        throw e;
      }
    });

  program
    .command('policy')
    .description('the tool allowlist for a set of active skills: the lowest trust among them sets the ceiling')
    .argument('[paths...]', 'files or folders holding the skills', [])
    .option('--active <names>', 'comma-separated names (or skill file paths) of the active skills; default: every skill found')
    .option('--tools <names>', "the host's full tool list, comma-separated")
    .option('--tools-file <file>', 'a JSON file with the tool list (names, or objects with a "name")')
    .option('--preset <name>', 'read-only tool set: default (seed documentation) or ironclaw-v1')
    .option('-t, --target <target>', 'the runtime that names the skills: auto or one target', 'auto')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'claude-settings', 'claude-hooks', 'opencode-plugin']).default('text'))
    .option('-c, --config <file>', 'config file (trust mapping, read-only preset); default: searched upward')
    .option('--no-config', 'ignore config files')
    .action(async (paths: string[], flags: import('./policy/cli.js').PolicyFlags) => {
      const { runPolicy } = await import('./policy/cli.js');
      setCode(await runPolicy(paths, flags, io));
    });

  program
    .command('hook')
    .description('a PreToolUse hook for Claude Code: reads the call on stdin, refuses a tool outside the policy allowlist (fails closed, exit 2)')
    .argument('<host>', 'claude-code')
    .option('--policy <file>', 'the policy document (skillcheck policy --format json)')
    .option('--digest <sha256>', "refuse the policy unless its policyDigest is this one (pin it in the host's settings)")
    .option('--paths <paths>', 'compute the policy on the fly from these comma-separated skill folders instead of --policy')
    .option('--tools <names>', "with --paths: the host's full tool list, comma-separated")
    .option('--tools-file <file>', 'with --paths: a JSON file with the tool list')
    .option('--active <names>', 'with --paths: the active skills (default: every skill found)')
    .option('--preset <name>', 'with --paths: read-only tool set')
    .option('-t, --target <target>', 'with --paths: the runtime that names the skills')
    .option('-c, --config <file>', 'with --paths: config file')
    .option('--no-config', 'with --paths: ignore config files')
    .action(async (host: string, flags: import('./host/claude-hook.js').HookFlags) => {
      const { runClaudeHook, readStdin, HOOK_BLOCK } = await import('./host/claude-hook.js');
      if (host !== 'claude-code') {
        io.stderr(`skillcheck hook: tool call refused (fail closed): unknown host ${JSON.stringify(host)}; expected claude-code\n`);
        setCode(HOOK_BLOCK);
        return;
      }
      let input: Buffer;
      try {
        input = await readStdin();
      } catch (e) {
        io.stderr(`skillcheck hook: tool call refused (fail closed): ${(e as Error).message}\n`);
        setCode(HOOK_BLOCK);
        return;
      }
      setCode(await runClaudeHook(flags, io, input));
    });

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
