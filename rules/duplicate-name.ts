// duplicate-name: two skills with one name under one target; says which one the runtime keeps.

import { defineRule, reportMessage, type MessageData, type RuleMeta } from '../src/core/rule.js';
import { SOURCE_LABEL } from '../src/targets/names.js';
import { collisions, crossRootCollisions } from '../src/targets/precedence.js';
import { getProfile } from '../src/targets/profiles.js';
import { quote } from '../src/core/text.js';

const meta: RuleMeta = {
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
  messages: {
    otherFolder: 'name {{name}} is also used by {{other}}, in another folder; if both are installed together, {{outcome}}. Rename one if they ship together',
    listsBoth: 'name {{name}} is also used by {{winner}}; {{target}} lists both under the same name, and the model cannot tell them apart. Rename one of them',
    race: 'name {{name}} is also used by {{winner}}; {{target}} keeps one of them, and which one depends on the order its file scan finishes in (a race). Rename one of them',
    unique: 'name {{name}}{{from}} is also used by {{winner}}; {{target}} requires unique names and keeps only {{winner}}. Rename one of them',
    shadowed: 'name {{name}}{{from}} is also used by {{winner}}; {{target}} loads that one ({{why}}) and drops this file. Rename one of them',
    // Parts: what happens if installed together ({{outcome}}), why the other one wins ({{why}}), where the name is from.
    outcomeFirst: '{{target}} keeps the one it finds first and drops the other',
    outcomeLast: '{{target}} keeps the one it finds last and drops the other',
    outcomeAll: '{{target}} lists both under one name',
    outcomeRace: '{{target}} keeps one of them, whichever registers last',
    rootBefore: '{{first}}/ comes before {{second}}/',
    rootBeforeHere: '{{first}}/ comes before this location',
    scanOrder: 'it keeps the {{order}} one found',
    fromSource: ' (from its {{source}})',
  },
};

const part = (messageId: string, data: MessageData): string => reportMessage(meta, { messageId, data });
const OUTCOME = { first: 'outcomeFirst', last: 'outcomeLast', all: 'outcomeAll', race: 'outcomeRace' } as const;

export default defineRule({
  meta,
  checkProject(ctx) {
    // Independent roots (several repositories or packs scanned together): a collision only if installed together.
    for (const { s, other } of crossRootCollisions(ctx.skills)) {
      const t = s.input.target;
      const outcome = part(OUTCOME[getProfile(t).collisionWinner], { target: t });
      ctx.report({
        file: s.input.file,
        target: t,
        ...(s.input.nameAt ?? {}),
        severity: 'info',
        messageId: 'otherFolder',
        data: { name: quote(s.input.name!), other: other.input.file, outcome },
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
            messageId: profile.collisionWinner === 'all' ? 'listsBoth' : 'race',
            data: { name: quote(s.input.name!), winner: winner.input.file, target: s.input.target },
          });
        }
        continue;
      }
      for (const { s, rank } of ordered) {
        if (s === winner) continue;
        const at = s.input.nameAt;
        const why =
          win.rank.root !== rank.root && win.rank.root !== null
            ? rank.root === null
              ? part('rootBeforeHere', { first: win.rank.root })
              : part('rootBefore', { first: win.rank.root, second: rank.root })
            : part('scanOrder', { order: profile.collisionWinner });
        const from = s.input.resolved?.name && s.input.resolved.name.source !== 'frontmatter' ? part('fromSource', { source: SOURCE_LABEL[s.input.resolved.name.source] }) : '';
        const data = { name: quote(s.input.name!), from, winner: winner.input.file, target: s.input.target };
        ctx.report({
          file: s.input.file,
          target: s.input.target,
          ...(at ?? {}),
          rejects: true,
          ...(profile.uniqueNames ? { messageId: 'unique', data } : { messageId: 'shadowed', data: { ...data, why } }),
        });
      }
    }
  },
});
