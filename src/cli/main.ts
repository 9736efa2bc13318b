// Command-line front end: parses arguments, runs the pipeline, prints a report, sets the exit code.
// Exit codes: 0 clean, 1 findings that fail the run, 2 usage error, missing path or internal error.

import { Command, CommanderError, Option, type OptionValueSource } from 'commander';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXIT_OK, EXIT_USAGE, UsageError, packageVersion, type CheckFlags, type Io } from './common.js';

// The shared pieces are re-exported: the program's API stays where it was.
export {
  EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, intOption, maxWarningsOption, packageVersion, parseSeverities, parseTargets,
  readOpenclawConfig, type CheckFlags, type Io,
} from './common.js';

const defaultIo = (): Io => ({
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: !!process.stdout.isTTY,
  stderrIsTTY: !!process.stderr.isTTY,
  ...(process.stderr.columns ? { columns: process.stderr.columns } : {}),
  readStdin: async (limit) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of process.stdin as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      total += chunk.length;
      if (total > limit) break;
    }
    const all = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    return all.subarray(0, Math.min(total, limit));
  },
  env: process.env,
  cwd: process.cwd(),
});

async function runCheck(paths: string[], flags: CheckFlags, io: Io, source: (key: string) => OptionValueSource | undefined): Promise<number> {
  const { runCheckCommand } = await import('./check.js');
  return runCheckCommand(paths, flags, io, source);
}

async function runRules(format: string, io: Io): Promise<number> {
  const { ALL_RULES } = await import('../../rules/index.js');
  const { docsUrl } = await import('../core/rule.js');
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

/** A first path that does not exist but is one edit from a command (`explian`): say so instead of "not found". */
async function refuseCommandTypo(paths: readonly string[], program: Command, cwd: string): Promise<void> {
  const first = paths[0];
  if (first === undefined || /[/\\.]/.test(first) || fs.existsSync(path.resolve(cwd, first))) return;
  const { didYouMean } = await import('../core/text.js');
  const names = program.commands.map((c) => c.name());
  const dym = didYouMean(first, [...names, 'help']);
  if (dym) throw new UsageError(`"${first}" is neither a command nor a path; did you mean "skillcheck ${dym}"?`);
}

/** Expand glob paths that do not exist as written; a glob that matches nothing is a usage error. */
async function expandGlobPaths(paths: readonly string[], cwd: string): Promise<string[]> {
  if (!paths.some((p) => /[*?]/.test(p))) return [...paths];
  const { expandGlob, isGlob } = await import('../node/globpaths.js');
  const out: string[] = [];
  for (const p of paths) {
    if (!isGlob(p) || fs.existsSync(path.resolve(cwd, p))) {
      out.push(p);
      continue;
    }
    const hits = expandGlob(p, cwd);
    if (hits.length === 0) throw new UsageError(`no files match "${p}"`);
    out.push(...hits);
  }
  return [...new Set(out)];
}

const EXIT_CODES_HELP = `
Exit codes:
  0  no unsuppressed error, and warnings within --max-warnings
  1  an unsuppressed error, or more warnings than --max-warnings (with --format sarif only with --sarif-exit-code)
  2  usage error, invalid config or baseline, a path that does not exist, or an internal error
`;

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
    .option('--gating', 'run machine-dependent gating checks even in CI (default: on, off when CI is set)')
    .option('--no-gating', 'skip machine-dependent gating checks (PATH, environment, config paths)')
    .option('--fix', 'apply safe fixes (line endings, BOM, quoting) atomically')
    .option('--fix-dry-run', 'print the safe fixes as a unified diff; change nothing')
    .option('--max-bytes <n>', 'read at most N bytes per file (never below a target limit)')
    .addOption(new Option('--persona <persona>', 'default hides low-confidence findings; auditor shows all').choices(['default', 'auditor']))
    .option('-c, --config <file>', 'config file (default: skillcheck.config.json, .skillcheckrc.json, .skillcheckrc.yaml or a "skillcheck" key in package.json, searched upward to the repository root)')
    .option('--no-config', 'ignore config files')
    .option('--no-inline-config', "ignore the skills' own skillcheck-disable directives (always ignored for skills below trusted and with --persona auditor)")
    .option('--baseline <file>', 'accept the findings recorded in FILE: only new findings fail the run')
    .option('--write-baseline <file>', 'record every current finding in FILE (then they are accepted)')
    .option('--shard <i/n>', 'check only shard i of n (a stable partition of skills for CI matrices)')
    .option('-j, --jobs <n>', 'worker threads for checking: a number, or auto (the cores less one, 1 to 8; default). Runs under 2,000 skills are checked in the main thread')
    .option('--fail-on-empty', 'exit 1 when no skill is found')
    .option('--print-config', 'print the resolved configuration (file, targets, severities, ignore…) as JSON and exit')
    .option('--debug', 'say on stderr which config file is used')
    .option('-q, --quiet', 'report errors only (warnings and infos are neither shown nor counted)')
    .option('--show-suppressed', 'list findings accepted by the baseline one by one (text; default: a count)')
    .option('--ignore-pattern <glob>', 'leave out skill files matching GLOB (as config ignore, relative to the working folder); repeatable', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--stdin', 'check a skill file read from standard input (also: the path "-"); needs --stdin-filename')
    .option('--stdin-filename <path>', 'where the standard-input skill would live (e.g. skills/x/SKILL.md): rules and targets depend on the path')
    .option('--changed-files', 'the paths are changed files (pre-commit): check each whole skill that holds one; skip the rest')
    .option('--no-progress', 'no progress display (shown only on a terminal, never in CI)')
    .option('--severity <rule=level>', 'override a rule severity (off|info|warning|error); repeatable', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--openclaw-config <file>', 'OpenClaw config (JSON) to check openclaw gating config dot-paths against')
    .option('--color', 'force colour')
    .option('--no-color', 'no colour')
    .option('--init', 'write a starter config (.skillcheckrc.json) for the client whose folder is here (.claude, .opencode, …), then exit')
    .addHelpText('after', EXIT_CODES_HELP)
    .action(async (paths: string[], flags: CheckFlags & { init?: boolean }, cmd: Command) => {
      if (flags.init) return setCode((await import('./init.js')).runInit(io));
      await refuseCommandTypo(paths, program, io.cwd);
      paths = await expandGlobPaths(paths, io.cwd);
      setCode(await runCheck(paths, flags, io, (k) => cmd.getOptionValueSource(k)));
    });

  // `skillcheck help [command]`, as git and npm users type it.
  program.helpCommand('help [command]', 'show help for a command');
  // Options before a subcommand belong to the check (`skillcheck --format json rules`): refuse them rather than
  // drop them silently.
  program.hook('preAction', (_root, action) => {
    if (action === program) return;
    const given = program.options.filter((o) => program.getOptionValueSource(o.attributeName()) === 'cli').map((o) => o.long ?? o.short ?? o.name());
    if (given.length > 0) {
      throw new UsageError(`${given.join(', ')} before "${action.name()}" would be ignored: put ${given.length === 1 ? 'it' : 'them'} after the command (skillcheck ${action.name()} ${given.join(' ')} …)`);
    }
  });

  program
    .command('rules')
    .description('list the rules')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (flags: { format: string }) => setCode(await runRules(flags.format, io)));

  program
    .command('audit')
    .description('review third-party skills (before installing them): every skill is installed, nothing in the tree (config, ignore file, baseline, inline directives) switches a finding off, auditor persona')
    .argument('<paths...>', 'files or folders under review')
    .option('-t, --target <targets>', 'auto (default), or a comma-separated list of targets')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'sarif', 'github']).default('text'))
    .option('-o, --output <file>', 'write the report to FILE (atomically) instead of stdout')
    .option('--sarif-exit-code', 'with --format sarif, exit 1 on findings too (default: only tool failures)')
    .option('--max-warnings <n>', 'fail when there are more than N warnings')
    .option('--gating', 'run machine-dependent gating checks (default: off, a review does not depend on this machine)')
    .option('--no-gating', 'skip machine-dependent gating checks')
    .option('--max-bytes <n>', 'read at most N bytes per file (never below a target limit)')
    .option('-c, --config <file>', 'a config file outside the reviewed tree (none by default); it cannot raise trust or widen the read-only set')
    .option('--baseline <file>', 'a baseline file outside the reviewed tree: only new findings fail the run')
    .option('-j, --jobs <n>', 'worker threads for checking: a number, or auto')
    .option('--fail-on-empty', 'exit 1 when no skill is found')
    .option('-q, --quiet', 'report errors only')
    .option('--show-suppressed', 'list findings accepted by the baseline one by one (text)')
    .option('--openclaw-config <file>', 'OpenClaw config (JSON) outside the reviewed tree, for gating config dot-paths')
    .option('--no-progress', 'no progress display')
    .option('--color', 'force colour')
    .option('--no-color', 'no colour')
    .action(async (paths: string[], flags: import('./audit.js').AuditFlags) => {
      const { runAudit } = await import('./audit.js');
      paths = await expandGlobPaths(paths, io.cwd);
      setCode(await runAudit(paths, flags, io));
    });

  program
    .command('explain')
    .description("show each skill as each runtime sees it: name, description, loads and why not, catalog entry, activation, tokens, collisions")
    .argument('[paths...]', 'files or folders holding skills', [])
    .option('-t, --target <targets>', "auto, or a comma-separated list of targets (default: the config file's, or auto)")
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--no-gating', 'skip machine-dependent gating checks (PATH, environment, config paths)')
    .option('--openclaw-config <file>', 'OpenClaw config (JSON) to check openclaw gating config dot-paths against')
    .option('--max-bytes <n>', 'read at most N bytes per file (never below a target limit)')
    .option('-c, --config <file>', 'config file (targets, ignore, trust, maxBytes); default: searched upward')
    .option('--no-config', 'ignore config files')
    .action(async (paths: string[], flags: import('./check.js').ExplainFlags, cmd: Command) => {
      const { runExplainCommand } = await import('./check.js');
      setCode(await runExplainCommand(paths, flags, io, (k) => cmd.getOptionValueSource(k)));
    });

  program
    .command('select')
    .description('show which skills a runtime activates for a message, and why the others are not')
    .argument('<message>', 'the user message')
    .argument('[paths...]', 'files or folders holding skills', [])
    .option('-t, --target <target>', "ironclaw (default, or the config file's single target when it is one of these), cuca or cerveau")
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--limit <n>', 'cuca: number of search results', '5')
    .option('--max-bytes <n>', 'read at most N bytes per file (never below a target limit)')
    .option('-c, --config <file>', 'config file (ignore, trust, maxBytes, a single select target); default: searched upward')
    .option('--no-config', 'ignore config files')
    .action(async (message: string, paths: string[], flags: import('./select.js').SelectFlags) => {
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
    .option('--preset <name>', 'read-only tool set: default, claude-code, opencode (no network tool) or ironclaw-v1')
    .option('-t, --target <target>', 'the runtime that names the skills: auto or one target', 'auto')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'claude-settings', 'claude-hooks', 'opencode-plugin']).default('text'))
    .option('-c, --config <file>', 'config file (every key applies, trust and read-only set included); default: the user config and the repository config found upward, which can only lower trust and narrow the read-only set')
    .option('--no-config', 'ignore config files')
    .option('--allow-empty', 'answer even when no skill is found or --active names none (every tool is allowed); without it, policy exits 2')
    .option('--max-bytes <n>', 'read at most N bytes per file (never below a target limit); the config file\'s maxBytes otherwise')
    .action(async (paths: string[], flags: import('./policy.js').PolicyFlags) => {
      const { runPolicy } = await import('./policy.js');
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
    .option('-c, --config <file>', "with --paths: config file (default: only the user config; never the working directory's)")
    .option('--no-config', 'with --paths: ignore config files, the user config too')
    .action(async (host: string, flags: import('./hook.js').HookFlags) => {
      const { runClaudeHook, readStdin, HOOK_BLOCK } = await import('./hook.js');
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
