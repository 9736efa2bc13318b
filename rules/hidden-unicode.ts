// hidden-unicode: invisible or reordering characters in the skill file (body, code blocks, every frontmatter string,
// escaped ones included) and its references/ files. Benign uses stay quiet; an error needs evidence of intent.

import { decodedStrings } from '../src/analysis/packs.js';
import { defineRule, reportMessage, type RuleMeta } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';
import { findHidden, type HiddenFinding, type HiddenMessageId } from '../src/analysis/hidden.js';
import { reportGroupedInSkill, type GroupableById } from '../src/core/group.js';
import { highestTrust } from '../src/core/trust.js';
import { TEST_FILE } from '../src/analysis/behaviour/report.js';

/** The messages by id: src/analysis/hidden.ts names the id of each finding and fills its data. */
const MESSAGES = {
  tags: '{{count}} Unicode tag character{{s}} (U+E0000–U+E007F) hide the text {{text}}: invisible to readers, read by models (ASCII smuggling). Remove them',
  tagsEmpty: '{{count}} Unicode tag character{{s}} (U+E0000–U+E007F) carry no visible text: invisible to readers, read by models (ASCII smuggling). Remove them',
  flagTag:
    'a flag-shaped tag sequence that no platform draws as a flag (tag letters {{letters}}): invisible to readers, read by models (ASCII smuggling split into short runs). Remove them',
  flagTags:
    '{{count}} flag-shaped tag sequences that no platform draws as a flag spell the hidden text {{text}}: invisible to readers, read by models (ASCII smuggling split into short runs). Remove them',
  letterSelectors: '{{count}} variation selector{{s}} after plain letters: {{excerpt}}; selectors change nothing on ASCII letters, so they carry hidden bytes. Remove them',
  letterSelectorsDecoded:
    '{{count}} variation selectors after plain letters, one per letter, decoding to {{decoded}}: {{excerpt}}; selectors change nothing on ASCII letters, so they carry hidden bytes. Remove them',
  selectors: '{{count}} variation selectors in a row after {{before}}; a run of selectors carries hidden bytes (one per selector) and has no typographic use. Remove them',
  selectorsDecoded:
    '{{count}} variation selectors in a row after {{before}}; they decode to {{decoded}}, a run of selectors carries hidden bytes (one per selector) and has no typographic use. Remove them',
  emojiSelector:
    '{{count}} emoji presentation selector{{s}} (U+FE0F) out of place next to emoji: {{excerpt}}; a leftover of a split or twice-converted emoji, it carries no data alone, but models and string comparisons see it. Remove it',
  bidiOverride: 'bidi override {{char}} reorders the visible text that follows: {{excerpt}}; what renders is not what the model reads (Trojan Source). Remove the bidi controls',
  bidiReorder:
    'bidi control {{char}} in left-to-right text changes the display order of what follows: {{excerpt}}; what renders is not what the model reads. Remove the bidi controls',
  bidiControl: 'bidi control {{char}}: {{excerpt}}; it has no effect here but hides in the text. Remove it',
  zeroWidthRun:
    '{{count}} invisible characters ({{chars}}) on this line, {{run}} in a row: {{excerpt}}; runs and swarms of zero-width characters hide data or split words so that reviews and filters miss them. Remove them',
  zeroWidthSwarm:
    '{{count}} invisible characters ({{chars}}) on this line: {{excerpt}}; runs and swarms of zero-width characters hide data or split words so that reviews and filters miss them. Remove them',
  zeroWidthFence:
    '{{count}} invisible character{{s}} ({{chars}}) next to a code-fence character: {{excerpt}}; likely there to keep a nested fence from closing the block. Prefer a longer outer fence (```` or ~~~)',
  strayControl:
    '{{count}} invisible character{{s}} ({{chars}}): {{excerpt}}; a control character that starts no terminal escape sequence, most likely left by a copy from a PDF or a terminal: it hides no text, but models read it. Remove it',
  /** `code`: the first character's code point in hex, as the escape to write instead. */
  zeroWidthNamed:
    '{{count}} invisible character{{s}} ({{chars}}): {{excerpt}}; the line names the character, so it is most likely shown as an example. Write it as an escape (\\u{{code}}) so the example stays visible',
  zeroWidthBoundary:
    '{{count}} invisible character{{s}} ({{chars}}) at a word boundary in prose: {{excerpt}}; it splits no word and hides no text (most likely left by a copy from a web page), but models and string comparisons see it. Remove it',
  zeroWidthData:
    '{{count}} invisible character{{s}} ({{chars}}) at a token boundary in a data file: {{excerpt}}; it splits no key, value or word (most likely copied with the text from a document or page), but code that compares the value sees it. Remove it',
  zeroWidthSpread:
    '{{count}} invisible character{{s}} ({{chars}}) at a word boundary: {{excerpt}}; one alone hides nothing, but this text holds {{total}} of them on {{lines}} lines, enough to carry data (a bit per boundary) or to salt phrases against filters. Remove them',
  mojibake:
    '{{count}} invisible character{{s}} ({{chars}}) that are bytes of UTF-8 text shown as Latin-1 (mojibake): {{excerpt}} reads {{decoded}}; they hide nothing, but readers and models see garbled text. Save the file as UTF-8 from the original text',
  zeroWidth: '{{count}} invisible character{{s}} ({{chars}}): {{excerpt}}; readers cannot see it, models and string comparisons do. Remove it',
  /** A finding in an escaped frontmatter string: `finding` is that finding's own message. */
  frontmatter: 'in frontmatter {{path}} (after YAML unescaping): {{finding}}',
} satisfies Record<HiddenMessageId | 'frontmatter', string>;

const meta: RuleMeta = {
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
  messages: MESSAGES,
};

export default defineRule({
  meta,
  checkSkill(ctx) {
    const src = ctx.skill.source;
    // Many findings of one kind are reported once, with a count and the first places (src/core/group.ts).
    // An .mcp.json unit has no skill source: only its package file is read.
    const items: GroupableById[] = [];
    const found = src ? findHidden(src.normalized, { prose: true }) : [];
    // Escaped or folded frontmatter strings ("\u202E", "\U000E0041", "\x8E") only show their characters once
    // decoded, and the model reads the decoded string: it is judged whole, in place of what the raw text showed
    // (decoding keeps every raw character, so nothing found in the raw text is lost).
    const decoded = decodedStrings(ctx);
    for (const d of decoded) {
      for (const f of findHidden(d.value, { prose: true })) {
        items.push({ kind: `frontmatter-${f.kind}`, offset: d.start, endOffset: d.end, severity: f.severity, confidence: f.confidence, messageId: 'frontmatter', data: () => ({ path: quote(d.path.join('.')), finding: reportMessage(meta, f) }) });
      }
    }
    // Findings and strings are walked together in order (scalars do not overlap): linear in both.
    const ranges = decoded.map((d) => [d.start, d.end] as const).sort((a, b) => a[0] - b[0]);
    let k = 0;
    for (const f of found) {
      while (k < ranges.length && ranges[k]![1] <= f.start) k++;
      if (k < ranges.length && ranges[k]![0] <= f.start) continue;
      items.push(item(f));
    }
    // Every text file of the package (scripts too: bidi controls reorder what a reviewer sees of code). One cause
    // in many files (a zero-width space in every page of scraped documentation) is one finding for the skill.
    // A test file's lone invisible characters are the inputs of the Unicode handling it tests (a token padded with a
    // BOM to check that it is stripped): info, in a skill at the highest trust only (the file's name is the skill's
    // own word). Errors (tag text, bidi overrides, runs) stand everywhere.
    const ownTests = ctx.skill.trust === highestTrust();
    for (const ref of ctx.skill.folder?.files().files ?? []) {
      const test = ownTests && TEST_FILE.test(ref.rel);
      for (const f of findHidden(ref.source.normalized, { prose: MARKDOWN.test(ref.file), data: DATA.test(ref.file) })) {
        const it = item(f, { file: ref.file, source: ref.source });
        items.push(test && f.severity === 'warning' ? { ...it, severity: 'info', confidence: 'low', suffix: ' (in a test file: an input of the code it tests)' } : it);
      }
    }
    reportGroupedInSkill(ctx, items, src);
  },
});

/** Markdown files of the package: prose, where a zero-width character at a word boundary is quiet. Scripts and
 *  plain text files are code or input to code: there every one counts. */
const MARKDOWN = /\.(?:md|markdown|mdx|mdc)$/i;
/** Data files of the package (findHidden's `data`): a zero-width character at a token boundary is quiet there. */
const DATA = /\.(?:json|jsonl|ya?ml|csv|tsv)$/i;

/** A finding to report; its message data is built only if it is shown (grouping shows the first of many). */
function item(f: HiddenFinding, where: Pick<GroupableById, 'file' | 'source'> = {}): GroupableById {
  return { kind: f.kind, ...where, offset: f.start, endOffset: f.end, severity: f.severity, confidence: f.confidence, messageId: f.messageId, data: () => f.data };
}
