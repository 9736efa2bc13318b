// In memory (verify), a file is too large when it is over a target's byte limit or over `readBound` (never below
// the largest byte limit of any target, 256,000): the target's rejection and the read bound without streaming. Streaming over the read bound is lint()'s, on a real
// file: the streamed case is asserted below; the 32 MiB streaming bound (id "tail") and a stream that fails
// mid-way (id "streamFailed") stay with test/stream.test.ts, which writes such files.

import { describe, expect, it } from 'vitest';
import { lint, loadDefaultRules } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './file-too-large.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['ironclaw'] });
const sized = (bytes: number) => {
  const head = '---\nname: s\ndescription: x.\n---\n';
  return `${head}${'x'.repeat(bytes - head.length - 1)}\n`;
};

tester.run(rule, {
  valid: [
    { name: 'exactly 65,536 bytes: within IronClaw\'s limit', code: sized(65_536) },
    { name: 'a large file within the read bound', code: sized(200_000), targets: ['agentskills'] },
  ],
  invalid: [
    {
      name: 'one byte over IronClaw\'s limit: rejected',
      code: sized(65_537),
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'error',
          rejects: true,
          messageId: 'rejected',
          data: { size: '65,537', target: 'ironclaw', limit: '65,536' },
          message: 'file is 65,537 bytes; ironclaw rejects skill files over 65,536 bytes. Move detail into files under references/ and link them from SKILL.md',
        },
      ],
      output: null,
    },
    {
      name: 'over the read bound where the target has no limit: not checked, a warning',
      code: sized(300_000),
      readBound: 1,
      targets: ['agentskills'],
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'warning',
          rejects: false,
          messageId: 'notChecked',
          data: { size: '300,000', limit: '256,000' },
          message: 'file is 300,000 bytes; skillcheck reads at most 256,000 bytes, so it was not checked. Raise the read bound (--max-bytes) or split the file',
        },
      ],
    },
    {
      name: 'OpenClaw rejects a file over its own 256,000-byte limit',
      code: sized(300_000),
      readBound: 1,
      targets: ['openclaw'],
      errors: [{ severity: 'error', rejects: true, messageId: 'rejected', data: { size: '300,000', target: 'openclaw', limit: '256,000' } }],
    },
  ],
});

const tree = tempTrees();
describe('file-too-large on a real file', () => {
  it('streamed: over the read bound, the security rules ran in chunks: a warning', async () => {
    // Over the read bound, which is never below the largest target byte limit (OpenClaw: 256,000).
    const size = 300_000;
    const dir = tree({ 'skills/big/SKILL.md': sized(size) });
    // Streaming happens only for the security rules: run them all, look at this rule's finding.
    const r = await lint({ cwd: dir, rules: await loadDefaultRules(), targets: ['agentskills'] });
    expect(r.diagnostics.filter((d) => d.ruleId === 'file-too-large').map((d) => ({ file: d.file, line: d.line, severity: d.severity, messageId: d.messageId, message: d.message }))).toEqual([
      {
        file: 'skills/big/SKILL.md',
        line: 1,
        severity: 'warning',
        messageId: 'streamed',
        message: `file is 300,000 bytes, over skillcheck's read bound of 256,000 bytes: the security rules ran over the whole file (in chunks), the other rules did not. Raise the read bound (--max-bytes) to run them, or split the file`,
      },
    ]);
  });
});
