// encoding: invalid UTF-8 (error), a byte-order mark, NUL bytes.

import { defineRule } from '../src/core/rule.js';
import { plural } from '../src/core/text.js';

export default defineRule({
  meta: {
    id: 'encoding',
    description: 'Invalid UTF-8 (the runtime refuses the file), a byte-order mark, or NUL bytes',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: true,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/bom/SKILL.md': '\ufeff---\nname: bom\ndescription: Starts with a BOM.\n---\nBody.\n' } },
        { files: { 'skills/nul/SKILL.md': '---\nname: nul\ndescription: Has a NUL.\n---\nBody \0 here.\n' } },
      ],
      good: [{ files: { 'skills/utf8/SKILL.md': '---\nname: utf8\ndescription: Déjà vu, naïve café.\n---\nÜber.\n' } }],
    },
    messages: {
      invalidUtf8Refused: 'invalid UTF-8 at byte {{byte}}{{more}}; {{target}} refuses the file. Re-save the file as UTF-8',
      invalidUtf8Misread: 'invalid UTF-8 at byte {{byte}}{{more}}; {{target}} may misread it. Re-save the file as UTF-8',
      bomNoFrontmatter:
        'file starts with a byte-order mark; it opens no "---" frontmatter the mark could hide, but editors and diff tools show it as a stray character. Remove it (--fix)',
      bomRejected: 'file starts with a byte-order mark; {{target}} does not see the frontmatter after it and skips the skill. Remove it (--fix)',
      bomStripped: 'file starts with a byte-order mark; {{target}} strips it, other runtimes may not see the frontmatter. Remove it (--fix)',
      bomStrictFails:
        'file starts with a byte-order mark, so the first line is not exactly "---"; {{target}}\'s strict parser fails to construct the skill. Remove it (--fix)',
      bomStrict: 'file starts with a byte-order mark, so the first line is not exactly "---" for strict parsers. Remove it (--fix)',
      nul: '{{nuls}} in the text; tools treat the file as binary and some runtimes cut the text at NUL. Remove them',
    },
  },
  checkSkill(ctx) {
    const src = ctx.skill.source;
    if (!src) return;
    if (src.invalidUtf8.length > 0) {
      const first = src.invalidUtf8[0]!;
      const more = src.invalidUtf8Count > 1 ? ` (${plural(src.invalidUtf8Count, 'invalid sequence')} in all)` : '';
      ctx.report({
        line: first.line,
        column: first.column,
        messageId: ctx.profile.rejectsInvalidUtf8 ? 'invalidUtf8Refused' : 'invalidUtf8Misread',
        data: { byte: first.byte, more, target: ctx.profile.id },
        rejects: ctx.profile.rejectsInvalidUtf8,
      });
    }
    if (src.bom) {
      // Only a file that opens with "---" after the mark has a frontmatter fence the mark can hide.
      const fence = src.text.startsWith('\uFEFF---');
      ctx.report({
        line: 1,
        column: 1,
        severity: ctx.profile.stripsBom || !fence ? 'info' : ctx.profile.frontmatterParser === 'strict-kv' || ctx.profile.rejectsBom ? 'error' : 'warning',
        ...(fence && ctx.profile.rejectsBom ? { rejects: true } : {}),
        messageId: !fence
          ? 'bomNoFrontmatter'
          : ctx.profile.rejectsBom
            ? 'bomRejected'
            : ctx.profile.stripsBom
              ? 'bomStripped'
              : ctx.profile.frontmatterParser === 'strict-kv'
                ? 'bomStrictFails'
                : 'bomStrict',
        data: { target: ctx.profile.id },
        fix: { description: 'remove the byte-order mark', edits: [{ start: 0, end: 1, text: '' }] },
      });
    }
    if (src.nulCount > 0) {
      ctx.report({
        offset: src.nulOffsets[0],
        severity: 'warning',
        messageId: 'nul',
        data: { nuls: plural(src.nulCount, 'NUL byte') },
      });
    }
  },
});
