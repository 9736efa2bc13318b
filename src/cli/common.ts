// What the CLI's commands share: exit codes, the usage error, the I/O seam, option parsers and the flags of the
// check command. Kept apart from cli.ts (the program) so that commands (run.ts, select.ts, policy/cli.ts), which
// cli.ts loads lazily, never import the program back: no import cycle (test/layers.test.ts).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { packagePath } from '../core/package.js';
import type { SeverityOverride } from '../engine/check.js';
import type { TargetId } from '../core/types.js';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;
}

export class UsageError extends Error {}

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  /** stderr is a terminal (progress display); absent means no. */
  stderrIsTTY?: boolean;
  /** The terminal's width in columns, when stderr is one. */
  columns?: number;
  /** Standard input, read to the end but at most `limit` bytes (--stdin); absent means empty. */
  readStdin?: (limit: number) => Promise<Uint8Array>;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export async function parseTargets(value: string | undefined): Promise<'auto' | TargetId[]> {
  if (value === undefined || value === 'auto') return 'auto';
  const { TARGET_IDS } = await import('../targets/profiles.js');
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  // "" or "," would check for no runtime at all: a green run over nothing, so it is a usage error.
  if (list.length === 0) throw new UsageError(`--target expects auto or a comma-separated list of targets, got "${value}"`);
  for (const t of list) {
    if (!TARGET_IDS.includes(t as TargetId)) throw new UsageError(`unknown target "${t}"; expected auto or one of ${TARGET_IDS.join(', ')}`);
  }
  return [...new Set(list)] as TargetId[];
}

export function parseSeverities(list: string[]): Record<string, SeverityOverride> {
  const out: Record<string, SeverityOverride> = {};
  for (const item of list) {
    // `warn` is ESLint's spelling of warning.
    const m = /^([a-z0-9-]+)=(off|info|warn|warning|error)$/.exec(item);
    if (!m) throw new UsageError(`--severity expects RULE=off|info|warning|error, got "${item}"`);
    out[m[1]!] = (m[2] === 'warn' ? 'warning' : m[2]) as SeverityOverride;
  }
  return out;
}

/** --max-warnings: a whole number, or -1 for no limit (ESLint's default spelled out). */
export function maxWarningsOption(v: string | undefined): number {
  if (v === undefined || v === '-1') return -1;
  return intOption('--max-warnings', v);
}

export function intOption(name: string, v: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`${name} expects a whole number, got "${v}"`);
  return Number(v);
}

export interface CheckFlags {
  target?: string;
  format: string;
  maxWarnings?: string;
  /** --gating / --no-gating; undefined when neither is given. */
  gating?: boolean;
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
  /** False with --no-inline-config. */
  inlineConfig?: boolean;
  /** The paths are changed files (pre-commit): check the skills that hold them. */
  changedFiles?: boolean;
  printConfig?: boolean;
  debug?: boolean;
  quiet?: boolean;
  showSuppressed?: boolean;
  ignorePattern: string[];
  stdin?: boolean;
  stdinFilename?: string;
}

/** Read the OpenClaw config given with --openclaw-config: bounded, never through a symlink, JSON. */
export async function readOpenclawConfig(file: string, cwd: string): Promise<Record<string, unknown>> {
  const { readSmallFile, SmallFileError } = await import('../node/read.js');
  let text: string;
  try {
    text = readSmallFile(path.resolve(cwd, file), 1 << 20, `--openclaw-config ${file}`);
  } catch (e) {
    if (e instanceof SmallFileError) throw new UsageError(e.message);
    throw e;
  }
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  throw new UsageError(`--openclaw-config: ${file} is not a JSON object`);
}
