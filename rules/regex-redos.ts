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
    messages: {
      nested:
        'pattern {{pattern}}: {{construct}}{{at}} a repetition nested in a repetition can split the same input in exponentially many ways. IronClaw\'s engine is linear, but a backtracking host (JavaScript RegExp, PCRE, Python re) can hang on a short message. Make the repeated parts disjoint, e.g. (a+)+ → a+, (a|aa)+ → a+, (\\w+\\s?)* → [\\w\\s]*',
      overlapping:
        'pattern {{pattern}}: {{construct}}{{at}} its alternatives or repeated parts can match the same text, so a failing input is split in exponentially many ways. IronClaw\'s engine is linear, but a backtracking host (JavaScript RegExp, PCRE, Python re) can hang on a short message. Make the repeated parts disjoint, e.g. (a+)+ → a+, (a|aa)+ → a+, (\\w+\\s?)* → [\\w\\s]*',
      starHeight:
        'pattern {{pattern}} nests a repetition inside a repetition (safe-regex2 flags star height 2); skillcheck\'s ambiguity analysis finds no exponential case, but a backtracking host (JavaScript RegExp, PCRE, Python re) may still be slow on long messages',
      starHeightUnanalysed:
        'pattern {{pattern}} nests a repetition inside a repetition (safe-regex2: star height 2): a backtracking host (JavaScript RegExp, PCRE, Python re) may take exponential time. The pattern is too large for skillcheck\'s ambiguity analysis',
      unanalysable:
        'pattern {{pattern}} could not be analysed for catastrophic backtracking (too large for skillcheck\'s analysis, and safe-regex2 cannot parse its translation)',
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
      if (r.ambiguity === 'eda') {
        const at = r.at ?? { start: 0, end: p.value.length };
        const where = locateInPattern(ctx, p.index, p.value, at.start, at.end);
        const construct = p.value.slice(at.start, at.end);
        ctx.report({
          offset: where.offset,
          endOffset: where.endOffset,
          messageId: r.kind === 'nested' ? 'nested' : 'overlapping',
          data: { pattern: quote(p.value), construct: quote(construct), at: where.exact ? '' : ` (at index ${at.start})` },
        });
      } else if (r.ambiguity === 'none' && r.safeRegex2 === false) {
        const where = locateInPattern(ctx, p.index, p.value, 0, p.value.length);
        ctx.report({
          offset: where.offset,
          endOffset: where.endOffset,
          confidence: 'low',
          messageId: 'starHeight',
          data: { pattern: quote(p.value) },
        });
      } else if (r.ambiguity === 'skipped') {
        const where = locateInPattern(ctx, p.index, p.value, 0, p.value.length);
        if (r.safeRegex2 === false) {
          ctx.report({
            offset: where.offset,
            endOffset: where.endOffset,
            confidence: 'medium',
            messageId: 'starHeightUnanalysed',
            data: { pattern: quote(p.value) },
          });
        } else if (r.safeRegex2 === null) {
          ctx.report({
            offset: where.offset,
            endOffset: where.endOffset,
            severity: 'info',
            messageId: 'unanalysable',
            data: { pattern: quote(p.value) },
          });
        }
      }
    }
  },
});
