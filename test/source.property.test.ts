// Properties of decoding (src/core/source.ts) and parsing (src/core/parse.ts) over generated input.
// Runs per property: FC_RUNS (default 300 in the suite); e.g. `FC_RUNS=20000 npx vitest run test/source.property.test.ts`.

import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkillDocument } from '../src/core/parse.js';
import { decodeSource, findInvalidUtf8, originalOffset, positionAt, utf16Of } from '../src/core/source.js';

const RUNS = Number(process.env.FC_RUNS ?? 300);
const opts = { numRuns: RUNS };

/** Pieces biased toward what breaks line and frontmatter handling: CR, LF, CRLF, BOM, NUL, '---', ':' and non-BMP. */
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('\r', '\n', '\r\n', '\ufeff', '\0', '---', '---\n', ':', ': ', ' ', '\t', '-', '#') },
  { weight: 3, arbitrary: fc.constantFrom('name', 'description', '&a', '*a', '[', ']', '{', '}', '"', "'", '|', '>', '? ', '!!str ', '%YAML') },
  { weight: 3, arbitrary: fc.constantFrom('😀', '𝒳', '\u{10FFFF}', '\u{E0041}', 'é', 'е', '\u2028', '\u0085', '\u200b', '\ufffd') },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);
const body = fc.array(piece, { maxLength: 80 }).map((a) => a.join(''));
/** Often shaped like a skill file, so the frontmatter paths are exercised too. */
const skillText = fc
  .tuple(fc.constantFrom('', '', '---\n', '---\r\n', '---\r', '\ufeff---\n', '\ufeff---\r\n', '--- \n'), body, fc.constantFrom('', '\n---\n', '\r\n---\r\n', '\n---'), body)
  .map(([a, b, c, d]) => a + b + c + d);

/** Lines of a text as every runtime counts them: CRLF, lone CR and LF each end a line. */
function originalLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

describe('decodeSource on UTF-8 text', () => {
  it('normalized text has no CR, the same lines, and positions that point at the same character', () => {
    fc.assert(
      fc.property(skillText, fc.array(fc.nat(), { maxLength: 8 }), (s, picks) => {
        const src = decodeSource(Buffer.from(s, 'utf8'));
        // Buffer.from replaces lone surrogates; compare against what was actually encoded.
        const original = Buffer.from(s, 'utf8').toString('utf8');
        const unbommed = original.startsWith('\ufeff') ? original.slice(1) : original;
        expect(src.text).toBe(original);
        expect(src.bom).toBe(original.startsWith('\ufeff'));
        expect(src.normalized.includes('\r')).toBe(false);
        const lines = originalLines(unbommed);
        expect(src.normalized.split('\n').length).toBe(lines.length);
        expect(src.lineStarts.length).toBe(lines.length);
        expect(src.invalidUtf8Count).toBe(0);
        if (src.normalized.length === 0) return;
        for (const p of picks) {
          const o = p % src.normalized.length;
          const { line, column } = positionAt(src, o);
          const l = lines[line - 1]!;
          if (src.normalized[o] === '\n') expect(column).toBe(l.length + 1);
          else expect(l[column - 1]).toBe(src.normalized[o]);
        }
      }),
      opts,
    );
  });

  it('originalOffset maps every normalized offset back to the same character in text', () => {
    fc.assert(
      fc.property(skillText, (s) => {
        const src = decodeSource(Buffer.from(s, 'utf8'));
        for (let o = 0; o < src.normalized.length; o++) {
          const at = originalOffset(src, o);
          const c = src.normalized[o]!;
          if (c === '\n') expect(['\n', '\r']).toContain(src.text[at]);
          else expect(src.text[at]).toBe(c);
        }
        // The end of the text maps to the end of the text.
        expect(originalOffset(src, src.normalized.length)).toBe(src.text.length);
      }),
      opts,
    );
  });

  it('NUL offsets and counts are exact', () => {
    fc.assert(
      fc.property(skillText, (s) => {
        const src = decodeSource(Buffer.from(s, 'utf8'));
        const nuls = src.normalized.split('\0').length - 1;
        expect(src.nulCount).toBe(nuls);
        for (const o of src.nulOffsets) expect(src.normalized[o]).toBe('\0');
      }),
      opts,
    );
  });
});

describe('parseSkillDocument', () => {
  it('never throws, and its offsets describe the normalized text', () => {
    fc.assert(
      fc.property(skillText, (s) => {
        const src = decodeSource(Buffer.from(s, 'utf8'));
        const doc = parseSkillDocument(src);
        const n = src.normalized;
        expect(doc.bodyOffset).toBeGreaterThanOrEqual(0);
        expect(doc.bodyOffset).toBeLessThanOrEqual(n.length);
        expect(doc.body).toBe(n.slice(doc.bodyOffset));
        if (doc.frontmatter) {
          expect(n.startsWith('---')).toBe(true);
          expect(n.slice(doc.frontmatter.offset, doc.frontmatter.offset + doc.frontmatter.raw.length)).toBe(doc.frontmatter.raw);
          for (const p of doc.frontmatter.problems) {
            expect(p.start).toBeGreaterThanOrEqual(0);
            expect(p.end).toBeLessThanOrEqual(n.length);
          }
          if (doc.frontmatter.data !== null) expect(typeof doc.frontmatter.data).toBe('object');
        } else {
          expect(doc.bodyOffset).toBe(0);
        }
      }),
      opts,
    );
  });

  it('never throws on YAML-shaped frontmatter (anchors, aliases, flow and block collections)', () => {
    const token = fc.constantFrom('a', 'name', 'description', ':', ': ', '- ', '  ', '\n', '&x ', '*x', '[', ']', '{', '}', ',', '"', "'", '|', '>', '#', '? ', '<<: ', '!!map ', '1.0', 'null', '~');
    const yaml = fc.array(token, { maxLength: 60 }).map((a) => a.join(''));
    fc.assert(
      fc.property(yaml, fc.constantFrom('\n', '\r\n', '\r'), (y, eol) => {
        const text = `---${eol}${y.replace(/\n/g, eol)}${eol}---${eol}Body.${eol}`;
        const src = decodeSource(Buffer.from(text, 'utf8'));
        const doc = parseSkillDocument(src);
        expect(doc.frontmatter).not.toBeNull();
      }),
      opts,
    );
  });
});

/** Byte arrays biased toward UTF-8 edge cases: truncated and overlong sequences, surrogates, out-of-range leads. */
const bytePiece = fc.oneof(
  { weight: 3, arbitrary: fc.uint8Array({ maxLength: 4 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      [0x41],
      [0x0d, 0x0a],
      [0x0d],
      [0x00],
      [0xef, 0xbb, 0xbf],
      [0xc3, 0xa9],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x98, 0x80],
      [0xf4, 0x8f, 0xbf, 0xbf],
      [0xc0, 0x80],
      [0xc1, 0xbf],
      [0xe0, 0x80, 0x80],
      [0xe0, 0x9f, 0xbf],
      [0xed, 0xa0, 0x80],
      [0xed, 0xbf, 0xbf],
      [0xf0, 0x80, 0x80, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5, 0x80],
      [0xff],
      [0x80],
      [0xc3],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x98],
    ).map((a) => Uint8Array.from(a)),
  },
);
const bytes = fc.array(bytePiece, { maxLength: 40 }).map((parts) => Uint8Array.from(parts.flatMap((p) => [...p])));
const anyBytes = fc.oneof(bytes, fc.uint8Array({ maxLength: 200 }));

function hasReplacementBytes(b: Uint8Array): boolean {
  for (let i = 0; i + 2 < b.length; i++) if (b[i] === 0xef && b[i + 1] === 0xbf && b[i + 2] === 0xbd) return true;
  return false;
}

describe('findInvalidUtf8 and decodeSource on arbitrary bytes', () => {
  it('findInvalidUtf8 finds nothing exactly when Buffer says the bytes are UTF-8', () => {
    fc.assert(
      fc.property(anyBytes, (b) => {
        const r = findInvalidUtf8(b, Infinity);
        expect(r.count === 0).toBe(isUtf8(b));
        expect(r.offsets.length).toBe(r.count);
      }),
      opts,
    );
  });

  it('counts one error per replacement character the WHATWG decoder emits', () => {
    fc.assert(
      fc.property(anyBytes, (b) => {
        fc.pre(!hasReplacementBytes(b));
        const decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
        const replacements = decoded.split('\ufffd').length - 1;
        expect(findInvalidUtf8(b, Infinity).count).toBe(replacements);
      }),
      opts,
    );
  });

  it('decodeSource never throws, and its findings are consistent', () => {
    fc.assert(
      fc.property(anyBytes, (b) => {
        const src = decodeSource(b);
        expect(src.byteLength).toBe(b.length);
        expect(src.normalized.includes('\r')).toBe(false);
        expect(src.invalidUtf8Count === 0).toBe(isUtf8(b));
        expect(src.invalidUtf8.length).toBe(Math.min(src.invalidUtf8Count, 20));
        for (const inv of src.invalidUtf8) {
          expect(inv.byte).toBeLessThan(b.length);
          expect(inv.line).toBeGreaterThanOrEqual(1);
          expect(inv.line).toBeLessThanOrEqual(src.lineStarts.length);
          expect(inv.column).toBeGreaterThanOrEqual(1);
        }
        expect(() => parseSkillDocument(src)).not.toThrow();
      }),
      opts,
    );
  });
});

describe('utf16Of and decodeSource on UTF-16 text', () => {
  const units = (s: string, be: boolean) => {
    const b = Buffer.from(`\ufeff${s}`, 'utf16le');
    if (be) for (let i = 0; i < b.length; i += 2) [b[i], b[i + 1]] = [b[i + 1]!, b[i]!];
    return new Uint8Array(b);
  };

  it('UTF-16 text with a mark and an ASCII character is UTF-16, and is read back exactly, in either byte order', () => {
    fc.assert(
      fc.property(skillText, fc.constantFrom(' ', '\n', 'a', '\r\n'), fc.boolean(), (s, ascii, be) => {
        // Keep the text free of runs that UTF-16 text cannot show (no 8 characters in a row of U+2020…U+7E7E).
        const text = (s + ascii).replace(/[\u2020-\u7e7e]/g, 'x');
        const bytes = units(text, be);
        const enc = utf16Of(bytes);
        expect(enc).toBe(be ? 'utf-16be' : 'utf-16le');
        const src = decodeSource(bytes, { encoding: enc });
        expect(src.bom).toBe(true);
        expect(src.normalized).toBe(text.replace(/\r\n?/g, '\n'));
        expect(src.invalidUtf8Count).toBe(0);
      }),
      opts,
    );
    expect(utf16Of(units('{"a": "삼성"}\n', false))).toBe('utf-16le');
    expect(utf16Of(units('# 메모\n', true))).toBe('utf-16be');
  });

  it('UTF-8 text behind a mark (a run of printable ASCII, or no zero byte where UTF-16 puts one) is not UTF-16', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.stringMatching(/^[ -~]{16,40}$/), fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), (a, run, b, be) => {
        const bytes = new Uint8Array([...(be ? [0xfe, 0xff] : [0xff, 0xfe]), ...Buffer.from(a + run + b, 'utf8'), 0, 0]);
        expect(utf16Of(bytes.length % 2 === 0 ? bytes : bytes.subarray(0, bytes.length - 1))).toBeNull();
      }),
      opts,
    );
    expect(utf16Of(new Uint8Array([0xff, 0xfe, 0x41, 0x42, 0x43, 0x44]))).toBeNull();
    expect(utf16Of(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x42]))).toBeNull();
  });

  it('never throws on arbitrary bytes, and answers only for a mark', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const enc = utf16Of(bytes);
        if (enc !== null) {
          expect([0xff, 0xfe]).toContain(bytes[0]);
          decodeSource(bytes, { encoding: enc });
        }
      }),
      opts,
    );
  });
});
