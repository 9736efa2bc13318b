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
          message: `body is ${thousands(bytes)} bytes ≈ ${thousands(estimate)} tokens (floor(bytes × ${budget.tokensPerByte})); ${ctx.profile.id} rejects a skill over ${budget.rejectFactor} × max_context_tokens = ${thousands(limit)}. Shorten the body, move detail into references/, or set activation.max_context_tokens to at least ${Math.ceil(estimate / budget.rejectFactor)}`,
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
          message: `body is ${lines} lines; the ${ctx.profile.id} guide recommends under ${rec} lines so the whole skill fits the context. Move detail into references/ files linked from SKILL.md`,
        });
      }
    }
  },
});
