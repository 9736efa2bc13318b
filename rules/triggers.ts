// triggers: Cerveau loads a skill when one of its trigger strings appears in the conversation; none means never.

import { defineRule } from '../src/core/rule.js';
import { quote, typeName } from '../src/core/text.js';

export default defineRule({
  meta: {
    id: 'triggers',
    description: 'Cerveau `triggers`: not a list of strings (error), blank entries that match every conversation, or none at all (info: never auto-loaded)',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.2.0',
    examples: {
      bad: [
        { files: { '.crv/skills/deploy.md': '---\nname: deploy\ndescription: Deploys the service.\n---\nSteps.\n' } },
        { files: { '.crv/skills/deploy.md': '---\nname: deploy\ndescription: Deploys the service.\ntriggers: deploy\n---\nSteps.\n' } },
      ],
      good: [{ files: { '.crv/skills/deploy.md': '---\nname: deploy\ndescription: Deploys the service.\ntriggers: [deploy, release]\n---\nSteps.\n' } }],
    },
  },
  checkSkill(ctx) {
    const field = ctx.profile.triggersField;
    if (!field || !ctx.data) return;
    const v = ctx.data[field];
    const loc = ctx.locate([field]);
    const at = loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 };
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) {
      ctx.report({
        ...at,
        severity: 'info',
        message: `no "${field}"; ${ctx.profile.id} never loads this skill by itself, only when asked for it by name. Add ${field}: [words that should bring it in]`,
      });
      return;
    }
    if (!Array.isArray(v) || v.some((t) => typeof t !== 'string')) {
      ctx.report({
        ...at,
        rejects: true,
        message: `"${field}" is ${Array.isArray(v) ? 'a list with non-string entries' : typeName(v)}; ${ctx.profile.id} expects a list of strings, e.g. ${field}: [${quote(String(Array.isArray(v) ? (v.find((t) => typeof t !== 'string') ?? '') : v))}]`,
      });
      return;
    }
    v.forEach((t: string, i: number) => {
      if (t.trim() !== '') return;
      const l = ctx.locate([field, i]);
      ctx.report({
        ...(l ? { offset: l.start, endOffset: l.end } : at),
        severity: 'warning',
        message: `trigger ${i + 1} is blank; an empty string appears in every conversation, so ${ctx.profile.id} would load the skill every time. Remove it`,
      });
    });
  },
});
