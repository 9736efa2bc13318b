import { describe, expect, it } from 'vitest';
import { anchorLinkText, anchoredHeadingLevels, breakHintedMarks, mathOperator, mathOperatorChars, mathSeparator } from '../src/analysis/hidden.js';
import { RuleTester } from '../src/testing.js';
import rule from './hidden-unicode.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });
const FM = '---\nname: s\ndescription: x.\n---\n';
/** Unicode tag characters spelling `t` (U+E0000 + ASCII). */
const tag = (t: string) => [...t].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
/** A subdivision-flag-shaped sequence: black flag, tag letters, cancel tag. */
const flag = (t: string) => `\u{1F3F4}${tag(t)}\u{E007F}`;
/** The variation selector that stands for byte `b` (U+FE00–FE0F: 0–15, U+E0100–E01EF: 16–255). */
const vsByte = (b: number) => String.fromCodePoint(b < 16 ? 0xfe00 + b : 0xe0100 + b - 16);

tester.run(rule, {
  valid: [
    {
      name: 'zero-width spaces at the end of values of a data file, after CJK punctuation and between Han characters (a word-break mark), many of them: quiet, no spread',
      code: `${FM}Body.\n`,
      folder: { 'templates/deck.json': `{\n${'  "current_text": "短视频推广启动\u200b",\n'.repeat(9)}  "note": "聚焦增长。\u200b优先解决风险\u200b借新业务",\n  "title": "Q1 plan\u200b"\n}\n` },
    },
    { name: 'plain text', code: `${FM}Nothing hidden here.\n` },
    { name: 'a left-to-right embedding on a line with right-to-left text', code: `${FM}\u05d0 \u202ax\u202c\n` },
    { name: 'emoji ZWJ sequences', code: `${FM}Family 👨\u200d👩\u200d👧 and 🏳️\u200d🌈\n` },
    { name: 'the three drawn subdivision flags', code: `${FM}Scotland ${flag('gbsct')}, Wales ${flag('gbwls')}, England ${flag('gbeng')}\n` },
    { name: 'a tag run after the black flag that is a drawn flag, in the description', code: `---\nname: s\ndescription: Scotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}.\n---\nB.\n` },
    { name: 'keycaps, emoji presentation and CJK variants', code: `${FM}Keycap 1\ufe0f\u20e3, smile \u263a\ufe0f, ❤️, kanji \u845b\u{E0100}\n` },
    { name: 'ZWNJ in Persian and ZWJ in an Indic conjunct', code: `${FM}می\u200cخواهم and क्\u200dष\n` },
    { name: 'a bidi mark on a line of right-to-left text', code: `${FM}שלום\u200f עולם\n` },
    { name: 'a soft hyphen inside a word is a hyphenation hint', code: `${FM}hyphen\u00adation\n` },
    { name: 'a drawn flag in a references/ file', code: `${FM}Body.\n`, folder: { 'references/r.md': `Wales ${flag('gbwls')}\n` } },
    { name: 'a zero-width character next to a backtick is low confidence: not shown by default', code: `${FM}Close with \`\`\u200b\`.\n` },
    { name: 'a stray ESC is low confidence: not shown by default', code: `${FM}OE \u001b R/W?\n` },
    { name: 'a zero-width character the line names is low confidence: not shown by default', code: `${FM}A zero-width space: ig\u200bnore\n` },
    // A zero-width character at a word boundary in prose splits nothing and hides nothing (pasted from a web page).
    { name: 'a zero-width space before a link in a table cell', code: `${FM}| Model | Link |\n|---|---|\n| Gemma | \u200b[link](https://example.test/m) |\n` },
    { name: 'a zero-width space before bold text in a list item', code: `${FM}* \u200b**Distilled** models learn from a larger one.\n` },
    { name: 'two zero-width spaces between a word and its full stop, in a quotation', code: `${FM}> It continues to serve the population\u200b\u200b.\n` },
    { name: 'a word joiner and a soft hyphen between words', code: `${FM}Keep\u2060 these words \u00adtogether.\n` },
    { name: 'a zero-width space at a word boundary in the description', code: `---\nname: s\ndescription: "Formats tables.\\u200B Use for CSV."\n---\nBody.\n` },
    { name: 'a zero-width space at a word boundary in a references/ page', code: `${FM}Body.\n`, folder: { 'references/r.md': 'See the \u200bguide.\n' } },
    // Documentation sites end every heading of a level with a zero-width space (an anchor's text): nothing to choose.
    { name: 'a zero-width space ending every heading of a level', code: `${FM}# Title\n\n${'## Part\u200b\n\nText.\n\n'.repeat(9)}### Sub\n` },
    // Documentation sites write a break opportunity after every ellipsis or dash of a page: its places follow from the
    // visible text, in code spans and blocks too (an elided token is copied as nothing that runs).
    {
      name: 'a zero-width space after every ellipsis of a text, in prose, code spans and code blocks',
      code: `${FM}${'The secret, for example `Olc3\u2026\u200bYIBF`.\n\n'.repeat(9)}\`\`\`json\n{"tokenId": "AQIC5\u2026\u200bTU3O"}\n\`\`\`\nLoading\u2026\u200b done.\n`,
    },
    { name: 'a zero-width space after every em dash of a references/ page', code: `${FM}Body.\n`, folder: { 'references/r.md': `${'The method\u2014\u200bQR code, e-mail or SMS.\n'.repeat(9)}` } },
    // Saved documentation pages keep each heading's permalink: a link whose whole text is a zero-width space.
    { name: 'a zero-width space that is the whole text of a link to an anchor (a heading permalink)', code: `${FM}${'## Part [\u200b](https://docs.example/page#part "Direct link to Part")\n\nText.\n\n'.repeat(9)}See [\u200b](#part).\n` },
    // MathML rendered as text separates the terms of a formula with invisible characters, in code blocks too.
    { name: 'separators between the terms of a formula rendered as text', code: `${FM}\`\`\`\n| h\u2032\u200b(t) | =\u{1D468}\u200bh\u200b(t)+\u{1D469}\u200bx\u200b(t) | f\u2061(x)\u2062y |\n\`\`\`\n` },
    // MathML writes invisible times and separators as the whole content of an operator element (LaTeXML, MathJax).
    {
      name: 'invisible operators, each the whole content of a MathML <mo>, one character throughout',
      code: `${FM}<math><mi>a</mi>${'<mo lspace="0em" rspace="0em" id="m1.1">\u200b</mo><mi>b</mi>'.repeat(10)}<mo>\u200b</mo></math>\n`,
    },
    { name: 'invisible times in MathML <mo>', code: `${FM}<mi>x</mi><mo>\u2062</mo><mi>y</mi> and <mi>f</mi><mo>\u2062</mo><mi>z</mi>\n` },
    { name: 'a zero-width space after an underscore in a heading\'s code span, and after CJK punctuation', code: `${FM}#### Removed \`experimental_\u200bcreateThing\` function\n\n\u4e0d\u53ef\u66f4\u6539\u3002\ufeff\u5173\u4e8e\u5982\u4f55\u3002\n` },
    // A backtick later on the line, or an unclosed one before, makes no code span.
    { name: 'a zero-width space at a word boundary before a code span, and after an unclosed backtick', code: `${FM}A \u200bword then \`code\` here.\nRun \`unclosed \u200bword\n` },
    { name: 'seven quiet ones across lines stay quiet (under ZW_SPREAD_WARNING)', code: `${FM}${'A line \u200bof text.\n'.repeat(7)}` },
  ],
  invalid: [
    {
      name: 'in a data file a zero-width space inside a key or a URL still splits it; at a value\'s end it is quiet (auditor sees info); in a script every one counts',
      code: `${FM}Body.\n`,
      folder: { 'data/cfg.json': '{"ur\u200bl": "https://exa\u200bmple.com", "label": "Done\u200b"}\n', 'scripts/a.py': 'LABEL = "Done\u200b"\n' },
      persona: 'auditor',
      errors: [
        { file: 'skills/s/data/cfg.json', line: 1, column: 5, severity: 'warning', messageId: 'zeroWidth' },
        { file: 'skills/s/scripts/a.py', line: 1, column: 14, severity: 'warning', messageId: 'zeroWidth' },
      ],
    },
    {
      name: 'a script that strips the byte-order mark it names in a literal: info (auditor); the same character compared with is a warning',
      code: `${FM}Body.\n`,
      folder: { 'scripts/env.py': 'k = k.strip().lstrip("\ufeff").strip()\nif k == "\ufeff":\n    pass\n' },
      persona: 'auditor',
      errors: [
        { file: 'skills/s/scripts/env.py', line: 1, column: 23, severity: 'info', messageId: 'zeroWidthBoundary' },
        { file: 'skills/s/scripts/env.py', line: 2, column: 10, severity: 'warning', messageId: 'zeroWidth' },
      ],
    },
    {
      name: 'a zero-width space at the end of a data file\'s value: info (auditor), with its own message',
      code: `${FM}Body.\n`,
      folder: { 'data/labels.yaml': 'done: "Finished\u200b"\n' },
      persona: 'auditor',
      errors: [
        {
          file: 'skills/s/data/labels.yaml',
          line: 1,
          column: 16,
          severity: 'info',
          messageId: 'zeroWidthData',
          message: 'an invisible character (U+200B) at a token boundary in a data file: "done: \\"Finished<U+200B>\\""; it splits no key, value or word (most likely copied with the text from a document or page), but code that compares the value sees it. Remove it',
        },
      ],
    },
    {
      name: 'another invisible character as a permalink\'s text is counted (info alone), and one in a script is a warning',
      code: `${FM}## Part [\u200c](#part)\n`,
      folder: { 'scripts/x.py': '# [\u200b](#part)\n' },
      persona: 'auditor',
      errors: [
        { line: 5, column: 10, severity: 'info', messageId: 'zeroWidthBoundary' },
        { file: 'skills/s/scripts/x.py', line: 1, column: 4, severity: 'warning', messageId: 'zeroWidth' },
      ],
    },
    {
      name: 'an invisible operator on a line about zero-width characters is not named there (only zero-width characters and bidi marks are)',
      code: `${FM}Zero-width example: a\u2061b\n`,
      errors: [{ line: 5, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'a line naming the LRM that also holds a zero-width space: named as a whole (auditor)',
      code: `${FM}LRM example: a\u200eb\u200bc\n`,
      persona: 'auditor',
      errors: [{ line: 5, severity: 'info', messageId: 'zeroWidthNamed' }],
    },
    {
      name: 'right-to-left text on another line does not make a left-to-right embedding reorder',
      code: `${FM}\u05d0\nlanguage \u202aEnglish\u202c\n`,
      errors: [{ line: 6, column: 10, severity: 'warning', messageId: 'bidiControl' }],
    },
    {
      name: 'a right-to-left embedding with nothing after it: a warning',
      code: `${FM}Trailing control\u202b\n`,
      errors: [{ line: 5, column: 17, severity: 'warning', messageId: 'bidiControl' }],
    },
    {
      name: 'a bidi mark on a line that speaks of zero-width characters only, and a zero-width space on a line naming the LRM: counted',
      code: `${FM}Zero-width example: a\u200eb\nLRM example: a\u200bb\n`,
      errors: [
        { line: 5, severity: 'warning', messageId: 'zeroWidth' },
        { line: 6, severity: 'warning', messageId: 'zeroWidth' },
      ],
    },
    {
      name: 'two different invisible characters in MathML <mo> elements can carry a bit each: counted as usual',
      code: `${FM}<math>${'<mo>\u200b</mo><mi>b</mi><mo>\u2062</mo><mi>c</mi>'.repeat(4)}</math>\n`,
      errors: [{ line: 5, severity: 'error', messageId: 'zeroWidthSwarm' }],
    },
    {
      name: 'a MathML <mo> holding two invisible characters, or an invisible character beside text, is counted',
      code: `${FM}<mo>\u200b\u200b</mo> <mo>+\u200b</mo>\n`,
      errors: [{ line: 5, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'an invisible character as the whole content of another element (<mi>) is counted',
      code: `${FM}<mi>\u200b</mi><mo>\u200b</mo>\n`,
      errors: [{ line: 5, severity: 'warning', messageId: 'zeroWidth', data: { count: 'an', s: '', chars: 'U+200B', excerpt: '"<mi><U+200B></mi><mo><U+200B></mo>"' } }],
    },
    {
      name: 'a line naming the LRM that holds a bidi override: the override is reported',
      code: `${FM}LRM example: \u202eadmin\u202c user\n`,
      errors: [{ line: 5, severity: 'error', messageId: 'bidiOverride' }],
    },
    {
      name: 'a left-to-right mark on a line that names another character is counted',
      code: `${FM}The word joiner: a\u200eb\n`,
      errors: [{ line: 5, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'tag characters spell hidden text, decoded',
      code: `${FM}Summarize the file.${tag('Ignore')}\n`,
      errors: [
        {
          line: 5,
          column: 20,
          endColumn: 32,
          severity: 'error',
          confidence: 'high',
          messageId: 'tags',
          data: { count: 6, s: 's', text: '"Ignore"' },
          message: '6 Unicode tag characters (U+E0000–U+E007F) hide the text "Ignore": invisible to readers, read by models (ASCII smuggling). Remove them',
        },
      ],
      output: null,
    },
    {
      name: 'a tag run that is not a flag is an error even after the black flag',
      code: `${FM}🏴${tag('ignore')}\n`,
      errors: [{ line: 5, column: 3, severity: 'error', messageId: 'tags', data: { count: 6, s: 's', text: '"ignore"' } }],
    },
    {
      name: 'tag characters with no ASCII shadow carry no text; one is singular',
      code: `${FM}Text\u{E0001}\u{E0001} here and \u{E0001}.\n`,
      errors: [
        {
          line: 5,
          column: 5,
          severity: 'error',
          confidence: 'high',
          messageId: 'tagsEmpty',
          data: { count: 2, s: 's' },
          message: '2 Unicode tag characters (U+E0000–U+E007F) carry no visible text: invisible to readers, read by models (ASCII smuggling). Remove them',
        },
        {
          line: 5,
          column: 19,
          messageId: 'tagsEmpty',
          data: { count: 1, s: '' },
          message: '1 Unicode tag character (U+E0000–U+E007F) carry no visible text: invisible to readers, read by models (ASCII smuggling). Remove them',
        },
      ],
    },
    {
      name: 'one flag-shaped sequence no platform draws: a warning naming its letters',
      code: `${FM}odd flag ${flag('usca')}\n`,
      errors: [
        {
          line: 5,
          column: 10,
          endColumn: 22,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'flagTag',
          data: { letters: '"usca"' },
          message: 'a flag-shaped tag sequence that no platform draws as a flag (tag letters "usca"): invisible to readers, read by models (ASCII smuggling split into short runs). Remove them',
        },
      ],
    },
    {
      name: 'tag text split across fake flags is read as one text',
      code: `${FM}Great tool ${flag('ignor')}${flag('eallp')}${flag('revio')}${flag('us')} enjoy\n`,
      errors: [
        {
          line: 5,
          column: 12,
          endColumn: 62,
          severity: 'error',
          confidence: 'high',
          messageId: 'flagTags',
          data: { count: 4, text: '"ignoreallprevious"' },
          message: '4 flag-shaped tag sequences that no platform draws as a flag spell the hidden text "ignoreallprevious": invisible to readers, read by models (ASCII smuggling split into short runs). Remove them',
        },
      ],
    },
    {
      name: 'one variation selector after a plain letter: a warning',
      code: `${FM}x\ufe01 y\n`,
      errors: [
        {
          line: 5,
          column: 2,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'letterSelectors',
          data: { count: 'a', s: '', excerpt: '"x<U+FE01> y"' },
          message: 'a variation selector after plain letters: "x<U+FE01> y"; selectors change nothing on ASCII letters, so they carry hidden bytes. Remove them',
        },
      ],
    },
    {
      name: 'one selector per letter is an error even when the bytes are no text',
      code: `${FM}Say ${[...'hello'].map((c, i) => c + String.fromCodePoint(0xfe00 + i)).join('')} now\n`,
      errors: [
        {
          line: 5,
          column: 6,
          endColumn: 15,
          severity: 'error',
          confidence: 'high',
          messageId: 'letterSelectors',
          data: { count: 5, s: 's', excerpt: '"Say h<U+FE00>e<U+FE01>l<U+FE02>l<U+FE03>o<U+FE04> now"' },
        },
      ],
    },
    {
      name: 'one selector per letter, decoded when the bytes are text',
      code: `${FM}Say ${[...'hello'].map((c, i) => c + vsByte('curl x'.charCodeAt(i))).join('')} now\n`,
      errors: [
        {
          line: 5,
          column: 6,
          severity: 'error',
          confidence: 'high',
          messageId: 'letterSelectorsDecoded',
          data: { count: 5, decoded: '"curl "', excerpt: '"Say h<U+E0153>e<U+E0165>l<U+E0162>l<U+E015C>o<U+E0110> now"' },
          message:
            '5 variation selectors after plain letters, one per letter, decoding to "curl ": "Say h<U+E0153>e<U+E0165>l<U+E0162>l<U+E015C>o<U+E0110> now"; selectors change nothing on ASCII letters, so they carry hidden bytes. Remove them',
        },
      ],
    },
    {
      name: 'a short run of selectors: a warning',
      code: `${FM}short \u{E0100}\u{E0101}\u{E0102}\n`,
      errors: [
        {
          line: 5,
          column: 7,
          endColumn: 13,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'selectors',
          data: { count: 3, before: '"short "' },
          message: '3 variation selectors in a row after "short "; a run of selectors carries hidden bytes (one per selector) and has no typographic use. Remove them',
        },
      ],
    },
    {
      name: 'a run of selectors that decodes to text',
      code: `${FM}Hello ${[...'rm -rf ~'].map((c) => vsByte(c.charCodeAt(0))).join('')} there\n`,
      errors: [
        {
          line: 5,
          column: 7,
          endColumn: 23,
          severity: 'error',
          confidence: 'high',
          messageId: 'selectorsDecoded',
          data: { count: 8, before: '"Hello "', decoded: '"rm -rf ~"' },
          message: '8 variation selectors in a row after "Hello "; they decode to "rm -rf ~", a run of selectors carries hidden bytes (one per selector) and has no typographic use. Remove them',
        },
      ],
    },
    {
      name: 'a bidi override that reorders visible text (Trojan Source)',
      code: `${FM}Access level: \u202euser\u202c admin\n`,
      errors: [
        {
          line: 5,
          column: 15,
          endColumn: 21,
          severity: 'error',
          confidence: 'high',
          messageId: 'bidiOverride',
          data: { char: 'U+202E', excerpt: '"Access level: <U+202E>user<U+202C> admin"' },
          message: 'bidi override U+202E reorders the visible text that follows: "Access level: <U+202E>user<U+202C> admin"; what renders is not what the model reads (Trojan Source). Remove the bidi controls',
        },
      ],
    },
    {
      name: 'an isolate that reorders left-to-right text',
      code: `${FM}x = \u2067"admin"\u2069 // check\n`,
      errors: [
        {
          line: 5,
          column: 5,
          endColumn: 14,
          severity: 'error',
          confidence: 'medium',
          messageId: 'bidiReorder',
          data: { char: 'U+2067', excerpt: '"x = <U+2067>\\"admin\\"<U+2069> // check"' },
          message: 'bidi control U+2067 in left-to-right text changes the display order of what follows: "x = <U+2067>\\"admin\\"<U+2069> // check"; what renders is not what the model reads. Remove the bidi controls',
        },
      ],
    },
    {
      name: 'a left-to-right embedding or isolate on a line with nothing right-to-left reorders nothing: a warning',
      code: `${FM}language \u202aEnglish\u202c and \u2066x = "a"\u2069\n`,
      errors: [
        { line: 5, column: 10, severity: 'warning', confidence: 'medium', messageId: 'bidiControl', data: { char: 'U+202A', excerpt: '"language <U+202A>English<U+202C> and <U+2066>x = \\"a\\"<U+2069>"' } },
        { line: 5, column: 24, severity: 'warning', messageId: 'bidiControl' },
      ],
    },
    // A second right-to-left element on the line (reported itself, when it is a control or a mark) lets the embedding
    // reorder: a letter of the right-to-left blocks (Samaritan, Phoenician, Adlam, an unassigned code point of the
    // Hebrew block, the last of the presentation forms), an RLE, RLO, RLI or FSI, or a right-to-left mark.
    ...(
      [
        ['a right-to-left mark', '\u202aEnglish\u202c \u200f', { line: 5, column: 13, severity: 'warning', messageId: 'zeroWidth' }],
        ['an RLE', '\u202aEnglish\u202c \u202bx\u202c', { line: 5, column: 13, severity: 'error', messageId: 'bidiReorder' }],
        ['an FSI', '\u2066English\u2069 \u2068x\u2069', { line: 5, column: 13, severity: 'error', messageId: 'bidiReorder' }],
        ['an RLO', '\u202aEnglish\u202c \u202ex\u202c', { line: 5, column: 13, severity: 'error', messageId: 'bidiOverride' }],
        ['an RLI', '\u202aEnglish\u202c \u2067x\u2069', { line: 5, column: 13, severity: 'error', messageId: 'bidiReorder' }],
        ['a Phoenician letter', '\u202aEnglish\u202c \u{10900}'],
        ['an Adlam letter', '\u202aEnglish\u202c \u{1e900}'],
        ['a Samaritan letter', '\u202aEnglish\u202c \u0800'],
        ['an unassigned code point of the Hebrew block', '\u202aEnglish\u202c \u0590'],
        ['the last right-to-left presentation form code point', '\u202aEnglish\u202c \ufefe'],
      ] as const
    ).map(([what, text, second]) => ({
      name: `a left-to-right embedding on a line that also holds ${what}: it can reorder`,
      code: `${FM}b ${text}\n`,
      errors: [{ line: 5, column: 3, severity: 'error' as const, messageId: 'bidiReorder' }, ...(second ? [second] : [])],
    })),
    {
      name: 'a right-to-left embedding of left-to-right text on a line with nothing else right-to-left: it reorders',
      code: `${FM}x = \u202b"admin"\u202c // check\n`,
      errors: [{ line: 5, column: 5, severity: 'error', messageId: 'bidiReorder' }],
    },
    {
      name: 'a bidi control with nothing to reorder: a warning',
      code: `${FM}Trailing control\u2066\n`,
      errors: [
        {
          line: 5,
          column: 17,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'bidiControl',
          data: { char: 'U+2066', excerpt: '"Trailing control<U+2066>"' },
          message: 'bidi control U+2066: "Trailing control<U+2066>"; it has no effect here but hides in the text. Remove it',
        },
      ],
    },
    {
      name: 'a run of zero-width characters carries data',
      code: `${FM}Data:\u200b\u200c\u200b\u200b\u200c\u200c\u200b\u200c end\n`,
      errors: [
        {
          line: 5,
          column: 6,
          endColumn: 14,
          severity: 'error',
          confidence: 'high',
          messageId: 'zeroWidthRun',
          data: { count: 8, chars: 'U+200B ×4, U+200C ×4', run: 8, excerpt: '"Data:<U+200B><U+200C><U+200B><U+200B><U+200C><U+200C><U+200B><U+200C> end"' },
          message:
            '8 invisible characters (U+200B ×4, U+200C ×4) on this line, 8 in a row: "Data:<U+200B><U+200C><U+200B><U+200B><U+200C><U+200C><U+200B><U+200C> end"; runs and swarms of zero-width characters hide data or split words so that reviews and filters miss them. Remove them',
        },
      ],
    },
    {
      name: 'eight zero-width characters scattered on one line salt the text',
      code: `${FM}The text \u200bis\u200b plain\u200b\u200b and\u200b will\u200b never\u200b change\u200b.\n`,
      errors: [
        {
          line: 5,
          column: 10,
          endColumn: 48,
          severity: 'error',
          confidence: 'high',
          messageId: 'zeroWidthSwarm',
          data: { count: 8, chars: 'U+200B ×8', excerpt: '"The text <U+200B>is<U+200B> plain<U+200B><U+200B> and<U+200B> will<U+200B> never<U+200B> change<U+2…"' },
          message:
            '8 invisible characters (U+200B ×8) on this line: "The text <U+200B>is<U+200B> plain<U+200B><U+200B> and<U+200B> will<U+200B> never<U+200B> change<U+2…"; runs and swarms of zero-width characters hide data or split words so that reviews and filters miss them. Remove them',
        },
      ],
    },
    {
      name: 'a zero-width character next to a backtick: info, low confidence (auditor)',
      code: `${FM}Close with \`\`\u200b\`.\n`,
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 14,
          severity: 'info',
          confidence: 'low',
          messageId: 'zeroWidthFence',
          data: { count: 'an', s: '', chars: 'U+200B', excerpt: '"Close with ``<U+200B>`."' },
          message:
            'an invisible character (U+200B) next to a code-fence character: "Close with ``<U+200B>`."; likely there to keep a nested fence from closing the block. Prefer a longer outer fence (```` or ~~~)',
        },
      ],
    },
    {
      name: 'two next to backticks',
      code: `${FM}\`\`\u200b\`\u200b\` inside\n`,
      persona: 'auditor',
      errors: [{ line: 5, column: 3, endColumn: 6, severity: 'info', messageId: 'zeroWidthFence', data: { count: 2, s: 's', chars: 'U+200B ×2', excerpt: '"``<U+200B>`<U+200B>` inside"' } }],
    },
    {
      name: 'an emoji selector alone after a letter on a line of emoji: info, low confidence (auditor)',
      code: `${FM}| \u{1F3E0}   d\ufe0f   \u{1F464} |\n`,
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 9,
          severity: 'info',
          confidence: 'low',
          messageId: 'emojiSelector',
          data: { count: 'an', s: '', excerpt: '"| 🏠   d<U+FE0F>   👤 |"' },
          message:
            'an emoji presentation selector (U+FE0F) out of place next to emoji: "| 🏠   d<U+FE0F>   👤 |"; a leftover of a split or twice-converted emoji, it carries no data alone, but models and string comparisons see it. Remove it',
        },
      ],
    },
    {
      name: 'the emoji selector twice after a pictograph: info (auditor)',
      code: `${FM}Marked with a \u{1F3F7}\ufe0f\ufe0f label.\n`,
      persona: 'auditor',
      errors: [{ line: 5, column: 17, endColumn: 19, severity: 'info', messageId: 'emojiSelector', data: { count: 2, s: 's', excerpt: '"Marked with a 🏷<U+FE0F><U+FE0F> label."' } }],
    },
    {
      name: 'selectors next to emoji that are not a leftover stay warnings: no emoji on the line, another selector, another pair, three, a pair after a letter or at the start',
      code: `${FM}x\ufe0f y\n\u{1F3E0} x\ufe01 y\n\u{1F3F7}\ufe0f\ufe0e z\n\u{1F3F7}\ufe0f\ufe0f\ufe0f z\nab\ufe0f\ufe0f \u{1F3E0}\n\u{1F3F7}\ufe0e\ufe0f z\na\ufe0f b\ufe0f \u{1F3E0}\n`,
      folder: { 'references/r.md': '\ufe0f\ufe0f start\n' },
      errors: [
        { line: 5, column: 2, severity: 'warning', messageId: 'letterSelectors' },
        { line: 6, column: 5, severity: 'warning', messageId: 'letterSelectors' },
        { line: 7, column: 3, severity: 'warning', messageId: 'selectors' },
        { line: 8, column: 3, severity: 'warning', messageId: 'selectors' },
        { line: 9, column: 3, severity: 'warning', messageId: 'selectors' },
        { line: 10, column: 3, severity: 'warning', messageId: 'selectors' },
        { line: 11, column: 2, severity: 'warning', messageId: 'letterSelectors', data: { count: 2, s: 's', excerpt: '"a<U+FE0F> b<U+FE0F> 🏠"' } },
        { file: 'skills/s/references/r.md', line: 1, column: 1, severity: 'warning', messageId: 'selectors' },
      ],
    },
    {
      name: 'eight leftover emoji selectors in one text are reported as selectors after letters (they could carry bits)',
      code: `${FM}${'| \u{1F3E0} d\ufe0f |\n'.repeat(8)}`,
      errors: [{ line: 5, column: 7, severity: 'warning', messageId: 'letterSelectors' }],
    },
    {
      name: 'seven leftover emoji selectors stay info (auditor)',
      code: `${FM}${'| \u{1F3E0} d\ufe0f |\n'.repeat(6)}\u{1F3F7}\ufe0f\ufe0f\n`,
      persona: 'auditor',
      errors: [{ line: 5, column: 7, severity: 'info', messageId: 'emojiSelector' }],
    },
    {
      name: 'with every heading anchored, zero-width spaces ending other lines and headings-like lines of a script still count',
      code: `${FM}## Part\u200b\n\n${'Some text\u200b\n'.repeat(8)}`,
      folder: { 'scripts/notes.txt': `${'## Part\u200b\n'.repeat(2)}` },
      errors: [
        { line: 7, column: 10, severity: 'warning', messageId: 'zeroWidthSpread' },
        { file: 'skills/s/scripts/notes.txt', line: 1, column: 8, severity: 'warning', messageId: 'zeroWidth' },
        { file: 'skills/s/scripts/notes.txt', line: 2, column: 8, severity: 'warning', messageId: 'zeroWidth' },
      ],
    },
    {
      name: 'after an ellipsis a zero-width space is quiet in code too, but counted: one ellipsis without it keeps eight a spread',
      code: `${FM}Elided: \u2026 here.\n${'Token `Olc3\u2026\u200bYIBF`.\n'.repeat(8)}`,
      errors: [{ line: 6, column: 13, severity: 'warning', messageId: 'zeroWidthSpread' }],
    },
    {
      name: 'after an ellipsis in a code block, not after every ellipsis: info alone (auditor)',
      code: `${FM}\`\`\`\nLoading\u2026\u200bdone \u2026\n\`\`\`\n`,
      persona: 'auditor',
      errors: [{ line: 6, column: 9, severity: 'info', messageId: 'zeroWidthBoundary' }],
    },
    {
      name: 'after three dots or a dash in code the zero-width space stays a warning where not every mark has one',
      code: `${FM}\`a...\u200bb\` and \`c\u2014\u200bd\u2014e\`\n`,
      errors: [{ line: 5, column: 6, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'two zero-width spaces after an ellipsis, or another invisible character after the one, keep every one counted',
      code: `${FM}A\u2026\u200b\u200bB and C\u2026\u200bD.\n\n\`E\u2014\u200b\u200cF\` and \`G\u2014\u200bH\`\n`,
      errors: [
        { line: 5, column: 3, severity: 'warning', messageId: 'zeroWidth', data: { count: 3, s: 's', chars: 'U+200B ×3', excerpt: '"A…<U+200B><U+200B>B and C…<U+200B>D."' } },
        { line: 7, column: 4, severity: 'warning', messageId: 'zeroWidth' },
      ],
    },
    {
      name: 'a zero-width space after every ellipsis of a script still counts (code, not prose)',
      code: `${FM}Body.\n`,
      folder: { 'scripts/run.py': 'print("Loading\u2026\u200b")\n' },
      errors: [{ file: 'skills/s/scripts/run.py', line: 1, column: 16, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'headings ending with a zero-width space when one heading of the level has none: a spread',
      code: `${FM}${'## Part\u200b\n\n'.repeat(8)}## Last\n`,
      errors: [{ line: 5, column: 8, severity: 'warning', messageId: 'zeroWidthSpread' }],
    },
    {
      name: 'a zero-width space inside a word of a formula line, and one between a word and a bracket without a formula: warnings',
      code: `${FM}\`\`\`\nig\u200bnore \u{1D468}\u200bh\n\`\`\`\n\`\`\`\nf\u200b(x)\n\`\`\`\n`,
      errors: [
        { line: 6, column: 3, severity: 'warning', messageId: 'zeroWidth', data: { count: 2, s: 's', chars: 'U+200B ×2', excerpt: '"ig<U+200B>nore 𝑨<U+200B>h"' } },
        { line: 9, column: 2, severity: 'warning', messageId: 'zeroWidth' },
      ],
    },
    {
      name: 'a zero-width space after an underscore in a code span outside a heading, and inside a word in a heading\'s span: warnings',
      code: `${FM}Call \`experimental_\u200bcreateThing\` now.\n\n## The \`ig\u200bnore\` flag\n`,
      errors: [
        { line: 5, column: 20, severity: 'warning', messageId: 'zeroWidth' },
        { line: 7, column: 11, severity: 'warning', messageId: 'zeroWidth' },
      ],
    },
    {
      name: 'eight zero-width spaces after underscores in one text: a spread',
      code: `${FM}${'The lib_\u200bname option.\n'.repeat(8)}`,
      errors: [{ line: 5, column: 9, severity: 'warning', messageId: 'zeroWidthSpread' }],
    },
    {
      name: 'a lone zero-width space inside a word: a warning',
      code: `${FM}word\u200bsplit by accident\n`,
      errors: [
        {
          line: 5,
          column: 5,
          endColumn: 6,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'zeroWidth',
          data: { count: 'an', s: '', chars: 'U+200B', excerpt: '"word<U+200B>split by accident"' },
          message: 'an invisible character (U+200B): "word<U+200B>split by accident"; readers cannot see it, models and string comparisons do. Remove it',
        },
      ],
    },
    {
      name: 'two different ones on a line are one finding',
      code: `${FM}a \u200bb\u2060c\n`,
      errors: [{ line: 5, column: 3, endColumn: 6, messageId: 'zeroWidth', data: { count: 2, s: 's', chars: 'U+200B, U+2060', excerpt: '"a <U+200B>b<U+2060>c"' } }],
    },
    {
      name: 'a lone lowercase mark in left-to-right text',
      code: `${FM}abc\u200edef\n`,
      errors: [{ line: 5, column: 4, severity: 'warning', messageId: 'zeroWidth', data: { count: 'an', s: '', chars: 'U+200E', excerpt: '"abc<U+200E>def"' } }],
    },
    {
      name: 'a stray ESC character that starts no terminal sequence: info, low confidence (auditor)',
      code: `${FM}OE \u001b R/W?\n`,
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 4,
          endColumn: 5,
          severity: 'info',
          confidence: 'low',
          messageId: 'strayControl',
          data: { count: 'an', s: '', chars: 'U+001B', excerpt: '"OE <U+001B> R/W?"' },
          message:
            'an invisible character (U+001B): "OE <U+001B> R/W?"; a control character that starts no terminal escape sequence, most likely left by a copy from a PDF or a terminal: it hides no text, but models read it. Remove it',
        },
      ],
    },
    {
      name: 'ESC starting a terminal sequence (CSI) stays a warning',
      code: `${FM}Red \u001b[31m text\n`,
      errors: [{ line: 5, column: 5, severity: 'warning', confidence: 'medium', messageId: 'zeroWidth', data: { count: 'an', s: '', chars: 'U+001B', excerpt: '"Red <U+001B>[31m text"' } }],
    },
    {
      name: 'a zero-width character on a line that names it: info, low confidence (auditor)',
      code: `${FM}A zero-width space: ig\u200bnore\n`,
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 23,
          endColumn: 24,
          severity: 'info',
          confidence: 'low',
          messageId: 'zeroWidthNamed',
          data: { count: 'an', s: '', chars: 'U+200B', excerpt: '"A zero-width space: ig<U+200B>nore"', code: '200B' },
          message:
            'an invisible character (U+200B): "A zero-width space: ig<U+200B>nore"; the line names the character, so it is most likely shown as an example. Write it as an escape (\\u200B) so the example stays visible',
        },
      ],
    },
    {
      name: 'a line naming the code point counts as naming the character',
      code: `${FM}U+2060 here: a\u2060b\n`,
      persona: 'auditor',
      errors: [{ line: 5, column: 15, severity: 'info', confidence: 'low', messageId: 'zeroWidthNamed', data: { count: 'an', s: '', chars: 'U+2060', excerpt: '"U+2060 here: a<U+2060>b"', code: '2060' } }],
    },
    {
      name: 'a left-to-right mark on a line that names it ("LRM") is shown as an example: info',
      code: `${FM}Weights: ("\u200e", 2),  # LRM just past the limit\n`,
      persona: 'auditor',
      errors: [{ line: 5, column: 12, severity: 'info', confidence: 'low', messageId: 'zeroWidthNamed', data: { count: 'an', s: '', chars: 'U+200E', excerpt: '"Weights: (\\"<U+200E>\\", 2),  # LRM just past the limit"', code: '200E' } }],
    },
    {
      name: 'a right-to-left mark on a line that names a mark in words: info',
      code: `${FM}The right-to-left mark: a\u200fb\n`,
      persona: 'auditor',
      errors: [{ line: 5, column: 26, severity: 'info', confidence: 'low', messageId: 'zeroWidthNamed' }],
    },
    {
      name: 'a soft hyphen at the very start of a text is analysed, not a crash (found by npm run fuzz)',
      code: '\u00ad\n---\nname: a\n---\n',
      persona: 'auditor',
      errors: [{ line: 1, column: 1, severity: 'info', messageId: 'zeroWidthBoundary', data: { count: 'an', s: '', chars: 'U+00AD', excerpt: '"<U+00AD>"' } }],
    },
    {
      name: 'an escaped frontmatter string is read after YAML unescaping',
      code: '---\nname: s\ndescription: "Safe helper \\u202Eexe.txt"\n---\nBody.\n',
      errors: [
        {
          line: 3,
          column: 14,
          endColumn: 41,
          severity: 'error',
          confidence: 'high',
          messageId: 'frontmatter',
          data: {
            path: '"description"',
            finding: 'bidi override U+202E reorders the visible text that follows: "Safe helper <U+202E>exe.txt"; what renders is not what the model reads (Trojan Source). Remove the bidi controls',
          },
          message:
            'in frontmatter "description" (after YAML unescaping): bidi override U+202E reorders the visible text that follows: "Safe helper <U+202E>exe.txt"; what renders is not what the model reads (Trojan Source). Remove the bidi controls',
        },
      ],
    },
    {
      name: 'escaped tag characters in a nested frontmatter key',
      code: '---\nname: s\ndescription: x.\nmetadata:\n  note: "ok\\U000E0068\\U000E0069"\n---\nBody.\n',
      errors: [
        {
          line: 5,
          column: 9,
          severity: 'error',
          messageId: 'frontmatter',
          message: 'in frontmatter "metadata.note" (after YAML unescaping): 2 Unicode tag characters (U+E0000–U+E007F) hide the text "hi": invisible to readers, read by models (ASCII smuggling). Remove them',
        },
      ],
    },
    {
      name: 'references/ files and scripts are scanned too',
      code: `${FM}Body.\n`,
      folder: { 'references/r.md': 'a\nb\u200bc\n', 'scripts/run.sh': 'echo "\u202eabc\u202c def"\n' },
      errors: [
        { file: 'skills/s/references/r.md', line: 2, column: 2, severity: 'warning', messageId: 'zeroWidth', data: { count: 'an', s: '', chars: 'U+200B', excerpt: '"b<U+200B>c"' } },
        { file: 'skills/s/scripts/run.sh', line: 1, column: 7, severity: 'error', messageId: 'bidiOverride', data: { char: 'U+202E', excerpt: '"echo \\"<U+202E>abc<U+202C> def\\""' } },
      ],
    },
    {
      name: 'many findings of one kind are reported once, with a count and the first positions',
      code: `${FM}${'x\u200by\n'.repeat(7)}`,
      errors: [
        {
          line: 5,
          column: 2,
          severity: 'warning',
          messageId: 'zeroWidth',
          message:
            'an invisible character (U+200B): "x<U+200B>y"; readers cannot see it, models and string comparisons do. Remove it [7 findings like this in this file, reported once; the first at 5:2, 6:2, 7:2, 8:2, 9:2, …]',
        },
      ],
    },
    {
      name: 'one cause across the skill file and a references/ file is one finding, at its first place',
      code: `${FM}b\u200bc\n`,
      folder: { 'references/r.md': `a\n${'b\u200bc\n'.repeat(6)}` },
      errors: [
        {
          file: 'skills/s/SKILL.md',
          line: 5,
          column: 2,
          messageId: 'zeroWidth',
          message:
            'an invisible character (U+200B): "b<U+200B>c"; readers cannot see it, models and string comparisons do. Remove it [7 findings like this in 2 files of this skill, reported once; the first at skills/s/SKILL.md:5:2, skills/s/references/r.md:2:2, skills/s/references/r.md:3:2, skills/s/references/r.md:4:2, skills/s/references/r.md:5:2, …]',
        },
      ],
    },
    {
      name: 'grouping in a references/ file alone counts that file',
      code: `${FM}Body.\n`,
      folder: { 'references/r.md': `a\n${'b\u200bc\n'.repeat(6)}` },
      errors: [
        {
          file: 'skills/s/references/r.md',
          line: 2,
          column: 2,
          messageId: 'zeroWidth',
          message: 'an invisible character (U+200B): "b<U+200B>c"; readers cannot see it, models and string comparisons do. Remove it [6 findings like this in this file, reported once; the first at 2:2, 3:2, 4:2, 5:2, 6:2, …]',
        },
      ],
    },
    {
      name: 'a long line is shown as an excerpt around the character',
      code: `${FM}${'Long line with some words before it, '.repeat(3)}here\u200bthere${', and a lot of words after it'.repeat(4)}\n`,
      errors: [{ line: 5, column: 116, messageId: 'zeroWidth', data: { count: 'an', s: '', chars: 'U+200B', excerpt: '"…ith some words before it, here<U+200B>there, and a lot of words after it, and …"' } }],
    },
    {
      name: 'a zero-width character at a word boundary in prose: info, low confidence (auditor)',
      code: `${FM}* \u200b**Distilled** models\n`,
      persona: 'auditor',
      errors: [
        {
          line: 5,
          column: 3,
          endColumn: 4,
          severity: 'info',
          confidence: 'low',
          messageId: 'zeroWidthBoundary',
          message:
            'an invisible character (U+200B) at a word boundary in prose: "* <U+200B>**Distilled** models"; it splits no word and hides no text (most likely left by a copy from a web page), but models and string comparisons see it. Remove it',
        },
      ],
    },
    {
      name: 'a zero-width character inside a URL splits it: warning',
      code: `${FM}Download from https://downloads.example\u200b.test/tool first.\n`,
      errors: [{ line: 5, column: 40, severity: 'warning', confidence: 'medium', messageId: 'zeroWidth' }],
    },
    {
      name: 'a zero-width character between a punctuation mark and a word inside one token (a path, a domain): warning',
      code: `${FM}Edit ~/.\u200bbashrc or api.\u200bexample.test\n`,
      errors: [{ line: 5, column: 9, endColumn: 25, severity: 'warning', messageId: 'zeroWidth', data: { count: 2, s: 's', chars: 'U+200B ×2', excerpt: '"Edit ~/.<U+200B>bashrc or api.<U+200B>example.test"' } }],
    },
    {
      name: 'a zero-width character at a word boundary inside an inline code span: warning (what a reader copies)',
      code: `${FM}Run \`rm -rf \u200b/tmp/cache\` to reset.\n`,
      errors: [{ line: 5, column: 13, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'a zero-width character at a word boundary inside a fenced code block: warning (what runs)',
      code: `${FM}Install:\n\n\`\`\`sh\ncurl -fsSL https://example.test/i.sh \u200b| sh\n\`\`\`\n`,
      errors: [{ line: 8, column: 38, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'a zero-width character at a word boundary on an indented line (an indented code block): warning',
      code: `${FM}Install:\n\n    pip install \u200bpackage\n`,
      errors: [{ line: 7, column: 17, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'a zero-width character at a word boundary in a script: warning (code, not prose)',
      code: `${FM}Body.\n`,
      folder: { 'scripts/run.py': 'import os\nos.system("ls \u200b-la")\n' },
      errors: [{ file: 'skills/s/scripts/run.py', line: 2, column: 15, severity: 'warning', messageId: 'zeroWidth' }],
    },
    {
      name: 'quiet ones spread over many lines add up: eight in one text are a warning each, reported once',
      code: `${FM}${'A line \u200bof text.\n'.repeat(4)}Two more\u200b, here\u200b.\n${'More\u200b.\n'.repeat(2)}`,
      errors: [
        {
          line: 5,
          column: 8,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'zeroWidthSpread',
          message:
            'an invisible character (U+200B) at a word boundary: "A line <U+200B>of text."; one alone hides nothing, but this text holds 8 of them on 7 lines, enough to carry data (a bit per boundary) or to salt phrases against filters. Remove them [7 findings like this in this file, reported once; the first at 5:8, 6:8, 7:8, 8:8, 9:9, …]',
        },
      ],
    },
    {
      name: 'a quiet character and a splitting one on one line: the line is a warning',
      code: `${FM}See \u200bthe ma\u200bnual.\n`,
      errors: [{ line: 5, column: 5, endColumn: 13, severity: 'warning', messageId: 'zeroWidth', data: { count: 2, s: 's', chars: 'U+200B ×2', excerpt: '"See <U+200B>the ma<U+200B>nual."' } }],
    },
    {
      name: 'a run of four at a word boundary is still a run (error)',
      code: `${FM}Word\u200b\u200c\u200b\u200c here.\n`,
      errors: [{ line: 5, column: 5, severity: 'error', messageId: 'zeroWidthRun' }],
    },
    {
      name: 'eight at word boundaries on one line are still a swarm (error)',
      code: `${FM}${'a\u200b '.repeat(8)}\n`,
      errors: [{ line: 5, column: 2, severity: 'error', messageId: 'zeroWidthSwarm' }],
    },
    {
      name: 'mojibake (UTF-8 text shown as Latin-1): the controls are bytes of garbled text, info with the text it spells',
      code: `${FM}# ${Buffer.from('自动化工作流', 'utf8').toString('latin1')}\n`,
      errors: [
        {
          line: 5,
          severity: 'info',
          confidence: 'medium',
          messageId: 'mojibake',
          data: {
            count: 6,
            s: 's',
            chars: 'U+0087, U+008A, U+008C, U+0096, U+009C, U+0081',
            excerpt: '"# è<U+0087>ªå<U+008A>¨å<U+008C><U+0096>å·¥ä½<U+009C>æµ<U+0081>"',
            decoded: '"# 自动化工作流"',
          },
          message:
            '6 invisible characters (U+0087, U+008A, U+008C, U+0096, U+009C, U+0081) that are bytes of UTF-8 text shown as Latin-1 (mojibake): "# è<U+0087>ªå<U+008A>¨å<U+008C><U+0096>å·¥ä½<U+009C>æµ<U+0081>" reads "# 自动化工作流"; they hide nothing, but readers and models see garbled text. Save the file as UTF-8 from the original text',
        },
      ],
    },
    {
      name: 'Windows-1252 mojibake keeps the bytes it has no character for as controls: read back too',
      code: `${FM}Ã\u0081 and â€™ here\n`,
      errors: [{ line: 5, column: 2, severity: 'info', messageId: 'mojibake', data: { count: 'an', s: '', chars: 'U+0081', excerpt: '"Ã<U+0081> and â€™ here"', decoded: '"Á and ’ here"' } }],
    },
    {
      name: 'C1 controls that are not UTF-8 bytes are no mojibake: a run stays an error',
      code: `${FM}x\u0080\u0081\u0082\u0083 y\n`,
      errors: [{ line: 5, column: 2, severity: 'error', messageId: 'zeroWidthRun' }],
    },
  ],
});

describe('anchoredHeadingLevels', () => {
  const Z = '\u200b';
  it('is the levels whose every heading ends with exactly one zero-width space', () => {
    expect([...anchoredHeadingLevels(`## A${Z}\n## B${Z}\n`)]).toEqual([2]);
    expect([...anchoredHeadingLevels(`## A${Z}\n### C\n`)]).toEqual([2]);
    expect([...anchoredHeadingLevels(`## A${Z}`)]).toEqual([2]);
    expect([...anchoredHeadingLevels(`   ###### A${Z}\n`)]).toEqual([6]);
    // `#` right before the space is no heading: the level's only heading ends with one.
    expect([...anchoredHeadingLevels(`#${Z}\n# B${Z}\n`)]).toEqual([1]);
  });
  it('is none when a heading of the level has none, two, or one before its end', () => {
    expect([...anchoredHeadingLevels(`## A${Z}\n## B\n`)]).toEqual([]);
    expect([...anchoredHeadingLevels(`## A${Z}${Z}\n`)]).toEqual([]);
    expect([...anchoredHeadingLevels(`## A${Z}B${Z}\n`)]).toEqual([]);
    expect([...anchoredHeadingLevels(`## A${Z}B\n`)]).toEqual([]);
  });
  it('reads only headings: not a fenced line, an indented one, seven #s or # without a space', () => {
    expect([...anchoredHeadingLevels(`\`\`\`\n## not\n\`\`\`\n## A${Z}\n`)]).toEqual([2]);
    expect([...anchoredHeadingLevels(`## A${Z}\n\`\`\`\n## not\n\`\`\`\n`)]).toEqual([2]);
    expect([...anchoredHeadingLevels(`\`\`\`\nx\n\`\`\`\n## B\n## A${Z}\n`)]).toEqual([]);
    expect([...anchoredHeadingLevels('')]).toEqual([]);
    expect([...anchoredHeadingLevels(`    ## A${Z}\n`)]).toEqual([]);
    expect([...anchoredHeadingLevels(`####### A${Z}\n`)]).toEqual([]);
    expect([...anchoredHeadingLevels(`##A${Z}\n`)]).toEqual([]);
    expect([...anchoredHeadingLevels(`##\n## A${Z}\n`)]).toEqual([]);
  });
});

describe('anchorLinkText', () => {
  const Z = '\u200b';
  it('is a zero-width space that is the whole text of a link to a fragment', () => {
    for (const t of [`[${Z}](#a)`, `## T [${Z}](https://d.example/p#t "Direct link to T")`, `[${Z}](<p.md#x>)`, `x)[${Z}](#a)`, `${'y'.repeat(700)}[${Z}](#a)`, `[${Z}](#a \t"t")`, `[${Z}](${'x'.repeat(595)}#a)`]) expect(anchorLinkText(t, t.indexOf(Z)), t).toBe(true);
  });
  it('is not one with other text, no fragment, a space in the destination, a line break, or no link', () => {
    for (const t of [`[a${Z}](#a)`, `[${Z}a](#a)`, `[${Z}](https://d.example/p)`, `[${Z}](a b#c)`, `[${Z}](#a\nb)`, `[${Z}] (#a)`, `[${Z}]`, `${Z}](#a)`, `[${Z}](#a`, `[${Z}](${'x'.repeat(700)}#a)`, `[${Z}](${'x'.repeat(596)}#a)`, `[${Z}x(#a)`, `[${Z}](#a "t" x)`]) expect(anchorLinkText(t, t.indexOf(Z)), t).toBe(false);
  });
});

describe('breakHintedMarks', () => {
  const Z = '\u200b';
  const E = '\u2026';
  const M = '\u2014';
  const N = '\u2013';
  it('is the marks each of whose occurrences has exactly one zero-width space after it', () => {
    expect([...breakHintedMarks(`a${E}${Z}b c${E}${Z}`)]).toEqual([0x2026]);
    expect([...breakHintedMarks(`a${M}${Z}b ${N}${Z}c`)].sort()).toEqual([0x2013, 0x2014]);
    // A visible or whitespace character after the space is fine; the text's end too.
    expect([...breakHintedMarks(`${E}${Z} ${E}${Z}\n${E}${Z}`)]).toEqual([0x2026]);
  });
  it('judges each mark alone: one occurrence without, with two or with another invisible after keeps that mark out', () => {
    expect([...breakHintedMarks(`a${E}${Z}b ${E}c ${M}${Z}d`)]).toEqual([0x2014]);
    expect([...breakHintedMarks(`a${E}${Z}${Z}b`)]).toEqual([]);
    expect([...breakHintedMarks(`a${E}${Z}\u200cb`)]).toEqual([]);
    expect([...breakHintedMarks(`a${E}${Z}\u00adb`)]).toEqual([]);
    expect([...breakHintedMarks(`a${E}\u200cb`)]).toEqual([]);
    expect([...breakHintedMarks(`a${Z}${E}b`)]).toEqual([]);
    expect([...breakHintedMarks(`a${E}`)]).toEqual([]);
    expect([...breakHintedMarks(`x${Z}y... -- -`)]).toEqual([]);
    expect([...breakHintedMarks('')]).toEqual([]);
  });
});

describe('mathSeparator', () => {
  const Z = '\u200b';
  const A = '\u{1D468}';
  const at = (s: string, n = 0) => {
    let i = -1;
    for (let k = 0; k <= n; k++) i = s.search(/[\u200b\u2060-\u2064]/u) === -1 ? -1 : [...s.matchAll(/[\u200b\u2060-\u2064]/gu)][k]!.index!;
    return i;
  };
  it('accepts a separator between one-letter terms, symbols, primes and brackets on a formula line', () => {
    const s = `${A}${Z}h${Z}(t)+x${Z}[y] h\u2032${Z}(t) (a)${Z}b ${A}${Z}${A}`;
    for (let k = 0; k < 5; k++) expect(mathSeparator(s, at(s, k), s), `separator ${k}`).toBe(true);
    for (const c of ['\u2061', '\u2062', '\u2063', '\u2064']) expect(mathSeparator(`a${c}b ${A}`, 1, `a${c}b ${A}`), c).toBe(true);
  });
  it('refuses other characters, lines without a formula, letters of words and other neighbours', () => {
    for (const c of ['\u2060', '\u200c', '\u2065']) expect(mathSeparator(`a${c}b ${A}`, 1, `a${c}b ${A}`), c).toBe(false);
    // A letter outside the BMP followed by another letter is a word too; a closing bracket is a term's end.
    expect(mathSeparator(`a${Z}\u{10400}b ${A}`, 1, `a${Z}\u{10400}b ${A}`)).toBe(false);
    expect(mathSeparator(`a${Z}\u{10400} ${A}`, 1, `a${Z}\u{10400} ${A}`)).toBe(true);
    expect(mathSeparator(`[a]${Z}b ${A}`, 3, `[a]${Z}b ${A}`)).toBe(true);
    expect(mathSeparator(`a${Z}b`, 1, `a${Z}b`)).toBe(false);
    for (const s of [`ig${Z}nore ${A}`, `a${Z}bc ${A}`, `x${Z}+ ${A}`, `+${Z}x ${A}`, `${Z}x ${A}`, `x${Z}`]) expect(mathSeparator(s, s.indexOf(Z), `${s} ${A}`), s).toBe(false);
  });
});

describe('mathOperator', () => {
  const one = () => new Set(['\u200b']);
  const two = () => new Set(['\u200b', '\u2062']);
  const at = (s: string) => s.search(/[\u200b\u2060-\u2065]/u);
  it('accepts an invisible operator that is the whole content of <mo>, with or without attributes', () => {
    for (const c of ['\u200b', '\u2061', '\u2062', '\u2063', '\u2064']) expect(mathOperator(`<mo>${c}</mo>`, 4, 1, one), c).toBe(true);
    const s = '<mi>a</mi><mo lspace="0em" id="x">\u200b</mo>';
    expect(mathOperator(s, at(s), 1, one)).toBe(true);
  });
  it('refuses other characters, other elements, more content, a far tag and several characters in the text', () => {
    for (const c of ['\u2060', '\u2065', '\u200c']) expect(mathOperator(`<mo>${c}</mo>`, 4, 1, one), c).toBe(false);
    for (const s of ['<mi>\u200b</mi>', '<mi>\u200b</mo>', '<mox>\u200b</mo>', '<mo>a\u200b</mo>', '<mo>\u200ba</mo>', '<mo>\u200b</m', 'mo>\u200b</mo>', '<mo <x>\u200b</mo>', '\u200b</mo>']) {
      expect(mathOperator(s, at(s), 1, one), s).toBe(false);
    }
    expect(mathOperator('<mo>\u200b</mo>', 4, 1, two)).toBe(false);
    const far = `<mo id="${'x'.repeat(300)}">\u200b</mo>`;
    expect(mathOperator(far, at(far), 1, one)).toBe(false);
    const near = `<mo id="${'x'.repeat(280)}">\u200b</mo>`;
    expect(mathOperator(near, at(near), 1, one)).toBe(true);
  });
  it('lists the characters found whole in operator elements', () => {
    expect([...mathOperatorChars('<mo>\u200b</mo><mo x="1">\u2062</mo><mo>\u2060</mo><mi>\u2063</mi><mo>\u200b\u200b</mo>')].sort()).toEqual(['\u200b', '\u2062']);
    expect(mathOperatorChars('none').size).toBe(0);
  });
});
