// Facts for `--target auto` that need the file system: whether a skill ships in a Claude Code plugin repository.

import * as fs from 'node:fs';
import * as path from 'node:path';

/** Claude Code's plugin manifests, in a plugin's (or a marketplace repository's) `.claude-plugin/` folder
 *  (https://code.claude.com/docs/en/plugins-reference, https://code.claude.com/docs/en/plugin-marketplaces). */
export const CLAUDE_PLUGIN_DIR = '.claude-plugin';
export const CLAUDE_PLUGIN_MANIFESTS: readonly string[] = ['plugin.json', 'marketplace.json'];

/** lstat, or null when the path does not exist or cannot be read: a link is never followed. */
function lstat(p: string): fs.Stats | null {
  try {
    return fs.lstatSync(p);
  } catch {
    return null;
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
    const own = !!lstat(path.join(dir, CLAUDE_PLUGIN_DIR))?.isDirectory() && CLAUDE_PLUGIN_MANIFESTS.some((m) => !!lstat(path.join(dir, CLAUDE_PLUGIN_DIR, m))?.isFile());
    const parent = path.dirname(dir);
    const result = own || (parent !== dir && lstat(path.join(dir, '.git')) === null && at(parent));
    memo.set(dir, result);
    return result;
  };
  return (absDir) => at(path.resolve(absDir));
}
