// `skillcheck policy`: discover skills, resolve their trust, pick the active ones, and print the tool decision
// as text, a JSON policy document, or a Claude Code settings fragment.

import * as path from 'node:path';
import { EXIT_OK, EXIT_USAGE, UsageError, intOption, parseTargets, type Io } from './common.js';
import { jsonErrorMessage, readSmallFile, SmallFileError } from '../node/read.js';
import { didYouMean, visible } from '../core/text.js';
import type { Diagnostic } from '../core/types.js';
import { buildPolicy, type PolicyDocument, type PolicySkill, type ToolPolicy } from '../core/policy/tools.js';

export interface PolicyFlags {
  active?: string;
  tools?: string;
  toolsFile?: string;
  preset?: string;
  target?: string;
  format: string;
  /** A config file, false for --no-config, undefined to search upward. */
  config?: string | false;
  /** Answer even when no skill is found (an empty active set by intent): every tool is allowed. */
  allowEmpty?: boolean;
  /** --max-bytes: the read bound, as for check (never below a target's byte limit). */
  maxBytes?: string;
  /** false: read no config found from the working directory (the hook, unless given --config). */
  repositoryConfig?: boolean;
}

/** Rules whose project findings mark a part of the tree skillcheck could not see (see blindSpots). */
const VISIBILITY_RULES: readonly string[] = ['symlink', 'read-error'];

/**
 * Findings that mean skills may exist that were not seen: a linked trust-bearing folder or path argument, an
 * unreadable folder, a walk limit. A finding that only rejects one skill file (a symlinked or unreadable SKILL.md:
 * the runtime does not load it either) and an entry the runtime skips (warning) are not blind spots.
 */
function blindSpots(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => !d.rejects && ((d.ruleId === 'symlink' && d.severity === 'error') || d.ruleId === 'read-error'));
}

/** A tools file larger than this is refused (a tool list is a few kilobytes). */
export const MAX_TOOLS_FILE_BYTES = 1024 * 1024;

function splitList(v: string): string[] {
  return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Read the host's tool list from a JSON file: a list of names, a list of tool definitions with a string
 * `name` (MCP `tools/list` entries, function definitions), or an object with such a list under `tools`.
 */
export function readToolsFile(file: string, cwd: string): string[] {
  const abs = path.resolve(cwd, file);
  let text: string;
  try {
    text = readSmallFile(abs, MAX_TOOLS_FILE_BYTES, `--tools-file ${file}`);
  } catch (e) {
    if (e instanceof SmallFileError) throw new UsageError(e.message);
    throw e;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--tools-file ${file}: not JSON (${jsonErrorMessage(e)})`);
  }
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? (data as Record<string, unknown>).tools : undefined;
  if (!Array.isArray(list)) throw new UsageError(`--tools-file ${file}: expected a JSON list of tool names, e.g. ["Read", "Bash"], or { "tools": [...] }`);
  return list.map((t, i) => {
    const name = typeof t === 'string' ? t : t && typeof t === 'object' ? (t as Record<string, unknown>).name : undefined;
    if (typeof name !== 'string' || name.trim() === '') throw new UsageError(`--tools-file ${file}: entry ${i} is not a tool name (a string, or an object with a string "name")`);
    return name;
  });
}

/** Pick the active skills by name (or by skill file path, to choose among skills sharing a name). */
export function selectActive(skills: readonly PolicySkill[], active: readonly string[]): { selected: PolicySkill[]; errors: string[] } {
  const errors: string[] = [];
  const selected = new Map<string, PolicySkill>();
  const names = [...new Set(skills.map((s) => s.name).filter((n): n is string => n !== null))];
  for (const want of active) {
    // The file as shown first: on POSIX a `\` is part of a folder's name (`..\evil`), never a separator to rewrite.
    const exact = want.includes('/') ? skills.filter((s) => s.file === want) : [];
    const byFile = exact.length > 0 ? exact : want.includes('/') ? skills.filter((s) => s.file === path.posix.normalize(want.replace(/\\/g, '/'))) : [];
    const hits = byFile.length > 0 ? byFile : skills.filter((s) => s.name === want);
    if (hits.length === 0) {
      const near = didYouMean(want, names);
      errors.push(`--active: no skill named ${JSON.stringify(want)} under the given paths${near ? `; did you mean ${JSON.stringify(near)}?` : ''}`);
    } else if (hits.length > 1) {
      errors.push(`--active: ${JSON.stringify(want)} is ambiguous, ${hits.length} skills have that name: ${hits.map((h) => h.file).join(', ')}; name the skill file instead (--active ${hits[0]!.file})`);
    } else {
      selected.set(hits[0]!.file, hits[0]!);
    }
  }
  return { selected: [...selected.values()], errors };
}

/** `trustWhy`: skill file → why it has its trust (mapping, location rule or provenance fact), shown under each skill;
 *  `notes`: why a skill's trust is lower than its real location gives (a symlinked folder on the way), by file. */
export function formatPolicyText(doc: PolicyDocument, trustWhy: ReadonlyMap<string, string> = new Map(), notes: ReadonlyMap<string, string> = new Map()): string {
  const lines: string[] = [];
  const source = doc.preset === null ? 'custom read-only set' : `preset "${doc.preset}"`;
  lines.push(`effective trust: ${doc.effectiveTrust} (ceiling: ${doc.ceiling}; ${source})`);
  lines.push(`active skills (${doc.skills.length}):`);
  for (const s of doc.skills) {
    lines.push(`  ${s.trust.padEnd(9)}  ${s.name ?? '(no name)'}  ${s.file}`);
    const why = trustWhy.get(s.file);
    if (why !== undefined) lines.push(`             ${s.trust} because: ${why}`);
    const note = notes.get(s.file);
    if (note !== undefined) lines.push(`             ${note}`);
  }
  lines.push(`allowed tools (${doc.allowedTools.length}): ${doc.allowedTools.join(', ') || '(none)'}`);
  lines.push(`denied tools (${doc.deniedTools.length}): ${doc.deniedTools.join(', ') || '(none)'}`);
  const why = new Map(doc.reasons.map((r) => [r.tool, r.because]));
  for (const t of doc.deniedTools) lines.push(`  ${t}: ${why.get(t) ?? ''}`);
  lines.push(`policy digest: ${doc.policyDigest}`);
  // Names and paths come from skills: control characters (ESC, BEL, C1) are shown, never sent to the terminal.
  return `${lines.map(visible).join('\n')}\n`;
}

export async function runPolicy(paths: string[], flags: PolicyFlags, io: Io): Promise<number> {
  const tools = [...splitList(flags.tools ?? ''), ...(flags.toolsFile !== undefined ? readToolsFile(flags.toolsFile, io.cwd) : [])];
  if (tools.length === 0) throw new UsageError('policy needs the host\'s full tool list: --tools T1,T2 or --tools-file FILE');
  // Trust mapping and read-only set from the configs, weighed by origin (resolveConfig); --preset replaces the
  // configs' set, a repository config still narrows it.
  const { resolveConfig, policyOptions } = await import('./check.js');
  const { ALL_RULES } = await import('../../rules/index.js');
  const config = await resolveConfig({ config: flags.config, ...(flags.repositoryConfig === false ? { repository: false } : {}) }, io, ALL_RULES.map((r) => r.meta));
  const { trust } = await policyOptions(config);
  let policy: ToolPolicy;
  try {
    const { configPrivileges, effectiveToolPolicy } = await import('../node/config.js');
    const chosen = effectiveToolPolicy(config ? config.privileges ?? configPrivileges({ explicit: config }) : undefined, flags.preset);
    for (const n of chosen.notices) io.stderr(`skillcheck: warning: ${visible(n)}\n`);
    policy = chosen.policy;
  } catch (e) {
    throw new UsageError(`--preset: ${(e as Error).message}`);
  }
  const targets = await parseTargets(flags.target);
  if (targets !== 'auto' && targets.length !== 1) throw new UsageError('policy takes one --target (the runtime that names the skills), or auto');
  const { lint } = await import('../node/lint.js');
  const rules = ALL_RULES.filter((r) => VISIBILITY_RULES.includes(r.meta.id));
  // The read bound from --max-bytes or the config, as check reads. The config's `ignore` is not applied on purpose:
  // a skill policy does not see cannot lower the ceiling, so every skill found counts (docs/trust.md).
  const readBound = flags.maxBytes !== undefined ? intOption('--max-bytes', flags.maxBytes) : config?.data.maxBytes;
  const result = await lint({ paths, cwd: io.cwd, targets, rules, ...(trust ? { trust } : {}), ...(readBound !== undefined ? { readBound } : {}) });
  // A client's own skills folder that does not exist yet (~/.claude/skills on a fresh machine) holds no skill: a
  // note, not an error. Any other missing path is an error (a typo must not look like an empty folder).
  const { isOptionalSkillsFolder } = await import('../node/provenance.js');
  const missing = result.missing.filter((m) => !isOptionalSkillsFolder(m));
  for (const m of result.missing) if (!missing.includes(m)) io.stderr(`skillcheck: note: ${visible(m)} does not exist (a client's skills folder): no skills there\n`);
  if (missing.length > 0) {
    for (const m of missing) io.stderr(`skillcheck: path not found: ${visible(m)}\n`);
    return EXIT_USAGE;
  }
  // Never grant tools for skills that could not be seen: refuse, and say what was not seen.
  const blind = blindSpots(result.diagnostics);
  if (blind.length > 0) {
    io.stderr(`skillcheck: policy refused: ${blind.length === 1 ? 'a part' : `${blind.length} parts`} of the tree could not be checked, so the decision could grant tools to skills skillcheck never saw:\n`);
    for (const d of blind) io.stderr(`  ${visible(d.file)}: ${visible(d.message)} (${d.ruleId})\n`);
    io.stderr('skillcheck: fix these (`skillcheck <paths>` shows them) and run policy again\n');
    return EXIT_USAGE;
  }
  const byFile = new Map<string, PolicySkill>();
  const trustWhy = new Map<string, string>();
  for (const s of result.skills) {
    if (!byFile.has(s.file)) byFile.set(s.file, { name: s.name, trust: s.trust, file: s.file });
    if (!trustWhy.has(s.file) && s.trustBecause !== undefined) trustWhy.set(s.file, s.trustBecause);
  }
  const discovered = [...byFile.values()];
  const notes = new Map(result.skills.filter((s) => s.trustNote !== undefined).map((s) => [s.file, s.trustNote!]));
  let active = discovered;
  if (flags.active !== undefined) {
    const wanted = splitList(flags.active);
    if (wanted.length === 0 && !flags.allowEmpty) {
      // `--active ''` (an unset variable in a script) names no skill: the empty set would allow every tool.
      io.stderr(`skillcheck: policy refused: --active ${JSON.stringify(flags.active)} names no skill, and with no active skill every tool would be allowed; name the active skills, or pass --allow-empty if an empty set is intended\n`);
      return EXIT_USAGE;
    }
    const { selected, errors } = selectActive(discovered, wanted);
    if (errors.length > 0) {
      for (const e of errors) io.stderr(`skillcheck: ${visible(e)}\n`);
      return EXIT_USAGE;
    }
    active = selected;
    if (wanted.length === 0) io.stderr('skillcheck: --active names no skill; the policy has no active skill (--allow-empty): every tool is allowed\n');
  } else if (discovered.length === 0) {
    if (!flags.allowEmpty) {
      // An empty set allows every tool: a wrong path or an unreadable tree must not look like a clean answer.
      io.stderr('skillcheck: policy refused: no skills found under the given paths, and with no active skill every tool would be allowed; check the paths, or pass --allow-empty if an empty set is intended\n');
      return EXIT_USAGE;
    }
    io.stderr('skillcheck: no skills found under the given paths; the policy has no active skill (--allow-empty): every tool is allowed\n');
  }
  const doc = buildPolicy(tools, active, policy);
  if (flags.format !== 'text') for (const s of active) if (notes.has(s.file)) io.stderr(`skillcheck: note: ${visible(s.file)}: ${visible(notes.get(s.file)!)}\n`);
  if (flags.format === 'json') {
    io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    return EXIT_OK;
  }
  for (const w of doc.warnings) io.stderr(`skillcheck: warning: ${visible(w.message)}\n`);
  if (flags.format === 'claude-settings') {
    const { toClaudeSettings } = await import('../core/policy/claude.js');
    let fragment;
    try {
      fragment = toClaudeSettings(doc);
    } catch (e) {
      throw new UsageError(`--format claude-settings: ${(e as Error).message}`);
    }
    io.stdout(`${JSON.stringify(fragment, null, 2)}\n`);
    return EXIT_OK;
  }
  if (flags.format === 'claude-hooks') {
    const { toClaudeHooks } = await import('../core/policy/claude-hooks.js');
    io.stdout(`${JSON.stringify(toClaudeHooks(doc), null, 2)}\n`);
    return EXIT_OK;
  }
  if (flags.format === 'opencode-plugin') {
    const { toOpencodePlugin } = await import('../core/policy/opencode-plugin.js');
    io.stdout(toOpencodePlugin(doc));
    return EXIT_OK;
  }
  io.stdout(formatPolicyText(doc, trustWhy, notes));
  return EXIT_OK;
}
