// activation-limits: activation lists over the runtime's caps and entries too short to keep — named one by one.

import { ACTIVATION_LISTS, loadActivation, type ActivationList } from '../src/targets/activation/load.js';
import { defineRule } from '../src/core/rule.js';
import { quote, utf8Length } from '../src/core/text.js';

const SINGULAR: Record<ActivationList, string> = {
  keywords: 'keyword',
  exclude_keywords: 'exclude keyword',
  tags: 'tag',
  patterns: 'pattern',
};

export default defineRule({
  meta: {
    id: 'activation-limits',
    description: 'IronClaw activation lists over their caps (keywords/exclude_keywords 20, tags 10, patterns 5) or entries under 3 bytes: each entry the runtime silently drops',
    severity: 'warning',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/a/SKILL.md': '---\nname: a\nactivation:\n  keywords: [go, deploy]\n---\nBody.\n' } },
        {
          files: {
            'skills/a/SKILL.md': `---\nname: a\nactivation:\n  tags: [${Array.from({ length: 11 }, (_, i) => `tag${i}`).join(', ')}]\n---\nBody.\n`,
          },
        },
      ],
      good: [{ files: { 'skills/a/SKILL.md': '---\nname: a\nactivation:\n  keywords: [deploy, release]\n  patterns: ["(?i)\\\\bship\\\\b"]\n---\nBody.\n' } }],
    },
  },
  checkSkill(ctx) {
    const limits = ctx.profile.activation;
    if (!limits || !ctx.data || ctx.data.activation === undefined || ctx.data.activation === null) return;
    // The same load-time view the activation engine uses (src/targets/activation/load.ts).
    const act = loadActivation(ctx.data.activation, limits);
    for (const problem of act.problems) {
      const loc = ctx.locate(problem.path);
      const list = problem.path.length === 2 && ACTIVATION_LISTS.includes(problem.path[1] as ActivationList);
      ctx.report({
        offset: loc?.start,
        endOffset: loc?.end,
        severity: 'error',
        rejects: true,
        message: list ? `${problem.message}. ${ctx.profile.id} fails to load the skill` : problem.message,
      });
    }
    for (const d of act.dropped) {
      if (d.reason !== 'short' && d.reason !== 'over-cap') continue; // compile drops: activation-pattern
      const eLoc = ctx.locate(['activation', d.list, d.index]);
      const at = { offset: eLoc?.start ?? ctx.locate(['activation', d.list])?.start, endOffset: eLoc?.end };
      const bytes = utf8Length(d.value);
      ctx.report({
        ...at,
        message:
          d.reason === 'short'
            ? `${SINGULAR[d.list]} ${quote(d.value)} is ${bytes} byte${bytes === 1 ? '' : 's'}; ${ctx.profile.id} silently drops entries under ${limits.minEntryBytes} bytes. Use a longer word`
            : `${SINGULAR[d.list]} ${quote(d.value)} is number ${d.position} of activation.${d.list}; ${ctx.profile.id} keeps the first ${limits[d.list]} and silently drops the rest. Remove or merge entries`,
      });
    }
  },
});
