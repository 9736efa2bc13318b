import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './activation-pattern.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['ironclaw'] });
/** A skill with one activation pattern, written as a single-quoted YAML scalar (no escapes). */
const fm = (pattern: string) => `---\nname: s\ndescription: x.\nactivation:\n  patterns: ['${pattern}']\n---\nBody.\n`;

tester.run(rule, {
  valid: [
    { name: 'Rust regex syntax well under the size limit', code: fm(String.raw`(?i)\bdeploy\b.*\b(production|staging)\b`) },
    { name: 'ASCII classes keep the program small', code: fm(String.raw`(?-u:\w){3}`) },
    { name: 'other targets do not compile activation patterns', code: fm('deploy(?=x)'), targets: ['agentskills'] },
  ],
  invalid: [
    {
      name: 'look-ahead does not compile: the pattern is dropped; the construct is located in the scalar',
      code: fm(String.raw`deploy(?=\s+prod)`),
      errors: [
        {
          line: 5,
          column: 21,
          endLine: 5,
          endColumn: 24,
          severity: 'error',
          rejects: false,
          messageId: 'compile',
          data: { pattern: String.raw`"deploy(?=\\s+prod)"`, error: 'look-ahead "(?=" is not supported: Rust regex and RE2 have no look-around', at: '', target: 'ironclaw' },
          message: String.raw`pattern "deploy(?=\\s+prod)": look-ahead "(?=" is not supported: Rust regex and RE2 have no look-around. ironclaw cannot compile it and silently drops the pattern. Rewrite it in Rust regex syntax (no look-around or backreferences)`,
        },
      ],
      output: null,
    },
    {
      name: 'a backreference',
      code: fm(String.raw`(\w+)\s+\1`),
      errors: [
        {
          line: 5,
          column: 23,
          endColumn: 25,
          messageId: 'compile',
          data: { pattern: String.raw`"(\\w+)\\s+\\1"`, error: String.raw`backreference "\1" is not supported: Rust regex has no backreferences (and no octal escapes by default)`, at: '', target: 'ironclaw' },
        },
      ],
    },
    {
      name: 'a folded scalar cannot be mapped back exactly: the index in the pattern is named',
      code: '---\nname: s\ndescription: x.\nactivation:\n  patterns:\n    - >-\n      deploy(?=x)\n---\nBody.\n',
      errors: [{ line: 6, column: 7, messageId: 'compile', data: { pattern: '"deploy(?=x)"', error: 'look-ahead "(?=" is not supported: Rust regex and RE2 have no look-around', at: ' (at index 6 of the pattern)', target: 'ironclaw' } }],
    },
    {
      name: '"a++" is a repetition of a repetition to Rust: a warning',
      code: fm('a++'),
      errors: [
        {
          line: 5,
          column: 16,
          endColumn: 18,
          severity: 'warning',
          messageId: 'warning',
          data: { pattern: '"a++"', warning: '"++" looks like a possessive quantifier; Rust regex has none and reads it as a repetition of a repetition, RE2 and JavaScript reject it', at: '' },
          message: 'pattern "a++": "++" looks like a possessive quantifier; Rust regex has none and reads it as a repetition of a repetition, RE2 and JavaScript reject it. Write the repetition once (e.g. "a+")',
        },
      ],
    },
    {
      name: 'Unicode \\w counted three times is over the 64 KiB program limit',
      code: fm(String.raw`\w{3}`),
      errors: [
        {
          line: 5,
          column: 14,
          endColumn: 21,
          severity: 'error',
          messageId: 'tooLarge',
          data: { pattern: String.raw`"\\w{3}"`, size: '147.5 KiB', target: 'ironclaw', limit: '64.0 KiB' },
          message: String.raw`pattern "\\w{3}" compiles to about 147.5 KiB (estimate), over ironclaw's 64.0 KiB regex size limit, so the runtime silently drops it. Unicode classes (\w, \d, \p{..}, ".") and counted repetitions multiply the size: use ASCII classes ([A-Za-z0-9_] or (?-u:\w)) and smaller counts`,
        },
      ],
    },
    {
      name: 'just over the limit (within the estimate margin) is still reported',
      code: fm('[a-z]{2100}'),
      errors: [{ line: 5, column: 14, severity: 'error', messageId: 'tooLarge', data: { pattern: '"[a-z]{2100}"', size: '65.8 KiB', target: 'ironclaw', limit: '64.0 KiB' } }],
    },
  ],
});
