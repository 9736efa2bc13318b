// Policy library and `skillcheck policy`: trust resolution, attenuation properties, the document's schema and
// invariants, presets, the gate, the Claude Code fragment, and the CLI's exit codes.

import Ajv from 'ajv';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  attenuateTools, buildPolicy, createToolGate, explainTrust, globMatch, lint, lowestTrust, parseTrustMapping,
  policyDigest, canonicalPolicyInput, rebaseTrustMapping, resolveTrust, toClaudeSettings, toolPolicy, toolPolicyFromConfig, POLICY_DATA,
  type PolicyDocument, type PolicySkill, type ToolPolicy,
} from '../src/index.js';
import { CEILINGS, checkPolicyData } from '../src/core/policy/data.js';
import { TRUST_LEVELS } from '../src/core/trust.js';
import { splitAllowedTools } from '../src/core/policy/declared.js';
import { REPO, runCli, tempTrees } from './helpers.js';

const temp = tempTrees();

const schema = JSON.parse(fs.readFileSync(path.join(REPO, 'schemas', 'policy.schema.json'), 'utf8')) as object;
const ajv = new Ajv({ strict: true, allErrors: true });
const validate = ajv.compile(schema);

/** Every document a test produces goes through here: the schema, then the invariants the schema cannot say. */
function checkDoc(doc: unknown, tools?: readonly string[]): PolicyDocument {
  if (!validate(doc)) throw new Error(`schema: ${ajv.errorsText(validate.errors)}`);
  const d = doc as PolicyDocument;
  const sorted = (xs: string[]) => xs.every((x, i) => i === 0 || xs[i - 1]! < x);
  expect(sorted(d.allowedTools)).toBe(true);
  expect(sorted(d.deniedTools)).toBe(true);
  expect(d.allowedTools.filter((t) => d.deniedTools.includes(t))).toEqual([]);
  if (tools) expect([...d.allowedTools, ...d.deniedTools].sort()).toEqual([...new Set(tools)].sort());
  expect(d.reasons.map((r) => r.tool)).toEqual([...d.allowedTools, ...d.deniedTools].sort());
  return d;
}

function policy(tools: readonly string[], skills: readonly PolicySkill[], p?: ToolPolicy): PolicyDocument {
  return checkDoc(buildPolicy(tools, skills, p), tools);
}

const sk = (name: string, trust: 'installed' | 'trusted', file = `skills/${name}/SKILL.md`): PolicySkill => ({ name, trust, file });

describe('glob', () => {
  it.each([
    ['vendor', 'vendor/x/SKILL.md', true],
    ['vendor/**', 'vendor/x/SKILL.md', true],
    ['**/installed_skills', 'a/b/installed_skills/w/SKILL.md', true],
    ['**/installed_skills', 'installed_skills/w/SKILL.md', true],
    ['**/installed_skills', 'a/installed_skills2/w/SKILL.md', false],
    ['skills/*/SKILL.md', 'skills/x/SKILL.md', true],
    ['skills/*/SKILL.md', 'skills/x/y/SKILL.md', false],
    ['skills/?/SKILL.md', 'skills/é/SKILL.md', true],
    ['skills/?/SKILL.md', 'skills/ab/SKILL.md', false],
    ['Skills', 'skills/x/SKILL.md', false],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b/c', true],
    ['[ab]', 'a/x', false],
    ['[ab]', '[ab]/x', true],
    ['*.md', 'x.md', true],
    ['*.md', 'd/x.md', false],
  ])('%s ~ %s → %s', (pat, p, want) => {
    expect(globMatch(pat, p)).toBe(want);
  });

  it('stays fast on a hostile pattern and path', () => {
    // Correctness check on a case that makes a backtracking matcher explode; no timing assertion.
    const name = 'a'.repeat(5000);
    expect(globMatch(`${'*a'.repeat(40)}*b`, name)).toBe(false);
    expect(globMatch(`${'**/'.repeat(40)}b`, `${'a/'.repeat(2000)}c`)).toBe(false);
  });
});

describe('resolveTrust: location rules', () => {
  const home = '/home/u';
  it.each([
    ['/work/repo/skills/deploy/SKILL.md', 'trusted', 'location'],
    ['/home/u/.ironclaw/skills/deploy/SKILL.md', 'trusted', 'location'],
    ['/home/u/.ironclaw/installed_skills/weather/SKILL.md', 'installed', 'location'],
    ['/opt/anything/installed_skills/x/SKILL.md', 'installed', 'location'],
    ['/work/repo/installed_skills/skills/x/SKILL.md', 'installed', 'location'],
    ['/work/repo/docs/x/SKILL.md', 'trusted', 'default'],
  ])('%s → %s (%s)', (p, level, source) => {
    const d = explainTrust(p, { base: '/work/repo', home });
    expect([d.level, d.source]).toEqual([level, source]);
    expect(resolveTrust(p, { base: '/work/repo', home })).toBe(level);
  });

  it('the mapping comes first, first match wins, with relative, absolute and ~ anchoring', () => {
    const mapping = parseTrustMapping([
      { path: 'vendor/**', level: 'installed' },
      { path: 'vendor/ours', level: 'trusted' },
      { path: '/srv/registry', level: 'installed' },
      { path: '~/.ironclaw/installed_skills/audited', level: 'trusted' },
    ]);
    const c = { mapping, base: '/work/repo', home: '/home/u' };
    expect(resolveTrust('/work/repo/vendor/ours/x/SKILL.md', c)).toBe('installed'); // first match wins
    expect(resolveTrust('vendor/x/SKILL.md', c)).toBe('installed'); // relative path, relative pattern
    expect(resolveTrust('/srv/registry/skills/x/SKILL.md', c)).toBe('installed'); // beats the skills/ location rule
    expect(resolveTrust('/home/u/.ironclaw/installed_skills/audited/SKILL.md', c)).toBe('trusted');
    expect(resolveTrust('/home/u/.ironclaw/installed_skills/other/SKILL.md', c)).toBe('installed');
    // A relative pattern never matches outside the base, except through a leading **.
    expect(resolveTrust('/elsewhere/vendor/x/SKILL.md', c)).toBe('trusted');
    // Without a home, ~ patterns never match (and the path keeps its location level).
    expect(resolveTrust('/home/u/.ironclaw/installed_skills/audited/SKILL.md', { mapping })).toBe('installed');
  });

  it('a pattern without a slash matches at any depth, as config ignore globs do; ./ and a trailing / are ignored', () => {
    const c = (path: string) => ({ mapping: [{ path, level: 'installed' as const }], base: '/work/repo' });
    expect(resolveTrust('/work/repo/a/vendor/x/SKILL.md', c('vendor'))).toBe('installed');
    expect(resolveTrust('/work/repo/a/vendor/x/SKILL.md', c('./a/vendor/'))).toBe('installed');
    expect(resolveTrust('/work/repo/a/vendor/x/SKILL.md', c('vendor/x'))).toBe('trusted'); // has a slash: anchored at the base
  });

  it('rebaseTrustMapping anchors a config file\'s relative patterns at its folder', () => {
    const m = rebaseTrustMapping(
      [
        { path: 'vendor/**', level: 'installed' },
        { path: 'legacy', level: 'installed' },
        { path: '/abs/x', level: 'trusted' },
        { path: '~/.ironclaw/skills/x', level: 'installed' },
      ],
      '/work/repo',
    );
    expect(m.map((r) => r.path)).toEqual(['/work/repo/vendor/**', '/work/repo/**/legacy', '/abs/x', '~/.ironclaw/skills/x']);
    // Run from a subfolder: the rebased pattern still means the config folder's vendor/.
    expect(resolveTrust('/work/repo/vendor/a/SKILL.md', { mapping: m, base: '/work/repo/sub' })).toBe('installed');
    expect(resolveTrust('/work/repo/sub/vendor/a/SKILL.md', { mapping: m, base: '/work/repo/sub' })).toBe('trusted');
  });

  it('parseTrustMapping names the bad entry and what was expected', () => {
    expect(() => parseTrustMapping({})).toThrow(/expected a list/);
    expect(() => parseTrustMapping([{ path: 'a', level: 'admin' }])).toThrow('trust[0].level: "admin" is not a trust level; expected one of installed, trusted');
    expect(() => parseTrustMapping([{ path: 'a', level: 'trusted' }, { path: '', level: 'trusted' }])).toThrow(/trust\[1\]\.path/);
    expect(() => parseTrustMapping([{ path: 'a', level: 'trusted', extra: 1 }])).toThrow(/unknown key "extra"/);
  });

  it('lint honours the mapping in the JSON trust field', async () => {
    const dir = temp({
      'skills/a/SKILL.md': '---\nname: a\ndescription: d\n---\nBody.\n',
      'vendor/b/SKILL.md': '---\nname: b\ndescription: d\n---\nBody.\n',
      'installed_skills/c/SKILL.md': '---\nname: c\ndescription: d\n---\nBody.\n',
    });
    const plain = await lint({ cwd: dir, rules: [] });
    expect(plain.skills.map((s) => [s.name, s.trust])).toEqual([['c', 'installed'], ['a', 'trusted'], ['b', 'trusted']]);
    const mapped = await lint({ cwd: dir, rules: [], trust: [{ path: 'vendor', level: 'installed' }, { path: 'installed_skills/c', level: 'trusted' }] });
    expect(mapped.skills.map((s) => [s.name, s.trust])).toEqual([['c', 'trusted'], ['a', 'trusted'], ['b', 'installed']]);
  });
});

describe('policy data', () => {
  it('ships the presets; the default one holds no network tool', () => {
    expect(toolPolicy().readOnlyTools).toEqual(['Read', 'Glob', 'Grep', 'SkillCatalog']);
    for (const t of toolPolicy().readOnlyTools) expect(POLICY_DATA.networkTools).not.toContain(t);
    expect(toolPolicy('claude-code').readOnlyTools).toEqual(['Read', 'Glob', 'Grep']);
    expect(toolPolicy('opencode').readOnlyTools).toEqual(['read', 'glob', 'grep', 'list']);
    for (const p of ['claude-code', 'opencode']) for (const t of toolPolicy(p).readOnlyTools) expect(POLICY_DATA.networkTools).not.toContain(t);
    expect(toolPolicy('ironclaw-v1').readOnlyTools).toEqual(['memory_search', 'memory_read', 'memory_tree', 'time', 'echo', 'json', 'skill_list', 'skill_search']);
    expect(POLICY_DATA.networkTools).toEqual(expect.arrayContaining(['WebFetch', 'WebSearch', 'skill_search', 'webfetch', 'websearch']));
    expect(() => toolPolicy('nope')).toThrow(/unknown read-only preset "nope"; expected one of default, claude-code, opencode, ironclaw-v1/);
  });
  it('reads a config policy section: a custom set wins over a preset', () => {
    expect(toolPolicyFromConfig(undefined)).toEqual(toolPolicy());
    expect(toolPolicyFromConfig({ preset: 'ironclaw-v1' })).toEqual(toolPolicy('ironclaw-v1'));
    expect(toolPolicyFromConfig({ readOnlyTools: ['Read'], preset: 'ironclaw-v1' })).toEqual({ preset: null, readOnlyTools: ['Read'] });
  });
  it('the schema lists exactly the trust levels and ceilings the code knows', () => {
    const defs = schema as { definitions: { trust: { enum: string[] } }; properties: { ceiling: { enum: string[] } } };
    expect(defs.definitions.trust.enum).toEqual([...TRUST_LEVELS]);
    expect(defs.properties.ceiling.enum).toEqual([...CEILINGS]);
  });
  it('refuses a broken data file', () => {
    const good = JSON.parse(JSON.stringify(POLICY_DATA)) as Record<string, unknown>;
    expect(() => checkPolicyData({ ...good, ceilings: { installed: 'read-only' } })).toThrow(/ceilings.trusted/);
    expect(() => checkPolicyData({ ...good, defaultPreset: 'x' })).toThrow(/defaultPreset/);
    // A network tool in the default read-only set is an exfiltration channel nobody chose: the data does not load.
    const presets = good.presets as Record<string, { description: string; tools: string[] }>;
    const leaky = { ...presets, default: { ...presets.default!, tools: [...presets.default!.tools, 'WebFetch'] } };
    expect(() => checkPolicyData({ ...good, presets: leaky })).toThrow(/default preset "default" holds the network tool WebFetch/);
  });
});

describe('attenuation', () => {
  const tools = ['Bash', 'Read', 'Write', 'WebFetch', 'Grep', 'memory_read'];

  it('an installed skill cuts the tools to the read-only set, with reasons', () => {
    const d = policy(tools, [sk('a', 'trusted'), sk('w', 'installed', 'installed_skills/w/SKILL.md')]);
    expect(d.effectiveTrust).toBe('installed');
    expect(d.ceiling).toBe('read-only');
    expect(d.allowedTools).toEqual(['Grep', 'Read']);
    expect(d.deniedTools).toEqual(['Bash', 'WebFetch', 'Write', 'memory_read']);
    expect(d.reasons.find((r) => r.tool === 'Bash')!.because).toContain('skill "w" (installed_skills/w/SKILL.md) is installed');
    expect(d.warnings).toEqual([]);
    // A read-only set that names a network tool keeps it, with the warning.
    const named = policy(tools, [sk('w', 'installed')], { preset: null, readOnlyTools: ['Read', 'WebFetch'] });
    expect(named.allowedTools).toEqual(['Read', 'WebFetch']);
    expect(named.warnings.map((w) => w.tool)).toEqual(['WebFetch']);
  });

  it('the ironclaw-v1 preset keeps its own tools and warns about skill_search', () => {
    const d = policy([...tools, 'skill_search', 'shell'], [sk('w', 'installed')], toolPolicy('ironclaw-v1'));
    expect(d.allowedTools).toEqual(['memory_read', 'skill_search']);
    expect(d.preset).toBe('ironclaw-v1');
    expect(d.warnings.map((w) => w.tool)).toEqual(['skill_search']);
  });

  it('a read-only set without network tools has no warning', () => {
    const d = policy(tools, [sk('w', 'installed')], { preset: null, readOnlyTools: ['Read', 'Grep'] });
    expect(d.warnings).toEqual([]);
    expect(d.allowedTools).toEqual(['Grep', 'Read']);
  });

  it('no active skill and trusted-only sets keep every tool', () => {
    expect(policy(tools, []).allowedTools).toEqual([...tools].sort());
    expect(policy(tools, [sk('a', 'trusted')]).deniedTools).toEqual([]);
    expect(lowestTrust([])).toBe('trusted');
  });

  it('a ceiling of none keeps nothing (room for a lower level)', () => {
    const d = policy(tools, [sk('w', 'installed')], { preset: null, readOnlyTools: ['Read'], ceilings: { installed: 'none' } });
    expect(d.allowedTools).toEqual([]);
    expect(d.ceiling).toBe('none');
  });

  it('rejects names that are not non-empty strings', () => {
    expect(() => attenuateTools(['Read', ''], [])).toThrow(TypeError);
    expect(() => attenuateTools(['Read', 3 as unknown as string], [])).toThrow(TypeError);
  });

  it('the digest covers the inputs and can be recomputed from the document', () => {
    const skills = [sk('w', 'installed'), sk('a', 'trusted')];
    const d = policy(tools, skills);
    expect(d.policyDigest).toBe(policyDigest(tools, skills, toolPolicy()));
    const again = canonicalPolicyInput([...d.allowedTools, ...d.deniedTools], d.skills, { preset: d.preset, readOnlyTools: d.readOnlyTools });
    expect(`sha256:${createHash('sha256').update(again, 'utf8').digest('hex')}`).toBe(d.policyDigest);
    expect(policy([...tools, 'Edit'], skills).policyDigest).not.toBe(d.policyDigest);
    expect(policy(tools, [sk('w', 'trusted'), sk('a', 'trusted')]).policyDigest).not.toBe(d.policyDigest);
    expect(policy(tools, skills, toolPolicy('ironclaw-v1')).policyDigest).not.toBe(d.policyDigest);
  });
});

describe('properties (fast-check)', () => {
  const toolName = fc.oneof(
    fc.constantFrom('Read', 'Glob', 'Grep', 'WebFetch', 'SkillCatalog', 'Bash', 'Write', 'Edit', 'read', 'memory_read', 'skill_search'),
    fc.string({ minLength: 1, maxLength: 6 }),
  );
  const skill = fc.record({
    name: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
    trust: fc.constantFrom<'installed' | 'trusted'>('installed', 'trusted'),
    file: fc.string({ minLength: 1, maxLength: 12 }),
  });
  const pol = fc.oneof(
    fc.constant(toolPolicy()),
    fc.constant(toolPolicy('ironclaw-v1')),
    fc.array(toolName, { maxLength: 6 }).map((t): ToolPolicy => ({ preset: null, readOnlyTools: t })),
  );
  // 300 runs per property in the suite; `npm run fuzz:policy` runs 20,000.
  const runs = { numRuns: Number(process.env.POLICY_FUZZ_RUNS ?? 300) };

  it('adding an active skill never widens the allowlist', () => {
    fc.assert(
      fc.property(fc.array(toolName, { maxLength: 12 }), fc.array(skill, { maxLength: 5 }), skill, pol, (tools, skills, extra, p) => {
        const before = new Set(policy(tools, skills, p).allowedTools);
        const after = policy(tools, [...skills, extra], p).allowedTools;
        return after.every((t) => before.has(t));
      }),
      runs,
    );
  });

  it('the result does not depend on the order of skills or tools', () => {
    fc.assert(
      fc.property(
        fc.array(toolName, { maxLength: 12 }).chain((t) => fc.tuple(fc.constant(t), fc.shuffledSubarray(t, { minLength: t.length, maxLength: t.length }))),
        fc.array(skill, { maxLength: 6 }).chain((s) => fc.tuple(fc.constant(s), fc.shuffledSubarray(s, { minLength: s.length, maxLength: s.length }))),
        pol,
        ([t1, t2], [s1, s2], p) => {
          expect(policy(t2, s2, p)).toEqual(policy(t1, s1, p));
        },
      ),
      runs,
    );
  });

  it('allowlist ⊆ tools, and a trusted-only set keeps every tool', () => {
    fc.assert(
      fc.property(fc.array(toolName, { maxLength: 12 }), fc.array(skill, { maxLength: 6 }), pol, (tools, skills, p) => {
        const d = policy(tools, skills, p);
        expect(d.allowedTools.every((t) => tools.includes(t))).toBe(true);
        const trustedOnly = policy(tools, skills.map((s) => ({ ...s, trust: 'trusted' as const })), p);
        expect(trustedOnly.allowedTools).toEqual([...new Set(tools)].sort());
      }),
      runs,
    );
  });

  it('the gate allows exactly the allowlist', () => {
    fc.assert(
      fc.property(fc.array(toolName, { maxLength: 12 }), fc.array(skill, { maxLength: 4 }), toolName, (tools, skills, asked) => {
        const d = policy(tools, skills);
        expect(createToolGate(d).check(asked).allowed).toBe(d.allowedTools.includes(asked));
      }),
      runs,
    );
  });
});

describe('createToolGate', () => {
  const doc = policy(['Bash', 'Read', 'Write', 'Grep'], [sk('w', 'installed')]);
  const gate = createToolGate(doc);

  it('refuses a hidden tool even when the model asks for it by name', () => {
    const r = gate.check('Bash');
    expect(r.allowed).toBe(false);
    expect(r.reason).toMatch(/^refused: "Bash" is denied by the policy: not in the read-only set/);
    expect(gate.check('Read')).toEqual({ allowed: true, reason: expect.stringContaining('in the read-only set') });
  });

  it('refuses case variants, unknown tools, invisible variants and non-strings', () => {
    expect(gate.check('read')).toEqual({ allowed: false, reason: expect.stringContaining('exact and case-sensitive (the policy knows "Read", allowed)') });
    expect(gate.check('bash').reason).toContain('the policy knows "Bash", denied');
    expect(gate.check('Edit').reason).toContain('unknown tool "Edit"');
    expect(gate.check('Re\u200bad')).toEqual({ allowed: false, reason: expect.stringContaining('"Re<U+200B>ad"') });
    expect(gate.check('Read ').allowed).toBe(false);
    for (const v of [undefined, null, 1, ['Read'], { toString: () => 'Read' }]) expect(gate.check(v).allowed).toBe(false);
    for (const v of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(gate.check(v).allowed).toBe(false);
  });

  it('copies the document: later edits do not widen it', () => {
    const copy = JSON.parse(JSON.stringify(doc)) as PolicyDocument;
    const g = createToolGate(copy);
    copy.allowedTools.push('Bash');
    expect(g.check('Bash').allowed).toBe(false);
    expect(() => (g.allowedTools as string[]).push('Bash')).toThrow();
  });

  it('throws on something that is not a policy document', () => {
    expect(() => createToolGate(null)).toThrow(TypeError);
    expect(() => createToolGate({ schemaVersion: 2, allowedTools: [] })).toThrow(TypeError);
    expect(() => createToolGate({ schemaVersion: 1, allowedTools: 'Read' })).toThrow(TypeError);
  });
});

describe('claude-settings fragment', () => {
  it('denies each denied tool by bare name', () => {
    const d = policy(['Bash', 'Read', 'mcp__github__create_issue'], [sk('w', 'installed')]);
    expect(toClaudeSettings(d)).toEqual({ permissions: { deny: ['Bash', 'mcp__github__create_issue'] } });
  });
  it('refuses a name that a rule would misparse', () => {
    expect(() => toClaudeSettings({ deniedTools: ['Bash(rm *)'] })).toThrow(/cannot express "Bash\(rm \*\)"/);
  });
});

describe('allowed-tools parsing', () => {
  it.each([
    ['Read Write Edit Bash', ['Read', 'Write', 'Edit', 'Bash']],
    ['Read, Grep, Bash(git:*)', ['Read', 'Grep', 'Bash(git:*)']],
    ['Read Edit Bash(gh issue:*) Bash(gh pr:*)', ['Read', 'Edit', 'Bash(gh issue:*)', 'Bash(gh pr:*)']],
    ['Bash(unclosed paren', ['Bash(unclosed paren']],
    ['  ', []],
  ])('%s', (s, want) => {
    expect(splitAllowedTools(s)).toEqual(want);
  });
});

describe('skillcheck policy (CLI)', () => {
  const tree = () =>
    temp({
      'skills/deploy/SKILL.md': '---\nname: deploy\ndescription: d\n---\nBody.\n',
      'skills/notes/SKILL.md': '---\nname: notes\ndescription: d\n---\nBody.\n',
      'installed_skills/weather/SKILL.md': '---\nname: weather\ndescription: d\n---\nBody.\n',
      'installed_skills/notes/SKILL.md': '---\nname: notes\ndescription: d\n---\nBody.\n',
    });

  it('prints a document the schema accepts; every discovered skill is active by default', async () => {
    const dir = tree();
    const r = await runCli(['policy', '--tools', 'Read,Bash,WebFetch', '--format', 'json'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const d = checkDoc(JSON.parse(r.stdout), ['Read', 'Bash', 'WebFetch']);
    expect(d.skills.map((s) => `${s.name}:${s.trust}`)).toEqual(['deploy:trusted', 'notes:installed', 'notes:trusted', 'weather:installed']);
    expect(d.allowedTools).toEqual(['Read']);
    expect(d.deniedTools).toEqual(['Bash', 'WebFetch']);
    expect(d.warnings).toEqual([]);
  });

  it('--active picks skills; a trusted-only set keeps every tool', async () => {
    const r = await runCli(['policy', '--active', 'deploy', '--tools', 'Read,Bash', '--format', 'json'], tree());
    const d = checkDoc(JSON.parse(r.stdout), ['Read', 'Bash']);
    expect([r.code, d.effectiveTrust, d.allowedTools]).toEqual([0, 'trusted', ['Bash', 'Read']]);
  });

  it('an unknown or ambiguous active name exits 2 naming it', async () => {
    const dir = tree();
    const unknown = await runCli(['policy', '--active', 'deploy,wether', '--tools', 'Read'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('no skill named "wether" under the given paths; did you mean "weather"?');
    const ambiguous = await runCli(['policy', '--active', 'notes', '--tools', 'Read'], dir);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('"notes" is ambiguous, 2 skills have that name: installed_skills/notes/SKILL.md, skills/notes/SKILL.md');
    const byFile = await runCli(['policy', '--active', 'skills/notes/SKILL.md', '--tools', 'Read,Bash', '--format', 'json'], dir);
    expect(byFile.code).toBe(0);
    expect(checkDoc(JSON.parse(byFile.stdout)).allowedTools).toEqual(['Bash', 'Read']);
  });

  it('reads --tools-file (names or definitions) and --preset', async () => {
    const dir = tree();
    fs.writeFileSync(path.join(dir, 'tools.json'), JSON.stringify({ tools: [{ name: 'memory_read' }, { name: 'shell' }, 'skill_search'] }));
    const r = await runCli(['policy', '--active', 'weather', '--tools-file', 'tools.json', '--preset', 'ironclaw-v1', '--format', 'json'], dir);
    const d = checkDoc(JSON.parse(r.stdout), ['memory_read', 'shell', 'skill_search']);
    expect([r.code, d.allowedTools, d.deniedTools]).toEqual([0, ['memory_read', 'skill_search'], ['shell']]);
  });

  it('claude-settings prints the deny fragment and the warning on stderr', async () => {
    const r = await runCli(['policy', '--active', 'weather', '--tools', 'Read,Bash,Write,WebFetch', '--format', 'claude-settings'], tree());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ permissions: { deny: ['Bash', 'WebFetch', 'Write'] } });
    expect(r.stderr).toBe('');
    const named = await runCli(['policy', '--active', 'weather', '--tools', 'Read,skill_search', '--preset', 'ironclaw-v1', '--format', 'claude-settings'], tree());
    expect(named.stderr).toContain('warning: read-only preset "ironclaw-v1" contains the network tool "skill_search"');
  });

  it('text output lists the decision', async () => {
    const r = await runCli(['policy', '--active', 'weather', '--tools', 'Read,Bash'], tree());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('effective trust: installed (ceiling: read-only; preset "default")');
    expect(r.stdout).toContain('denied tools (1): Bash');
  });

  it('usage errors exit 2', async () => {
    const dir = tree();
    for (const args of [
      ['policy'],
      ['policy', '--tools', 'Read', '--preset', 'nope'],
      ['policy', '--tools', 'Read', 'missing-dir'],
      ['policy', '--tools-file', 'nope.json'],
      ['policy', '--tools', 'Read', '--target', 'agentskills,ironclaw'],
      ['policy', '--tools', 'Read', '--format', 'yaml'],
    ]) {
      const r = await runCli(args, dir);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
    }
  });

  it('uses the configs: trust mapping (relative to the file), the user config\'s read-only preset; --preset wins', async () => {
    const dir = tree();
    fs.writeFileSync(path.join(dir, 'skillcheck.config.json'), JSON.stringify({ trust: [{ path: 'skills/deploy', level: 'installed' }] }));
    const home = temp({ '.config/skillcheck/config.json': JSON.stringify({ policy: { preset: 'ironclaw-v1' } }) });
    fs.mkdirSync(path.join(dir, 'sub'));
    const r = await runCli(['policy', '..', '--active', 'deploy', '--tools', 'Read,memory_read', '--format', 'json'], path.join(dir, 'sub'), { HOME: home });
    expect(r.code).toBe(0);
    const d = checkDoc(JSON.parse(r.stdout), ['Read', 'memory_read']);
    expect([d.effectiveTrust, d.preset, d.allowedTools]).toEqual(['installed', 'ironclaw-v1', ['memory_read']]);
    const flag = await runCli(['policy', '--active', 'deploy', '--tools', 'Read,memory_read', '--preset', 'default', '--format', 'json'], dir, { HOME: home });
    expect(checkDoc(JSON.parse(flag.stdout)).allowedTools).toEqual(['Read']);
    const none = await runCli(['policy', '--no-config', '--active', 'deploy', '--tools', 'Read,memory_read', '--format', 'json'], dir);
    expect(checkDoc(JSON.parse(none.stdout)).effectiveTrust).toBe('trusted');
  });

  it('the check command takes the trust mapping and read-only set from the config file', async () => {
    const dir = temp({
      'vendor/w/SKILL.md': '---\nname: w\ndescription: d\nallowed-tools: Read memory_read\n---\nBody.\n',
      'skillcheck.config.json': JSON.stringify({ trust: [{ path: 'vendor', level: 'installed' }], policy: { readOnlyTools: ['Read'] } }),
    });
    const r = await runCli(['.', '--format', 'json'], dir);
    const report = JSON.parse(r.stdout) as { skills: { trust: string }[]; diagnostics: { ruleId: string; message: string }[] };
    expect(report.skills.map((s) => s.trust)).toEqual(['installed']);
    expect(report.diagnostics.filter((x) => x.ruleId === 'tool-ceiling').map((x) => x.message)).toEqual([
      expect.stringContaining('declares "memory_read" in allowed-tools, but the installed tool ceiling keeps only read-only tools (Read)'),
    ]);
  });

  it('subcommand options are not swallowed by the root command', async () => {
    const r = await runCli(['rules', '--format', 'json'], REPO);
    expect(JSON.parse(r.stdout).rules.some((x: { id: string }) => x.id === 'tool-ceiling')).toBe(true);
  });
});
