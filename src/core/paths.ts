// Display paths: how a path on the way to a skill file is shown, in the form the skill file itself is shown.

import * as path from 'node:path';

/** Display path of `abs`, the skill file or a folder above it, in the form the skill file is shown (`file`). */
export function shownOnTheWay(skill: { absPath: string; file: string }, abs: string): string {
  if (abs === skill.absPath) return skill.file;
  if (!skill.absPath.startsWith(abs + path.sep)) return abs;
  const suffix = skill.absPath.slice(abs.length).split(path.sep).join('/');
  if (!skill.file.endsWith(suffix)) return abs;
  const shown = skill.file.slice(0, skill.file.length - suffix.length);
  return shown === '' ? '.' : shown;
}
