// unknown-field: frontmatter keys the target ignores (or its validator rejects), with a did-you-mean.

import { topLevelKeys } from '../src/core/parse.js';
import { defineRule } from '../src/core/rule.js';
import { didYouMean, quote } from '../src/core/text.js';

export default defineRule({
  meta: {
    id: 'unknown-field',
    description: 'Frontmatter keys the target ignores or its validator rejects, with a did-you-mean for likely typos',
    severity: 'info',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [{ files: { '.claude/skills/typo/SKILL.md': '---\nname: typo\ndescripton: Misspelled.\ndescription: Real.\n---\nBody.\n' } }],
      good: [{ files: { '.claude/skills/known/SKILL.md': '---\nname: known\ndescription: Only known keys.\nlicense: MIT\n---\nBody.\n' } }],
    },
  },
  checkSkill(ctx) {
    // A frontmatter that did not parse to a mapping is the frontmatter rule's finding alone.
    if (!ctx.data) return;
    const known = ctx.profile.knownFields;
    for (const k of topLevelKeys(ctx.fm)) {
      if (known.includes(k.key)) continue;
      const guess = didYouMean(k.key, known);
      const fate =
        ctx.profile.unknownFields === 'ignored'
          ? `${ctx.profile.id} ignores it`
          : `${ctx.profile.id} clients ignore it and the reference validator rejects it`;
      ctx.report({
        offset: k.start,
        endOffset: k.end,
        // skills-ref (validator.js) reports every key outside the standard's set: the skill is invalid.
        ...(ctx.profile.strictValidator ? { severity: 'error' as const, rejects: true } : { severity: guess ? ('warning' as const) : undefined }),
        message: guess
          ? `unknown key ${quote(k.key)}; did you mean ${quote(guess)}? ${fate}`
          : `unknown key ${quote(k.key)}; ${fate}. Known keys: ${known.join(', ')}`,
      });
    }
  },
});

