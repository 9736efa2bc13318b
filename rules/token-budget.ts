// token-budget: IronClaw rejects a skill whose body estimate exceeds twice its max_context_tokens.

import { defineRule } from '../src/core/rule.js';
import { thousands, utf8Length } from '../src/core/text.js';

export default defineRule({
  meta: {
    id: 'token-budget',
    description: 'IronClaw: body token estimate (floor(bytes × 0.25)) over 2 × max_context_tokens, so the skill is rejected; agentskills: body over the recommended length',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [{ files: { 'skills/t/SKILL.md': `---\nname: t\nactivation:\n  max_context_tokens: 10\n---\n${'x'.repeat(100)}\n` } }],
      good: [{ files: { 'skills/t/SKILL.md': `---\nname: t\nactivation:\n  max_context_tokens: 10\n---\n${'x'.repeat(79)}\n` } }],
    },
    messages: {
      rejected:
        'body is {{bytes}} bytes ≈ {{estimate}} tokens (floor(bytes × {{tokensPerByte}})); {{target}} rejects a skill over {{factor}} × max_context_tokens = {{limit}}. Shorten the body, move detail into references/, or set activation.max_context_tokens to at least {{needed}}',
      long: 'body is {{lines}} lines; the {{target}} guide recommends under {{recommended}} lines so the whole skill fits the context. Move detail into references/ files linked from SKILL.md',
    },
  },
  checkSkill(ctx) {
    const doc = ctx.skill.doc;
    if (!doc || doc.unterminated) return;
    const budget = ctx.profile.tokenBudget;
    const at = ctx.skill.source ? { offset: Math.min(doc.bodyOffset, ctx.skill.source.normalized.length) } : { line: 1, column: 1 };
    if (budget && ctx.profile.activation) {
      const act = ctx.data?.activation as Record<string, unknown> | undefined;
      const declared = act && typeof act === 'object' ? act.max_context_tokens : undefined;
      const max = declared === undefined || declared === null ? ctx.profile.activation.defaultMaxContextTokens : declared;
      if (typeof max !== 'number' || !Number.isInteger(max) || max <= 0) return;
      const bytes = utf8Length(doc.body);
      const estimate = Math.floor(bytes * budget.tokensPerByte);
      const limit = budget.rejectFactor * max;
      if (estimate > limit) {
        ctx.report({
          ...at,
          rejects: true,
          messageId: 'rejected',
          data: {
            bytes: thousands(bytes),
            estimate: thousands(estimate),
            tokensPerByte: budget.tokensPerByte,
            target: ctx.profile.id,
            factor: budget.rejectFactor,
            limit: thousands(limit),
            needed: Math.ceil(estimate / budget.rejectFactor),
          },
        });
      }
      return;
    }
    const rec = ctx.profile.recommendedBodyLines;
    if (rec !== null) {
      const lines = doc.body.split('\n').length - (doc.body.endsWith('\n') ? 1 : 0);
      if (lines > rec) {
        ctx.report({
          ...at,
          severity: 'info',
          messageId: 'long',
          data: { lines, target: ctx.profile.id, recommended: rec },
        });
      }
    }
  },
});
