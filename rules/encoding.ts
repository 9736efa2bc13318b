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
        message: `invalid UTF-8 at byte ${first.byte}${more}; ${ctx.profile.id} ${ctx.profile.rejectsInvalidUtf8 ? 'refuses the file' : 'may misread it'}. Re-save the file as UTF-8`,
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
        message: !fence
          ? 'file starts with a byte-order mark; it opens no "---" frontmatter the mark could hide, but editors and diff tools show it as a stray character. Remove it (--fix)'
          : ctx.profile.rejectsBom
            ? `file starts with a byte-order mark; ${ctx.profile.id} does not see the frontmatter after it and skips the skill. Remove it (--fix)`
          : ctx.profile.stripsBom
          ? `file starts with a byte-order mark; ${ctx.profile.id} strips it, other runtimes may not see the frontmatter. Remove it (--fix)`
          : ctx.profile.frontmatterParser === 'strict-kv'
            ? `file starts with a byte-order mark, so the first line is not exactly "---"; ${ctx.profile.id}'s strict parser fails to construct the skill. Remove it (--fix)`
            : `file starts with a byte-order mark, so the first line is not exactly "---" for strict parsers. Remove it (--fix)`,
        fix: { description: 'remove the byte-order mark', edits: [{ start: 0, end: 1, text: '' }] },
      });
    }
    if (src.nulCount > 0) {
      ctx.report({
        offset: src.nulOffsets[0],
        severity: 'warning',
        message: `${plural(src.nulCount, 'NUL byte')} in the text; tools treat the file as binary and some runtimes cut the text at NUL. Remove them`,
      });
    }
  },
});
