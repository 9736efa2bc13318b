// activation-limits: activation lists over the runtime's caps and entries too short to keep — named one by one.

import { defineRule } from '../src/rule.js';
import { quote, typeName, utf8Length } from '../src/text.js';

const LISTS = ['keywords', 'exclude_keywords', 'tags', 'patterns'] as const;
const SINGULAR: Record<(typeof LISTS)[number], string> = {
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
    const act = ctx.data.activation;
    const actLoc = ctx.locate(['activation']);
    if (typeof act !== 'object' || Array.isArray(act)) {
      ctx.report({
        offset: actLoc?.start,
        endOffset: actLoc?.end,
        severity: 'error',
        rejects: true,
        message: `"activation" is ${typeName(act)}; expected a mapping with keywords, exclude_keywords, patterns, tags, max_context_tokens`,
      });
      return;
    }
    const a = act as Record<string, unknown>;
    for (const list of LISTS) {
      const v = a[list];
      if (v === undefined || v === null) continue;
      const loc = ctx.locate(['activation', list]);
      if (!Array.isArray(v) || v.some((e) => typeof e !== 'string')) {
        ctx.report({
          offset: loc?.start,
          endOffset: loc?.end,
          severity: 'error',
          rejects: true,
          message: `"activation.${list}" must be a list of strings; got ${Array.isArray(v) ? 'a list with non-string entries' : typeName(v)}. ${ctx.profile.id} fails to load the skill`,
        });
        continue;
      }
      const cap = limits[list];
      let kept = 0;
      v.forEach((entry: string, i: number) => {
        const eLoc = ctx.locate(['activation', list, i]);
        const at = { offset: eLoc?.start ?? loc?.start, endOffset: eLoc?.end };
        if (list !== 'patterns' && utf8Length(entry) < limits.minEntryBytes) {
          ctx.report({
            ...at,
            message: `${SINGULAR[list]} ${quote(entry)} is ${utf8Length(entry)} byte${utf8Length(entry) === 1 ? '' : 's'}; ${ctx.profile.id} silently drops entries under ${limits.minEntryBytes} bytes. Use a longer word`,
          });
          return;
        }
        kept++;
        if (kept > cap) {
          ctx.report({
            ...at,
            message: `${SINGULAR[list]} ${quote(entry)} is number ${kept} of activation.${list}; ${ctx.profile.id} keeps the first ${cap} and silently drops the rest. Remove or merge entries`,
          });
        }
      });
    }
    const mct = a.max_context_tokens;
    if (mct !== undefined && mct !== null && !(typeof mct === 'number' && Number.isInteger(mct) && mct >= 0)) {
      const loc = ctx.locate(['activation', 'max_context_tokens']);
      ctx.report({
        offset: loc?.start,
        endOffset: loc?.end,
        severity: 'error',
        rejects: true,
        message: `"activation.max_context_tokens" is ${quote(String(mct))}; expected a whole number of tokens (default ${limits.defaultMaxContextTokens})`,
      });
    }
  },
});
