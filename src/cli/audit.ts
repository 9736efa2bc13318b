// `skillcheck audit <paths>`: review third-party content (a skill before `npx skills add`, a registry upload).
// The tree under review is someone else's: nothing in it may switch its own findings off. So the audit reads no
// config, ignore file, baseline or inline directive from inside it (directives are reported as ignored), treats
// every skill as installed (the lowest trust), and uses the auditor persona (every confidence shown). A config
// or baseline named on the command line from outside the tree still applies, except that it cannot raise trust
// or widen the read-only tool set. Outputs and exit codes are the check's.

import * as path from 'node:path';
import { EXIT_USAGE, UsageError, intOption, maxWarningsOption, parseTargets, readOpenclawConfig, type CheckFlags, type Io } from './common.js';
import type { LintOptions } from '../node/lint.js';
import { TRUST_LEVELS } from '../core/trust.js';
import { visible } from '../core/text.js';

export interface AuditFlags extends Pick<CheckFlags, 'target' | 'format' | 'output' | 'sarifExitCode' | 'maxWarnings' | 'gating' | 'maxBytes' | 'color' | 'quiet' | 'showSuppressed' | 'failOnEmpty' | 'openclawConfig' | 'jobs' | 'progress'> {
  /** A config file from outside the reviewed tree; undefined: none (the audit never searches for one). */
  config?: string;
  /** A baseline file from outside the reviewed tree. */
  baseline?: string;
}

/** The real path of `p` (absolute), or the resolved path when it does not exist. */
async function realOf(p: string): Promise<string> {
  const { realPath } = await import('../node/discover.js');
  return realPath(p);
}

/** Whether `file` (absolute) lies in one of `roots` (real paths): compared on real paths, so a link into the tree counts. */
async function insideAny(file: string, roots: readonly string[]): Promise<string | null> {
  const real = await realOf(file);
  for (const r of roots) {
    const rel = path.relative(r, real);
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) return r;
  }
  // The file may not exist yet (realPath gives it back unresolved): its folder decides.
  const dir = await realOf(path.dirname(file));
  for (const r of roots) {
    const rel = path.relative(r, dir);
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) return r;
  }
  return null;
}

export async function runAudit(paths: string[], flags: AuditFlags, io: Io): Promise<number> {
  if (paths.length === 0) throw new UsageError('audit needs the paths to review: skillcheck audit <paths> (nothing is read from them but the skills)');
  const { lint } = await import('../node/lint.js');
  const { ALL_RULES } = await import('../../rules/index.js');
  const roots = await Promise.all(paths.map((p) => realOf(path.resolve(io.cwd, p))));
  const outside = async (what: string, file: string): Promise<string> => {
    const abs = path.resolve(io.cwd, file);
    const root = await insideAny(abs, roots);
    if (root !== null) throw new UsageError(`${what} ${file} is inside the reviewed tree (${visible(root)}): audit reads nothing from it; keep the file outside the paths under review`);
    return abs;
  };

  let config = null as import('../node/config.js').LoadedConfig | null;
  if (flags.config !== undefined) {
    const abs = await outside('--config', flags.config);
    const { resolveConfig } = await import('./check.js');
    config = await resolveConfig({ config: abs }, io, ALL_RULES.map((r) => r.meta));
  }
  const cfg = config?.data ?? {};
  const notices: string[] = [];
  // Weighed as a repository config: it may lower trust (moot: everything is installed) and narrow the tool set.
  const { configPrivileges, effectiveToolPolicy } = await import('../node/config.js');
  const privileges = config ? configPrivileges({ repository: { ...config, origin: 'repository' } }) : undefined;
  const tools = effectiveToolPolicy(privileges);
  notices.push(...tools.notices);
  if (cfg.trust) notices.push(`${config!.file}: "trust" ignored: audit treats every skill as installed (the lowest trust)`);
  if (cfg.persona === 'default') notices.push(`${config!.file}: "persona" ignored: audit always uses the auditor persona`);
  const ruleOptions = { ...(config?.ruleOptions ?? {}) };
  const ceilingOpt = ruleOptions['tool-ceiling'] as { readOnlyTools?: string[] } | undefined;
  if (ceilingOpt?.readOnlyTools) {
    // The rule's own option is the same set: it may narrow, never widen.
    const keep = new Set(tools.policy.readOnlyTools);
    ruleOptions['tool-ceiling'] = { ...ceilingOpt, readOnlyTools: ceilingOpt.readOnlyTools.filter((t) => keep.has(t)) };
  }
  for (const n of notices) io.stderr(`skillcheck: warning: ${visible(n)}\n`);

  const readBound = flags.maxBytes !== undefined ? intOption('--max-bytes', flags.maxBytes) : cfg.maxBytes;
  const { jobsOption } = await import('./check.js');
  const options: LintOptions = {
    paths,
    cwd: io.cwd,
    targets: flags.target !== undefined ? await parseTargets(flags.target) : cfg.targets ?? 'auto',
    // Machine-dependent checks are off unless asked for: a review's answer must not depend on the reviewer's machine.
    gating: flags.gating ?? cfg.gating ?? false,
    persona: 'auditor',
    ...(config ? { severity: config.severity } : {}),
    // Every skill is installed: the lowest level, first in the mapping, so no location or mapping raises it.
    trust: [{ path: '/**', level: TRUST_LEVELS[0]! }],
    readOnlyTools: tools.policy.readOnlyTools,
    ...(Object.keys(ruleOptions).length > 0 ? { ruleOptions } : {}),
    ...(cfg.ignore ? { ignore: { base: config!.dir, patterns: cfg.ignore } } : {}),
    ...(readBound !== undefined ? { readBound } : {}),
    keepInputs: false,
    slimInputs: true,
    jobs: jobsOption(flags.jobs),
  };
  if (flags.openclawConfig !== undefined) options.openclawConfig = await readOpenclawConfig(await outside('--openclaw-config', flags.openclawConfig), io.cwd);
  if (flags.baseline !== undefined) {
    const abs = await outside('--baseline', flags.baseline);
    const { readBaseline, BaselineError } = await import('../node/baseline.js');
    try {
      options.baseline = readBaseline(abs, flags.baseline);
    } catch (e) {
      if (e instanceof BaselineError) throw new UsageError(e.message);
      throw e;
    }
  }
  const maxWarnings = maxWarningsOption(flags.maxWarnings);
  let result;
  if (flags.progress === false) result = await lint(options);
  else {
    const { createProgress } = await import('./progress.js');
    const progress = createProgress({ write: io.stderr, isTTY: !!io.stderrIsTTY, env: io.env, ...(io.columns ? { columns: io.columns } : {}) });
    try {
      result = await lint({ ...options, onProgress: (d, t) => progress.tick(d, t) });
    } finally {
      progress.done();
    }
  }
  if (result.missing.length > 0) {
    for (const m of result.missing) io.stderr(`skillcheck: path not found: ${visible(m)}\n`);
    return EXIT_USAGE;
  }
  const { reportResult } = await import('./check.js');
  return reportResult(result, flags, io, maxWarnings);
}
