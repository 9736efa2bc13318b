import { describe, it, vi } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './regex-redos.js';

// safe-regex2 parses every translation skillcheck writes today, so its failure cannot be reached from a skill text.
// To cover the rule's last message, a pattern containing "UNPARSED" gets the analysis it would have if safe-regex2
// could not parse it (safeRegex2: null); every other pattern gets the real analysis.
vi.mock('../src/analysis/regex/redos.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/analysis/regex/redos.js')>();
  return {
    ...real,
    analyzeRedos: (ast: Parameters<typeof real.analyzeRedos>[0]) => {
      const r = real.analyzeRedos(ast);
      return r.jsShape.includes('UNPARSED') ? { ...r, safeRegex2: null } : r;
    },
  };
});

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['ironclaw'] });
/** A skill with one activation pattern, written as a single-quoted YAML scalar (no escapes). */
const fm = (pattern: string) => `---\nname: s\ndescription: x.\nactivation:\n  patterns: ['${pattern}']\n---\nBody.\n`;

tester.run(rule, {
  valid: [
    { name: 'single-character repetitions only', code: fm(String.raw`(?i)\bdeploy\b\s+\w+`) },
    { name: 'star height 2 without ambiguity is low confidence: not shown by default', code: fm('(ab*)*') },
    { name: 'a possessive-looking "a++" is activation-pattern\'s finding', code: fm('a++') },
    { name: 'a pattern that does not compile is activation-pattern\'s finding', code: fm('(a+)+(?=x)') },
    { name: 'other targets do not evaluate activation patterns', code: fm('^(a+)+$'), targets: ['agentskills'] },
  ],
  invalid: [
    {
      name: 'overlapping repetition: (\\w+\\s?)*',
      code: fm(String.raw`^(\w+\s?)*$`),
      errors: [
        {
          line: 5,
          column: 16,
          endLine: 5,
          endColumn: 25,
          severity: 'warning',
          rejects: false,
          messageId: 'overlapping',
          data: { pattern: String.raw`"^(\\w+\\s?)*$"`, construct: String.raw`"(\\w+\\s?)*"`, at: '' },
          message: String.raw`pattern "^(\\w+\\s?)*$": "(\\w+\\s?)*" its alternatives or repeated parts can match the same text, so a failing input is split in exponentially many ways. IronClaw's engine is linear, but a backtracking host (JavaScript RegExp, PCRE, Python re) can hang on a short message. Make the repeated parts disjoint, e.g. (a+)+ → a+, (a|aa)+ → a+, (\w+\s?)* → [\w\s]*`,
        },
      ],
      output: null,
    },
    {
      name: 'overlapping alternatives: (a|aa)+',
      code: fm('^(a|aa)+$'),
      errors: [{ line: 5, column: 16, endColumn: 23, messageId: 'overlapping', data: { pattern: '"^(a|aa)+$"', construct: '"(a|aa)+"', at: '' } }],
    },
    {
      name: 'nested repetition: (a*)*',
      code: fm('(a*)*b'),
      errors: [
        {
          line: 5,
          column: 15,
          endColumn: 20,
          severity: 'warning',
          messageId: 'nested',
          data: { pattern: '"(a*)*b"', construct: '"(a*)*"', at: '' },
          message: String.raw`pattern "(a*)*b": "(a*)*" a repetition nested in a repetition can split the same input in exponentially many ways. IronClaw's engine is linear, but a backtracking host (JavaScript RegExp, PCRE, Python re) can hang on a short message. Make the repeated parts disjoint, e.g. (a+)+ → a+, (a|aa)+ → a+, (\w+\s?)* → [\w\s]*`,
        },
      ],
    },
    {
      name: 'a folded scalar cannot be mapped back exactly: the index is named',
      code: '---\nname: s\ndescription: x.\nactivation:\n  patterns:\n    - >-\n      ^(a+)+$\n---\nBody.\n',
      errors: [{ line: 6, column: 7, messageId: 'overlapping', data: { pattern: '"^(a+)+$"', construct: '"(a+)+"', at: ' (at index 1)' } }],
    },
    {
      name: 'star height 2 without ambiguity: shown to the auditor persona',
      code: fm('(ab*)*'),
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 15,
          endColumn: 21,
          severity: 'warning',
          messageId: 'starHeight',
          data: { pattern: '"(ab*)*"' },
          message: `pattern "(ab*)*" nests a repetition inside a repetition (safe-regex2 flags star height 2); skillcheck's ambiguity analysis finds no exponential case, but a backtracking host (JavaScript RegExp, PCRE, Python re) may still be slow on long messages`,
        },
      ],
    },
    {
      name: 'too large for the ambiguity analysis, star height 2: medium confidence',
      code: fm('(?:ab{400})*x'),
      errors: [
        {
          line: 5,
          column: 15,
          endColumn: 28,
          severity: 'warning',
          messageId: 'starHeightUnanalysed',
          data: { pattern: '"(?:ab{400})*x"' },
          message: `pattern "(?:ab{400})*x" nests a repetition inside a repetition (safe-regex2: star height 2): a backtracking host (JavaScript RegExp, PCRE, Python re) may take exponential time. The pattern is too large for skillcheck's ambiguity analysis`,
        },
      ],
    },
    {
      name: 'too large for the analysis and not parsed by safe-regex2: info',
      code: fm('(?:ab{400})*UNPARSED'),
      errors: [
        {
          line: 5,
          column: 15,
          severity: 'info',
          messageId: 'unanalysable',
          data: { pattern: '"(?:ab{400})*UNPARSED"' },
          message: `pattern "(?:ab{400})*UNPARSED" could not be analysed for catastrophic backtracking (too large for skillcheck's analysis, and safe-regex2 cannot parse its translation)`,
        },
      ],
    },
  ],
});
