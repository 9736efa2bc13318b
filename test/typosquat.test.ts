// typosquat (rules/typosquat.ts): which slips count, and which near names stay quiet.

import { describe, expect, it } from 'vitest';
import { slip, typosquatOf } from '../rules/typosquat.js';

describe('typosquat', () => {
  it.each([
    ['webbapp-testing', 'webapp-testing'],
    ['reqeusts-helper', 'requests'],
    ['json-parsre', 'parser'],
    ['confg-validator', 'config'],
    ['claw-diagnotsics', 'diagnostics'],
    ['claw-validater', 'validator'],
  ])('%s imitates %s', (name, known) => {
    expect(typosquatOf(name)?.known).toBe(known);
  });

  it.each(['webapp-testing', 'requests-helper', 'json-parsers', 'react-reach', 'pdf', 'pdfs', 'config-helper', 'parser'])('%s stays quiet', (name) => {
    expect(typosquatOf(name)).toBeNull();
  });

  it('counts only swaps, doubled letters, drops from long words and vowel slips in long words', () => {
    expect(slip('reqeusts', 'requests')).toMatch(/swapped/);
    expect(slip('webbapp', 'webapp')).toMatch(/doubled/);
    expect(slip('parsers', 'parser')).toBeNull();
    expect(slip('reach', 'react')).toBeNull();
    expect(slip('slak', 'slack')).toBeNull();
  });
});
