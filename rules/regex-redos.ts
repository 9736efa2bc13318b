// regex-redos: activation patterns that are linear on IronClaw's engine but catastrophic on a backtracking one
// (a host evaluating them with JavaScript RegExp, PCRE or Python re).

import { loadActivation } from '../src/targets/activation/load.js';
import { locateInPattern } from '../src/targets/activation/scalar-map.js';
import { analyzeRedos } from '../src/analysis/regex/redos.js';
import { defineRule } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';

export default defineRule({
  meta: {
    id: 'regex-redos',
    description: 'Activation pattern that is safe on RE2/Rust regex but takes exponential time on a backtracking engine (JavaScript RegExp, PCRE, Python re): nested or overlapping repetition',
    severity: 'warning',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/a/SKILL.md': "---\nname: a\nactivation:\n  patterns: ['^(\\w+\\s?)*$']\n---\nBody.\n" } },
        { files: { 'skills/a/SKILL.md': "---\nname: a\nactivation:\n  patterns: ['^(a|aa)+$']\n---\nBody.\n" } },
      ],
      good: [{ files: { 'skills/a/SKILL.md': "---\nname: a\nactivation:\n  patterns: ['(?i)\\bdeploy\\b.*\\b(production|staging)\\b']\n---\nBody.\n" } }],
    },
  },
  checkSkill(ctx) {
    const limits = ctx.profile.activation;
    if (!limits || !ctx.data) return;
    const act = loadActivation(ctx.data.activation, limits);
    for (const p of act.analysedPatterns) {
      const ast = p.analysis.ast;
      if (!ast) continue; // activation-pattern reports it
      // `a++` is (a+)+ only to Rust; PCRE reads it as possessive, JavaScript rejects it. activation-pattern warns.
      if (p.analysis.warnings.some((w) => w.kind === 'possessive')) continue;
      const r = analyzeRedos(ast);
      const host = 'a host that evaluates it with a backtracking engine (JavaScript RegExp, PCRE, Python re)';
      if (r.ambiguity === 'eda') {
        const at = r.at ?? { start: 0, end: p.value.length };
        const where = locateInPattern(ctx, p.index, p.value, at.start, at.end);
        const construct = p.value.slice(at.start, at.end);
        const how =
          r.kind === 'nested'
            ? 'a repetition nested in a repetition can split the same input in exponentially many ways'
            : 'its alternatives or repeated parts can match the same text, so a failing input is split in exponentially many ways';
        ctx.report({
          offset: where.offset,
          endOffset: where.endOffset,
          message: `pattern ${quote(p.value)}: ${quote(construct)}${where.exact ? '' : ` (at index ${at.start})`} ${how}. IronClaw's engine is linear, but ${host} can hang on a short message. Make the repeated parts disjoint, e.g. (a+)+ → a+, (a|aa)+ → a+, (\\w+\\s?)* → [\\w\\s]*`,
        });
      } else if (r.ambiguity === 'none' && r.safeRegex2 === false) {
        const where = locateInPattern(ctx, p.index, p.value, 0, p.value.length);
        ctx.report({
          offset: where.offset,
          endOffset: where.endOffset,
          confidence: 'low',
          message: `pattern ${quote(p.value)} nests a repetition inside a repetition (safe-regex2 flags star height 2); skillcheck's ambiguity analysis finds no exponential case, but ${host} may still be slow on long messages`,
        });
      } else if (r.ambiguity === 'skipped') {
        const where = locateInPattern(ctx, p.index, p.value, 0, p.value.length);
        if (r.safeRegex2 === false) {
          ctx.report({
            offset: where.offset,
            endOffset: where.endOffset,
            confidence: 'medium',
            message: `pattern ${quote(p.value)} nests a repetition inside a repetition (safe-regex2: star height 2): ${host} may take exponential time. The pattern is too large for skillcheck's ambiguity analysis`,
          });
        } else if (r.safeRegex2 === null) {
          ctx.report({
            offset: where.offset,
            endOffset: where.endOffset,
            severity: 'info',
            message: `pattern ${quote(p.value)} could not be analysed for catastrophic backtracking (too large for skillcheck's analysis, and safe-regex2 cannot parse its translation)`,
          });
        }
      }
    }
  },
});
