// A symlinked skill folder whose real path the walk also found without a link (`.claude/skills/x -> ../../x` beside
// `x/SKILL.md`): where it lives counts as what that direct finding gets, never more, and the links' locations still
// lower it. A link out of the checked tree, or into a folder the walk skips (node_modules, .git), keeps the lowest
// level for a place no rule names. Links are created at run time in temp folders (as in test/symlink-trust.test.ts).

import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscoveredSkill, LinkHop } from '../src/core/contracts.js';
import { explainTrust, type TrustDecision } from '../src/core/policy/trust.js';
import { TRUST_LEVELS, trustRank } from '../src/core/trust.js';
import type { Trust } from '../src/core/types.js';
import { inputTrust, type TrustResolver } from '../src/engine/input.js';
import { discover } from '../src/node/discover.js';
import { lint } from '../src/node/lint.js';
import { runCli, tempTrees } from './helpers.js';

const tree = tempTrees();
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Test fixture.\n---\nBody.\n`;
const LOW = TRUST_LEVELS[0]!;
const HIGH = TRUST_LEVELS[TRUST_LEVELS.length - 1]!;
const RUNS = Number(process.env.POLICY_FUZZ_RUNS ?? 0) || 200;

/** A resolver from a table of real paths (every other path: the default). */
function table(t: Record<string, Partial<TrustDecision>>): TrustResolver & { asked: string[] } {
  const asked: string[] = [];
  const f = ((p: string) => {
    asked.push(p);
    const e = t[p];
    return { level: e?.level ?? HIGH, source: e?.source ?? 'default', pattern: null, because: e?.because ?? 'no location rule matched' } as TrustDecision;
  }) as TrustResolver & { asked: string[] };
  f.asked = asked;
  return f;
}

const hop = (link: string, real: string): LinkHop => ({ link, linkReal: link, linkTarget: `../..${real}`, real });
const skill = (dir: string, via?: LinkHop[], direct?: true): DiscoveredSkill => ({
  absPath: `${dir}/SKILL.md`,
  absDir: dir,
  layout: 'folder',
  root: dir,
  ...(via ? { via } : {}),
  ...(direct ? { direct } : {}),
});
const shown = (p: string) => p.replace(/^\/r\//, '');

describe('inputTrust: where a linked skill lives', () => {
  it('found without a link: the level where it lives, no note', () => {
    expect(inputTrust(skill('/r/x'), {}, shown, table({}))).toEqual({ trust: HIGH, trustBecause: 'default: no location rule matched' });
    expect(inputTrust(skill('/r/x', []), {}, shown, table({}))).toEqual({ trust: HIGH, trustBecause: 'default: no location rule matched' });
  });

  it('reached only through a link, a place no rule names: the lowest level, and the note says so', () => {
    const r = inputTrust(skill('/r/x', [hop('/r/.claude/skills/x', '/r/x')]), {}, shown, table({ '/r/.claude/skills/x/SKILL.md': { level: HIGH, source: 'location' } }));
    expect(r.trust).toBe(LOW);
    expect(r.trustNote).toBe(`reached through symlink .claude/skills/x → /r/x: trust ${LOW} (the link's location: ${HIGH}; where it leads: outside every known skills root (${LOW}))`);
    expect(r.viaDirLinks).toEqual([{ link: '.claude/skills/x', linkTarget: '../../r/x', real: '/r/x' }]);
  });

  it('also found in the checked tree without a link: what it gets there, and the note says so', () => {
    const decide = table({ '/r/.claude/skills/x/SKILL.md': { level: HIGH, source: 'location' } });
    const r = inputTrust(skill('/r/x', [hop('/r/.claude/skills/x', '/r/x')], true), {}, shown, decide);
    expect(r.trust).toBe(HIGH);
    expect(r.trustNote).toBe(`reached through symlink .claude/skills/x → /r/x: trust ${HIGH} (the link's location: ${HIGH}; where it leads: ${HIGH}, as found in the checked tree without a link)`);
    // Decided on the real path and on each link's own location, the skill file's name joined to each.
    expect(decide.asked).toEqual(['/r/x/SKILL.md', '/r/.claude/skills/x/SKILL.md']);
  });

  it('also found directly, but the link lives where trust is lower: the lower', () => {
    const r = inputTrust(skill('/r/x', [hop('/r/installed_skills/x', '/r/x')], true), {}, shown, table({ '/r/installed_skills/x/SKILL.md': { level: LOW, source: 'location' } }));
    expect(r.trust).toBe(LOW);
    expect(r.trustNote).toContain(`the link's location: ${LOW}; where it leads: ${HIGH}, as found in the checked tree without a link`);
  });

  it('also found directly, lowered there (provenance, a mapping): never more than that', () => {
    for (const source of ['provenance', 'mapping', 'location'] as const) {
      const r = inputTrust(skill('/r/x', [hop('/r/skills/x', '/r/x')], true), {}, shown, table({ '/r/x/SKILL.md': { level: LOW, source } }));
      expect(r.trust, source).toBe(LOW);
      expect(r.trustNote, source).toContain(`where it leads: ${LOW})`);
    }
  });

  it('a rule names where it leads: that level, found directly or not', () => {
    for (const direct of [undefined, true] as const) {
      const r = inputTrust(skill('/r/skills/x', [hop('/r/.claude/skills/x', '/r/skills/x')], direct), {}, shown, table({ '/r/skills/x/SKILL.md': { level: HIGH, source: 'location' } }));
      expect(r.trust).toBe(HIGH);
      expect(r.trustNote).toContain(`where it leads: ${HIGH})`);
    }
  });

  it('a chain of links: the lowest of every link location, the note names the first link and every level', () => {
    const via = [hop('/r/.claude/skills/pack', '/r/lib/skills'), hop('/r/lib/skills/x', '/r/x')];
    const decide = table({ '/r/.claude/skills/pack/SKILL.md': { level: HIGH, source: 'location' }, '/r/lib/skills/x/SKILL.md': { level: LOW, source: 'mapping' } });
    const r = inputTrust(skill('/r/x', via, true), {}, shown, decide);
    expect(r.trust).toBe(LOW);
    expect(r.trustNote).toBe(`reached through symlink .claude/skills/pack → /r/lib/skills: trust ${LOW} (the link's location: ${HIGH}, ${LOW}; where it leads: ${HIGH}, as found in the checked tree without a link)`);
    expect(r.viaDirLinks?.map((l) => l.link)).toEqual(['.claude/skills/pack', 'lib/skills/x']);
  });

  it('the real folder decides, not the folder as spelled', () => {
    const d = { ...skill('/r/.claude/skills/x', [hop('/r/.claude/skills/x', '/r/x')], true), realDir: '/r/x' };
    const decide = table({ '/r/.claude/skills/x/SKILL.md': { level: LOW, source: 'location' } });
    expect(inputTrust(d, {}, shown, decide).trust).toBe(LOW);
    expect(decide.asked[0]).toBe('/r/x/SKILL.md');
  });

  it('property: never above any link location nor the direct finding; never below the lowest of them when found directly', () => {
    const level = fc.constantFrom<Trust>(...TRUST_LEVELS);
    const source = fc.constantFrom<TrustDecision['source']>('mapping', 'location', 'default', 'provenance', 'not-real');
    fc.assert(
      fc.property(level, source, fc.array(level, { minLength: 1, maxLength: 4 }), fc.boolean(), (at, src, hops, direct) => {
        const via = hops.map((_, i) => hop(`/r/l${i}`, '/r/x'));
        const t: Record<string, Partial<TrustDecision>> = { '/r/x/SKILL.md': { level: at, source: src } };
        hops.forEach((h, i) => (t[`/r/l${i}/SKILL.md`] = { level: h, source: 'location' }));
        const r = inputTrust(skill('/r/x', via, direct ? true : undefined), {}, shown, table(t));
        const floor = Math.min(trustRank(at), ...hops.map(trustRank));
        expect(trustRank(r.trust)).toBeLessThanOrEqual(floor);
        if (direct || src !== 'default') expect(trustRank(r.trust)).toBe(floor);
        else expect(r.trust).toBe(LOW);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('lint: a link inside the checked tree', () => {
  const names = (r: { skills: { file: string; trust: Trust }[] }) => r.skills.map((s) => `${s.file} ${s.trust}`).sort();

  it('to a folder at the root (no rule names it), also found there: the trust it has there', async () => {
    const t = tree({ 'x/SKILL.md': SKILL('x'), '.claude/skills/own/SKILL.md': SKILL('own') });
    fs.symlinkSync('../../x', path.join(t, '.claude/skills/x'));
    const result = await lint({ cwd: t, paths: ['.'], rules: [], targets: ['claude-code'] });
    expect(names(result)).toEqual(['.claude/skills/own/SKILL.md trusted', 'x/SKILL.md trusted']);
    expect(result.skills.find((s) => s.file === 'x/SKILL.md')?.trustNote).toContain('as found in the checked tree without a link');
  });

  it('policy: the trust a direct finding gives, and the note says why', async () => {
    const t = tree({ 'x/SKILL.md': SKILL('x') });
    fs.mkdirSync(path.join(t, '.claude/skills'), { recursive: true });
    fs.symlinkSync('../../x', path.join(t, '.claude/skills/x'));
    const r = await runCli(['policy', '.', '--target', 'claude-code', '--tools', 'Read,Bash', '--no-config'], t);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`effective trust: ${HIGH}`);
    expect(r.stdout).toContain(`where it leads: ${HIGH}, as found in the checked tree without a link)`);
  });

  it('only the skills folder checked: the target is not found directly, so the lowest level', async () => {
    const t = tree({ 'x/SKILL.md': SKILL('x'), '.claude/skills/own/SKILL.md': SKILL('own') });
    fs.symlinkSync('../../x', path.join(t, '.claude/skills/x'));
    const result = await lint({ cwd: t, paths: ['.claude/skills'], rules: [], targets: ['claude-code'] });
    expect(result.skills.map((s) => `${s.name} ${s.trust}`).sort()).toEqual(['own trusted', 'x installed']);
  });

  it('into node_modules (not walked directly): the lowest level, as before', async () => {
    const t = tree({ 'node_modules/dep/SKILL.md': SKILL('dep'), '.claude/skills/own/SKILL.md': SKILL('own') });
    fs.symlinkSync('../../node_modules/dep', path.join(t, '.claude/skills/dep'));
    const result = await lint({ cwd: t, paths: ['.'], rules: [], targets: ['claude-code'] });
    expect(result.skills.map((s) => `${s.name} ${s.trust}`).sort()).toEqual(['dep installed', 'own trusted']);
  });

  it('to a folder outside the checked tree: the lowest level, as before', async () => {
    const store = tree({ 'x/SKILL.md': SKILL('x') });
    const t = tree({ '.claude/skills/own/SKILL.md': SKILL('own') });
    fs.symlinkSync(path.join(store, 'x'), path.join(t, '.claude/skills/x'));
    const result = await lint({ cwd: t, paths: ['.'], rules: [], targets: ['claude-code'] });
    expect(result.skills.map((s) => `${s.name} ${s.trust}`).sort()).toEqual(['own trusted', 'x installed']);
    expect(result.skills.find((s) => s.name === 'x')?.trustNote).toContain('outside every known skills root');
  });

  it('a chain of links inside the tree, the target also found directly: the trust it has there', async () => {
    const t = tree({ 'x/SKILL.md': SKILL('x'), 'lib/skills/.keep': '', '.claude/skills/own/SKILL.md': SKILL('own') });
    fs.symlinkSync('../../x', path.join(t, 'lib/skills/x'));
    fs.symlinkSync('../../lib/skills', path.join(t, '.claude/skills/pack'));
    const result = await lint({ cwd: t, paths: ['.'], rules: [], targets: ['claude-code'] });
    expect(names(result)).toEqual(['.claude/skills/own/SKILL.md trusted', 'x/SKILL.md trusted']);
  });

  it('a link whose own location is low (installed_skills), the target found directly: the lower', async () => {
    const t = tree({ 'x/SKILL.md': SKILL('x'), 'installed_skills/own/SKILL.md': SKILL('own') });
    fs.symlinkSync('../x', path.join(t, 'installed_skills/x'));
    const result = await lint({ cwd: t, paths: ['.'], rules: [], targets: ['claude-code'] });
    expect(names(result)).toEqual(['installed_skills/own/SKILL.md installed', 'x/SKILL.md installed']);
  });

  it('into a nested checkout in a runtime root: what provenance gives it directly, linked or not', async () => {
    const t = tree({ '.claude/skills/vendor/x/SKILL.md': SKILL('x'), '.claude/skills/vendor/.git/HEAD': 'ref: refs/heads/main\n', '.agents/skills/own/SKILL.md': SKILL('own') });
    const plain = await lint({ cwd: t, paths: ['.'], rules: [], targets: ['claude-code'] });
    fs.symlinkSync('../../.claude/skills/vendor/x', path.join(t, '.agents/skills/x'));
    const linked = await lint({ cwd: t, paths: ['.'], rules: [], targets: ['claude-code'] });
    const trustOf = (r: typeof plain) => r.skills.find((s) => s.name === 'x')?.trust;
    expect(trustOf(plain)).toBe(LOW);
    expect(trustOf(linked)).toBe(LOW);
  });
});

describe('property: any arrangement of links and targets', () => {
  // Folders a skill can live in (inside the checked tree, in folders the walk skips, or outside it) and folders a
  // link can sit in (skills roots, one that lowers trust); each link points at a target or at another link's folder.
  const TARGETS = ['x', 'skills/y', 'installed_skills/z', 'node_modules/n', 'vendor/v', '@out/o'] as const;
  const HOMES = ['.claude/skills', 'skills', 'installed_skills', 'lib/skills'] as const;
  const arrangement = fc.array(
    fc.record({ home: fc.constantFrom(...HOMES), to: fc.oneof(fc.constantFrom(...TARGETS), fc.constantFrom(...HOMES).map((h) => `@home/${h}`)) }),
    { minLength: 1, maxLength: 5 },
  );

  it('a skill reached through links is never above its links\' locations nor above its real path found directly', () => {
    fc.assert(
      fc.property(arrangement, (links) => {
        const out = tree(Object.fromEntries(TARGETS.filter((x) => x.startsWith('@out/')).map((x) => [`${x.slice(5)}/SKILL.md`, SKILL(path.basename(x))])));
        const files: Record<string, string> = {};
        for (const x of TARGETS) if (!x.startsWith('@out/')) files[`${x}/SKILL.md`] = SKILL(path.basename(x));
        for (const h of HOMES) files[`${h}/.keep`] = '';
        const t = fs.realpathSync(tree(files));
        links.forEach((l, i) => {
          const dest = l.to.startsWith('@out/') ? path.join(out, l.to.slice(5)) : l.to.startsWith('@home/') ? path.join(t, l.to.slice(6)) : path.join(t, l.to);
          fs.symlinkSync(dest, path.join(t, l.home, `l${i}`));
        });
        const found = discover([t]);
        for (const d of found.skills) {
          const realFile = fs.realpathSync(d.absPath);
          const direct = explainTrust(realFile);
          const r = inputTrust(d, {}, (p) => p, explainTrust);
          expect(trustRank(r.trust)).toBeLessThanOrEqual(trustRank(direct.level));
          for (const h of d.via ?? []) {
            // Each link's location, on its real path (its folder resolved, its own name kept).
            expect(h.linkReal).toBe(path.join(fs.realpathSync(path.dirname(h.link)), path.basename(h.link)));
            expect(trustRank(r.trust)).toBeLessThanOrEqual(trustRank(explainTrust(path.join(h.linkReal, 'SKILL.md')).level));
          }
          // Outside the checked tree or in a folder the walk skips, a place no rule names is the lowest level.
          const rel = path.relative(t, realFile);
          const unwalked = rel.startsWith('..') || rel.split(path.sep).some((s) => s === 'node_modules' || s === '.git');
          if (d.via && unwalked && direct.source === 'default') expect(r.trust).toBe(LOW);
          // Inside the checked tree and walked there too: the lowest of its links' locations and what it has there.
          const floor = Math.min(trustRank(direct.level), ...(d.via ?? []).map((h) => trustRank(explainTrust(path.join(h.linkReal, 'SKILL.md')).level)));
          if (!unwalked) expect(trustRank(r.trust)).toBe(floor);
        }
      }),
      { numRuns: Math.min(RUNS, 40) },
    );
  });
});
