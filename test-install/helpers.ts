// Helpers for the install suite: bounded child processes whose failures show their output.

import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const PKG = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { name: string; version: string };

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Command, exit status and both streams, for assertion messages. */
  log: string;
}

/** Run a command (no shell), at most `timeoutMs`; a timeout or spawn failure is an exception, not a status. */
export function run(cmd: string, args: readonly string[], opts: SpawnSyncOptions & { timeoutMs?: number } = {}): Ran {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts, timeout: opts.timeoutMs ?? 300_000 });
  if (r.error) throw new Error(`${cmd} ${args.join(' ')}: ${r.error.message}\n${String(r.stdout ?? '')}\n${String(r.stderr ?? '')}`);
  const stdout = String(r.stdout);
  const stderr = String(r.stderr);
  return { status: r.status, stdout, stderr, log: `$ ${cmd} ${args.join(' ')} (in ${String(opts.cwd ?? '.')}) → ${r.status}\n--- stdout\n${stdout}\n--- stderr\n${stderr}` };
}

/** Like run, but a non-zero exit throws with the whole log. */
export function ok(cmd: string, args: readonly string[], opts: SpawnSyncOptions & { timeoutMs?: number } = {}): Ran {
  const r = run(cmd, args, opts);
  if (r.status !== 0) throw new Error(r.log);
  return r;
}

export function tempDir(tag: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `skillcheck-install-${tag}-`));
}

export function write(root: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
}

/** A skill every target accepts, and one whose name differs from its folder (an error). */
export const GOOD_SKILL = '---\nname: notes\ndescription: Summarises the weekly team notes into a short update.\n---\nRead the notes and write the update.\n';
export const BAD_SKILL = '---\nname: something-else\ndescription: Deploys the service to production when asked.\n---\nRun the deploy.\n';
