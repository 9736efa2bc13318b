// Display paths: a path as diagnostics show it, relative to the working directory, with `/` separators.

import * as path from 'node:path';

let normalCwd: string | null = null;

export function toPosixRelative(cwd: string, abs: string): string {
  // A path below an absolute, normal cwd, itself normal (what discovery gives): the rest of it, without
  // path.relative's resolving of both paths on every call (display paths are asked for many times per skill).
  if (process.platform !== 'win32' && abs.length > cwd.length + 1 && abs.startsWith(cwd) && abs.charCodeAt(cwd.length) === 47 /* / */) {
    if (cwd !== normalCwd && cwd === path.resolve(cwd) && cwd !== '/') normalCwd = cwd;
    const rest = abs.slice(cwd.length + 1);
    if (cwd === normalCwd && rest.charCodeAt(0) !== 47 && !rest.endsWith('/') && !rest.endsWith('/.') && !rest.endsWith('/..') && rest !== '.' && rest !== '..' && !rest.startsWith('./') && !rest.startsWith('../') && !rest.includes('//') && !rest.includes('/./') && !rest.includes('/../')) return rest;
  }
  const rel = path.relative(cwd, abs);
  if (rel === '') return '.';
  return rel.split(path.sep).join('/');
}
