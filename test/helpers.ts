// Test helpers: run the CLI in-process with captured output, and build temporary skill trees.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll } from 'vitest';
import { main, type Io } from '../src/cli/main.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
    isTTY: false,
    env: { PATH: process.env.PATH, ...env },
    cwd,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

export async function runJson(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; report: JsonReport; stderr: string }> {
  const r = await runCli([...args, '--format', 'json'], cwd, env);
  return { code: r.code, report: JSON.parse(r.stdout) as JsonReport, stderr: r.stderr };
}

export interface JsonDiagnostic {
  ruleId: string;
  severity: string;
  confidence: string;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  fix?: unknown;
  suppressed?: unknown;
  target?: string;
  targets?: string[];
}

export interface JsonReport {
  schemaVersion: number;
  tool: { name: string; version: string };
  skills: { name: string | null; file: string; target: string; trust: string; loads: boolean }[];
  diagnostics: JsonDiagnostic[];
  summary: { skills: number; files: number; errors: number; warnings: number; infos: number; suppressed: number; securitySuppressed?: unknown[] };
}

/** Write a file map into a fresh temporary folder and return its path. */
export function tempTree(files: Record<string, string | Uint8Array>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-test-'));
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  return dir;
}

/**
 * A `tempTree` maker whose folders are removed after the test file's tests: call it once at module level
 * (`const tree = tempTrees();`).
 */
export function tempTrees(): (files: Record<string, string | Uint8Array>) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const d of made) fs.rmSync(d, { recursive: true, force: true });
  });
  return (files) => {
    const d = tempTree(files);
    made.push(d);
    return d;
  };
}

export const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const CORPUS = path.join(REPO, 'corpus');

export function short(d: JsonDiagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}`;
}
