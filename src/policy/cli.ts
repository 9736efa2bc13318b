// `skillcheck policy`: discover skills, resolve their trust, pick the active ones, and print the tool decision
// as text, a JSON policy document, or a Claude Code settings fragment.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXIT_OK, EXIT_USAGE, UsageError, parseTargets, type Io } from '../cli.js';
import { didYouMean } from '../text.js';
import { buildPolicy, toolPolicy, toolPolicyFromConfig, type PolicyDocument, type PolicySkill, type ToolPolicy } from './tools.js';

export interface PolicyFlags {
  active?: string;
  tools?: string;
  toolsFile?: string;
  preset?: string;
  target?: string;
  format: string;
  /** A config file, false for --no-config, undefined to search upward. */
  config?: string | false;
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
    const st = fs.statSync(abs);
    if (!st.isFile()) throw new UsageError(`--tools-file ${file}: not a regular file`);
    if (st.size > MAX_TOOLS_FILE_BYTES) throw new UsageError(`--tools-file ${file}: ${st.size} bytes, over the ${MAX_TOOLS_FILE_BYTES}-byte limit`);
    text = fs.readFileSync(abs, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--tools-file ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--tools-file ${file}: not JSON (${(e as Error).message})`);
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
    const byFile = want.includes('/') ? skills.filter((s) => s.file === path.posix.normalize(want.replace(/\\/g, '/'))) : [];
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

export function formatPolicyText(doc: PolicyDocument): string {
  const lines: string[] = [];
  const source = doc.preset === null ? 'custom read-only set' : `preset "${doc.preset}"`;
  lines.push(`effective trust: ${doc.effectiveTrust} (ceiling: ${doc.ceiling}; ${source})`);
  lines.push(`active skills (${doc.skills.length}):`);
  for (const s of doc.skills) lines.push(`  ${s.trust.padEnd(9)}  ${s.name ?? '(no name)'}  ${s.file}`);
  lines.push(`allowed tools (${doc.allowedTools.length}): ${doc.allowedTools.join(', ') || '(none)'}`);
  lines.push(`denied tools (${doc.deniedTools.length}): ${doc.deniedTools.join(', ') || '(none)'}`);
  const why = new Map(doc.reasons.map((r) => [r.tool, r.because]));
  for (const t of doc.deniedTools) lines.push(`  ${t}: ${why.get(t) ?? ''}`);
  lines.push(`policy digest: ${doc.policyDigest}`);
  return `${lines.join('\n')}\n`;
}

export async function runPolicy(paths: string[], flags: PolicyFlags, io: Io): Promise<number> {
  const tools = [...splitList(flags.tools ?? ''), ...(flags.toolsFile !== undefined ? readToolsFile(flags.toolsFile, io.cwd) : [])];
  if (tools.length === 0) throw new UsageError('policy needs the host\'s full tool list: --tools T1,T2 or --tools-file FILE');
  // The config file's trust mapping and read-only set; --preset on the command line wins over the file.
  const { resolveConfig, policyOptions } = await import('../run.js');
  const { ALL_RULES } = await import('../../rules/index.js');
  const config = await resolveConfig({ config: flags.config }, io, ALL_RULES.map((r) => r.meta));
  const { trust } = await policyOptions(config);
  let policy: ToolPolicy;
  try {
    policy = flags.preset !== undefined ? toolPolicy(flags.preset) : toolPolicyFromConfig(config?.data.policy);
  } catch (e) {
    throw new UsageError(`--preset: ${(e as Error).message}`);
  }
  const targets = await parseTargets(flags.target);
  if (targets !== 'auto' && targets.length !== 1) throw new UsageError('policy takes one --target (the runtime that names the skills), or auto');
  const { lint } = await import('../lint.js');
  const result = await lint({ paths, cwd: io.cwd, targets, rules: [], ...(trust ? { trust } : {}) });
  if (result.missing.length > 0) {
    for (const m of result.missing) io.stderr(`skillcheck: path not found: ${m}\n`);
    return EXIT_USAGE;
  }
  const byFile = new Map<string, PolicySkill>();
  for (const s of result.skills) if (!byFile.has(s.file)) byFile.set(s.file, { name: s.name, trust: s.trust, file: s.file });
  const discovered = [...byFile.values()];
  let active = discovered;
  if (flags.active !== undefined) {
    const { selected, errors } = selectActive(discovered, splitList(flags.active));
    if (errors.length > 0) {
      for (const e of errors) io.stderr(`skillcheck: ${e}\n`);
      return EXIT_USAGE;
    }
    active = selected;
  } else if (discovered.length === 0) {
    io.stderr('skillcheck: no skills found under the given paths; the policy has no active skill\n');
  }
  const doc = buildPolicy(tools, active, policy);
  if (flags.format === 'json') {
    io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    return EXIT_OK;
  }
  for (const w of doc.warnings) io.stderr(`skillcheck: warning: ${w.message}\n`);
  if (flags.format === 'claude-settings') {
    const { toClaudeSettings } = await import('./claude.js');
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
    const { toClaudeHooks } = await import('../host/claude-hooks.js');
    io.stdout(`${JSON.stringify(toClaudeHooks(doc), null, 2)}\n`);
    return EXIT_OK;
  }
  if (flags.format === 'opencode-plugin') {
    const { toOpencodePlugin } = await import('../host/opencode-plugin.js');
    io.stdout(toOpencodePlugin(doc));
    return EXIT_OK;
  }
  io.stdout(formatPolicyText(doc));
  return EXIT_OK;
}
