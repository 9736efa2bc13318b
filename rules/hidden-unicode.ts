// hidden-unicode: invisible or reordering characters in the skill file (body, code blocks, every frontmatter string,
// escaped ones included) and its references/ files. Benign uses stay quiet; an error needs evidence of intent.

import { decodedStrings } from '../src/packs.js';
import { defineRule } from '../src/rule.js';
import { quote } from '../src/text.js';
import { findHidden } from '../src/hidden.js';

export default defineRule({
  meta: {
    id: 'hidden-unicode',
    description: 'Invisible characters: Unicode tag text (decoded), variation-selector payloads, bidi overrides, zero-width runs (errors); a lone zero-width or bidi character (warning). Emoji sequences, flags and scripts that need ZWJ/ZWNJ are not flagged',
    severity: 'error',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\nSummarize the file.\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\n' } },
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\nAccess level: \u202euser\u202c admin\n' } },
      ],
      good: [
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Family 👨\u200d👩\u200d👧 and Scotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}.\n---\nمی\u200cخواهم\n' } },
      ],
    },
  },
  checkSkill(ctx) {
    const src = ctx.skill.source;
    const found = src ? findHidden(src.normalized) : [];
    for (const f of found) ctx.report({ offset: f.start, endOffset: f.end, severity: f.severity, confidence: f.confidence, message: f.message });
    // Escaped frontmatter strings ("\u202E", "\U000E0041") only show their characters once decoded.
    for (const d of decodedStrings(ctx)) {
      if (found.some((f) => f.start >= d.start && f.start < d.end)) continue;
      for (const f of findHidden(d.value)) {
        ctx.report({ offset: d.start, endOffset: d.end, severity: f.severity, confidence: f.confidence, message: `in frontmatter ${quote(d.path.join('.'))} (after YAML unescaping): ${f.message}` });
      }
    }
    // Every text file of the package (scripts too: bidi controls reorder what a reviewer sees of code).
    for (const ref of ctx.skill.folder?.files().files ?? []) {
      for (const f of findHidden(ref.source.normalized)) {
        ctx.report({ file: ref.file, source: ref.source, offset: f.start, endOffset: f.end, severity: f.severity, confidence: f.confidence, message: f.message });
      }
    }
  },
});
