// The policy library's behaviour, pinned through its public functions so that a changed operator, condition or
// message in src/core/policy/ fails a test (`npm run mutation` measures it). Each case states a documented promise:
// trust from location and mapping, the ceiling cut, the digest, the verifier's refusals, the gate's answers.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  POLICY_DATA,
  attenuateTools,
  buildPolicy,
  canonicalPolicyInput,
  ceilingFor,
  checkPolicyData,
  createToolGate,
  declaredTools,
  explainTrust,
  globMatch,
  lowestTrust,
  matchSegment,
  normalizeTrustPattern,
  parseTrustMapping,
  policyDigest,
  policyWarnings,
  rebaseTrustMapping,
  resolveTrust,
  sortedUnique,
  splitAllowedTools,
  toClaudeSettings,
  tokenizeAllowedTools,
  toolPolicy,
  toolPolicyFromConfig,
  trustPatternMatches,
  verifyPolicyDocument,
  PolicyDigestError,
  type PolicySkill,
  type ToolPolicy,
} from '../src/core/policy/index.js';
import { toClaudeHooks } from '../src/core/policy/claude-hooks.js';
import { toOpencodePlugin } from '../src/core/policy/opencode-plugin.js';
import { TRUST_BEARING_DIRS, LOWER_TRUST_DIRS } from '../src/core/policy/trust.js';

const sk = (name: string | null, trust: 'installed' | 'trusted', file = `s/${name ?? 'x'}/SKILL.md`): PolicySkill => ({ name, trust, file });
const custom = (tools: string[]): ToolPolicy => ({ preset: null, readOnlyTools: tools });

describe('glob', () => {
  it('matches a segment: literals exactly, * any run, ? one code point', () => {
    expect(matchSegment('abc', 'abc')).toBe(true);
    expect(matchSegment('abc', 'abd')).toBe(false);
    expect(matchSegment('abc', 'ab')).toBe(false);
    expect(matchSegment('*', '')).toBe(true);
    expect(matchSegment('*', '.hidden')).toBe(true);
    expect(matchSegment('a*b', 'aXYb')).toBe(true);
    expect(matchSegment('a*b', 'aXYc')).toBe(false);
    expect(matchSegment('a*b', 'ab')).toBe(true);
    expect(matchSegment('*a*a*b', 'xaxaxab')).toBe(true);
    expect(matchSegment('*a*a*b', 'xaxaxa')).toBe(false);
    expect(matchSegment('?', '😀')).toBe(true);
    expect(matchSegment('?', 'ab')).toBe(false);
    expect(matchSegment('?', '')).toBe(false);
    expect(matchSegment('a?c', 'abc')).toBe(true);
    expect(matchSegment('a?c', 'ac')).toBe(false);
    expect(matchSegment('**', 'x')).toBe(true);
    expect(matchSegment('x*', 'yx')).toBe(false);
    expect(matchSegment('ab**', 'ab')).toBe(true);
    expect(matchSegment('ab*?', 'ab')).toBe(false);
    expect(matchSegment('*b*', 'aaa')).toBe(false);
    expect(matchSegment('*x', 'xy')).toBe(false);
  });

  it('matches a path or an ancestor folder; ** spans zero or more segments', () => {
    expect(globMatch('a/b', 'a/b')).toBe(true);
    expect(globMatch('a/b', 'a/b/c/SKILL.md')).toBe(true);
    expect(globMatch('a/b', 'a/bc')).toBe(false);
    expect(globMatch('a/b', 'x/a/b')).toBe(false);
    expect(globMatch('a/b/c', 'a/b')).toBe(false);
    expect(globMatch('a//b/', 'a/b')).toBe(true);
    expect(globMatch('/a/b', 'a/b/x')).toBe(true);
    expect(globMatch('**', '')).toBe(true);
    expect(globMatch('**', 'any/thing')).toBe(true);
    expect(globMatch('a/**/c', 'a/c')).toBe(true);
    expect(globMatch('a/**/c', 'a/x/y/c/d')).toBe(true);
    expect(globMatch('a/**/c', 'a/x/y/d')).toBe(false);
    expect(globMatch('a/*/c', 'a/x/c')).toBe(true);
    expect(globMatch('a/*/c', 'a/x/y/c')).toBe(false);
    expect(globMatch('a/**', 'a')).toBe(true);
    expect(globMatch('a/**', 'b')).toBe(false);
    expect(globMatch('**/skills', 'x/y/skills/z')).toBe(true);
    expect(globMatch('**/skills', 'x/y/skillsz/z')).toBe(false);
  });
});

describe('trust patterns', () => {
  it('normalizes: ./ and trailing / dropped, a bare name matches at any depth', () => {
    expect(normalizeTrustPattern('vendor')).toBe('**/vendor');
    expect(normalizeTrustPattern('  vendor  ')).toBe('**/vendor');
    expect(normalizeTrustPattern('./././a/b//')).toBe('a/b');
    expect(normalizeTrustPattern('./vendor/')).toBe('**/vendor');
    expect(normalizeTrustPattern('/')).toBe('/');
    expect(normalizeTrustPattern('~')).toBe('~');
    expect(normalizeTrustPattern('~/x/')).toBe('~/x');
    expect(normalizeTrustPattern('/abs/x')).toBe('/abs/x');
    expect(normalizeTrustPattern('a/b')).toBe('a/b');
  });

  it('rebases relative patterns on the config folder and keeps / and ~ patterns', () => {
    expect(rebaseTrustMapping([{ path: 'vendor', level: 'installed' }, { path: './a/b/', level: 'trusted' }, { path: '/x', level: 'installed' }, { path: '~', level: 'trusted' }, { path: '~/y', level: 'installed' }], '/r/c/')).toEqual([
      { path: '/r/c/**/vendor', level: 'installed' },
      { path: '/r/c/a/b', level: 'trusted' },
      { path: '/x', level: 'installed' },
      { path: '~', level: 'trusted' },
      { path: '~/y', level: 'installed' },
    ]);
  });

  it('anchors / on the absolute path, ~ on the home, others on the base', () => {
    expect(trustPatternMatches('/abs', '/abs/x/SKILL.md')).toBe(true);
    expect(trustPatternMatches('/abs', '/absx/SKILL.md')).toBe(false);
    expect(trustPatternMatches('/abs', 'x/SKILL.md', { base: '/abs' })).toBe(true);
    expect(trustPatternMatches('/abs', 'x/SKILL.md')).toBe(false);
    expect(trustPatternMatches('~/a', '/h/a/x/SKILL.md')).toBe(false);
    expect(trustPatternMatches('~/a', '/h/a/x/SKILL.md', { home: '/h' })).toBe(true);
    expect(trustPatternMatches('~/a', '/h/b/x/SKILL.md', { home: '/h' })).toBe(false);
    expect(trustPatternMatches('~', '/h/b/SKILL.md', { home: '/h' })).toBe(true);
    expect(trustPatternMatches('~', '/g/b/SKILL.md', { home: '/h' })).toBe(false);
    expect(trustPatternMatches('~/a', 'a/SKILL.md', { home: '/h' })).toBe(false);
    expect(trustPatternMatches('~/a', 'a/SKILL.md', { home: '/h', base: '/h' })).toBe(true);
    expect(trustPatternMatches('vendor/x', '/r/vendor/x/SKILL.md', { base: '/r' })).toBe(true);
    expect(trustPatternMatches('vendor/x', 'vendor/x/SKILL.md', { base: '/r' })).toBe(true);
    expect(trustPatternMatches('vendor/x', 'vendor/x/SKILL.md')).toBe(true);
    expect(trustPatternMatches('vendor/x', 'vendor/y/SKILL.md', { base: '/r' })).toBe(false);
    expect(trustPatternMatches('vendor/x', '../vendor/x/SKILL.md')).toBe(false);
    expect(trustPatternMatches('vendor', '/r/a/vendor/x/SKILL.md', { base: '/r' })).toBe(true);
    // No base: a relative path is matched as given; a ** pattern too.
    expect(trustPatternMatches('vendor', 'a/vendor/SKILL.md')).toBe(true);
    expect(trustPatternMatches('vendor', 'a/vendr/SKILL.md')).toBe(false);
    // A `..` spelling is not a real path: it matches no pattern (trust is decided on real paths only); the real
    // path outside the base is matched by its absolute path without the leading `/`.
    expect(trustPatternMatches('r/x', '../x/SKILL.md', { base: '/r/c' })).toBe(false);
    expect(trustPatternMatches('c/x', '../x/SKILL.md', { base: '/r/c' })).toBe(false);
    expect(trustPatternMatches('r/x', '/r/x/SKILL.md', { base: '/r/c' })).toBe(true);
    expect(trustPatternMatches('c/x', '/r/x/SKILL.md', { base: '/r/c' })).toBe(false);
  });

  it('a ** pattern does not depend on the working folder', () => {
    const file = '/h/.ironclaw/installed_skills/w/SKILL.md';
    for (const base of [undefined, '/h', '/h/.ironclaw/installed_skills', '/h/.ironclaw/installed_skills/w', '/elsewhere']) {
      expect(trustPatternMatches('installed_skills', file, base === undefined ? {} : { base })).toBe(true);
      expect(resolveTrust(file, base === undefined ? {} : { base })).toBe('installed');
    }
    expect(trustPatternMatches('installed_skills', 'w/SKILL.md', { base: '/h/.ironclaw/installed_skills' })).toBe(true);
  });
});

describe('explainTrust / resolveTrust', () => {
  it('the mapping first (first match wins), then the locations, then the default', () => {
    const mapping = [
      { path: '/r/a', level: 'installed' as const },
      { path: '/r', level: 'trusted' as const },
    ];
    expect(explainTrust('/r/a/SKILL.md', { mapping })).toEqual({ level: 'installed', source: 'mapping', pattern: '/r/a', because: 'trust mapping "/r/a" → installed' });
    expect(explainTrust('/r/b/SKILL.md', { mapping })).toMatchObject({ level: 'trusted', source: 'mapping', pattern: '/r' });
    expect(explainTrust('/r/installed_skills/b/SKILL.md', { mapping })).toMatchObject({ level: 'trusted', source: 'mapping' });
    expect(explainTrust('/x/installed_skills/b/SKILL.md', { mapping })).toEqual({
      level: 'installed',
      source: 'location',
      pattern: '**/installed_skills',
      because: POLICY_DATA.locations[0]!.because,
    });
    expect(explainTrust('/x/skills/b/SKILL.md')).toMatchObject({ level: 'trusted', source: 'location', pattern: '**/skills' });
    expect(explainTrust('/h/.ironclaw/skills/b/SKILL.md', { home: '/h' })).toMatchObject({ source: 'location', pattern: '~/.ironclaw/skills' });
    expect(explainTrust('/x/y/SKILL.md')).toEqual({ level: 'trusted', source: 'default', pattern: null, because: 'no location rule matched' });
    expect(resolveTrust('/r/a/SKILL.md', { mapping })).toBe('installed');
    expect(resolveTrust('/x/installed_skills/b/SKILL.md')).toBe('installed');
  });

  it('the folder names that bear trust come from the location rules', () => {
    expect([...TRUST_BEARING_DIRS].sort()).toEqual(['installed_skills', 'skills']);
    expect(LOWER_TRUST_DIRS).toEqual(['installed_skills']);
  });
});

describe('parseTrustMapping', () => {
  it('returns { path, level } entries only', () => {
    const m = parseTrustMapping([{ path: 'a', level: 'installed' }]);
    expect(m).toEqual([{ path: 'a', level: 'installed' }]);
  });
  it.each([
    [null, 'trust: expected a list of { path, level }, got null'],
    ['x', 'trust: expected a list of { path, level }, got string'],
    [{}, 'trust: expected a list of { path, level }, got object'],
    [[null], 'trust[0]: expected a mapping { path, level }'],
    [[['a']], 'trust[0]: expected a mapping { path, level }'],
    [[7], 'trust[0]: expected a mapping { path, level }'],
    [[{ path: 'a', level: 'installed', extra: 1 }], 'trust[0]: unknown key "extra"; expected path and level'],
    [[{ path: 'a', level: 'installed' }, { path: '', level: 'installed' }], 'trust[1].path: expected a non-empty glob string'],
    [[{ path: '   ', level: 'installed' }], 'trust[0].path: expected a non-empty glob string'],
    [[{ path: 'a\0b', level: 'installed' }], 'trust[0].path: expected a non-empty glob string'],
    [[{ path: 3, level: 'installed' }], 'trust[0].path: expected a non-empty glob string'],
    [[{ path: 'a', level: 'root' }], 'trust[0].level: "root" is not a trust level; expected one of installed, trusted'],
    [[{ path: 'a' }], 'trust[0].level: undefined is not a trust level'],
  ])('%j → %s', (value, message) => {
    expect(() => parseTrustMapping(value)).toThrow(message);
  });
  it('names the entry with the label given', () => {
    expect(() => parseTrustMapping([{ path: 'a', level: 'x' }], 'cfg.trust')).toThrow(/^cfg\.trust\[0\]\.level/);
  });
});

describe('tool sets', () => {
  it('sortedUnique sorts by code unit and drops duplicates', () => {
    expect(sortedUnique(['b', 'a', 'b', 'B', 'a'])).toEqual(['B', 'a', 'b']);
    expect(sortedUnique([])).toEqual([]);
  });

  it('toolPolicy: the presets, by own name only', () => {
    expect(toolPolicy()).toEqual({ preset: 'default', readOnlyTools: POLICY_DATA.presets.default!.tools });
    expect(toolPolicy('ironclaw-v1').preset).toBe('ironclaw-v1');
    for (const bad of ['nope', 'toString', '__proto__', 'constructor']) {
      expect(() => toolPolicy(bad)).toThrow(`unknown read-only preset "${bad}"; expected one of ${Object.keys(POLICY_DATA.presets).join(', ')}`);
    }
  });

  it('toolPolicyFromConfig: readOnlyTools wins over preset; names are checked; the list is copied', () => {
    expect(toolPolicyFromConfig(undefined)).toEqual(toolPolicy());
    expect(toolPolicyFromConfig({})).toEqual(toolPolicy());
    expect(toolPolicyFromConfig({ preset: 'ironclaw-v1' })).toEqual(toolPolicy('ironclaw-v1'));
    const list = ['Read'];
    const p = toolPolicyFromConfig({ readOnlyTools: list, preset: 'ironclaw-v1' });
    expect(p).toEqual({ preset: null, readOnlyTools: ['Read'] });
    expect(p.readOnlyTools).not.toBe(list);
    expect(toolPolicyFromConfig({ readOnlyTools: [] })).toEqual({ preset: null, readOnlyTools: [] });
    expect(() => toolPolicyFromConfig({ readOnlyTools: ['Read', ''] })).toThrow('policy.readOnlyTools: every tool name must be a non-empty string, got ""');
    expect(() => toolPolicyFromConfig({ readOnlyTools: [3 as unknown as string] })).toThrow(TypeError);
  });

  it('lowestTrust: the lowest of the skills, the highest with none; unknown levels throw', () => {
    expect(lowestTrust([])).toBe('trusted');
    expect(lowestTrust([sk('a', 'trusted')])).toBe('trusted');
    expect(lowestTrust([sk('a', 'trusted'), sk('b', 'installed'), sk('c', 'trusted')])).toBe('installed');
    expect(lowestTrust([sk('b', 'installed'), sk('a', 'trusted')])).toBe('installed');
    expect(() => lowestTrust([{ trust: 'root' as 'trusted' }])).toThrow('unknown trust level "root"; expected one of installed, trusted');
  });

  it('ceilingFor: the shipped ceilings, overridable, checked', () => {
    expect(ceilingFor('installed', toolPolicy())).toBe('read-only');
    expect(ceilingFor('trusted', toolPolicy())).toBe('all');
    expect(ceilingFor('installed', { ...toolPolicy(), ceilings: { installed: 'none' } })).toBe('none');
    expect(ceilingFor('trusted', { ...toolPolicy(), ceilings: { installed: 'none' } })).toBe('all');
    expect(() => ceilingFor('trusted', { ...toolPolicy(), ceilings: { trusted: 'some' as 'all' } })).toThrow('ceiling for trusted must be one of all, read-only, none');
  });
});

describe('attenuateTools', () => {
  const tools = ['Write', 'Read', 'Bash', 'Read', 'Grep'];

  it('no skill: every tool, sorted, unique, with the reason', () => {
    const a = attenuateTools(tools, []);
    expect(a).toMatchObject({ effectiveTrust: 'trusted', ceiling: 'all', allowedTools: ['Bash', 'Grep', 'Read', 'Write'], deniedTools: [] });
    expect(a.reasons).toEqual(['Bash', 'Grep', 'Read', 'Write'].map((tool) => ({ tool, because: 'no active skill, so no ceiling' })));
  });

  it('trusted skills only: every tool', () => {
    const a = attenuateTools(tools, [sk('d', 'trusted')]);
    expect(a.allowedTools).toEqual(['Bash', 'Grep', 'Read', 'Write']);
    expect(a.reasons[0]!.because).toBe('every active skill is trusted: the trusted ceiling keeps every tool');
  });

  it('an installed skill: the read-only set, with who and why', () => {
    const a = attenuateTools(tools, [sk('d', 'trusted'), sk('w', 'installed')]);
    expect(a).toMatchObject({ effectiveTrust: 'installed', ceiling: 'read-only', allowedTools: ['Grep', 'Read'], deniedTools: ['Bash', 'Write'] });
    const why = Object.fromEntries(a.reasons.map((r) => [r.tool, r.because]));
    expect(why.Read).toBe('in the read-only set (preset "default"), kept under the read-only ceiling (skill "w" (s/w/SKILL.md) is installed)');
    expect(why.Bash).toBe('not in the read-only set (preset "default"): the ceiling is read-only because skill "w" (s/w/SKILL.md) is installed');
  });

  it('names the first lowest skill by name then file, and counts the others', () => {
    const two = attenuateTools(['Bash'], [sk('z', 'installed'), sk('a', 'installed', 's/2/SKILL.md'), sk('a', 'installed', 's/1/SKILL.md')], custom([]));
    expect(two.reasons[0]!.because).toBe('not in the read-only set: the ceiling is read-only because skill "a" (s/1/SKILL.md) is installed (and 2 more installed skills)');
    const one = attenuateTools(['Bash'], [sk('b', 'installed'), sk('a', 'installed'), sk('t', 'trusted')], custom([]));
    expect(one.reasons[0]!.because).toBe('not in the read-only set: the ceiling is read-only because skill "a" (s/a/SKILL.md) is installed (and 1 more installed skill)');
    const unnamed = attenuateTools(['Bash'], [sk(null, 'installed', 's/n/SKILL.md')], custom([]));
    expect(unnamed.reasons[0]!.because).toBe('not in the read-only set: the ceiling is read-only because the skill at s/n/SKILL.md is installed');
    const nullFirst = attenuateTools(['Bash'], [sk('a', 'installed'), sk(null, 'installed', 's/n/SKILL.md')], custom([]));
    expect(nullFirst.reasons[0]!.because).toContain('because the skill at s/n/SKILL.md is installed (and 1 more');
  });

  it('a read-only ceiling with no skill names nobody', () => {
    const a = attenuateTools(['Bash', 'Read'], [], { ...toolPolicy(), ceilings: { trusted: 'read-only' } });
    expect(a.reasons.map((r) => r.because)).toEqual([
      'not in the read-only set (preset "default"): the ceiling is read-only because ',
      'in the read-only set (preset "default"), kept under the read-only ceiling ()',
    ]);
  });

  it('ceiling none: nothing', () => {
    const a = attenuateTools(['Read', 'Bash'], [sk('w', 'installed')], { ...toolPolicy(), ceilings: { installed: 'none' } });
    expect(a).toMatchObject({ ceiling: 'none', allowedTools: [], deniedTools: ['Bash', 'Read'] });
    expect(a.reasons[0]!.because).toBe('the installed ceiling allows no tool (skill "w" (s/w/SKILL.md) is installed)');
  });

  it('names are exact: a case variant of a read-only tool is denied', () => {
    expect(attenuateTools(['read', 'Read'], [sk('w', 'installed')]).allowedTools).toEqual(['Read']);
  });

  it('refuses empty or non-string names', () => {
    expect(() => attenuateTools(['Read', ''], [])).toThrow('tools: every tool name must be a non-empty string, got ""');
    expect(() => attenuateTools(['Read'], [], custom(['']))).toThrow('readOnlyTools: every tool name must be a non-empty string');
  });
});

describe('warnings, digest, document', () => {
  it('warns about each network tool in the read-only set, once, sorted', () => {
    // The default set holds no network tool; a preset that does (ironclaw-v1: skill_search) is warned about.
    expect(policyWarnings(toolPolicy(), ['WebFetch'])).toEqual([]);
    expect(policyWarnings(toolPolicy('ironclaw-v1'), ['skill_search'])).toEqual([
      {
        tool: 'skill_search',
        message:
          'read-only preset "ironclaw-v1" contains the network tool "skill_search": an installed skill keeps it under the read-only ceiling and can send what it reads out of the machine. Use a read-only set without network tools',
      },
    ]);
    expect(policyWarnings(toolPolicy('ironclaw-v1'), [])[0]!.message).toContain('out of the machine (the host does not offer it now). Use');
    const c = policyWarnings(custom(['WebSearch', 'Read', 'WebFetch', 'WebFetch']), ['WebSearch']);
    expect(c.map((w) => w.tool)).toEqual(['WebFetch', 'WebSearch']);
    expect(c[0]!.message).toMatch(/^the read-only set contains the network tool "WebFetch"/);
    expect(policyWarnings(custom(['Read']), ['Read'])).toEqual([]);
  });

  it('the canonical input is fixed: sorted, unique, ceilings in level order', () => {
    const policy: ToolPolicy = { preset: 'x', readOnlyTools: ['Read', 'Glob', 'Read'], ceilings: { installed: 'none' } };
    const skills = [sk('b', 'trusted'), sk('a', 'installed', 's/2'), sk('a', 'installed', 's/1'), sk(null, 'trusted', 's/0')];
    expect(canonicalPolicyInput(['Write', 'Bash', 'Write'], skills, policy)).toBe(
      '{"schemaVersion":1,"tools":["Bash","Write"],"skills":[{"name":null,"trust":"trusted","file":"s/0"},{"name":"a","trust":"installed","file":"s/1"},{"name":"a","trust":"installed","file":"s/2"},{"name":"b","trust":"trusted","file":"s/b/SKILL.md"}],"readOnlyTools":["Glob","Read"],"ceilings":[["installed","none"],["trusted","all"]]}',
    );
    expect(canonicalPolicyInput([], [sk('B', 'trusted', 'f1'), sk(null, 'trusted', 'f2')], custom([]))).toContain('"skills":[{"name":null,"trust":"trusted","file":"f2"},{"name":"B"');
    expect(canonicalPolicyInput([], [sk(null, 'trusted', 'f2'), sk('B', 'trusted', 'f1')], custom([]))).toContain('"skills":[{"name":null,"trust":"trusted","file":"f2"},{"name":"B"');
    const same = [sk('a', 'trusted', 'f'), sk('a', 'installed', 'f')];
    expect(canonicalPolicyInput([], same, custom([]))).toContain('"skills":[{"name":"a","trust":"installed","file":"f"},{"name":"a","trust":"trusted","file":"f"}]');
    expect(canonicalPolicyInput([], [...same].reverse(), custom([]))).toBe(canonicalPolicyInput([], same, custom([])));
    expect(policyDigest(['Bash'], [], custom([]))).toBe(`sha256:${createHash('sha256').update(canonicalPolicyInput(['Bash'], [], custom([])), 'utf8').digest('hex')}`);
  });

  it('buildPolicy: every field', () => {
    const d = buildPolicy(['Read', 'Bash', 'WebFetch'], [sk('w', 'installed'), sk('d', 'trusted')]);
    expect(d).toEqual({
      schemaVersion: 1,
      effectiveTrust: 'installed',
      skills: [sk('d', 'trusted'), sk('w', 'installed')],
      allowedTools: ['Read'],
      deniedTools: ['Bash', 'WebFetch'],
      reasons: expect.any(Array),
      policyDigest: policyDigest(['Read', 'Bash', 'WebFetch'], [sk('w', 'installed'), sk('d', 'trusted')], toolPolicy()),
      ceiling: 'read-only',
      preset: 'default',
      readOnlyTools: sortedUnique(POLICY_DATA.presets.default!.tools),
      warnings: [],
      ceilings: { installed: 'read-only', trusted: 'all' },
    });
  });
});

describe('checkPolicyData', () => {
  const good = () => JSON.parse(JSON.stringify(POLICY_DATA)) as Record<string, unknown>;
  it('accepts the shipped data', () => {
    expect(checkPolicyData(good())).toEqual(POLICY_DATA);
  });
  const cases: [string, (d: Record<string, unknown>) => unknown, string][] = [
    ['not an object', () => null, 'policy data: not an object'],
    ['a string', () => 'x', 'policy data: not an object'],
    ['no presets', (d) => ({ ...d, presets: undefined }), 'policy data: "presets" missing'],
    ['presets not an object', (d) => ({ ...d, presets: 5 }), 'policy data: "presets" missing'],
    ['a preset without description', (d) => ({ ...d, presets: { default: { tools: ['Read'] } } }), 'policy data: preset "default" needs a description and a list of tool names'],
    ['a preset with an empty name', (d) => ({ ...d, presets: { default: { description: 'x', tools: ['Read', ''] } } }), 'preset "default" needs'],
    ['a preset with a non-list', (d) => ({ ...d, presets: { default: { description: 'x', tools: 'Read' } } }), 'preset "default" needs'],
    ['a null preset', (d) => ({ ...d, presets: { default: null } }), 'preset "default" needs'],
    ['defaultPreset unknown', (d) => ({ ...d, defaultPreset: 'nope' }), 'policy data: "defaultPreset" is not a preset'],
    ['defaultPreset inherited', (d) => ({ ...d, defaultPreset: 'toString' }), '"defaultPreset" is not a preset'],
    ['defaultPreset not a string', (d) => ({ ...d, defaultPreset: 1 }), '"defaultPreset" is not a preset'],
    ['networkTools', (d) => ({ ...d, networkTools: 'WebFetch' }), 'policy data: "networkTools" is not a list of names'],
    ['shellTools', (d) => ({ ...d, shellTools: [1] }), 'policy data: "shellTools" is not a list of names'],
    ['ceilings missing', (d) => ({ ...d, ceilings: undefined }), 'policy data: "ceilings" missing'],
    ['ceilings not an object', (d) => ({ ...d, ceilings: 'all' }), 'policy data: "ceilings" missing'],
    ['a ceiling missing', (d) => ({ ...d, ceilings: { installed: 'read-only' } }), 'policy data: "ceilings.trusted" must be one of all, read-only, none'],
    ['a ceiling wrong', (d) => ({ ...d, ceilings: { installed: 'some', trusted: 'all' } }), '"ceilings.installed" must be one of'],
    ['locations not a list', (d) => ({ ...d, locations: {} }), 'policy data: "locations" is not a list'],
    ['a location without because', (d) => ({ ...d, locations: [{ path: 'x', level: 'installed' }] }), 'policy data: locations[0] needs path, level, because'],
    ['a location with a bad level', (d) => ({ ...d, locations: [(d.locations as unknown[])[0], { path: 'x', level: 'root', because: 'b' }] }), 'policy data: locations[1] needs path, level, because'],
    ['a location without a path', (d) => ({ ...d, locations: [{ level: 'installed', because: 'b' }] }), 'locations[0] needs'],
    ['a null location', (d) => ({ ...d, locations: [null] }), 'locations[0] needs'],
    ['defaultTrust', (d) => ({ ...d, defaultTrust: 'root' }), 'policy data: "defaultTrust" is not a trust level'],
  ];
  it.each(cases)('refuses %s', (_name, edit, message) => {
    expect(() => checkPolicyData(edit(good()))).toThrow(message);
  });
});

describe('verifyPolicyDocument', () => {
  const tools = ['Read', 'Bash', 'Grep'];
  const skills = [sk('w', 'installed'), sk('d', 'trusted')];
  const doc = () => JSON.parse(JSON.stringify(buildPolicy(tools, skills))) as Record<string, unknown>;
  const code = (d: unknown, opts = {}): string => {
    try {
      verifyPolicyDocument(d, opts);
      return 'ok';
    } catch (e) {
      return e instanceof PolicyDigestError ? `${e.code}: ${e.message}` : `${(e as Error).name}: ${(e as Error).message}`;
    }
  };

  it('returns the inputs and the recomputed decision', () => {
    const v = verifyPolicyDocument(doc());
    expect(v.tools).toEqual(['Grep', 'Read', 'Bash']);
    expect(v.skills).toEqual([sk('d', 'trusted'), sk('w', 'installed')]);
    expect(v.policy).toEqual({ preset: 'default', readOnlyTools: sortedUnique(POLICY_DATA.presets.default!.tools), ceilings: { installed: 'read-only', trusted: 'all' } });
    expect(v.decision.allowedTools).toEqual(['Grep', 'Read']);
    expect(v.policyDigest).toBe(doc().policyDigest);
  });

  it('a skill without a name verifies; stated is empty for a digest that is not a string', () => {
    expect(code(JSON.parse(JSON.stringify(buildPolicy(tools, [sk(null, 'installed', 'f')]))))).toBe('ok');
    try {
      verifyPolicyDocument({ ...doc(), policyDigest: 5 });
      expect.unreachable();
    } catch (e) {
      expect((e as PolicyDigestError).stated).toBe('');
    }
    expect(code({ ...doc(), ceilings: 'all' })).toContain('unverifiable: policy document: "ceilings" is not an object');
    const two = JSON.parse(JSON.stringify(buildPolicy(['Read', 'Bash', 'Write'], skills))) as Record<string, unknown>;
    expect(code({ ...two, allowedTools: ['Read', 'Bash', 'Write'], deniedTools: [] })).toContain('deniedTools should be [Bash, Write]');
  });

  it('a document without ceilings or preset verifies against the shipped ceilings', () => {
    const d = doc();
    delete d.ceilings;
    delete d.preset;
    delete d.effectiveTrust;
    delete d.ceiling;
    expect(code(d)).toBe('ok');
    expect(verifyPolicyDocument(d).policy.preset).toBeNull();
  });

  it.each([
    ['null', () => null, 'TypeError: not a skillcheck policy document (schemaVersion 1 with an allowedTools list)'],
    ['a list', () => [], 'TypeError: not a skillcheck policy document'],
    ['a string', () => 'x', 'TypeError: not a skillcheck policy document'],
    ['schemaVersion 2', (d: Record<string, unknown>) => ({ ...d, schemaVersion: 2 }), 'TypeError: not a skillcheck policy document'],
    ['allowedTools not a list', (d: Record<string, unknown>) => ({ ...d, allowedTools: 'Read' }), 'TypeError: not a skillcheck policy document'],
    ['allowedTools with a number', (d: Record<string, unknown>) => ({ ...d, allowedTools: [1] }), 'TypeError: not a skillcheck policy document'],
    ['no digest', (d: Record<string, unknown>) => ({ ...d, policyDigest: undefined }), 'unverifiable: policy document: "policyDigest" is missing or not "sha256:" and 64 hex digits; its digest cannot be recomputed, so it is refused'],
    ['a short digest', (d: Record<string, unknown>) => ({ ...d, policyDigest: 'sha256:abc' }), 'unverifiable: policy document: "policyDigest" is missing'],
    ['an upper-case digest', (d: Record<string, unknown>) => ({ ...d, policyDigest: String(d.policyDigest).toUpperCase() }), 'unverifiable:'],
    ['a digest with a suffix', (d: Record<string, unknown>) => ({ ...d, policyDigest: `${String(d.policyDigest)}0` }), 'unverifiable:'],
    ['a digest with a prefix', (d: Record<string, unknown>) => ({ ...d, policyDigest: `x${String(d.policyDigest)}` }), 'unverifiable:'],
    ['deniedTools', (d: Record<string, unknown>) => ({ ...d, deniedTools: null }), 'unverifiable: policy document: "deniedTools" is not a list of names'],
    ['readOnlyTools', (d: Record<string, unknown>) => ({ ...d, readOnlyTools: [null] }), 'unverifiable: policy document: "readOnlyTools" is not a list of names'],
    ['preset', (d: Record<string, unknown>) => ({ ...d, preset: 3 }), 'unverifiable: policy document: "preset" is not a string or null'],
    ['skills not a list', (d: Record<string, unknown>) => ({ ...d, skills: {} }), 'unverifiable: policy document: "skills" is not a list'],
    ['a skill without file', (d: Record<string, unknown>) => ({ ...d, skills: [{ name: 'w', trust: 'installed' }] }), 'unverifiable: policy document: skills[0] is not { name: string | null, trust: installed | trusted, file: string }'],
    ['a skill with a bad trust', (d: Record<string, unknown>) => ({ ...d, skills: [{ name: 'w', trust: 'root', file: 'f' }] }), 'unverifiable: policy document: skills[0] is not'],
    ['a skill with a numeric name', (d: Record<string, unknown>) => ({ ...d, skills: [{ name: 1, trust: 'installed', file: 'f' }] }), 'unverifiable: policy document: skills[0] is not'],
    ['a null skill', (d: Record<string, unknown>) => ({ ...d, skills: [null] }), 'unverifiable: policy document: skills[0] is not'],
    ['ceilings a list', (d: Record<string, unknown>) => ({ ...d, ceilings: [] }), 'unverifiable: policy document: "ceilings" is not an object'],
    ['ceilings null', (d: Record<string, unknown>) => ({ ...d, ceilings: null }), 'unverifiable: policy document: "ceilings" is not an object'],
    ['a ceiling level unknown', (d: Record<string, unknown>) => ({ ...d, ceilings: { root: 'all' } }), 'unverifiable: policy document: "ceilings" has "root": "all"'],
    ['a ceiling value unknown', (d: Record<string, unknown>) => ({ ...d, ceilings: { installed: 'some' } }), 'unverifiable: policy document: "ceilings" has "installed": "some"'],
    ['an empty tool name', (d: Record<string, unknown>) => ({ ...d, deniedTools: [...(d.deniedTools as string[]), ''] }), 'unverifiable: policy document: tools: every tool name must be a non-empty string'],
    ['a tool moved to allowed', (d: Record<string, unknown>) => ({ ...d, allowedTools: [...(d.allowedTools as string[]), 'Bash'], deniedTools: [] }), 'decision-mismatch: policy document: the decision does not follow from the inputs its digest covers (allowedTools should be [Grep, Read]; deniedTools should be [Bash]): it was edited after the policy was built'],
    ['a duplicated allowed tool', (d: Record<string, unknown>) => ({ ...d, allowedTools: ['Read', 'Read', 'Grep'] }), 'decision-mismatch: policy document: the decision does not follow from the inputs its digest covers (allowedTools should be [Grep, Read])'],
    ['an allowed tool swapped', (d: Record<string, unknown>) => ({ ...d, allowedTools: ['Read', 'Bash'], deniedTools: ['Grep'] }), 'decision-mismatch: policy document: the decision does not follow from the inputs its digest covers (allowedTools should be [Grep, Read]; deniedTools should be [Bash])'],
    ['effectiveTrust', (d: Record<string, unknown>) => ({ ...d, effectiveTrust: 'trusted' }), 'decision-mismatch: policy document: the decision does not follow from the inputs its digest covers (effectiveTrust should be installed)'],
    ['ceiling', (d: Record<string, unknown>) => ({ ...d, ceiling: 'all' }), 'decision-mismatch: policy document: the decision does not follow from the inputs its digest covers (ceiling should be read-only)'],
    ['a skill dropped', (d: Record<string, unknown>) => ({ ...d, skills: [(d.skills as unknown[])[0]] }), 'digest-mismatch: policy document: policyDigest sha256:'],
  ])('refuses %s', (_name, edit, message) => {
    expect(code(edit(doc()))).toContain(message);
  });

  it('digest-mismatch carries both digests; a pin refuses another document', () => {
    const d = doc();
    const other = { ...d, readOnlyTools: ['Read'] };
    try {
      verifyPolicyDocument(other);
      expect.unreachable();
    } catch (e) {
      const err = e as PolicyDigestError;
      expect([err.name, err.code, err.stated, err.expected]).toEqual(['PolicyDigestError', 'digest-mismatch', d.policyDigest, policyDigest(['Grep', 'Read', 'Bash'], skills, custom(['Read']))]);
      expect(err.message).toContain('does not match its content (recomputed sha256:');
      expect(err.message).toContain('the tools, skills, read-only set or ceilings were changed after the policy was built');
    }
    const pin = `sha256:${'0'.repeat(64)}`;
    expect(code(d, { expectDigest: pin })).toBe(`digest-not-pinned: policy document: its digest ${String(d.policyDigest)} is not the pinned ${pin}: the policy was replaced (rebuild it and update the pin)`);
    expect(code(d, { expectDigest: d.policyDigest })).toBe('ok');
    try {
      verifyPolicyDocument(d, { expectDigest: pin });
    } catch (e) {
      expect([(e as PolicyDigestError).stated, (e as PolicyDigestError).expected]).toEqual([d.policyDigest, pin]);
    }
    try {
      verifyPolicyDocument({ ...d, skills: 1 });
    } catch (e) {
      expect([(e as PolicyDigestError).stated, (e as PolicyDigestError).expected]).toEqual([d.policyDigest, '']);
    }
    expect(new PolicyDigestError('unverifiable', 'm')).toMatchObject({ stated: '', expected: '', message: 'm' });
  });
});

describe('createToolGate', () => {
  const doc = buildPolicy(['Read', 'Bash', 'Grep'], [sk('w', 'installed')]);

  it('allows the allowlist, refuses the rest with a reason', () => {
    const gate = createToolGate(doc);
    expect(gate.policyDigest).toBe(doc.policyDigest);
    expect(gate.allowedTools).toEqual(['Grep', 'Read']);
    expect(Object.isFrozen(gate)).toBe(true);
    expect(Object.isFrozen(gate.allowedTools)).toBe(true);
    expect(gate.check('Read')).toEqual({ allowed: true, reason: doc.reasons.find((r) => r.tool === 'Read')!.because });
    expect(gate.check('Bash')).toEqual({ allowed: false, reason: `refused: "Bash" is denied by the policy: ${doc.reasons.find((r) => r.tool === 'Bash')!.because}` });
    expect(gate.check('read')).toEqual({ allowed: false, reason: 'refused: unknown tool "read"; tool names are exact and case-sensitive (the policy knows "Read", allowed)' });
    expect(gate.check('BASH')).toEqual({ allowed: false, reason: 'refused: unknown tool "BASH"; tool names are exact and case-sensitive (the policy knows "Bash", denied)' });
    expect(gate.check('Write')).toEqual({ allowed: false, reason: "refused: unknown tool \"Write\"; it was not in the host's tool list when the policy was built, and the allowlist is closed" });
    expect(gate.check(7)).toEqual({ allowed: false, reason: 'refused: the tool name is not a string (number)' });
    expect(gate.check(undefined).reason).toBe('refused: the tool name is not a string (undefined)');
  });

  it('shows long and invisible names safely', () => {
    const gate = createToolGate(doc);
    const long = 'x'.repeat(100);
    expect(gate.check(long).reason).toContain(`"${'x'.repeat(79)}…"`);
    expect(gate.check('x'.repeat(80)).reason).toContain(`"${'x'.repeat(80)}"`);
    expect(gate.check('Re\u200bad').reason).not.toContain('\u200b');
  });

  it('copies the document; wraps a TypeError; passes a digest error through', () => {
    const d = JSON.parse(JSON.stringify(doc)) as typeof doc;
    const gate = createToolGate(d);
    d.allowedTools.push('Bash');
    expect(gate.check('Bash').allowed).toBe(false);
    expect(() => createToolGate(null)).toThrow('createToolGate: not a skillcheck policy document');
    expect(() => createToolGate({ ...doc, deniedTools: [] })).toThrow(PolicyDigestError);
    expect(() => createToolGate(doc, { expectDigest: 'sha256:x' })).toThrow(/not the pinned/);
  });
});

describe('declared tools', () => {
  it('tokenizes on spaces, tabs, newlines and commas outside parentheses, with offsets', () => {
    expect(tokenizeAllowedTools('Read,Bash(git diff:*)\tGrep\nEdit\r\nX')).toEqual([
      { text: 'Read', start: 0 },
      { text: 'Bash(git diff:*)', start: 5 },
      { text: 'Grep', start: 22 },
      { text: 'Edit', start: 27 },
      { text: 'X', start: 33 },
    ]);
    expect(splitAllowedTools('a) b')).toEqual(['a)', 'b']);
    expect(splitAllowedTools('a(b (c) d) e')).toEqual(['a(b (c) d)', 'e']);
    expect(splitAllowedTools(' ,, ')).toEqual([]);
    expect(tokenizeAllowedTools('Read')).toEqual([{ text: 'Read', start: 0 }]);
    expect(declaredTools({ 'allowed-tools': '(x) Bash()* Bash(*)x Bash(\t*\t)' }).map((d) => [d.tool, d.scoped])).toEqual([
      ['', true],
      ['Bash', true],
      ['Bash', true],
      ['Bash', false],
    ]);
    expect(splitAllowedTools('')).toEqual([]);
  });

  it('reads allowed-tools (string or list) and Cerveau command tools', () => {
    expect(declaredTools(null)).toEqual([]);
    expect(declaredTools({ 'allowed-tools': 'Read Bash(*) Bash(:*) Bash() Bash(git:*) Edit( x )' })).toEqual([
      { entry: 'Read', tool: 'Read', scoped: false, kind: 'allowed-tools', path: ['allowed-tools'], offsetInValue: 0 },
      { entry: 'Bash(*)', tool: 'Bash', scoped: false, kind: 'allowed-tools', path: ['allowed-tools'], offsetInValue: 5 },
      { entry: 'Bash(:*)', tool: 'Bash', scoped: false, kind: 'allowed-tools', path: ['allowed-tools'], offsetInValue: 13 },
      { entry: 'Bash()', tool: 'Bash', scoped: false, kind: 'allowed-tools', path: ['allowed-tools'], offsetInValue: 22 },
      { entry: 'Bash(git:*)', tool: 'Bash', scoped: true, kind: 'allowed-tools', path: ['allowed-tools'], offsetInValue: 29 },
      { entry: 'Edit( x )', tool: 'Edit', scoped: true, kind: 'allowed-tools', path: ['allowed-tools'], offsetInValue: 41 },
    ]);
    expect(declaredTools({ 'allowed-tools': [' Read ', 3, '  ', 'Bash (x) '] })).toEqual([
      { entry: 'Read', tool: 'Read', scoped: false, kind: 'allowed-tools', path: ['allowed-tools', 0] },
      { entry: 'Bash (x)', tool: 'Bash', scoped: true, kind: 'allowed-tools', path: ['allowed-tools', 3] },
    ]);
    expect(declaredTools({ 'allowed-tools': 5 })).toEqual([]);
    expect(declaredTools({ tools: [null, [], 'x', { name: 'a' }, { name: 'b', command: '  ' }, { name: 'c', command: 'run' }, { name: ' ', command: 'go' }, { command: 'go' }] })).toEqual([
      { entry: 'c', tool: 'c', kind: 'cerveau-command', path: ['tools', 5, 'command'], scoped: true },
      { entry: 'tools[6]', tool: 'tools[6]', kind: 'cerveau-command', path: ['tools', 6, 'command'], scoped: true },
      { entry: 'tools[7]', tool: 'tools[7]', kind: 'cerveau-command', path: ['tools', 7, 'command'], scoped: true },
    ]);
    expect(declaredTools({ tools: { name: 'x', command: 'y' } })).toEqual([]);
  });
});

describe('host fragments', () => {
  it('Claude Code settings: the denied tools; a name a rule cannot carry throws', () => {
    const doc = { deniedTools: ['Bash', 'mcp__srv__tool_1'] };
    const f = toClaudeSettings(doc);
    expect(f).toEqual({ permissions: { deny: ['Bash', 'mcp__srv__tool_1'] } });
    expect(f.permissions.deny).not.toBe(doc.deniedTools);
    expect(() => toClaudeSettings({ deniedTools: ['Bash', 'Bash(x)', 'a b'] })).toThrow('cannot express "Bash(x)", "a b" as a Claude Code permission rule (expected letters, digits, "_" and "-")');
  });

  it('Claude Code hooks: every tool through the hook, pinned to the digest', () => {
    expect(toClaudeHooks({ policyDigest: 'sha256:d' })).toEqual({
      hooks: {
        PreToolUse: [
          {
            matcher: '*',
            // The recipe runs skillcheck from the project's node_modules (a dev dependency, not on PATH).
            hooks: [{ type: 'command', command: 'npx', args: ['--no-install', 'skillcheck', 'hook', 'claude-code', '--policy', '${CLAUDE_PROJECT_DIR}/.claude/skillcheck-policy.json', '--digest', 'sha256:d'], timeout: 30, onFailure: 'block' }],
          },
        ],
      },
    });
    expect(toClaudeHooks({ policyDigest: 'sha256:d' }, '/p.json', ['skillcheck']).hooks.PreToolUse[0]!.hooks[0]).toMatchObject({ command: 'skillcheck', args: ['hook', 'claude-code', '--policy', '/p.json', '--digest', 'sha256:d'] });
  });

  it('the OpenCode plugin enforces the same allowlist and refuses everything once edited', async () => {
    const doc = buildPolicy(['read', 'bash', 'grep', 'Read'], [sk('w', 'installed')], custom(['read', 'grep']));
    const text = toOpencodePlugin(doc);
    expect(text.split('\n').slice(0, 5)).toEqual([
      '// Generated by `skillcheck policy --format opencode-plugin`: the skillcheck tool policy for OpenCode.',
      '// Put it in .opencode/plugin/ (or ~/.config/opencode/plugin/). Every tool call outside the allowlist is refused.',
      '// Do not edit: the plugin checks the digest when OpenCode loads it and refuses every call if it does not match.',
      '// Regenerate it when the skills or the tool list change.',
      'import { createHash } from "node:crypto";',
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-plugin-'));
    try {
      const load = async (name: string, body: string) => {
        const f = path.join(dir, name);
        fs.writeFileSync(f, body);
        const mod = (await import(pathToFileURL(f).href)) as { SkillcheckPolicy: () => Promise<Record<string, (input: unknown) => Promise<void>>> };
        return (await mod.SkillcheckPolicy())['tool.execute.before']!;
      };
      const before = await load('ok.mjs', text);
      await expect(before({ tool: 'read' })).resolves.toBeUndefined();
      await expect(before({ tool: 'grep' })).resolves.toBeUndefined();
      await expect(before({ tool: 'bash' })).rejects.toThrow('skillcheck policy: refused: "bash" is denied: the active skills\' lowest trust is installed (ceiling: read-only); allowed tools: grep, read');
      await expect(before({ tool: 'Read' })).rejects.toThrow('is denied');
      await expect(before({ tool: 'write' })).rejects.toThrow('skillcheck policy: refused: unknown tool "write"; it was not in the tool list the policy was built from, and the allowlist is closed');
      await expect(before({ tool: 3 })).rejects.toThrow('the tool name is not a string');
      await expect(before(null)).rejects.toThrow('the tool name is not a string');
      const edited = await load('edited.mjs', text.replace('"allowedTools": [\n    "grep",', '"allowedTools": [\n    "bash",\n    "grep",'));
      await expect(edited({ tool: 'read' })).rejects.toThrow('skillcheck: tool call refused (fail closed)');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
