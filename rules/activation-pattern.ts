// activation-pattern: IronClaw activation patterns that Rust regex (RE2 family) cannot compile, or whose compiled
// program exceeds the runtime's size limit: the runtime drops them with only a log line.

import { loadActivation } from '../src/targets/activation/load.js';
import { locateInPattern } from '../src/targets/activation/scalar-map.js';
import { defineRule } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';

/** Estimates within this factor above the limit are reported with medium confidence (see the docs page). */
const SIZE_MARGIN = 1.25;

export default defineRule({
  meta: {
    id: 'activation-pattern',
    description: 'IronClaw activation pattern that Rust regex cannot compile (look-around, backreferences, atomic groups, bad escapes, unbalanced groups) or whose compiled program exceeds the 64 KiB size limit: silently dropped',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/a/SKILL.md': '---\nname: a\nactivation:\n  patterns: ["deploy(?=\\\\s+prod)"]\n---\nBody.\n' } },
        { files: { 'skills/a/SKILL.md': "---\nname: a\nactivation:\n  patterns: ['(\\w+)\\s+\\1']\n---\nBody.\n" } },
        { files: { 'skills/a/SKILL.md': "---\nname: a\nactivation:\n  patterns: ['\\w{3}']\n---\nBody.\n" } },
      ],
      good: [{ files: { 'skills/a/SKILL.md': "---\nname: a\nactivation:\n  patterns: ['(?i)\\bdeploy\\b.*\\b(production|staging)\\b']\n---\nBody.\n" } }],
    },
  },
  checkSkill(ctx) {
    const limits = ctx.profile.activation;
    if (!limits || !ctx.data) return;
    const act = loadActivation(ctx.data.activation, limits);
    for (const p of act.analysedPatterns) {
      const a = p.analysis;
      if (a.error) {
        const where = locateInPattern(ctx, p.index, p.value, a.error.start, a.error.end);
        const at = where.exact ? '' : ` (at index ${a.error.start} of the pattern)`;
        ctx.report({
          offset: where.offset,
          endOffset: where.endOffset,
          message: `pattern ${quote(p.value)}: ${a.error.message}${at}. ${ctx.profile.id} cannot compile it and silently drops the pattern. Rewrite it in Rust regex syntax (no look-around or backreferences)`,
        });
      }
      for (const w of a.warnings) {
        const where = locateInPattern(ctx, p.index, p.value, w.start, w.end);
        const at = where.exact ? '' : ` (at index ${w.start} of the pattern)`;
        ctx.report({
          offset: where.offset,
          endOffset: where.endOffset,
          severity: 'warning',
          confidence: 'medium',
          message: `pattern ${quote(p.value)}: ${w.message}${at}. Write the repetition once (e.g. "a+")`,
        });
      }
      if (a.verdict === 'too-large' && a.size) {
        const loc = ctx.locate(['activation', 'patterns', p.index]);
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        ctx.report({
          offset: loc?.start,
          endOffset: loc?.end,
          confidence: a.size.bytes > a.sizeLimit * SIZE_MARGIN ? 'high' : 'medium',
          message: `pattern ${quote(p.value)} compiles to about ${kib(a.size.bytes)} (estimate), over ${ctx.profile.id}'s ${kib(a.sizeLimit)} regex size limit, so the runtime silently drops it. Unicode classes (\\w, \\d, \\p{..}, ".") and counted repetitions multiply the size: use ASCII classes ([A-Za-z0-9_] or (?-u:\\w)) and smaller counts`,
        });
      }
    }
  },
});
