// duplicate-name: two skills with one name under one target; says which one the runtime keeps.

import { defineRule } from '../src/core/rule.js';
import { SOURCE_LABEL } from '../src/targets/names.js';
import { collisions, crossRootCollisions } from '../src/targets/precedence.js';
import { getProfile } from '../src/targets/profiles.js';
import { quote } from '../src/core/text.js';

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
        {
          files: {
            'repo-a/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: First.\n---\nBody.\n',
            'repo-b/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Second.\n---\nBody.\n',
          },
        },
      ],
      good: [
        {
          files: {
            'plugins/a/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: First.\n---\nBody.\n',
            'plugins/b/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Second.\n---\nBody.\n',
          },
        },
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
    // Independent roots (several repositories or packs scanned together): a collision only if installed together.
    for (const { s, other } of crossRootCollisions(ctx.skills)) {
      const t = s.input.target;
      const outcome = {
        first: `${t} keeps the one it finds first and drops the other`,
        last: `${t} keeps the one it finds last and drops the other`,
        all: `${t} lists both under one name`,
        race: `${t} keeps one of them, whichever registers last`,
      }[getProfile(t).collisionWinner];
      ctx.report({
        file: s.input.file,
        target: t,
        ...(s.input.nameAt ?? {}),
        severity: 'info',
        message: `name ${quote(s.input.name!)} is also used by ${other.input.file}, in another folder; if both are installed together, ${outcome}. Rename one if they ship together`,
      });
    }
    for (const { winner: win, ordered } of collisions(ctx.skills)) {
      const winner = win.s;
      const profile = getProfile(winner.input.target);
      if (profile.collisionWinner === 'all' || profile.collisionWinner === 'race') {
        // Codex and Claude Code list every copy under the one name; OpenCode keeps whichever registers last, a race.
        for (const { s } of ordered) {
          if (s === winner) continue;
          ctx.report({
            file: s.input.file,
            target: s.input.target,
            ...(s.input.nameAt ?? {}),
            severity: 'warning',
            message:
              profile.collisionWinner === 'all'
                ? `name ${quote(s.input.name!)} is also used by ${winner.input.file}; ${s.input.target} lists both under the same name, and the model cannot tell them apart. Rename one of them`
                : `name ${quote(s.input.name!)} is also used by ${winner.input.file}; ${s.input.target} keeps one of them, and which one depends on the order its file scan finishes in (a race). Rename one of them`,
          });
        }
        continue;
      }
      for (const { s, rank } of ordered) {
        if (s === winner) continue;
        const at = s.input.nameAt;
        const why =
          win.rank.root !== rank.root && win.rank.root !== null
            ? `${win.rank.root}/ comes before ${rank.root === null ? 'this location' : `${rank.root}/`}`
            : `it keeps the ${profile.collisionWinner} one found`;
        const from = s.input.resolved?.name && s.input.resolved.name.source !== 'frontmatter' ? ` (from its ${SOURCE_LABEL[s.input.resolved.name.source]})` : '';
        ctx.report({
          file: s.input.file,
          target: s.input.target,
          ...(at ?? {}),
          rejects: true,
          message: profile.uniqueNames
            ? `name ${quote(s.input.name!)}${from} is also used by ${winner.input.file}; ${s.input.target} requires unique names and keeps only ${winner.input.file}. Rename one of them`
            : `name ${quote(s.input.name!)}${from} is also used by ${winner.input.file}; ${s.input.target} loads that one (${why}) and drops this file. Rename one of them`,
        });
      }
    }
  },
});
