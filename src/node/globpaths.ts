// Glob paths on the command line (`skillcheck "**/SKILL.md"`), for shells that do not expand `**` and for
// Windows. A path with `*` or `?` that does not exist as written is expanded here: a bounded walk (lstat, no
// symlink followed, .git and node_modules skipped) from its literal prefix, on the project's one glob matcher
// (src/core/policy/glob.ts: `**`, `*`, `?`). A folder that matches is taken whole (not entered); files that match are
// taken one by one, as a shell's expansion would give them.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_ENTRIES, SKIPPED_DIRS } from './discover.js';
import { globMatch } from '../core/policy/glob.js';

export function isGlob(p: string): boolean {
  return /[*?]/.test(p);
}

/** Paths (relative to cwd, sorted) matching `pattern`; `pattern` is relative to cwd or absolute, POSIX or native. */
export function expandGlob(pattern: string, cwd: string): string[] {
  const posix = pattern.split(path.sep).join('/').replace(/^\.\//, '');
  const abs = path.isAbsolute(pattern);
  const segs = posix.split('/');
  const firstMagic = segs.findIndex(isGlob);
  const prefix = segs.slice(0, firstMagic).join('/') || (abs ? '/' : '.');
  const base = path.resolve(cwd, prefix);
  const full = path.posix.normalize(posix);
  const out: string[] = [];
  let entries = 0;
  const walk = (dir: string, depth: number) => {
    if (depth > DEFAULT_MAX_DEPTH) return;
    let names: fs.Dirent[];
    try {
      names = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries += names.length;
    if (entries > DEFAULT_MAX_ENTRIES) return;
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const d of names) {
      const p = path.join(dir, d.name);
      const rel = abs ? p.split(path.sep).join('/') : path.relative(cwd, p).split(path.sep).join('/');
      if (d.isSymbolicLink()) {
        // Given to the check as a path, a matching link is reported (never followed).
        if (globMatch(full, rel)) out.push(rel);
        continue;
      }
      if (d.isDirectory()) {
        if (SKIPPED_DIRS.includes(d.name)) continue;
        if (globMatch(full, rel)) out.push(rel);
        else walk(p, depth + 1);
      } else if (globMatch(full, rel)) out.push(rel);
    }
  };
  walk(base, 0);
  return out;
}
