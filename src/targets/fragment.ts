// Fragments: a frontmatter-less SKILL.md that is a part or build variant of another skill.

import * as path from 'node:path';
import type { SkillContext } from '../core/rule.js';

/**
 * The skill a frontmatter-less SKILL.md is a fragment of: a skill file in a folder above it
 * (a template or part inside another skill), or, in a folder above, `skills/<same folder name>/SKILL.md` (a build
 * variant of that skill, like a flavor override). Looked up with lstat only, and only inside the walk root.
 */
export function fragmentOf(ctx: SkillContext): string | null {
  const root = ctx.skill.tree?.root;
  if (!root || ctx.skill.layout !== 'folder') return null;
  const inRoot = (p: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
  const own = path.dirname(ctx.skill.absPath);
  const shown = (abs: string) => path.posix.normalize(`${ctx.skill.dir}/${path.relative(own, abs).split(path.sep).join('/')}`);
  for (let dir = path.dirname(own); inRoot(dir); dir = path.dirname(dir)) {
    for (const f of ['SKILL.md', 'skill.md']) {
      if (ctx.host.exists(path.join(dir, f))) return shown(path.join(dir, f));
    }
    const twin = path.join(dir, 'skills', ctx.skill.folderName, 'SKILL.md');
    if (twin !== ctx.skill.absPath && ctx.host.exists(twin)) return shown(twin);
    if (dir === root || path.dirname(dir) === dir) break;
  }
  return null;
}
