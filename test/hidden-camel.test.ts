// camelHinted (src/analysis/hidden.ts): a zero-width space is a line-break hint only where its places follow from the
// visible letters (every case change of the identifier holds one, nowhere else has one).

import { describe, expect, it } from 'vitest';
import { camelHinted, findHidden, invisibleClass, invisibleConstant } from '../src/analysis/hidden.js';

const Z = '\u200b';
const at = (s: string, n = 0) => {
  let i = -1;
  for (let k = 0; k <= n; k++) i = s.indexOf(Z, i + 1);
  return i;
};

describe('camelHinted', () => {
  it('accepts a hint at every case change of one identifier, for each of its hints', () => {
    const s = `the inventory${Z}Transfer${Z}Mark field`;
    expect(camelHinted(s, at(s, 0))).toBe(true);
    expect(camelHinted(s, at(s, 1))).toBe(true);
    expect(camelHinted(`${'a'}${Z}B`, 1)).toBe(true);
  });

  it('refuses a hint that splits a word or sits between other characters', () => {
    for (const s of [`ig${Z}nore`, `Ab${Z}c`, `A${Z}B`, `a${Z}1`, `1${Z}A`, `a${Z} b`, `${Z}Ab`, `ab${Z}`, `x.${Z}Y`, `a${Z}`, `${Z}B`, `${Z}`]) expect(camelHinted(s, s.indexOf(Z)), s).toBe(false);
  });

  it('refuses when another case change of the identifier has no hint', () => {
    const s = `fulfillment${Z}OrderLine${Z}Items`;
    expect(camelHinted(s, at(s, 0))).toBe(false);
    expect(camelHinted(s, at(s, 1))).toBe(false);
    const t = `aBc${Z}De`;
    expect(camelHinted(t, t.indexOf(Z))).toBe(false);
  });

  it('refuses when the identifier holds a hint that is not at a case change', () => {
    const s = `format${Z}Report and ex${Z}port${Z}Data`;
    expect(camelHinted(s, at(s, 0))).toBe(true);
    expect(camelHinted(s, at(s, 2))).toBe(false);
    const u = `ab${Z}${Z}Cd`;
    expect(camelHinted(u, 2)).toBe(false);
  });

  it('counts digits and letters of other scripts as part of the identifier', () => {
    expect(camelHinted(`v2a${Z}Bc`, 3)).toBe(true);
    expect(camelHinted(`xY1b${Z}Cd`, 4)).toBe(false);
    expect(camelHinted(`été${Z}Été`, 3)).toBe(true);
    expect(camelHinted(`étéX${Z}été`, 4)).toBe(false);
  });

  it('does not judge an identifier longer than its window', () => {
    const long = `${'a'.repeat(300)}${Z}Bc`;
    expect(camelHinted(long, 300)).toBe(false);
    const longAfter = `ab${Z}C${'d'.repeat(300)}`;
    expect(camelHinted(longAfter, 2)).toBe(false);
    const fits = `${'a'.repeat(200)}${Z}B${'c'.repeat(200)}`;
    expect(camelHinted(fits, 200)).toBe(true);
    // The window's edges: 256 characters each way are judged, 257 are not.
    expect(camelHinted(`${'a'.repeat(256)}${Z}B`, 256)).toBe(true);
    expect(camelHinted(`${'a'.repeat(257)}${Z}B`, 257)).toBe(false);
    expect(camelHinted(`a${Z}${'B'.repeat(256)}`, 1)).toBe(true);
    expect(camelHinted(`a${Z}${'B'.repeat(257)}`, 1)).toBe(false);
  });
});

// invisibleConstant (src/analysis/hidden.ts): a literal that is only the invisible characters a call removes or looks for.
describe('invisibleConstant', () => {
  const B = '\ufeff';
  const N = '\u200c';
  it('accepts the first argument of a call that strips, replaces, splits on or finds it', () => {
    for (const s of [`k = k.strip().lstrip("${B}").strip()`, `t.replace('${Z}', '')`, `t.replaceAll(\`${Z}\`, '')`, `x.split("${Z}")`, `re.sub("${Z}${N}", "", t)`, `if line.startswith("${B}"):`, `s.strip("${Z}${N}${B}")`, `t.indexOf( "${Z}")`]) {
      expect(invisibleConstant(s, s.search(/[\u200b\u200c\ufeff]/)), JSON.stringify(s)).toBe(true);
    }
  });

  it('refuses a literal compared, joined or assigned, one with anything else in it, a repeated character and unmatched quotes', () => {
    for (const s of [`if name == "${Z}": grant()`, `"${Z}".join(parts)`, `SEP = "${Z}"`, `t.replace("a${Z}", "")`, `t.replace("${Z}b", "")`, `t.replace("${Z}${Z}", "")`, `t.replace("${Z}', "")`, `t.replace(${Z}, "")`, `t.join("${Z}")`, `t.replace("${Z}`, `"${Z}"`]) {
      expect(invisibleConstant(s, s.indexOf(Z)), JSON.stringify(s)).toBe(false);
    }
  });
});

describe('invisibleClass', () => {
  const Z = '\u200b';
  it('accepts a character class of a literal that holds only invisible or white-space characters, escapes and ranges', () => {
    for (const s of [`raw.replace(/[\\s\u00a0${Z}-\u200d\ufeff]/g, '')`, `const ZW = /[${Z}\u200c\u200d\u2060\ufeff]/g;`, `re.compile("[${Z}\u200c]")`, `s.split(/[^${Z}]/)`, `t.replace(/[\\u00AD${Z}]/g, "")`]) {
      expect(invisibleClass(s, s.indexOf(Z)), JSON.stringify(s)).toBe(true);
    }
  });
  it('refuses a class with a visible member, brackets of an array or an index, and a character outside brackets', () => {
    for (const s of [`/[a${Z}]/`, `x = ["${Z}"]`, `arr[${Z}]`, `"ab${Z}cd"`, `/[\\w${Z}]/`, `/[${Z}`, `[${Z}]`]) {
      expect(invisibleClass(s, s.indexOf(Z)), JSON.stringify(s)).toBe(false);
    }
  });
});

describe('a byte-order mark named on its line', () => {
  it('is info when the line says BOM or byte order mark, a warning otherwise', () => {
    const named = findHidden("| `AUTH_TOKEN=$'\ufeff'` (BOM-only) accepted by `.trim()` |\n");
    expect(named.map((f) => [f.messageId, f.severity])).toEqual([['zeroWidthNamed', 'info']]);
    const bare = findHidden("AUTH_TOKEN=$'\ufeff' accepted\n");
    expect(bare.map((f) => f.severity)).toEqual(['warning']);
  });
});

describe('a sanitizer class of five invisible characters in a row', () => {
  it('is quiet when each is named once in the class; the same five repeated, or outside a class, stay an error', () => {
    const cls = findHidden('const ZERO_WIDTH = /[\u200b\u200c\u200d\u2060\ufeff]/g;\n');
    expect(cls.map((f) => f.severity)).toEqual(['info']);
    expect(findHidden('const ZERO_WIDTH = /[\u200b\u200c\u200d\u2060\u200b\u200c]/g;\n').map((f) => f.severity)).toEqual(['error']);
    expect(findHidden('const s = "a\u200b\u200c\u200d\u2060\ufeffb";\n').map((f) => f.severity)).toEqual(['error']);
  });
});
