// hidden-unicode: invisible or reordering characters in the skill file (body, code blocks, every frontmatter string,
// escaped ones included) and its references/ files. Benign uses stay quiet; an error needs evidence of intent.

import { decodedStrings } from '../src/analysis/packs.js';
import { defineRule } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';
import { findHidden, type HiddenFinding } from '../src/analysis/hidden.js';
import { reportGrouped, type Groupable } from '../src/core/group.js';

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
    // Many findings of one kind in one file are reported once, with a count and the first positions (src/core/group.ts).
    // An .mcp.json unit has no skill source: only its package file is read.
    const items: Groupable[] = [];
    const found = src ? findHidden(src.normalized) : [];
    for (const f of found) items.push(item(f));
    // Escaped frontmatter strings ("\u202E", "\U000E0041") only show their characters once decoded.
    for (const d of decodedStrings(ctx)) {
      if (anyStartIn(found, d.start, d.end)) continue;
      for (const f of findHidden(d.value)) {
        items.push({ kind: `frontmatter-${f.kind}`, offset: d.start, endOffset: d.end, severity: f.severity, confidence: f.confidence, message: `in frontmatter ${quote(d.path.join('.'))} (after YAML unescaping): ${f.message}` });
      }
    }
    if (src) reportGrouped(ctx, items, src);
    // Every text file of the package (scripts too: bidi controls reorder what a reviewer sees of code).
    for (const ref of ctx.skill.folder?.files().files ?? []) {
      const inRef: Groupable[] = findHidden(ref.source.normalized).map((f) => item(f, { file: ref.file, source: ref.source }));
      reportGrouped(ctx, inRef, ref.source);
    }
  },
});

/** A finding to report; its message is built only if it is shown (grouping shows the first of many). */
function item(f: HiddenFinding, where: Pick<Groupable, 'file' | 'source'> = {}): Groupable {
  return { kind: f.kind, ...where, offset: f.start, endOffset: f.end, severity: f.severity, confidence: f.confidence, message: () => f.message };
}

/** Whether a finding (sorted by start) starts in [from, to): binary search, not a scan per decoded string. */
function anyStartIn(found: readonly HiddenFinding[], from: number, to: number): boolean {
  let lo = 0;
  let hi = found.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (found[mid]!.start < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < found.length && found[lo]!.start < to;
}
