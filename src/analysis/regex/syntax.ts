// Parser for Rust `regex` crate syntax (regex-syntax 0.8, the engine behind IronClaw activation patterns).
// It resolves flags, classes and escapes the way Rust does, and reports unsupported constructs with their
// position inside the pattern, so rules can point at them and the matcher can translate to RE2 exactly.

import { caseFold, difference, foldedCodePoint, intersect, jsClassRanges, negate, normalize, symmetricDifference, union, withoutSurrogates, type Ranges } from './charset.js';

/** Offsets are UTF-16 indices into the pattern string. */
export interface Span {
  start: number;
  end: number;
}

export type LookKind = 'start' | 'end' | 'startLine' | 'endLine' | 'wordBoundary' | 'notWordBoundary' | 'wordStart' | 'wordEnd' | 'wordStartHalf' | 'wordEndHalf';

export type Node =
  | ({ type: 'empty' } & Span)
  | ({ type: 'literal'; cp: number; ci: boolean } & Span)
  /** A resolved class: `set` is final (folded and negated as Rust does); `ci` tells an emitter it may fold again. */
  | ({ type: 'class'; set: Ranges; unicode: boolean; label: string } & Span)
  | ({ type: 'look'; kind: LookKind; unicode: boolean; multiLine: boolean; crlf: boolean } & Span)
  | ({ type: 'repeat'; min: number; max: number | null; greedy: boolean; child: Node; possessiveLike?: Span } & Span)
  | ({ type: 'group'; capture: boolean; name?: string; child: Node } & Span)
  | ({ type: 'concat'; items: Node[] } & Span)
  | ({ type: 'alt'; branches: Node[] } & Span);

export type SyntaxErrorKind =
  | 'backreference'
  | 'lookahead'
  | 'lookbehind'
  | 'atomic-group'
  | 'possessive'
  | 'unclosed-group'
  | 'unopened-group'
  | 'invalid-escape'
  | 'unclosed-class'
  | 'invalid-class-range'
  | 'invalid-repetition'
  | 'repetition-missing'
  | 'invalid-flag'
  | 'invalid-group-name'
  | 'duplicate-group-name'
  | 'unsupported-group'
  | 'unicode-property'
  | 'invalid-utf8'
  | 'nest-limit'
  | 'empty-flags';

export interface RegexSyntaxError extends Span {
  kind: SyntaxErrorKind;
  /** The offending text, e.g. "(?=" or "\\1". */
  construct: string;
  message: string;
}

export interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
  u: boolean;
  x: boolean;
  R: boolean;
}

/** Rust regex's default nest limit (RegexBuilder::nest_limit). */
export const NEST_LIMIT = 250;

export type ParseResult = { ok: true; ast: Node; warnings: RegexSyntaxError[] } | { ok: false; error: RegexSyntaxError; warnings: RegexSyntaxError[] };

class Fail extends Error {
  constructor(readonly err: RegexSyntaxError) {
    super(err.message);
  }
}

const POSIX: Record<string, string> = {
  alnum: '[0-9A-Za-z]',
  alpha: '[A-Za-z]',
  ascii: '[\\x00-\\x7F]',
  blank: '[\\t ]',
  cntrl: '[\\x00-\\x1F\\x7F]',
  digit: '[0-9]',
  graph: '[!-~]',
  lower: '[a-z]',
  print: '[ -~]',
  punct: '[!-/:-@\\[-`{-~]',
  space: '[\\t\\n\\v\\f\\r ]',
  upper: '[A-Z]',
  word: '[0-9A-Za-z_]',
  xdigit: '[0-9A-Fa-f]',
};

/** Perl classes under Unicode (UTS#18 Annex C, as regex-syntax defines them) and ASCII. */
export const PERL_UNICODE: Record<string, string> = {
  d: '\\p{Nd}',
  s: '\\p{White_Space}',
  w: '[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]',
};
const PERL_ASCII: Record<string, string> = { d: '[0-9]', s: '[\\t\\n\\v\\f\\r ]', w: '[0-9A-Za-z_]' };

export function perlClass(letter: 'd' | 's' | 'w', unicode: boolean): Ranges {
  return jsClassRanges((unicode ? PERL_UNICODE : PERL_ASCII)[letter]!)!;
}

const GC_ALIASES = new Map<string, string>();
for (const n of [
  'L', 'Letter', 'Lu', 'Uppercase_Letter', 'Ll', 'Lowercase_Letter', 'Lt', 'Titlecase_Letter', 'LC', 'Cased_Letter', 'Lm', 'Modifier_Letter', 'Lo', 'Other_Letter',
  'M', 'Mark', 'Combining_Mark', 'Mn', 'Nonspacing_Mark', 'Mc', 'Spacing_Mark', 'Me', 'Enclosing_Mark', 'N', 'Number', 'Nd', 'Decimal_Number', 'digit', 'Nl', 'Letter_Number', 'No', 'Other_Number',
  'P', 'Punctuation', 'punct', 'Pc', 'Connector_Punctuation', 'Pd', 'Dash_Punctuation', 'Ps', 'Open_Punctuation', 'Pe', 'Close_Punctuation', 'Pi', 'Initial_Punctuation', 'Pf', 'Final_Punctuation', 'Po', 'Other_Punctuation',
  'S', 'Symbol', 'Sm', 'Math_Symbol', 'Sc', 'Currency_Symbol', 'Sk', 'Modifier_Symbol', 'So', 'Other_Symbol', 'Z', 'Separator', 'Zs', 'Space_Separator', 'Zl', 'Line_Separator', 'Zp', 'Paragraph_Separator',
  'C', 'Other', 'Cc', 'Control', 'cntrl', 'Cf', 'Format', 'Cs', 'Surrogate', 'Co', 'Private_Use', 'Cn', 'Unassigned',
  'Alphabetic', 'Alpha', 'White_Space', 'space', 'WSpace', 'Uppercase', 'Upper', 'Lowercase', 'Lower', 'Emoji', 'Emoji_Presentation', 'Extended_Pictographic', 'Join_Control', 'Math', 'Dash',
  'Diacritic', 'Hex_Digit', 'ASCII_Hex_Digit', 'Ideographic', 'Default_Ignorable_Code_Point', 'Noncharacter_Code_Point', 'Assigned', 'ASCII', 'Any', 'ID_Start', 'ID_Continue', 'XID_Start', 'XID_Continue', 'Cased', 'Case_Ignorable',
]) {
  GC_ALIASES.set(looseName(n), n);
}

function looseName(s: string): string {
  return s.replace(/[\s_-]/g, '').toLowerCase();
}

function titleCase(s: string): string {
  return s
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('_');
}

/** Resolve a Rust `\p{...}` name (loose matching: case, spaces, underscores and hyphens ignored). */
export function unicodeProperty(name: string): Ranges | null {
  const eq = name.match(/^\s*([^=:!]+?)\s*(!=|=|:)\s*(.+?)\s*$/);
  if (eq) {
    const key = looseName(eq[1]!);
    const negated = eq[2] === '!=';
    let r: Ranges | null = null;
    const v = eq[3]!;
    if (key === 'sc' || key === 'script') r = jsClassRanges(`\\p{Script=${titleCase(v)}}`) ?? jsClassRanges(`\\p{Script=${v}}`);
    else if (key === 'scx' || key === 'scriptextensions') r = jsClassRanges(`\\p{Script_Extensions=${titleCase(v)}}`) ?? jsClassRanges(`\\p{Script_Extensions=${v}}`);
    else if (key === 'gc' || key === 'generalcategory') r = unicodeProperty(v);
    else return null;
    return r && negated ? negate(r) : r;
  }
  const loose = looseName(name);
  if (loose === 'any') return withoutSurrogates([[0, 0x10ffff]]);
  const known = GC_ALIASES.get(loose);
  const candidates = [known, name, titleCase(name), name.toUpperCase()].filter((x): x is string => !!x);
  for (const c of candidates) {
    const r = jsClassRanges(`\\p{${c}}`);
    if (r) return r;
  }
  for (const c of [titleCase(name), name]) {
    const r = jsClassRanges(`\\p{Script=${c}}`);
    if (r) return r;
  }
  return null;
}

const ESCAPE_META = new Set([...'\\.+*?()|[]{}^$#&-~']);

function isEscapable(c: string): boolean {
  if (ESCAPE_META.has(c)) return true;
  const cp = c.codePointAt(0)!;
  if (cp > 0x7f) return false;
  if (/[0-9A-Za-z]/.test(c)) return false;
  if (c === '<' || c === '>') return false;
  return true;
}

class Parser {
  private i = 0;
  private flags: Flags;
  private names = new Set<string>();
  readonly warnings: RegexSyntaxError[] = [];
  private depth = 0;

  constructor(
    private readonly p: string,
    flags: Partial<Flags>,
  ) {
    this.flags = { i: false, m: false, s: false, U: false, u: true, x: false, R: false, ...flags };
  }

  private fail(kind: SyntaxErrorKind, start: number, end: number, message: string): never {
    throw new Fail({ kind, start, end, construct: this.p.slice(start, end), message });
  }

  private peek(off = 0): string | undefined {
    let j = this.i;
    for (let k = 0; k < off; k++) {
      if (j >= this.p.length) return undefined;
      j += this.p.codePointAt(j)! > 0xffff ? 2 : 1;
    }
    if (j >= this.p.length) return undefined;
    return String.fromCodePoint(this.p.codePointAt(j)!);
  }

  private next(): string {
    const c = this.peek();
    if (c === undefined) throw new Error('unexpected end');
    this.i += c.length;
    return c;
  }

  private eof(): boolean {
    return this.i >= this.p.length;
  }

  /** In (?x) mode, skip whitespace and `#` comments. */
  private skipSpace(): void {
    if (!this.flags.x) return;
    while (!this.eof()) {
      const c = this.peek()!;
      if (/\s/u.test(c)) this.i += c.length;
      else if (c === '#') {
        while (!this.eof() && this.peek() !== '\n') this.next();
      } else break;
    }
  }

  private enter(start: number): void {
    if (++this.depth > NEST_LIMIT) this.fail('nest-limit', start, Math.min(this.p.length, start + 1), `nesting deeper than ${NEST_LIMIT} levels (Rust regex's nest limit)`);
  }

  private leave(): void {
    this.depth--;
  }

  parse(): Node {
    const node = this.parseAlt();
    if (!this.eof()) {
      // Only a stray ")" stops parseAlt at the top level.
      this.fail('unopened-group', this.i, this.i + 1, 'unopened group: ")" has no matching "("');
    }
    return node;
  }

  private parseAlt(): Node {
    const start = this.i;
    const branches: Node[] = [this.parseConcat()];
    while (this.peek() === '|') {
      this.next();
      branches.push(this.parseConcat());
    }
    if (branches.length === 1) return branches[0]!;
    return { type: 'alt', branches, start, end: this.i };
  }

  private parseConcat(): Node {
    const start = this.i;
    const items: Node[] = [];
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c === undefined || c === '|' || c === ')') break;
      if (c === '*' || c === '+' || c === '?' || c === '{') {
        const prev = items.pop();
        if (!prev) this.fail('repetition-missing', this.i, this.i + 1, `repetition operator "${c}" has nothing to repeat; escape it (\\${c}) to match it literally`);
        items.push(this.parseRepetition(prev));
        continue;
      }
      const atom = this.parseAtom();
      if (atom) items.push(atom);
    }
    if (items.length === 0) return { type: 'empty', start, end: this.i };
    if (items.length === 1) return items[0]!;
    return { type: 'concat', items, start, end: this.i };
  }

  private parseRepetition(child: Node): Node {
    const opStart = this.i;
    const c = this.next();
    let min = 0;
    let max: number | null = null;
    if (c === '*') {
      min = 0;
      max = null;
    } else if (c === '+') {
      min = 1;
      max = null;
    } else if (c === '?') {
      min = 0;
      max = 1;
    } else {
      // Counted repetition: {n}, {n,}, {n,m}; whitespace allowed inside.
      const ws = () => {
        while (!this.eof() && /\s/u.test(this.peek()!)) this.next();
      };
      const num = (): number | null => {
        let s = '';
        while (!this.eof() && /[0-9]/.test(this.peek()!)) s += this.next();
        if (s === '') return null;
        const n = Number(s);
        if (n > 0xffffffff) this.fail('invalid-repetition', opStart, this.i, `repetition count ${s} is too large`);
        return n;
      };
      ws();
      const a = num();
      if (a === null) {
        if (this.eof()) this.fail('invalid-repetition', opStart, this.i, 'unclosed counted repetition "{"; escape it (\\{) to match a literal brace');
        this.fail('invalid-repetition', opStart, Math.min(this.p.length, this.i + 1), 'counted repetition "{" needs a number (e.g. {2} or {2,5}); escape it (\\{) to match a literal brace');
      }
      ws();
      min = a;
      max = a;
      if (this.peek() === ',') {
        this.next();
        ws();
        const b = num();
        max = b;
        ws();
      }
      if (this.peek() !== '}') this.fail('invalid-repetition', opStart, Math.min(this.p.length, this.i + 1), 'unclosed counted repetition: expected "}"');
      this.next();
      if (max !== null && min > max) this.fail('invalid-repetition', opStart, this.i, `invalid repetition range {${min},${max}}: the minimum is larger than the maximum`);
    }
    let greedy = true;
    if (this.peek() === '?') {
      this.next();
      greedy = false;
    }
    if (this.flags.U) greedy = !greedy;
    const node: Node = { type: 'repeat', min, max, greedy, child, start: child.start, end: this.i };
    if (this.peek() === '+') {
      // Rust reads `a*+` as `(a*)+`, not as a possessive quantifier.
      node.possessiveLike = { start: opStart, end: this.i + 1 };
      this.warnings.push({
        kind: 'possessive',
        start: opStart,
        end: this.i + 1,
        construct: this.p.slice(opStart, this.i + 1),
        message: `"${this.p.slice(opStart, this.i + 1)}" looks like a possessive quantifier; Rust regex has none and reads it as a repetition of a repetition, RE2 and JavaScript reject it`,
      });
    }
    return node;
  }

  private parseAtom(): Node | null {
    const start = this.i;
    const c = this.peek()!;
    switch (c) {
      case '(':
        return this.parseGroup();
      case '[':
        return this.parseClass();
      case '.': {
        this.next();
        let set: Ranges = this.flags.s ? [[0, 0x10ffff]] : this.flags.R ? [[0, 9], [11, 12], [14, 0x10ffff]] : [[0, 9], [11, 0x10ffff]];
        if (!this.flags.u) {
          // (?-u:.) matches any byte, which can split a UTF-8 sequence: `regex::Regex` refuses it.
          this.fail('invalid-utf8', start, this.i, '"." with Unicode off ((?-u)) can match invalid UTF-8, which Rust\'s Regex refuses');
        }
        set = withoutSurrogates(set);
        return { type: 'class', set, unicode: true, label: '.', start, end: this.i };
      }
      case '^':
        this.next();
        return { type: 'look', kind: this.flags.m ? 'startLine' : 'start', unicode: this.flags.u, multiLine: this.flags.m, crlf: this.flags.R, start, end: this.i };
      case '$':
        this.next();
        return { type: 'look', kind: this.flags.m ? 'endLine' : 'end', unicode: this.flags.u, multiLine: this.flags.m, crlf: this.flags.R, start, end: this.i };
      case '\\':
        return this.parseEscape(false);
      default:
        this.next();
        return this.literal(c.codePointAt(0)!, start);
    }
  }

  private literal(cp: number, start: number): Node {
    if (this.flags.i) {
      const folded = foldedCodePoint(cp);
      if (folded.length > 1 || folded[0]![0] !== folded[0]![1]) return { type: 'class', set: folded, unicode: true, label: String.fromCodePoint(cp), start, end: this.i };
    }
    return { type: 'literal', cp, ci: this.flags.i, start, end: this.i };
  }

  private parseGroup(): Node {
    const start = this.i;
    this.next(); // (
    this.enter(start);
    const saved = { ...this.flags };
    let capture = true;
    let name: string | undefined;
    if (this.peek() === '?') {
      const named = this.p.startsWith('?P<', this.i) ? 3 : this.p.startsWith('?<', this.i) && !this.p.startsWith('?<=', this.i) && !this.p.startsWith('?<!', this.i) ? 2 : 0;
      if (this.p.startsWith('?=', this.i) || this.p.startsWith('?!', this.i)) {
        this.fail('lookahead', start, this.i + 2, `look-ahead "${this.p.slice(start, this.i + 2)}" is not supported: Rust regex and RE2 have no look-around`);
      }
      if (this.p.startsWith('?<=', this.i) || this.p.startsWith('?<!', this.i)) {
        this.fail('lookbehind', start, this.i + 3, `look-behind "${this.p.slice(start, this.i + 3)}" is not supported: Rust regex and RE2 have no look-around`);
      }
      if (this.p.startsWith('?>', this.i)) this.fail('atomic-group', start, this.i + 2, 'atomic group "(?>" is not supported by Rust regex or RE2');
      if (this.p.startsWith('?P=', this.i)) this.fail('backreference', start, this.i + 3, 'named backreference "(?P=" is not supported: Rust regex has no backreferences');
      if (this.p.startsWith('?P>', this.i) || this.p.startsWith('?&', this.i) || /^\?[+-]?[0-9]/.test(this.p.slice(this.i, this.i + 3))) {
        this.fail('unsupported-group', start, this.i + 2, `subroutine call or recursion "${this.p.slice(start, this.i + 2)}" is not supported by Rust regex`);
      }
      if (this.p.startsWith('?#', this.i)) this.fail('unsupported-group', start, this.i + 2, 'inline comment "(?#" is not supported by Rust regex; use (?x) with # comments');
      if (this.p.startsWith('?|', this.i)) this.fail('unsupported-group', start, this.i + 2, 'branch reset "(?|" is not supported by Rust regex');
      if (named) {
        this.i += named;
        const ns = this.i;
        while (!this.eof() && this.peek() !== '>') this.next();
        if (this.eof()) this.fail('invalid-group-name', start, this.i, 'unclosed group name: expected ">"');
        name = this.p.slice(ns, this.i);
        this.next(); // >
        if (!/^[_A-Za-z][_0-9A-Za-z.[\]]*$/.test(name)) this.fail('invalid-group-name', ns, this.i - 1, `invalid capture group name "${name}": use letters, digits and _ (first a letter or _)`);
        if (this.names.has(name)) this.fail('duplicate-group-name', ns, this.i - 1, `duplicate capture group name "${name}"`);
        this.names.add(name);
      } else {
        // Flags: (?imsUuxR-imsUuxR) or (?flags:...)
        this.next(); // ?
        let negate = false;
        let sawFlag = false;
        let sawNegFlag = false;
        const seen = new Set<string>();
        for (;;) {
          if (this.eof()) this.fail('unclosed-group', start, this.i, 'unclosed flag group: expected ")" or ":"');
          const f = this.next();
          if (f === ')' || f === ':') {
            if (!sawFlag && !negate && f === ')') this.fail('empty-flags', start, this.i, 'empty flag group "(?)"');
            if (negate && !sawNegFlag) this.fail('invalid-flag', this.i - 2, this.i, 'dangling "-" in flag group: name the flags to turn off');
            if (f === ')') {
              // Flags apply to the rest of the enclosing group.
              this.leave();
              return { type: 'empty', start, end: this.i };
            }
            capture = false;
            break;
          }
          if (f === '-') {
            if (negate) this.fail('invalid-flag', this.i - 1, this.i, 'repeated "-" in flag group');
            negate = true;
            continue;
          }
          if (!'imsUuxR'.includes(f)) {
            this.fail('invalid-flag', this.i - f.length, this.i, `unrecognized flag "${f}" in "${this.p.slice(start, this.i)}"; Rust regex flags are i, m, s, U, u, x, R`);
          }
          if (seen.has(f)) this.fail('invalid-flag', this.i - 1, this.i, `duplicate flag "${f}"`);
          seen.add(f);
          sawFlag = true;
          if (negate) sawNegFlag = true;
          (this.flags as unknown as Record<string, boolean>)[f] = !negate;
        }
      }
    }
    const child = this.parseAlt();
    if (this.peek() !== ')') this.fail('unclosed-group', start, start + 1, 'unclosed group: "(" has no matching ")"');
    this.next();
    this.flags = saved;
    this.leave();
    return { type: 'group', capture, ...(name !== undefined ? { name } : {}), child, start, end: this.i };
  }

  /** Parse an escape. In a class, returns a class or literal node; assertions are errors there. */
  private parseEscape(inClass: boolean): Node {
    const start = this.i;
    this.next(); // backslash
    if (this.eof()) this.fail('invalid-escape', start, this.i, 'incomplete escape "\\" at the end of the pattern');
    const c = this.next();
    const end = () => this.i;
    const lit = (cp: number) => this.literal(cp, start);
    if (/[0-9]/.test(c)) this.fail('backreference', start, end(), `backreference "\\${c}" is not supported: Rust regex has no backreferences (and no octal escapes by default)`);
    switch (c) {
      case 'a':
        return lit(7);
      case 'f':
        return lit(12);
      case 't':
        return lit(9);
      case 'n':
        return lit(10);
      case 'r':
        return lit(13);
      case 'v':
        return lit(11);
      case 'x':
      case 'u':
      case 'U': {
        const digits = c === 'x' ? 2 : c === 'u' ? 4 : 8;
        let h = '';
        if (this.peek() === '{') {
          this.next();
          while (!this.eof() && this.peek() !== '}') h += this.next();
          if (this.eof()) this.fail('invalid-escape', start, end(), `unclosed "\\${c}{" escape`);
          this.next();
          if (!/^[0-9A-Fa-f]{1,8}$/.test(h)) this.fail('invalid-escape', start, end(), `invalid hexadecimal escape "${this.p.slice(start, end())}"`);
        } else {
          for (let k = 0; k < digits; k++) {
            const d = this.peek();
            if (d === undefined || !/[0-9A-Fa-f]/.test(d)) this.fail('invalid-escape', start, Math.min(this.p.length, end() + 1), `"\\${c}" needs exactly ${digits} hexadecimal digits or braces, e.g. \\${c}{41}`);
            h += this.next();
          }
        }
        const cp = parseInt(h, 16);
        if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) this.fail('invalid-escape', start, end(), `"${this.p.slice(start, end())}" is not a Unicode scalar value`);
        return lit(cp);
      }
      case 'd':
      case 's':
      case 'w':
      case 'D':
      case 'S':
      case 'W': {
        const lower = c.toLowerCase() as 'd' | 's' | 'w';
        let set = perlClass(lower, this.flags.u);
        if (c !== lower) set = negate(set);
        if (!this.flags.u && c !== lower) {
          // (?-u)\W etc. match any byte outside the class, including bytes of multi-byte UTF-8 sequences.
          this.fail('invalid-utf8', start, end(), `"\\${c}" with Unicode off ((?-u)) can match invalid UTF-8, which Rust's Regex refuses`);
        }
        return { type: 'class', set, unicode: this.flags.u, label: `\\${c}`, start, end: end() };
      }
      case 'p':
      case 'P': {
        let name: string;
        if (this.peek() === '{') {
          this.next();
          let n = '';
          while (!this.eof() && this.peek() !== '}') n += this.next();
          if (this.eof()) this.fail('invalid-escape', start, end(), `unclosed "\\${c}{" Unicode class`);
          this.next();
          name = n;
        } else {
          if (this.eof()) this.fail('invalid-escape', start, end(), `"\\${c}" needs a class name, e.g. \\${c}L or \\${c}{Greek}`);
          name = this.next();
        }
        if (!this.flags.u) this.fail('unicode-property', start, end(), `"${this.p.slice(start, end())}" needs Unicode mode; it is turned off by (?-u)`);
        let set = unicodeProperty(name);
        if (!set) this.fail('unicode-property', start, end(), `unknown Unicode class "${this.p.slice(start, end())}"`);
        if (this.flags.i) set = caseFold(set);
        if (c === 'P') set = negate(set);
        return { type: 'class', set, unicode: true, label: this.p.slice(start, end()), start, end: end() };
      }
      default:
        break;
    }
    if (!inClass) {
      const look = (kind: LookKind): Node => ({ type: 'look', kind, unicode: this.flags.u, multiLine: this.flags.m, crlf: this.flags.R, start, end: end() });
      if (c === 'A') return look('start');
      if (c === 'z') return look('end');
      if (c === '<') return look('wordStart');
      if (c === '>') return look('wordEnd');
      if (c === 'B') return look('notWordBoundary');
      if (c === 'b') {
        const m = /^\{(start|end|start-half|end-half)\}/.exec(this.p.slice(this.i));
        if (m) {
          this.i += m[0].length;
          return look(m[1] === 'start' ? 'wordStart' : m[1] === 'end' ? 'wordEnd' : m[1] === 'start-half' ? 'wordStartHalf' : 'wordEndHalf');
        }
        return look('wordBoundary');
      }
    }
    if (isEscapable(c)) return lit(c.codePointAt(0)!);
    const known: Record<string, string> = {
      Z: '"\\Z" is not supported; Rust regex uses \\z for the end of the text',
      G: '"\\G" is not supported by Rust regex',
      K: '"\\K" is not supported by Rust regex',
      Q: '"\\Q...\\E" quoting is not supported by Rust regex; escape each character',
      E: '"\\E" is not supported by Rust regex',
      e: '"\\e" is not supported by Rust regex; use \\x1B',
      h: '"\\h" is not supported by Rust regex; use [\\t ] or \\s',
      R: '"\\R" is not supported by Rust regex; use \\r?\\n',
      X: '"\\X" (grapheme cluster) is not supported by Rust regex',
      C: '"\\C" is not supported by Rust regex',
      k: '"\\k" named backreferences are not supported: Rust regex has no backreferences',
      c: '"\\c" control escapes are not supported by Rust regex; use \\x escapes',
      o: '"\\o" octal escapes are not supported by Rust regex; use \\x escapes',
    };
    if (inClass && 'bBAz<>'.includes(c)) this.fail('invalid-escape', start, end(), `"\\${c}" is an assertion and cannot appear inside a character class`);
    this.fail('invalid-escape', start, end(), known[c] ?? `unrecognized escape "\\${c}"${/[A-Za-z0-9]/.test(c) ? '' : '; Rust regex only allows escaping ASCII punctuation'}`);
  }

  private parseClass(): Node {
    const start = this.i;
    this.enter(start);
    const set = this.parseClassInner(start);
    this.leave();
    return { type: 'class', set, unicode: this.flags.u, label: this.p.slice(start, this.i), start, end: this.i };
  }

  /** Parse `[...]` starting at `[`; returns the final set (folded, negated). */
  private parseClassInner(start: number): Ranges {
    this.next(); // [
    let negated = false;
    this.skipSpace();
    if (this.peek() === '^') {
      this.next();
      negated = true;
    }
    const unclosed = (): never => this.fail('unclosed-class', start, start + 1, 'unclosed character class: "[" has no matching "]"; escape it (\\[) to match a literal bracket');
    // Operands separated by &&, --, ~~ (lowest precedence, left-associative).
    type Op = '&&' | '--' | '~~';
    let acc: Ranges | null = null;
    let pendingOp: Op | null = null;
    let cur: Ranges = [];
    let first = true;
    const applyOp = () => {
      if (acc === null) acc = cur;
      else if (pendingOp === '&&') acc = intersect(acc, cur);
      else if (pendingOp === '--') acc = difference(acc, cur);
      else if (pendingOp === '~~') acc = symmetricDifference(acc, cur);
      cur = [];
    };
    for (;;) {
      this.skipSpace();
      if (this.eof()) unclosed();
      const c = this.peek()!;
      if (c === ']' && !first) {
        this.next();
        break;
      }
      if (first && (c === ']' || c === '-')) {
        this.next();
        cur = union(cur, [[c.codePointAt(0)!, c.codePointAt(0)!]]);
        first = false;
        continue;
      }
      first = false;
      const two = this.p.slice(this.i, this.i + 2);
      if (two === '&&' || two === '--' || two === '~~') {
        this.i += 2;
        applyOp();
        pendingOp = two as Op;
        first = false;
        continue;
      }
      if (c === '[') {
        const posix = /^\[:(\^?)([a-z]+):\]/.exec(this.p.slice(this.i));
        if (posix && POSIX[posix[2]!]) {
          this.i += posix[0].length;
          let s = jsClassRanges(POSIX[posix[2]!]!)!;
          if (this.flags.i) s = caseFold(s);
          if (posix[1]) s = negate(s);
          cur = union(cur, s);
          continue;
        }
        const ns = this.i;
        this.enter(ns);
        const inner = this.parseClassInner(ns);
        this.leave();
        cur = union(cur, inner);
        continue;
      }
      // A single item, possibly the start of a range.
      const itemStart = this.i;
      const a = this.classItem();
      this.skipSpace();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== '-' && this.peek(1) !== undefined) {
        this.next(); // -
        this.skipSpace();
        const b = this.classItem();
        if (a.kind !== 'cp' || b.kind !== 'cp') this.fail('invalid-class-range', itemStart, this.i, `invalid range "${this.p.slice(itemStart, this.i)}": both ends must be single characters`);
        if (a.cp > b.cp) this.fail('invalid-class-range', itemStart, this.i, `invalid range "${this.p.slice(itemStart, this.i)}": the start is after the end`);
        let r: Ranges = [[a.cp, b.cp]];
        if (this.flags.i) r = caseFold(r);
        cur = union(cur, r);
      } else {
        cur = union(cur, a.kind === 'cp' ? (this.flags.i ? foldedCodePoint(a.cp) : [[a.cp, a.cp]]) : a.set);
      }
    }
    applyOp();
    let set = normalize(acc ?? []);
    if (negated) set = negate(set);
    return set;
  }

  private classItem(): { kind: 'cp'; cp: number } | { kind: 'set'; set: Ranges } {
    if (this.eof()) this.fail('unclosed-class', this.i, this.i, 'unclosed character class');
    if (this.peek() === '\\') {
      const n = this.parseEscape(true);
      if (n.type === 'literal') return { kind: 'cp', cp: n.cp };
      if (n.type === 'class') {
        // A case-folded literal comes back as a class: keep it a single code point for ranges.
        const esc = this.p.slice(n.start, n.end);
        if (!/^\\[dswDSWpP]/.test(esc)) {
          const m = n.label.codePointAt(0)!;
          return { kind: 'cp', cp: m };
        }
        return { kind: 'set', set: n.set };
      }
      return { kind: 'set', set: [] };
    }
    const c = this.next();
    return { kind: 'cp', cp: c.codePointAt(0)! };
  }
}

/** Parse a pattern with Rust regex semantics. Never throws. */
export function parseRustRegex(pattern: string, flags: Partial<Flags> = {}): ParseResult {
  const parser = new Parser(pattern, flags);
  try {
    const ast = parser.parse();
    return { ok: true, ast, warnings: parser.warnings };
  } catch (e) {
    if (e instanceof Fail) return { ok: false, error: e.err, warnings: parser.warnings };
    if (e instanceof RangeError) {
      return { ok: false, error: { kind: 'nest-limit', start: 0, end: pattern.length, construct: pattern.slice(0, 20), message: 'pattern too deeply nested to analyse' }, warnings: parser.warnings };
    }
    throw e;
  }
}

