// empty-body: a skill with no instructions after the frontmatter (IronClaw rejects it).

import { defineRule } from '../src/core/rule.js';

export default defineRule({
  meta: {
    id: 'empty-body',
    description: 'Body empty or only whitespace: IronClaw rejects the skill, other runtimes inject nothing useful',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [{ files: { 'skills/e/SKILL.md': '---\nname: e\n---\n\n  \n' }, args: ['--target', 'ironclaw'] }],
      good: [{ files: { 'skills/e/SKILL.md': '---\nname: e\n---\nDo it.\n' }, args: ['--target', 'ironclaw'] }],
    },
  },
  checkSkill(ctx) {
    const doc = ctx.skill.doc;
    if (!doc || doc.unterminated || doc.body.trim() !== '') return;
    const offset = Math.max(0, Math.min(doc.bodyOffset, (ctx.skill.source?.normalized.length ?? 1) - 1));
    if (ctx.profile.rejectsEmptyBody) {
      ctx.report({ offset, rejects: true, message: `body is empty; ${ctx.profile.id} rejects a skill with no instructions. Write them below the frontmatter` });
    } else {
      ctx.report({ offset, severity: 'warning', message: 'body is empty; the skill injects no instructions. Write them below the frontmatter' });
    }
  },
});
