// RE2 (WASM, ~35 ms to load) must stay unloaded by lint runs: pattern rules parse and estimate without it.
// Its own test file, so no other test in this process has loaded it first.

import { describe, expect, it } from 'vitest';
import { lint } from '../src/node/lint.js';
import { re2Loaded } from '../src/analysis/re2.js';
import { tempTree } from './helpers.js';

describe('lazy RE2', () => {
  it('a lint run over skills without patterns never loads RE2', async () => {
    const dir = tempTree({
      'skills/a/SKILL.md': '---\nname: a\ndescription: x\nactivation:\n  keywords: [deploy]\n---\nBody.\n',
      '.claude/skills/b/SKILL.md': '---\nname: b\ndescription: y\n---\nBody.\n',
    });
    const r = await lint({ cwd: dir, paths: ['.'] });
    expect(r.skills.length).toBe(2);
    expect(re2Loaded()).toBe(false);
  });

  it('linting patterns does not load it either; matching does', async () => {
    const dir = tempTree({ 'skills/a/SKILL.md': "---\nname: a\nactivation:\n  patterns: ['(?i)\\bdeploy\\b', 'x(?=y)']\n---\nBody.\n" });
    const r = await lint({ cwd: dir, paths: ['.'] });
    expect(r.diagnostics.some((d) => d.ruleId === 'activation-pattern')).toBe(true);
    expect(re2Loaded()).toBe(false);
    const { analyzePattern, compileForMatch } = await import('../src/analysis/regex/pattern.js');
    const c = compileForMatch(analyzePattern('(?i)\\bdeploy\\b', 65536));
    expect('test' in c && c.test('Deploy now')).toBe(true);
    expect(re2Loaded()).toBe(true);
  });
});
