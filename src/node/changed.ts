// Changed files → the skills they belong to, for the pre-commit hook (`skillcheck --changed-files`).
// pre-commit passes the files a commit touches: a SKILL.md, or a file in a skill's references/ or scripts/. Each is
// mapped to the nearest folder above it that holds a skill file, so the whole skill is checked, never one file.
// The climb stops at the working directory (the repository root under pre-commit) and never follows a symlink.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { SKILL_FILE_NAMES } from './discover.js';

/** Folders climbed at most from a changed file (the walker's own depth bound). */
const MAX_CLIMB = 16;

/** A skill file is here (a symlinked one too: the check then reports the link instead of following it). */
function hasEntry(p: string): boolean {
  try {
    return !fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The skill folders (absolute, sorted, unique) that hold the given files, which are resolved against `cwd`.
 * Files outside `cwd` or outside any skill are left out.
 */
export function skillFoldersOf(files: readonly string[], cwd: string): string[] {
  const root = path.resolve(cwd);
  const found = new Set<string>();
  for (const f of files) {
    const abs = path.resolve(root, f);
    const rel = path.relative(root, abs);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) continue;
    let dir = path.dirname(abs);
    for (let i = 0; i <= MAX_CLIMB; i++) {
      if (SKILL_FILE_NAMES.some((n) => hasEntry(path.join(dir, n)))) {
        found.add(dir);
        break;
      }
      if (dir === root) break;
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  return [...found].sort();
}
