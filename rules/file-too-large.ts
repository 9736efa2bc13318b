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
    messages: {
      rejected: 'file is {{size}} bytes; {{target}} rejects skill files over {{limit}} bytes. Move detail into files under references/ and link them from SKILL.md',
      notChecked: 'file is {{size}} bytes; skillcheck reads at most {{limit}} bytes, so it was not checked. Raise the read bound (--max-bytes) or split the file',
      streamFailed: "file is {{size}} bytes, over skillcheck's read bound of {{limit}} bytes, and could not be scanned in chunks ({{error}}), so it was not checked",
      tail: 'file is {{size}} bytes; skillcheck scans at most {{max}} bytes of a skill file, so the last {{rest}} bytes were not checked (padding can hide instructions there). Split the file; no runtime needs a skill this large',
      streamed:
        "file is {{size}} bytes, over skillcheck's read bound of {{limit}} bytes: the security rules ran over the whole file (in chunks), the other rules did not. Raise the read bound (--max-bytes) to run them, or split the file",
    },
  },
  checkSkill(ctx) {
    const r = ctx.skill.read;
    if (r.kind !== 'too-large') return;
    const limit = ctx.profile.byteLimit;
    if (limit !== null && r.size > limit) {
      ctx.report({
        messageId: 'rejected',
        data: { size: fmt(r.size), target: ctx.profile.id, limit: fmt(limit) },
        rejects: true,
      });
      return;
    }
    const s = ctx.skill.streamed;
    if (!s) {
      ctx.report({
        severity: 'warning',
        messageId: 'notChecked',
        data: { size: fmt(r.size), limit: fmt(r.limit) },
      });
      return;
    }
    if (s.failed !== undefined) {
      ctx.report({ messageId: 'streamFailed', data: { size: fmt(r.size), limit: fmt(r.limit), error: s.failed } });
      return;
    }
    if (s.scanned < r.size) {
      ctx.report({
        messageId: 'tail',
        data: { size: fmt(r.size), max: fmt(MAX_STREAM_BYTES), rest: fmt(r.size - s.scanned) },
      });
      return;
    }
    ctx.report({
      severity: 'warning',
      messageId: 'streamed',
      data: { size: fmt(r.size), limit: fmt(r.limit) },
    });
  },
});
