// duplicate-name: two skills with one name under one target; says which one the runtime keeps.

import { defineRule } from '../src/rule.js';
import { SOURCE_LABEL } from '../src/targets/names.js';
import { getProfile } from '../src/targets/profiles.js';
import { quote } from '../src/text.js';
import type { ProjectSkill, SkillRef } from '../src/rule.js';

export default defineRule({
  meta: {
    id: 'duplicate-name',
    description: 'Two skills with the same name under one target; says which one the runtime keeps and which it drops',
    severity: 'warning',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        {
          files: {
            '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: First.\n---\nBody.\n',
            '.claude/skills/b/SKILL.md': '---\nname: a\ndescription: Second.\n---\nBody.\n',
          },
          args: ['--severity', 'name=off'],
        },
      ],
      good: [
        {
          files: {
            '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: First.\n---\nBody.\n',
            '.claude/skills/b/SKILL.md': '---\nname: b\ndescription: Second.\n---\nBody.\n',
          },
        },
      ],
    },
  },
  checkProject(ctx) {
    for (const { winner: win, ordered } of collisions(ctx.skills)) {
      const winner = win.s;
      const profile = getProfile(winner.input.target);
      for (const { s, rank } of ordered) {
        if (s === winner) continue;
        const at = s.input.nameAt;
        const why =
          win.rank.root !== rank.root && win.rank.root !== null
            ? `${win.rank.root}/ comes before ${rank.root === null ? 'this location' : `${rank.root}/`} in ${s.input.target}'s precedence`
            : `${s.input.target} keeps the ${profile.collisionWinner} one found`;
        const from = s.input.resolved?.name && s.input.resolved.name.source !== 'frontmatter' ? ` (from its ${SOURCE_LABEL[s.input.resolved.name.source]})` : '';
        ctx.report({
          file: s.input.file,
          target: s.input.target,
          ...(at ?? {}),
          rejects: true,
          message: profile.uniqueNames
            ? `name ${quote(s.input.name!)}${from} is also used by ${winner.input.file}; ${s.input.target} requires unique names and keeps only ${winner.input.file}. Rename one of them`
            : `name ${quote(s.input.name!)}${from} is also used by ${winner.input.file}, which shadows this one: ${why}, so it loads ${winner.input.file} and drops this file. Rename one of them`,
        });
      }
    }
  },
});

/** What collisions need of a skill: its summary (or full input) and whether it loads. */
type Collidable = { input: Pick<SkillRef, 'file' | 'target' | 'name'>; loads: boolean };

export interface Ranked<S extends Collidable = ProjectSkill> {
  s: S;
  i: number;
  rank: { rank: number; root: string | null };
}

/**
 * Name collisions among loading skills, per target: each group in the runtime's order (root precedence, then scan
 * order) with the skill the runtime keeps (the first, or the last for Cuca). Shared with `skillcheck explain`.
 */
export function collisions<S extends Collidable = ProjectSkill>(skills: readonly S[]): { winner: Ranked<S>; ordered: Ranked<S>[] }[] {
  const groups = new Map<string, S[]>();
  for (const s of skills) {
    if (s.input.name === null || !s.loads) continue;
    const key = `${s.input.target}\0${s.input.name}`;
    const g = groups.get(key);
    if (g) g.push(s);
    else groups.set(key, [s]);
  }
  const out: { winner: Ranked<S>; ordered: Ranked<S>[] }[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const profile = getProfile(group[0]!.input.target);
    // Root precedence first (Creo: autoskills, then .creo/skills, then other ecosystems), then scan order.
    const ordered = group.map((s, i) => ({ s, i, rank: rootRank(profile.roots, s.input.file) })).sort((a, b) => a.rank.rank - b.rank.rank || a.i - b.i);
    out.push({ winner: profile.collisionWinner === 'first' ? ordered[0]! : ordered[ordered.length - 1]!, ordered });
  }
  return out;
}

/** Index of the most specific known root holding `file` (a display path), or past the end when none does. */
function rootRank(roots: readonly { path: string }[], file: string): { rank: number; root: string | null } {
  const p = `/${file}`;
  let best = -1;
  for (let i = 0; i < roots.length; i++) {
    if (p.includes(`/${roots[i]!.path}/`) && (best < 0 || roots[i]!.path.length > roots[best]!.path.length)) best = i;
  }
  return best < 0 ? { rank: roots.length, root: null } : { rank: best, root: roots[best]!.path };
}
