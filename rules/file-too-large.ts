// file-too-large: the skill file is over the target's byte limit (or over skillcheck's read bound).

import { defineRule } from '../src/core/rule.js';
import { MAX_STREAM_BYTES } from '../src/core/limits.js';
import { thousands } from '../src/core/text.js';

const fmt = (n: number) => thousands(n);

export default defineRule({
  meta: {
    id: 'file-too-large',
    description: "Skill file over the target runtime's byte limit (IronClaw: 65,536 bytes; error), over skillcheck's read bound (warning: only the security rules ran, over the whole file) or over the streaming bound (error: the rest was not scanned)",
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [{ files: { 'skills/big/SKILL.md': `---\nname: big\n---\n${'x'.repeat(65537)}\n` }, args: ['--target', 'ironclaw'] }],
      good: [{ files: { 'skills/small/SKILL.md': '---\nname: small\n---\nDo the small thing.\n' }, args: ['--target', 'ironclaw'] }],
    },
  },
  checkSkill(ctx) {
    const r = ctx.skill.read;
    if (r.kind !== 'too-large') return;
    const limit = ctx.profile.byteLimit;
    if (limit !== null && r.size > limit) {
      ctx.report({
        message: `file is ${fmt(r.size)} bytes; ${ctx.profile.id} rejects skill files over ${fmt(limit)} bytes. Move detail into files under references/ and link them from SKILL.md`,
        rejects: true,
      });
      return;
    }
    const s = ctx.skill.streamed;
    if (!s) {
      ctx.report({
        severity: 'warning',
        message: `file is ${fmt(r.size)} bytes; skillcheck reads at most ${fmt(r.limit)} bytes, so it was not checked. Raise the read bound (--max-bytes) or split the file`,
      });
      return;
    }
    if (s.failed !== undefined) {
      ctx.report({ message: `file is ${fmt(r.size)} bytes, over skillcheck's read bound of ${fmt(r.limit)} bytes, and could not be scanned in chunks (${s.failed}), so it was not checked` });
      return;
    }
    if (s.scanned < r.size) {
      ctx.report({
        message: `file is ${fmt(r.size)} bytes; skillcheck scans at most ${fmt(MAX_STREAM_BYTES)} bytes of a skill file, so the last ${fmt(r.size - s.scanned)} bytes were not checked (padding can hide instructions there). Split the file; no runtime needs a skill this large`,
      });
      return;
    }
    ctx.report({
      severity: 'warning',
      message: `file is ${fmt(r.size)} bytes, over skillcheck's read bound of ${fmt(r.limit)} bytes: the security rules ran over the whole file (in chunks), the other rules did not. Raise the read bound (--max-bytes) to run them, or split the file`,
    });
  },
});
