// unknown-field: frontmatter keys the target ignores (or its validator rejects), with a did-you-mean.

import { topLevelKeys } from '../src/core/parse.js';
import { defineRule, reportMessage, type RuleMeta } from '../src/core/rule.js';
import { PROFILES } from '../src/targets/profiles.js';
import { isGatingBlock } from '../src/targets/resolve.js';
import type { TargetId } from '../src/core/types.js';
import { didYouMean, quote } from '../src/core/text.js';

const meta: RuleMeta = {
  id: 'unknown-field',
  description: 'Frontmatter keys the target ignores or its validator rejects, with a did-you-mean for likely typos',
  severity: 'info',
  confidence: 'high',
  category: 'validator',
  fixable: false,
  since: '0.1.0',
  examples: {
    bad: [{ files: { '.claude/skills/typo/SKILL.md': '---\nname: typo\ndescripton: Misspelled.\n---\nBody.\n' } }],
    good: [{ files: { '.claude/skills/known/SKILL.md': '---\nname: known\ndescription: Only known keys.\nlicense: MIT\n---\nBody.\n' } }],
  },
  messages: {
    extension:
      'key {{key}} is not in the standard: the reference validator rejects the skill (agentskills, checked for lack of a runtime cue); {{readers}} read{{s}} it, other clients ignore it. If the skill is for {{first}}, check it as such: --target {{first}}',
    didYouMean: 'unknown key {{key}}; did you mean {{guess}}? {{fate}}',
    unknown: 'unknown key {{key}}; {{fate}}. Known keys: {{known}}',
    // Parts: what the target does with the key ({{fate}}).
    fateIgnored: '{{target}} ignores it',
    fateRejected: '{{target}} clients ignore it and the reference validator rejects it',
  },
};

export default defineRule({
  meta,
  checkSkill(ctx) {
    // A frontmatter that did not parse to a mapping is the frontmatter rule's finding alone.
    if (!ctx.data) return;
    const known = ctx.profile.knownFields;
    const keys = topLevelKeys(ctx.fm);
    // A did-you-mean never points at a key the frontmatter already has.
    const present = new Set(keys.map((k) => k.key));
    const absent = known.filter((k) => !present.has(k));
    for (const k of keys) {
      if (known.includes(k.key)) continue;
      const guess = didYouMean(k.key, absent);
      // Under the standard's validator, a key another runtime reads (Claude Code's `argument-hint`, OpenClaw's
      // `homepage`) is that runtime's extension. When auto fell back to agentskills the message names that runtime
      // and how to check the skill as its; the validator still rejects the skill, so it is an error (rejects).
      const readers =
        ctx.profile.strictValidator && ctx.skill.autoFallback && !guess && (k.key !== 'requires' || isGatingBlock(ctx.data.requires))
          ? (Object.keys(PROFILES) as TargetId[]).filter(
              (t) => t !== ctx.profile.id && PROFILES[t].knownFields.includes(k.key) && (PROFILES[t].skillFiles !== 'flat-md' || ctx.skill.layout === 'file'),
            )
          : [];
      if (readers.length > 0) {
        ctx.report({
          offset: k.start,
          endOffset: k.end,
          severity: 'error',
          rejects: true,
          messageId: 'extension',
          data: { key: quote(k.key), readers: readers.join(', '), s: readers.length > 1 ? '' : 's', first: readers[0]! },
        });
        continue;
      }
      const fate = reportMessage(meta, { messageId: ctx.profile.unknownFields === 'ignored' ? 'fateIgnored' : 'fateRejected', data: { target: ctx.profile.id } });
      ctx.report({
        offset: k.start,
        endOffset: k.end,
        // skills-ref (validator.js) reports every key outside the standard's set: the skill is invalid.
        ...(ctx.profile.strictValidator ? { severity: 'error' as const, rejects: true } : { severity: guess ? ('warning' as const) : undefined }),
        ...(guess
          ? { messageId: 'didYouMean', data: { key: quote(k.key), guess: quote(guess), fate } }
          : { messageId: 'unknown', data: { key: quote(k.key), fate, known: known.join(', ') } }),
      });
    }
  },
});

