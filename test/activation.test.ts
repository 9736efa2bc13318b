// IronClaw v1 selection reproduced: scores, caps, veto, ties, the skip-and-continue budget walk; Cuca search and
// Cerveau triggers; the select command on corpus/select.

import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ActivationInputError, scoreSkill, selectSkills, type ActivationSkill } from '../src/targets/ironclaw/activation.js';
import { cerveauTriggers } from '../src/targets/cerveau/activation.js';
import { cucaSearch } from '../src/targets/cuca/activation.js';
import { CORPUS, runCli } from './helpers.js';

function skill(name: string, activation: Record<string, unknown>, body = 'Body.'): ActivationSkill {
  return { name, frontmatter: { name, activation }, body };
}

describe('scoreSkill', () => {
  it('scores a whole word +10 and a substring +5, case-insensitively', () => {
    const s = skill('a', { keywords: ['deploy', 'Release'] });
    expect(scoreSkill(s, 'Please DEPLOY the release!').keywords.hits).toEqual([
      { keyword: 'deploy', kind: 'word', points: 10 },
      { keyword: 'release', kind: 'word', points: 10 },
    ]);
    expect(scoreSkill(s, 'redeploy it').keywords.hits).toEqual([{ keyword: 'deploy', kind: 'substring', points: 5 }]);
    // Words are split on whitespace and trimmed of non-alphanumerics at both ends only.
    expect(scoreSkill(s, '(deploy), "release".').score).toBe(20);
    expect(scoreSkill(s, 'deploy-release').keywords.hits.map((h) => h.kind)).toEqual(['substring', 'substring']);
  });

  it('never word-matches a keyword with a space (words have none): substring only', () => {
    expect(scoreSkill(skill('a', { keywords: ['pull request'] }), 'open a pull request').keywords.hits).toEqual([{ keyword: 'pull request', kind: 'substring', points: 5 }]);
  });

  it('caps keywords at 30, tags at 15, patterns at 40', () => {
    const s = skill('a', { keywords: ['alpha', 'bravo', 'charlie', 'delta'], tags: ['one', 'two', 'three', 'four', 'five', 'six'], patterns: ['alpha', 'bravo', 'charlie'] });
    const r = scoreSkill(s, 'alpha bravo charlie delta one two three four five six');
    expect([r.keywords.uncapped, r.keywords.points]).toEqual([40, 30]);
    expect([r.tags.uncapped, r.tags.points]).toEqual([18, 15]);
    expect([r.patterns.uncapped, r.patterns.points]).toEqual([60, 40]);
    expect(r.score).toBe(85);
  });

  it('vetoes on an exclude keyword substring, whatever else matches', () => {
    const r = scoreSkill(skill('a', { keywords: ['deploy'], exclude_keywords: ['Rollback'] }), 'deploy after the rollbacks');
    expect(r.vetoedBy).toBe('rollback');
    expect(r.score).toBe(0);
  });

  it('applies load-time filtering first: short entries, caps and bad patterns dropped', () => {
    const s = skill('a', { keywords: ['go', 'ok', ...Array.from({ length: 21 }, (_, i) => `kw${i}`)], exclude_keywords: ['no'], patterns: ['x(?=y)', '\\w{3}', 'go'] });
    expect(scoreSkill(s, 'go no').score).toBe(20); // only the pattern "go"
    expect(scoreSkill(s, 'kw20').keywords.hits.map((h) => h.keyword)).not.toContain('kw20'); // 21st keyword cut
    expect(scoreSkill(s, 'kw19').keywords.points).toBe(15); // kw19 as a word, kw1 as a substring
  });

  it('matches patterns on the original message (case kept) with RE2, linear on hostile input', () => {
    const s = skill('a', { patterns: ['Deploy', '(a+)+$'] });
    expect(scoreSkill(s, 'deploy').patterns.hits).toEqual([]);
    expect(scoreSkill(s, 'Deploy').patterns.points).toBe(20);
    expect(scoreSkill(s, `${'a'.repeat(30_000)}!`).patterns.hits).toEqual([]);
  });

  it('refuses a message over 64 KiB with a clear error', () => {
    expect(() => scoreSkill(skill('a', {}), 'x'.repeat(65_537))).toThrow(ActivationInputError);
    expect(() => scoreSkill(skill('a', {}), 'x'.repeat(65_536))).not.toThrow();
  });
});

describe('selectSkills', () => {
  const five = () => [
    skill('alpha', { keywords: ['deploy'], max_context_tokens: 1000 }),
    skill('beta', { keywords: ['deploy'], max_context_tokens: 3500 }),
    skill('delta', { keywords: ['deploy'], exclude_keywords: ['rollback'] }),
    skill('epsilon', { keywords: ['deploy'], max_context_tokens: 200 }),
    skill('gamma', { keywords: ['deploy'], tags: ['ops'], max_context_tokens: 500 }),
  ];

  it('keeps input order on ties, skips what does not fit and walks on, stops at 3', () => {
    const r = selectSkills(five(), 'deploy');
    expect(r.selected).toEqual(['alpha', 'delta', 'epsilon']);
    expect(r.candidates.map((c) => [c.name, c.reason ?? 'selected', c.budgetBefore])).toEqual([
      ['alpha', 'selected', 4000],
      ['beta', 'budget', 3000],
      ['delta', 'selected', 3000],
      ['epsilon', 'selected', 1000],
      ['gamma', 'cap', undefined],
    ]);
  });

  it('ranks by score first, and reports vetoes and zero scores', () => {
    const r = selectSkills(five(), 'ops deploy, then rollback');
    expect(r.selected).toEqual(['gamma', 'alpha', 'epsilon']);
    expect(r.candidates.find((c) => c.name === 'beta')?.reason).toBe('budget');
    expect(r.candidates.find((c) => c.name === 'delta')?.reason).toBe('vetoed');
    expect(selectSkills(five(), 'hello').candidates.every((c) => c.reason === 'zero-score')).toBe(true);
  });

  it('charges the body estimate when it exceeds twice max_context_tokens, and at least 1 token', () => {
    const big = skill('big', { keywords: ['deploy'], max_context_tokens: 100 }, 'x'.repeat(4000)); // estimate 1000 > 200
    const free = skill('free', { keywords: ['deploy'], max_context_tokens: 0 }, '');
    const r = selectSkills([big, free], 'deploy', { budgetTokens: 1000 });
    expect(r.candidates.map((c) => [c.name, c.cost, c.selected])).toEqual([
      ['big', 1000, true],
      ['free', 1, false],
    ]);
  });

  it('selects nothing for an empty message', () => {
    expect(selectSkills(five(), '').selected).toEqual([]);
  });
});

describe('cuca search and cerveau triggers', () => {
  it('scores 3/2/1 per occurrence and ranks by score, then name', () => {
    const skills = [
      { name: 'pdf', description: 'Fill PDF forms', instructions: 'pdf pdf' },
      { name: 'forms', description: 'forms and more forms', instructions: '' },
      { name: 'apdf', description: 'x', instructions: 'PDF' },
      { name: 'zzz', description: 'nothing', instructions: '' },
    ];
    const hits = cucaSearch(skills, 'PDF forms', 10);
    expect(hits.map((h) => [h.name, h.score])).toEqual([
      ['pdf', 3 + 2 + 2 + 2],
      ['forms', 3 + 4],
      ['apdf', 3 + 1],
    ]);
    expect(cucaSearch(skills, 'pdf', 1).map((h) => h.name)).toEqual(['pdf']);
    expect(cucaSearch([{ name: 'b', description: 'x', instructions: 'q' }, { name: 'a', description: 'x', instructions: 'q' }], 'q', 5).map((h) => h.name)).toEqual(['a', 'b']);
  });

  it('loads a cerveau skill when a trigger appears, never without triggers', () => {
    const r = cerveauTriggers([{ name: 'a', triggers: ['Deploy', 3] }, { name: 'b', triggers: [] }, { name: 'c' }], 'please deploy now');
    expect(r.map((x) => [x.name, x.loads, x.matched])).toEqual([
      ['a', true, ['Deploy']],
      ['b', false, []],
      ['c', false, []],
    ]);
    expect(r[0]!.ignored).toEqual([3]);
  });
});

describe('skillcheck select', () => {
  const dir = path.join(CORPUS, 'select');

  it('prints the selection and why the others were not selected (JSON)', async () => {
    const r = await runCli(['select', 'deploy', '.', '--format', 'json'], dir);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { selected: string[]; candidates: { name: string; reason?: string; breakdown: unknown }[] };
    expect(doc.selected).toEqual(['alpha', 'delta', 'epsilon']);
    expect(doc.candidates.map((c) => [c.name, c.reason ?? 'selected'])).toEqual([
      ['alpha', 'selected'],
      ['beta', 'budget'],
      ['delta', 'selected'],
      ['epsilon', 'selected'],
      ['gamma', 'cap'],
    ]);
  });

  it('explains vetoes, budget and cap in text', async () => {
    const r = await runCli(['select', 'deploy', '.'], dir);
    expect(r.stdout).toContain('beta  budget: costs 3500 tokens, 3000 left');
    expect(r.stdout).toContain('gamma  cap: 3 skills were already selected');
    const v = await runCli(['select', 'deploy after rollback', '.'], dir);
    expect(v.stdout).toContain('delta  vetoed: the message contains exclude keyword "rollback"');
    expect(v.stdout).toContain('3. gamma');
  });

  it('refuses a message over 64 KiB (exit 2) and an unknown target', async () => {
    const r = await runCli(['select', 'x'.repeat(70_000), '.'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('skillcheck evaluates messages up to 65,536 bytes');
    expect((await runCli(['select', 'x', '.', '--target', 'nope'], dir)).code).toBe(2);
  });
});
