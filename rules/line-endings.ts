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
        '{{kinds}} line ending{{s}}, first on this line. The file opens with no "---" frontmatter, so no runtime\'s parsing depends on them (CR matters to the frontmatter fences); tools that split lines on LF keep a stray CR in each. Convert to LF if you like (--fix)',
      outsideFences:
        '{{kinds}} line ending{{s}}, first on this line, all outside the "---" lines that open and close the frontmatter, so no runtime\'s parsing depends on them; tools that split lines on LF keep a stray CR in each. Convert to LF if you like (--fix)',
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
    // Describe the file as it is: a CR matters to the frontmatter's "---" lines (a strict parser reads "---\r"), not
    // to a file without a frontmatter or to lines outside the fences.
    const open = /^\uFEFF?---[ \t]*(\r|\n|$)/.exec(t);
    const close = open ? /(^|\n)---[ \t]*(\r?)(\n|$)/.exec(t.slice(open[0].length)) : null;
    const fenceCr = !!open && (open[1] === '\r' || close?.[2] === '\r');
    const messageId = refuses
      ? 'skipped'
      : !open
        ? 'noFrontmatter'
        : !fenceCr
          ? 'outsideFences'
          : ctx.profile.normalizesLineEndings
          ? 'normalized'
          : ctx.profile.frontmatterParser === 'strict-kv'
            ? 'strictFails'
            : 'strictSees';
    ctx.report({
      line: src.firstCrLine,
      column: 1,
      // Without a CR on a frontmatter fence there is nothing a CR can break: info, whatever the target's default.
      ...(refuses ? { severity: 'error' as const, rejects: true } : messageId === 'noFrontmatter' || messageId === 'outsideFences' ? { severity: 'info' as const } : {}),
      messageId,
      data: { kinds, s: src.crlfCount + src.loneCrCount === 1 ? '' : 's', target: ctx.profile.id, strict: STRICT },
      fix: { description: 'convert line endings to LF', edits },
    });
  },
});
