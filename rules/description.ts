// description: missing or blank where the target requires one; not a string; over the target's length limit.

import { defineRule } from '../src/rule.js';
import { typeName } from '../src/text.js';

export default defineRule({
  meta: {
    id: 'description',
    description: 'Description missing or blank where the target requires it, not a string, or over the length limit (agentskills: 1,024 characters)',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { '.claude/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nBody.\n' } },
        { files: { '.claude/skills/long/SKILL.md': `---\nname: long\ndescription: ${'word '.repeat(210)}\n---\nBody.\n` } },
      ],
      good: [
        { files: { '.claude/skills/fine/SKILL.md': '---\nname: fine\ndescription: Use when the user asks for a fine thing.\n---\nBody.\n' } },
        { files: { 'skills/ic/SKILL.md': '---\nname: ic\ndescription: IronClaw allows any length.\n---\nBody.\n' }, args: ['--target', 'ironclaw'] },
      ],
    },
  },
  checkSkill(ctx) {
    const data = ctx.data;
    if (!data) return;
    const loc = ctx.locate(['description']);
    const at = loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 };
    const d = data.description;
    if (d === undefined || d === null) {
      if (ctx.profile.descriptionRequired) {
        ctx.report({
          ...at,
          message: `no "description"; ${ctx.profile.id} requires one (it is what the model reads to decide whether to load the skill) and clients skip a skill without it. Add "description: Use when …"`,
          rejects: true,
        });
      } else {
        ctx.report({ ...at, severity: 'info', message: `no "description"; ${ctx.profile.id} shows an empty description in its catalog, so the model has nothing to choose by` });
      }
      return;
    }
    if (typeof d !== 'string') {
      ctx.report({ ...at, message: `"description" is ${typeName(d)}; expected a string. Quote it`, rejects: true });
      return;
    }
    if (d.trim() === '') {
      if (ctx.profile.descriptionRequired) ctx.report({ ...at, message: '"description" is blank; write one line saying when to use the skill', rejects: true });
      else ctx.report({ ...at, severity: 'info', message: '"description" is blank; the catalog entry will be empty' });
      return;
    }
    const max = ctx.profile.descriptionMaxLength;
    const len = [...d].length;
    if (max !== null && len > max) {
      ctx.report({ ...at, message: `"description" is ${len} characters; ${ctx.profile.id} allows at most ${max}. Shorten it and move detail into the body` });
    }
  },
});
