// Provenance lowers the trust of third-party skills of the real clients: Claude Code plugin and marketplace
// folders, `npx skills` lock files, ClawHub installs, git checkouts. It never raises trust.

import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  evaluateProvenance, foldersBelowRoot, lowerByProvenance, parseLockNames, parseRegistryFolders, provenanceQueries,
  type ProvenanceAnswers, type ProvenanceRule,
} from '../src/core/policy/provenance.js';
import { ALL_PROVENANCE, skillProvenance, skillTrust } from '../src/node/provenance.js';
import { lint } from '../src/node/lint.js';
import { getProfile } from '../src/targets/profiles.js';
import { runCli, tempTrees } from './helpers.js';

const temp = tempTrees();
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use when asked.\n---\nBody.\n`;
const HOME = '/home/u';
const none: ProvenanceAnswers = { exists: new Set(), locks: new Map(), registries: new Map() };
const CLAUDE = getProfile('claude-code').provenance;

describe('provenance rules (pure)', () => {
  it('a Claude Code plugin or marketplace folder is installed; CLAUDE_CODE_PLUGIN_CACHE_DIR relocates it', () => {
    const cache = `${HOME}/.claude/plugins/cache/mkt/plug/1.0.0/skills/deploy`;
    expect(evaluateProvenance(CLAUDE, cache, none, { home: HOME })).toMatchObject({ rule: 'claude-plugin', level: 'installed' });
    expect(evaluateProvenance(CLAUDE, `${HOME}/.claude/plugins/marketplaces/mkt/plugins/p/skills/x`, none, { home: HOME })?.rule).toBe('claude-plugin');
    expect(evaluateProvenance(CLAUDE, `${HOME}/.claude/skills/mine`, none, { home: HOME })).toBeNull();
    // Not the home of someone else, and no `~` rule without a home.
    expect(evaluateProvenance(CLAUDE, `/home/v/.claude/plugins/cache/m/p/1/skills/x`, none, { home: HOME })).toBeNull();
    expect(evaluateProvenance(CLAUDE, cache, none, {})).toBeNull();
    expect(evaluateProvenance(CLAUDE, '/opt/cc/cache/m/p/1/skills/x', none, { home: HOME, env: { CLAUDE_CODE_PLUGIN_CACHE_DIR: '/opt/cc' } })?.rule).toBe('claude-plugin');
  });

  it('a folder installed_plugins.json or known_marketplaces.json lists is installed (a local marketplace loads in place)', () => {
    const q = provenanceQueries(CLAUDE, '/src/mkt/plugins/p/skills/x', { home: HOME });
    expect(q.registries.map((r) => r.file)).toEqual([`${HOME}/.claude/plugins/installed_plugins.json`, `${HOME}/.claude/plugins/known_marketplaces.json`]);
    const installed = parseRegistryFolders(JSON.stringify({ version: 2, plugins: { 'p@mkt': [{ scope: 'user', installPath: '/src/mkt/plugins/p', version: '1' }], 'q@m': { installPath: 'relative/ignored' } } }), 'claude-installed-plugins');
    expect(installed).toEqual(['/src/mkt/plugins/p']);
    const answers: ProvenanceAnswers = { ...none, registries: new Map([[`${HOME}/.claude/plugins/installed_plugins.json`, installed]]) };
    expect(evaluateProvenance(CLAUDE, '/src/mkt/plugins/p/skills/x', answers, { home: HOME })?.rule).toBe('claude-installed-plugins');
    expect(evaluateProvenance(CLAUDE, '/src/mkt/plugins/pp/skills/x', answers, { home: HOME })).toBeNull();
    expect(parseRegistryFolders(JSON.stringify({ mkt: { source: { source: 'directory' }, installLocation: '/src/mkt' } }), 'claude-known-marketplaces')).toEqual(['/src/mkt']);
    for (const bad of ['', 'null', '[]', '{"plugins": 3}', '{"plugins": {"a": [null, 1, {"installPath": 7}]}}']) {
      expect(parseRegistryFolders(bad, 'claude-installed-plugins')).toEqual([]);
    }
  });

  it('npx skills: the global lock lists the skill (linked into ~/.agents/skills or copied into ~/.claude/skills)', () => {
    const lock = `${HOME}/.agents/.skill-lock.json`;
    const names = parseLockNames(JSON.stringify({ version: 3, skills: { pdf: { source: 'o/r' } } }), 'skills');
    const answers: ProvenanceAnswers = { ...none, locks: new Map([[lock, names]]) };
    for (const dir of [`${HOME}/.agents/skills/pdf`, `${HOME}/.claude/skills/pdf`]) {
      expect(provenanceQueries(CLAUDE, dir, { home: HOME }).locks.map((l) => l.file)).toContain(lock);
      expect(evaluateProvenance(CLAUDE, dir, answers, { home: HOME })).toMatchObject({ rule: 'npx-skills-global', because: expect.stringContaining(`${lock} lists "pdf"`) });
    }
    // The lock speaks for the folders it governs only, and for the names it lists only.
    expect(evaluateProvenance(CLAUDE, `${HOME}/.claude/skills/mine`, answers, { home: HOME })).toBeNull();
    expect(evaluateProvenance(CLAUDE, `${HOME}/work/.claude/skills/pdf`, answers, { home: HOME })).toBeNull();
  });

  it('npx skills: the project lock governs the project\'s .agents/skills and .claude/skills', () => {
    const answers: ProvenanceAnswers = { ...none, locks: new Map([['/p/skills-lock.json', new Set(['pdf'])]]) };
    expect(evaluateProvenance(CLAUDE, '/p/.claude/skills/pdf', answers, { home: HOME })?.rule).toBe('npx-skills-project');
    expect(evaluateProvenance(CLAUDE, '/p/.agents/skills/pdf', answers, { home: HOME })?.rule).toBe('npx-skills-project');
    expect(evaluateProvenance(CLAUDE, '/p/.claude/skills/own', answers, { home: HOME })).toBeNull();
  });

  it('a lock file that exists but cannot be read lowers every skill it could list (the lower trust wins)', () => {
    expect(parseLockNames('{ not json', 'skills')).toBe('unreadable');
    expect(parseLockNames('{"skills": []}', 'skills')).toBe('unreadable');
    expect(parseLockNames('[]', 'skills')).toBe('unreadable');
    const answers: ProvenanceAnswers = { ...none, locks: new Map([['/p/skills-lock.json', 'unreadable']]) };
    expect(evaluateProvenance(CLAUDE, '/p/.claude/skills/own', answers, { home: HOME })?.because).toMatch(/could not be read as a lock file/);
  });

  it('ClawHub: origin.json in the skill folder, or the workdir lock listing the slug', () => {
    const rules = getProfile('openclaw').provenance;
    const origin: ProvenanceAnswers = { ...none, exists: new Set(['/w/skills/gh/.clawdhub/origin.json']) };
    expect(evaluateProvenance(rules, '/w/skills/gh', origin, { home: HOME })?.rule).toBe('clawhub-origin');
    const lock: ProvenanceAnswers = { ...none, locks: new Map([['/w/.clawhub/lock.json', new Set(['gh'])]]) };
    expect(evaluateProvenance(rules, '/w/skills/gh', lock, { home: HOME })?.rule).toBe('clawhub-lock');
    expect(evaluateProvenance(rules, '/w/skills/mine', lock, { home: HOME })).toBeNull();
  });

  it('a git checkout or submodule below the skills root; the project repository above the root does not count', () => {
    expect(foldersBelowRoot('/p/.claude/skills/pack/x', ['.claude/skills'])).toEqual(['/p/.claude/skills/pack/x', '/p/.claude/skills/pack']);
    expect(foldersBelowRoot('/elsewhere/x', ['.claude/skills'])).toEqual(['/elsewhere/x']);
    // The outermost root: a submodule holding a nested root is still below the outer one.
    expect(foldersBelowRoot('/p/skills/sub/skills/x', ['skills'])).toEqual(['/p/skills/sub/skills/x', '/p/skills/sub/skills', '/p/skills/sub']);
    const q = provenanceQueries(CLAUDE, '/p/.claude/skills/x', { home: HOME });
    expect(q.exists).toContain('/p/.claude/skills/x/.git');
    expect(q.exists).not.toContain('/p/.git');
    const git: ProvenanceAnswers = { ...none, exists: new Set(['/p/.claude/skills/x/.git']) };
    expect(evaluateProvenance(CLAUDE, '/p/.claude/skills/x', git, { home: HOME })?.rule).toBe('git-checkout');
    expect(evaluateProvenance(CLAUDE, '/p/.claude/skills/x', { ...none, exists: new Set(['/p/.git', '/p/.claude/skills/.git']) }, { home: HOME })).toBeNull();
  });

  it('provenance only lowers: no answer, for any skill folder and any level, raises trust', () => {
    const level = fc.constantFrom('installed' as const, 'trusted' as const);
    const seg = fc.constantFrom('.claude', 'skills', 'plugins', 'cache', '.agents', 'x', '..', '.git', '.clawhub', '');
    fc.assert(
      fc.property(level, fc.array(seg, { maxLength: 8 }), fc.array(fc.string(), { maxLength: 3 }), (lv, segs, names) => {
        const dir = `/${segs.join('/')}`;
        const locks = new Map(provenanceQueries(ALL_PROVENANCE, dir, { home: HOME }).locks.map((l) => [l.file, new Set(names)] as const));
        const f = evaluateProvenance(ALL_PROVENANCE, dir, { ...none, locks }, { home: HOME });
        const out = lowerByProvenance(lv, f);
        expect(lv === 'installed' ? out === 'installed' : true).toBe(true);
        if (f !== null) expect(f.level).toBe('installed');
      }),
    );
  });

  it('every rule names its source; every profile rule kind is known', () => {
    for (const r of ALL_PROVENANCE as readonly ProvenanceRule[]) {
      expect(r.source.length).toBeGreaterThan(10);
      expect(['under', 'lockfile', 'marker', 'registry', 'git']).toContain(r.kind);
    }
  });
});

describe('provenance on disk (src/node)', () => {
  let savedHome: string | undefined;
  beforeEach(() => {
    savedHome = process.env.HOME;
  });
  afterEach(() => {
    if (savedHome === undefined) delete process.env.HOME;
    else process.env.HOME = savedHome;
  });

  it('a plugin-installed skill in Claude Code gets the installed ceiling by default: Bash, Write, WebFetch denied', async () => {
    const home = temp({
      '.claude/plugins/cache/mkt/plug/1.0.0/skills/deploy/SKILL.md': SKILL('deploy'),
      '.claude/plugins/installed_plugins.json': JSON.stringify({ version: 2, plugins: { 'plug@mkt': [{ scope: 'user', installPath: '/nonexistent' }] } }),
      'project/.claude/skills/mine/SKILL.md': SKILL('mine'),
    });
    process.env.HOME = home;
    const cwd = path.join(home, 'project');
    const r = await runCli(['policy', '.claude/skills', '../.claude/plugins', '--tools', 'Bash,Read,Write,Edit,WebFetch,Agent,mcp__srv__tool', '--format', 'json'], cwd);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout) as { effectiveTrust: string; allowedTools: string[]; skills: { name: string; trust: string }[] };
    expect(doc.skills.map((s) => `${s.name}:${s.trust}`)).toEqual(['deploy:installed', 'mine:trusted']);
    expect([doc.effectiveTrust, doc.allowedTools]).toEqual(['installed', ['Read']]);
    const text = await runCli(['policy', '.claude/skills', '../.claude/plugins', '--tools', 'Bash,Read'], cwd);
    expect(text.stdout).toContain('installed because: provenance: inside');
    expect(text.stdout).toContain('a Claude Code plugin or marketplace folder');
    expect(text.stdout).toContain('trusted because: location rule "**/skills"');
  });

  it('a skill folder that is a git checkout (a .git folder or a submodule\'s .git file) is installed; the project repo is not', async () => {
    const dir = temp({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/skills/cloned/SKILL.md': SKILL('cloned'),
      '.claude/skills/cloned/.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/skills/sub/SKILL.md': SKILL('sub'),
      '.claude/skills/sub/.git': 'gitdir: ../../../.git/modules/sub\n',
      '.claude/skills/own/SKILL.md': SKILL('own'),
    });
    const res = await lint({ cwd: dir, paths: ['.claude/skills'], rules: [], targets: ['claude-code'] });
    expect(res.skills.map((s) => `${s.name}:${s.trust}`)).toEqual(['cloned:installed', 'own:trusted', 'sub:installed']);
    expect(res.skills[0]!.trustBecause).toMatch(/^provenance: the skill folder has a \.git: a git checkout/);
  });

  it('npx skills: the project lock marks its skills; a lock cannot raise an installed_skills skill; a mapping decides', async () => {
    const dir = temp({
      'skills-lock.json': JSON.stringify({ version: 1, skills: { pdf: { source: 'o/r', sourceType: 'github', computedHash: 'x' } } }),
      '.agents/skills/pdf/SKILL.md': SKILL('pdf'),
      '.agents/skills/mine/SKILL.md': SKILL('mine'),
      'installed_skills/x/SKILL.md': SKILL('x'),
      'installed_skills/x/.clawhub/lock.json': JSON.stringify({ version: 1, skills: {} }),
    });
    const res = await lint({ cwd: dir, rules: [], targets: ['codex'] });
    const trust = Object.fromEntries(res.skills.map((s) => [s.name, s.trust]));
    expect(trust).toEqual({ pdf: 'installed', mine: 'trusted', x: 'installed' });
    const mapped = await lint({ cwd: dir, rules: [], targets: ['codex'], trust: [{ path: '.agents/skills/pdf', level: 'trusted' }] });
    expect(mapped.skills.find((s) => s.name === 'pdf')).toMatchObject({ trust: 'trusted', trustBecause: expect.stringMatching(/^trust mapping/) });
  });

  it('a lock file that is a symlink, or garbage, lowers what it would govern', () => {
    const dir = temp({ 'p/.claude/skills/own/SKILL.md': SKILL('own'), 'elsewhere.json': '{"version":1,"skills":{}}' });
    fs.symlinkSync(path.join(dir, 'elsewhere.json'), path.join(dir, 'p', 'skills-lock.json'));
    const d = skillTrust(`${dir}/p/.claude/skills/own/SKILL.md`, { home: '/nonexistent-home' }, {});
    expect(d).toMatchObject({ level: 'installed', source: 'provenance' });
    fs.rmSync(path.join(dir, 'p', 'skills-lock.json'));
    expect(skillTrust(`${dir}/p/.claude/skills/own/SKILL.md`, { home: '/nonexistent-home' }, {}).level).toBe('trusted');
  });

  it('answers are cached per run: one lock file read for many skills', () => {
    const dir = temp({ 'skills-lock.json': JSON.stringify({ version: 1, skills: { a: {} } }) });
    const key = {};
    const first = skillProvenance(`${dir}/.agents/skills/a`, { home: '/nonexistent-home' }, key);
    fs.writeFileSync(path.join(dir, 'skills-lock.json'), '{"version":1,"skills":{}}');
    expect(skillProvenance(`${dir}/.agents/skills/a`, { home: '/nonexistent-home' }, key)).toEqual(first);
    expect(skillProvenance(`${dir}/.agents/skills/a`, { home: '/nonexistent-home' }, {})).toBeNull();
  });
});
