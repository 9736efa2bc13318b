// The Rust-regex front end: what it accepts and rejects (with positions), and the size estimate's landmarks.

import { describe, expect, it } from 'vitest';
import { analyzePattern, compileForMatch } from '../src/analysis/regex/pattern.js';
import { parseRustRegex } from '../src/analysis/regex/syntax.js';

const LIMIT = 64 * 1024;

function err(p: string) {
  const r = parseRustRegex(p);
  return r.ok ? null : { kind: r.error.kind, at: r.error.start, construct: r.error.construct };
}

function matches(p: string, m: string): boolean {
  const c = compileForMatch(analyzePattern(p, LIMIT));
  if (!('test' in c)) throw new Error(c.error);
  return c.test(m);
}

describe('Rust regex syntax', () => {
  it.each([
    ['deploy(?=x)', 'lookahead', 6, '(?='],
    ['(?!x)', 'lookahead', 0, '(?!'],
    ['a(?<=b)', 'lookbehind', 1, '(?<='],
    ['(?<!b)', 'lookbehind', 0, '(?<!'],
    ['(a)\\1', 'backreference', 3, '\\1'],
    ['(?P<n>a)(?P=n)', 'backreference', 8, '(?P='],
    ['(?>a)', 'atomic-group', 0, '(?>'],
    ['((a)', 'unclosed-group', 0, '('],
    ['a)', 'unopened-group', 1, ')'],
    ['\\e', 'invalid-escape', 0, '\\e'],
    ['a\\Z', 'invalid-escape', 1, '\\Z'],
    ['\\Qa.b\\E', 'invalid-escape', 0, '\\Q'],
    ['[z-a]', 'invalid-class-range', 1, 'z-a'],
    ['[a', 'unclosed-class', 0, '['],
    ['json{', 'invalid-repetition', 4, '{'],
    ['a{2,1}', 'invalid-repetition', 1, '{2,1}'],
    ['*a', 'repetition-missing', 0, '*'],
    ['(?y)a', 'invalid-flag', 2, 'y'],
    ['\\p{Nope}', 'unicode-property', 0, '\\p{Nope}'],
    ['(?#c)', 'unsupported-group', 0, '(?#'],
  ])('%s is rejected as %s at %i', (p, kind, at, construct) => {
    expect(err(p)).toEqual({ kind, at, construct });
  });

  it.each([
    '(?i)\\bdeploy\\b.*\\b(production|staging)\\b',
    '(?i)\\b(write|draft)\\b.*\\b(email|letter)\\b',
    '(?x) de ploy # comment',
    '(?P<name>a)(?<other>b)',
    '(?:[a-z]+\\.)+com',
    '(?i:a)(?-i:b)(?s)',
    '[\\p{Greek}&&\\pL]',
    '[a-z--[aeiou]]',
    '[[:alpha:][:digit:]]',
    '\\x{1F600}\\u{41}\\U0001F600\\x41',
    '\\A\\z\\<\\>\\b{start}',
    'a{2}{3}',
    '\\/\\%\\ ',
    '(?-u:\\w)+',
    '[]a]',
    'a}',
  ])('%s compiles', (p) => {
    expect(err(p)).toBeNull();
  });

  it('reads a++ as a repetition of a repetition, with a warning', () => {
    const r = parseRustRegex('a++');
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => [w.kind, w.start])).toEqual([['possessive', 1]]);
  });

  it('enforces the nest limit', () => {
    expect(err('('.repeat(300) + ')'.repeat(300))?.kind).toBe('nest-limit');
  });
});

describe('size estimate', () => {
  it('matches the landmarks documented in rules/activation-pattern.md', () => {
    const bytes = (p: string) => analyzePattern(p, LIMIT).size!.bytes;
    // Rust's docs: \w alone exceeds 45,000 bytes.
    expect(bytes('\\w')).toBeGreaterThan(45_000);
    expect(bytes('\\w')).toBeLessThan(LIMIT);
    expect(bytes('(?-u:\\w)')).toBeLessThan(1000);
    expect(analyzePattern('\\w+\\s+\\w+', LIMIT).verdict).toBe('too-large');
    expect(analyzePattern('[a-z]{2000}', LIMIT).verdict).toBe('ok');
    expect(analyzePattern('[a-z]{2100}', LIMIT).verdict).toBe('too-large');
    expect(bytes('(?i)\\bdeploy\\b.*\\b(production|staging)\\b')).toBeLessThan(4096);
  });
});

describe('matching on RE2 with Rust semantics', () => {
  it('keeps Unicode \\w, \\d and \\s (RE2 alone would be ASCII)', () => {
    expect(matches('^\\w+$', 'héllo')).toBe(true);
    expect(matches('^\\d$', '٣')).toBe(true);
    expect(matches('a\\sb', 'a\u00a0b')).toBe(true);
    expect(matches('^(?-u:\\w)+$', 'héllo')).toBe(false);
  });

  it('handles (?x), class set operations, large counts and $ at the end only', () => {
    expect(matches('(?x) de ploy # c', 'deploy')).toBe(true);
    expect(matches('^[a-z--[aeiou]]+$', 'bcd')).toBe(true);
    expect(matches('^[a-z--[aeiou]]+$', 'bad')).toBe(false);
    expect(matches('^a{1200}$', 'a'.repeat(1200))).toBe(true);
    expect(matches('^a{1200}$', 'a'.repeat(1199))).toBe(false);
    expect(matches('abc$', 'abc\n')).toBe(false);
    expect(matches('(?m)abc$', 'abc\n')).toBe(true);
  });

  it('is case-insensitive only where (?i) applies', () => {
    expect(matches('(?i)deploy', 'DEPLOY')).toBe(true);
    expect(matches('deploy', 'DEPLOY')).toBe(false);
    expect(matches('(?i:de)ploy', 'DEploy')).toBe(true);
    expect(matches('(?i:de)ploy', 'dePLOY')).toBe(false);
  });
});
