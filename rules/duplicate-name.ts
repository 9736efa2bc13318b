// duplicate-name: two skills with one name under one target; says which one the runtime keeps.

import { locate } from '../src/parse.js';
import { defineRule } from '../src/rule.js';
import { quote } from '../src/text.js';
import type { ProjectSkill } from '../src/rule.js';

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
    const groups = new Map<string, ProjectSkill[]>();
    for (const s of ctx.skills) {
      if (s.input.name === null || !s.loads) continue;
      const key = `${s.input.target}\0${s.input.name}`;
      const g = groups.get(key);
      if (g) g.push(s);
      else groups.set(key, [s]);
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      const winner = group[0]!.input.profile.collisionWinner === 'first' ? group[0]! : group[group.length - 1]!;
      for (const s of group) {
        if (s === winner) continue;
        const loc = locate(s.input.doc?.frontmatter ?? null, ['name']);
        ctx.report({
          file: s.input.file,
          target: s.input.target,
          offset: loc?.start,
          endOffset: loc?.end,
          rejects: true,
          message: `name ${quote(s.input.name!)} is also used by ${winner.input.file}; ${s.input.target} keeps the ${s.input.profile.collisionWinner === 'first' ? 'first' : 'last'} one found (${winner.input.file}) and drops this one. Rename one of them`,
        });
      }
    }
  },
});
