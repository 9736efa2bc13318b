// Targets: auto cues, lazy ajv, side files, multi-target JSON. The gating rule's OpenClaw vs IronClaw
// semantics are in rules/gating.test.ts.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/node/lint.js';
import { ajvLoaded } from '../rules/tool-schema.js';
import { runJson, tempTrees } from './helpers.js';

const tree = tempTrees();

// First: nothing before this in the file may load ajv.
describe('laziness and bounds', () => {
  it('ajv is not loaded for skills without tools', async () => {
    const dir = tree({ '.crv/skills/a.md': '---\nname: a\ndescription: d\ntriggers: [a]\n---\nBody.\n' });
    await lint({ cwd: dir });
    expect(ajvLoaded()).toBe(false);
  });

  it('a symlinked _meta.json is not followed (the creo name falls back to the folder)', async () => {
    const dir = tree({ '.creo/skills/s/SKILL.md': 'No heading.\n', 'secret.json': '{"slug":"leaked"}' });
    fs.symlinkSync(path.join(dir, 'secret.json'), path.join(dir, '.creo/skills/s/_meta.json'));
    const r = await lint({ cwd: dir });
    expect(r.skills.map((s) => s.name)).toEqual(['s']);
  });
});

describe('--target auto', () => {
  it('picks each runtime from its location and frontmatter cues', async () => {
    const dir = tree({
      'skills/act/SKILL.md': '---\nname: act\nactivation:\n  keywords: [deploy]\n---\nBody.\n',
      'skills/trig/SKILL.md': '---\nname: trig\ndescription: d\ntriggers: [x]\n---\nBody.\n',
      'skills/tool/SKILL.md': '---\nname: tool\ndescription: d\ntools:\n  - name: t\n    command: x\n---\nBody.\n',
      'skills/oc/SKILL.md': '---\nname: oc\ndescription: d\nmetadata:\n  openclaw:\n    emoji: "x"\n---\nBody.\n',
      '.jern/skills/j/SKILL.md': 'Jern skill.\n',
      '.creo/skills/c/SKILL.md': '# C\n\nCreo skill.\n',
      '.crv/skills/v.md': '---\nname: v\ndescription: d\n---\nBody.\n',
      '.openclaw/skills/o/SKILL.md': '---\nname: o\ndescription: d\n---\nBody.\n',
      '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: d\n---\nBody.\n',
      '.opencode/skills/oc2/SKILL.md': '---\nname: oc2\ndescription: d\n---\nBody.\n',
      '.agents/skills/ag/SKILL.md': '---\nname: ag\ndescription: d\n---\nBody.\n',
      '.codex/skills/cx/SKILL.md': '---\nname: cx\ndescription: d\n---\nBody.\n',
      '.github/skills/gh/SKILL.md': '---\nname: gh\ndescription: d\n---\nBody.\n',
      'skills/SKILL.md': '---\nname: flat\n---\nBody.\n',
      'other/plain/SKILL.md': '---\nname: plain\ndescription: d\n---\nBody.\n',
    });
    const { report } = await runJson(['.'], dir);
    const byFile = Object.fromEntries(report.skills.map((s) => [s.file, s.target]));
    expect(byFile).toEqual({
      'skills/act/SKILL.md': 'ironclaw',
      'skills/trig/SKILL.md': 'agentskills', // triggers alone is not Cerveau's
      'skills/tool/SKILL.md': 'cerveau',
      'skills/oc/SKILL.md': 'openclaw',
      '.jern/skills/j/SKILL.md': 'jern',
      '.creo/skills/c/SKILL.md': 'creo',
      '.crv/skills/v.md': 'cerveau',
      '.openclaw/skills/o/SKILL.md': 'openclaw',
      '.claude/skills/a/SKILL.md': 'claude-code',
      '.opencode/skills/oc2/SKILL.md': 'opencode',
      '.agents/skills/ag/SKILL.md': 'codex',
      '.codex/skills/cx/SKILL.md': 'codex',
      '.github/skills/gh/SKILL.md': 'agentskills',
      'skills/SKILL.md': 'ironclaw',
      'other/plain/SKILL.md': 'agentskills',
    });
  });

  it('a tools list without a command is not a cerveau cue', async () => {
    const dir = tree({ 'x/t/SKILL.md': '---\nname: t\ndescription: d\ntools: [Read]\n---\nBody.\n' });
    const { report } = await runJson(['.'], dir);
    expect(report.skills.map((s) => s.target)).toEqual(['agentskills']);
  });
});

describe('--target a,b', () => {
  it('has one skills entry per skill and target, and every diagnostic carries its target', async () => {
    const dir = tree({ 'skills/w/SKILL.md': '\ufeff---\r\nname: w\r\ndescription: d\r\n---\r\nBody.\r\n' });
    const { report } = await runJson(['--target', 'ironclaw,cuca', '.'], dir);
    expect(report.skills.map((s) => [s.target, s.loads])).toEqual([
      ['ironclaw', true],
      ['cuca', false],
    ]);
    expect(report.diagnostics.every((d) => typeof d.target === 'string')).toBe(true);
    expect(report.summary.skills).toBe(1);
  });

  it('a finding identical under two targets is kept once and lists both', async () => {
    const dir = tree({ 'skills/n/SKILL.md': '---\nname: n\ndescription: d\n---\nBody \0 here.\n' });
    const { report } = await runJson(['--target', 'jern,creo', '.'], dir);
    const nul = report.diagnostics.filter((d) => d.ruleId === 'encoding');
    expect(nul.length).toBe(1);
    expect(nul[0]!.targets).toEqual(['creo', 'jern']);
  });
});

describe('scan limits (IronClaw: depth 3, at most 100 skills)', () => {
  const skills = (n: number, extra: Record<string, string> = {}) => {
    const files: Record<string, string> = { ...extra };
    for (let i = 0; i < n; i++) files[`skills/s${String(i).padStart(3, '0')}/SKILL.md`] = `---\nname: s${i}\n---\nSkill ${i}.\n`;
    return tree(files);
  };

  it('100 loading skills are fine; 101 give one warning, on the first skill past the limit in path order', async () => {
    expect((await runJson(['.', '--target', 'ironclaw'], skills(100))).report.diagnostics.filter((d) => d.ruleId === 'scan-limits')).toEqual([]);
    const { report } = await runJson(['.', '--target', 'ironclaw'], skills(101));
    const found = report.diagnostics.filter((d) => d.ruleId === 'scan-limits');
    expect(found.map((d) => `${d.file} ${d.severity}`)).toEqual(['skills/s100/SKILL.md warning']);
    expect(found[0]!.message).toContain('101 skills load under ironclaw, which loads at most 100: 1 of them are dropped');
    // The runtime's order decides which one is dropped: no skill is marked as not loading.
    expect(report.skills.every((s) => s.loads)).toBe(true);
  });

  it('skills that do not load (rejected, too deep) do not count', async () => {
    const { report } = await runJson(['.', '--target', 'ironclaw'], skills(100, { 'skills/empty/SKILL.md': '---\nname: empty\n---\n', 'skills/a/b/c/d/SKILL.md': '---\nname: d\n---\nDeep.\n' }));
    expect(report.diagnostics.filter((d) => d.ruleId === 'scan-limits').map((d) => d.file)).toEqual(['skills/a/b/c/d/SKILL.md']);
  });

  it('says nothing for runtimes whose limits are not documented', async () => {
    const { report } = await runJson(['.'], tree({ '.github/skills/a/b/c/d/e/f/g/SKILL.md': '---\nname: g\ndescription: Deep.\n---\nBody.\n' }));
    expect(report.diagnostics.filter((d) => d.ruleId === 'scan-limits')).toEqual([]);
  });
});
