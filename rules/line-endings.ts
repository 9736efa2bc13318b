// line-endings: CRLF or lone CR. Fixable to LF.

import { defineRule } from '../src/core/rule.js';
import type { TextEdit } from '../src/core/types.js';
import { PROFILES } from '../src/targets/profiles.js';

/** The runtimes whose strict parser fails on a "---\r" line (profile data): named in the messages. */
const STRICT = Object.values(PROFILES)
  .filter((p) => p.frontmatterParser === 'strict-kv' && !p.normalizesLineEndings)
  .map((p) => p.id)
  .join(', ');

export default defineRule({
  meta: {
    id: 'line-endings',
    description: 'CRLF or lone CR line endings; fixable to LF',
    severity: 'warning',
    confidence: 'high',
    category: 'validator',
    fixable: true,
    since: '0.1.0',
    examples: {
      bad: [{ files: { 'skills/crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: Windows line endings.\r\n---\r\nBody.\r\n' } }],
      good: [{ files: { 'skills/lf/SKILL.md': '---\nname: lf\ndescription: Unix line endings.\n---\nBody.\n' } }],
    },
    messages: {
      skipped: '{{kinds}} line endings, first on this line; {{target}} splits lines only at LF, finds no frontmatter and skips the skill. Convert to LF (--fix)',
      noFrontmatter:
        '{{kinds}} line ending{{s}}, first on this line; expected LF. The file opens with no "---" frontmatter line a CR could break, but tools that split lines on LF keep a stray CR in each. Convert to LF (--fix)',
      normalized: '{{kinds}} line ending{{s}}, first on this line; expected LF. {{target}} normalizes them, but a strict parser ({{strict}}) reads a "---\\r" line and fails to load the skill. Convert to LF (--fix)',
      strictFails:
        '{{kinds}} line ending{{s}}, first on this line; expected LF. {{target}}\'s strict parser reads a "---\\r" line, not "---", and fails to construct the skill. Convert to LF (--fix)',
      strictSees: '{{kinds}} line ending{{s}}, first on this line; expected LF. A strict parser ({{strict}}) reads a "---\\r" line, not "---", and fails to load the skill. Convert to LF (--fix)',
    },
  },
  checkSkill(ctx) {
    const src = ctx.skill.source;
    if (!src || (src.crlfCount === 0 && src.loneCrCount === 0)) return;
    const edits: TextEdit[] = [];
    const t = src.text;
    for (let i = t.indexOf('\r'); i !== -1; i = t.indexOf('\r', i + 1)) {
      edits.push(t.charCodeAt(i + 1) === 10 ? { start: i, end: i + 1, text: '' } : { start: i, end: i + 1, text: '\n' });
    }
    const kinds = [src.crlfCount > 0 ? `${src.crlfCount} CRLF` : '', src.loneCrCount > 0 ? `${src.loneCrCount} lone CR` : ''].filter(Boolean).join(' and ');
    const refuses = ctx.profile.rejectsLoneCr && src.loneCrCount > 0;
    // Describe the file as it is: only a file that opens with a "---" line has a frontmatter fence a CR can break.
    const messageId = refuses
      ? 'skipped'
      : !/^\uFEFF?---\r/.test(t)
        ? 'noFrontmatter'
        : ctx.profile.normalizesLineEndings
          ? 'normalized'
          : ctx.profile.frontmatterParser === 'strict-kv'
            ? 'strictFails'
            : 'strictSees';
    ctx.report({
      line: src.firstCrLine,
      column: 1,
      ...(refuses ? { severity: 'error' as const, rejects: true } : {}),
      messageId,
      data: { kinds, s: src.crlfCount + src.loneCrCount === 1 ? '' : 's', target: ctx.profile.id, strict: STRICT },
      fix: { description: 'convert line endings to LF', edits },
    });
  },
});
