// `skillcheck --init`: write a starter config file for the client whose folder is in the working folder (.claude →
// claude-code, .opencode → opencode, …: each target profile's path cues), never over a config that already applies.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { findConfig } from '../node/config.js';
import { writeFileAtomic } from '../node/write.js';
import { getProfile, TARGET_IDS } from '../targets/profiles.js';
import type { TargetId } from '../core/types.js';
import { EXIT_OK, EXIT_USAGE, type Io } from './common.js';

/** The file `--init` writes (JSON; comments are allowed in it later). */
export const INIT_FILE = '.skillcheckrc.json';

/** Targets whose own folder (a profile path cue such as `.claude`) is a real folder directly in `dir`, with the cue. */
export function detectClients(dir: string): { target: TargetId; cue: string }[] {
  const found: { target: TargetId; cue: string }[] = [];
  for (const target of TARGET_IDS) {
    for (const cue of getProfile(target).autoPathCues) {
      let isDir = false;
      try {
        isDir = fs.lstatSync(path.join(dir, cue)).isDirectory(); // lstat: a linked folder is not taken as evidence
      } catch {
        /* absent */
      }
      if (isDir && !found.some((f) => f.target === target)) found.push({ target, cue });
    }
  }
  return found;
}

/** The starter config for the clients found: their targets, or auto when none was found. */
export function starterConfig(found: readonly { target: TargetId }[]): string {
  const config = {
    $schema: './node_modules/skillcheck/schemas/config.schema.json',
    targets: found.length === 0 ? 'auto' : found.map((f) => f.target),
    rules: {},
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

export function runInit(io: Io): number {
  let existing: string | null;
  try {
    existing = findConfig(io.cwd);
  } catch (e) {
    io.stderr(`skillcheck: ${(e as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (existing !== null) {
    io.stderr(`skillcheck: a config already applies here (${path.relative(io.cwd, existing) || existing}); --init writes none over it\n`);
    return EXIT_USAGE;
  }
  const found = detectClients(io.cwd);
  writeFileAtomic(path.join(io.cwd, INIT_FILE), starterConfig(found));
  const what = found.length === 0 ? 'targets: auto (no client folder found here)' : `targets: ${found.map((f) => `${f.target} (${f.cue}/)`).join(', ')}`;
  io.stderr(`skillcheck: wrote ${INIT_FILE}, ${what}. Rules and other keys: docs/configuration.md\n`);
  return EXIT_OK;
}
