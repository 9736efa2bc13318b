// Facts for `--target auto` that need the file system: whether a skill ships in a Claude Code plugin repository.

import * as fs from 'node:fs';
import * as path from 'node:path';

/** Claude Code's plugin manifests, in a plugin's (or a marketplace repository's) `.claude-plugin/` folder
 *  (https://code.claude.com/docs/en/plugins-reference, https://code.claude.com/docs/en/plugin-marketplaces). */
export const CLAUDE_PLUGIN_DIR = '.claude-plugin';
export const CLAUDE_PLUGIN_MANIFESTS: readonly string[] = ['plugin.json', 'marketplace.json'];

function isRegularFile(p: string): boolean {
  try {
    return fs.lstatSync(p).isFile();
  } catch {
    return false;
  }
}

function isRealDir(p: string): boolean {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * A lookup, memoized per folder: whether `absDir` or a folder above it holds `.claude-plugin/plugin.json` or
 * `.claude-plugin/marketplace.json` (a real folder and regular files: lstat only, no link followed, nothing read).
 * The search stops at the repository root (the first folder holding `.git`) or the file-system root, so one run costs
 * at most a few lstat calls per distinct folder.
 */
export function claudePluginLookup(): (absDir: string) => boolean {
  const memo = new Map<string, boolean>();
  const at = (dir: string): boolean => {
    const known = memo.get(dir);
    if (known !== undefined) return known;
    const own = isRealDir(path.join(dir, CLAUDE_PLUGIN_DIR)) && CLAUDE_PLUGIN_MANIFESTS.some((m) => isRegularFile(path.join(dir, CLAUDE_PLUGIN_DIR, m)));
    const parent = path.dirname(dir);
    const result = own || (parent !== dir && !exists(path.join(dir, '.git')) && at(parent));
    memo.set(dir, result);
    return result;
  };
  return (absDir) => at(path.resolve(absDir));
}
