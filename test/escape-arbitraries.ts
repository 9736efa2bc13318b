// Generators biased toward envelope breakouts, and an independent reference detector, for the escape properties.

import fc from 'fast-check';

/** The dangerous alphabet: openers and lookalikes, slashes, every kind of gap, tag letters and their fold variants, entity pieces. */
export const DANGEROUS: readonly string[] = [
  '<', '<', '<', '\uff1c', '\ufe64', '>', '\uff1e', '/', '/', '\uff0f', '\u2215', '\u2044', '\u29f8', '\\',
  ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u3000', '\u0085', '\u2028', '\u2029', '\u1680',
  '\0', '\x01', '\x1f', '\x7f', '\u0080', '\u009f',
  '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u034f', '\u180e', '\u3164', '\ufe0f',
  '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\u061c',
  '\u{e0001}', '\u{e0020}', '\u{e0073}', '\u{e007f}', '\u{e0100}',
  's', 'S', 'k', 'K', 'i', 'I', 'l', 'L', 'y', 'Y', 't', 'T', 'e', 'E', 'm', 'M', 'r', 'R', 'n', 'N', 'd', 'D',
  '\u017f', '\u212a', '\u0131', '\u0130', '\uff53', '\uff4b', '\uff49', '\uff4c', '\u{1d42c}', '\u24e2', '\u217c',
  '\ufb06', '\ufb05', '\u33cc', '\u20a8', '\u2122', '\u00a8',
  '-', '_', '\u2010', '\u2013', '\u2212', '\ufe63', '\uff0d', '\uff3f', '.', ':', '\u0301',
  '&', '&', ';', '#', 'x', 'X', 'F', 'C', '1', '6', '4', 'a', 'p',
  '&lt;', '&amp;', '&#xFF1C;', '&#xFE64;', '&gt;', '&LT;', '&#60;', '&lt', '&amp',
  '\ud800', '\udc00', '\u{1f600}', 'é', '中',
];

/** Whole tag-like fragments, so that full matches are frequent. */
export const FRAGMENTS: readonly string[] = [
  'skill', 'SKILL', 'Skill', '\u017fkill', 's\u212aill', 'ski\u200bll', 'system-reminder', 'system_reminder',
  'System Reminder', 'systemreminder', 'sy\ufb06em-reminder', '\uff53\uff4b\uff49\uff4c\uff4c', 'skills', 'skill-name',
  '</skill>', '<skill name="x">', '</system-reminder>', '<\u200b/skill>', '< / skill', '\uff1c/skill\uff1e',
  '&lt;skill', '&lt;/skill>', '&amp;lt;', '&#xFF1C;/skill', 'Hello, world. ',
];

const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...DANGEROUS) },
  { weight: 2, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

/** Strings built mostly from the dangerous alphabet. */
export const dangerousString = fc.array(piece, { maxLength: 40 }).map((a) => a.join(''));

/** Mixed: the dangerous alphabet most of the time, plain random Unicode sometimes. */
export const anyString = fc.oneof({ weight: 4, arbitrary: dangerousString }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) });

// ---------------------------------------------------------------------------------------------------------------
// Reference detector: an independent restatement of the breakout definition. It maps the text to a stream of
// folded characters (invisible ones dropped, openers to `<`, slashes to `/`, whitespace to a space) and runs
// one regular expression over the stream. Slow and simple on purpose.

const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]$/u;
const WHITE = /^\p{White_Space}$/u;

export interface RefMatch {
  start: number;
  nearMiss: boolean;
  closing: boolean;
  envelope: 'skill' | 'system-reminder';
}

export function referenceBreakouts(s: string): RefMatch[] {
  let stream = '';
  const origin: number[] = [];
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    let mapped: string;
    if (cp >= 0xd800 && cp <= 0xdfff) mapped = '\ufffd'; // a lone surrogate: keep halves from pairing up across a dropped character
    else if (WHITE.test(ch)) mapped = ' ';
    else if (INVISIBLE.test(ch)) mapped = '';
    else if ('<\uff1c\ufe64'.includes(ch)) mapped = '\u0001'; // opener marker (a raw control never survives: dropped above)
    else if ('/\uff0f\u2215\u2044\u29f8'.includes(ch)) mapped = '\u0002';
    else mapped = ch.normalize('NFKC').toUpperCase().toLowerCase().replace(/[<\/]/g, '\u0003');
    for (let u = 0; u < mapped.length; u++) origin.push(i);
    stream += mapped;
    i += ch.length;
  }
  // origin[k] is the offset in `s` of the character that produced stream code unit k.
  const out: RefMatch[] = [];
  const re = /\u0001 *(\u0002)? *(?:(skill)|(system[-_ \p{Pd}\u2212]*reminder))(.)?/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(stream))) {
    const next = m[4];
    out.push({
      start: origin[m.index]!,
      closing: m[1] !== undefined,
      envelope: m[2] !== undefined ? 'skill' : 'system-reminder',
      nearMiss: next !== undefined && /^[\p{L}\p{N}\p{M}\p{Pc}\p{Pd}.:\u00b7]$/u.test(next),
    });
    if (next !== undefined) re.lastIndex -= next.length; // the look-ahead character may start the next match
  }
  return out;
}
