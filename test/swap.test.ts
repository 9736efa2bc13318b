// A skill folder swapped after discovery (for a symlink, or for another folder) is never read or written through.
// The swap happens at a seam, not in a race: discovery's beforeReaddir hook fires when the walk reaches a folder
// that sorts after the victim (already listed), and --fix is given inputs from a run before the swap.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes, planFixes } from '../src/node/fix.js';
import { lint } from '../src/node/lint.js';
import { tempTrees } from './helpers.js';

const tree = tempTrees();
const SKILL = (name: string, extra = '') => `---\nname: ${name}\ndescription: Test fixture.\n---\nBody.${extra}\n`;
const SECRET = 'SECRET-OUTSIDE-THE-TREE';
// Hidden Unicode outside the tree: a finding would quote it, so reading it through the link would show.
const OUTSIDE_SKILL = `---\nname: a-victim\ndescription: Outside.\n---\n${SECRET} \u202eevil\u202c text.\n`;

function swapForSymlink(folder: string, to: string): void {
  fs.renameSync(folder, `${folder}.moved`);
  fs.symlinkSync(to, folder);
}

describe('a skill folder swapped for a symlink after discovery', () => {
  it('is reported as a symlink and not read through', async () => {
    const outside = tree({ 'SKILL.md': OUTSIDE_SKILL, 'references/leak.md': `${SECRET}\u202e\n` });
    const dir = tree({ 'skills/a-victim/SKILL.md': SKILL('a-victim'), 'skills/m-hook/SKILL.md': SKILL('m-hook') });
    let fired = false;
    const result = await lint({
      paths: ['.'],
      cwd: dir,
      gating: false,
      discoverHooks: {
        beforeReaddir(abs) {
          if (abs !== path.join(dir, 'skills/m-hook')) return;
          fired = true;
          swapForSymlink(path.join(dir, 'skills/a-victim'), outside);
        },
      },
    });
    expect(fired).toBe(true);
    const victim = result.diagnostics.filter((d) => d.file === 'skills/a-victim/SKILL.md');
    expect(victim.map((d) => `${d.ruleId} ${d.severity}`)).toEqual(['symlink error']);
    expect(victim[0]!.message).toContain('"skills/a-victim" was replaced by a symlink');
    expect(victim[0]!.message).toContain(outside);
    expect(JSON.stringify(result.diagnostics)).not.toContain(SECRET);
    expect(result.diagnostics.some((d) => d.ruleId === 'hidden-unicode')).toBe(false);
    expect(result.skills.find((s) => s.file === 'skills/a-victim/SKILL.md')).toMatchObject({ loads: false, name: null });
    expect(result.files).toBe(1);
  });

  it('a folder higher up swapped for a symlink is caught too', async () => {
    const outside = tree({ 'victim/SKILL.md': OUTSIDE_SKILL });
    const dir = tree({ 'a/skills/victim/SKILL.md': SKILL('victim'), 'b/skills/hook/SKILL.md': SKILL('hook') });
    const result = await lint({
      paths: ['.'],
      cwd: dir,
      gating: false,
      discoverHooks: {
        beforeReaddir(abs) {
          if (abs === path.join(dir, 'b')) swapForSymlink(path.join(dir, 'a/skills'), outside);
        },
      },
    });
    const victim = result.diagnostics.filter((d) => d.file === 'a/skills/victim/SKILL.md');
    expect(victim.map((d) => d.ruleId)).toEqual(['symlink']);
    expect(victim[0]!.message).toContain('"a/skills" was replaced by a symlink');
    expect(JSON.stringify(result.diagnostics)).not.toContain(SECRET);
  });

  it('a folder swapped for another real folder is a read-error, not read', async () => {
    const dir = tree({ 'skills/a-victim/SKILL.md': SKILL('a-victim'), 'skills/m-hook/SKILL.md': SKILL('m-hook') });
    const result = await lint({
      paths: ['.'],
      cwd: dir,
      gating: false,
      discoverHooks: {
        beforeReaddir(abs) {
          if (abs !== path.join(dir, 'skills/m-hook')) return;
          const v = path.join(dir, 'skills/a-victim');
          fs.renameSync(v, `${v}.old`);
          fs.mkdirSync(v);
          fs.writeFileSync(path.join(v, 'SKILL.md'), OUTSIDE_SKILL);
        },
      },
    });
    const victim = result.diagnostics.filter((d) => d.file === 'skills/a-victim/SKILL.md');
    expect(victim.map((d) => d.ruleId)).toEqual(['read-error']);
    expect(victim[0]!.message).toMatch(/folder "skills\/a-victim" changed after the skill was found \(now another folder\)/);
    expect(JSON.stringify(result.diagnostics)).not.toContain(SECRET);
  });
});

describe('--fix after the skill folder is swapped for a symlink', () => {
  it('writes nothing outside the root and says why', async () => {
    const outsideText = '---\r\nname: a-victim\r\ndescription: Outside.\r\n---\r\nBody.\r\n';
    const outside = tree({ 'SKILL.md': outsideText });
    // The same CRLF text inside, so a content check alone cannot tell the two apart.
    const dir = tree({ 'skills/a-victim/SKILL.md': outsideText });
    const result = await lint({ paths: ['.'], cwd: dir, gating: false });
    expect(result.diagnostics.some((d) => d.fix)).toBe(true);
    swapForSymlink(path.join(dir, 'skills/a-victim'), outside);
    const plans = planFixes(result.diagnostics, result.inputs, [dir]);
    expect(plans.map((p) => p.skipped)).toEqual(['not a regular file (never written through a symlink)']);
    const outcomes = applyFixes(result.diagnostics, result.inputs, [dir]);
    expect(outcomes).toEqual([{ file: 'skills/a-victim/SKILL.md', applied: 0, skipped: 'not a regular file (never written through a symlink)' }]);
    expect(fs.readFileSync(path.join(outside, 'SKILL.md'), 'utf8')).toBe(outsideText);
    expect(fs.readdirSync(outside)).toEqual(['SKILL.md']);
  });

  it('a swap between the plan and the write is caught by the writer itself', async () => {
    const text = '---\r\nname: a-victim\r\ndescription: Outside.\r\n---\r\nBody.\r\n';
    const outside = tree({ 'SKILL.md': text });
    const dir = tree({ 'skills/a-victim/SKILL.md': text });
    const result = await lint({ paths: ['.'], cwd: dir, gating: false });
    const plans = planFixes(result.diagnostics, result.inputs, [dir]);
    expect(plans.map((p) => p.skipped)).toEqual([undefined]);
    swapForSymlink(path.join(dir, 'skills/a-victim'), outside);
    const { writeFileAtomic } = await import('../src/node/write.js');
    const p = plans[0]!;
    expect(() => writeFileAtomic(p.absPath, p.after, { ...(p.tree ? { tree: p.tree } : {}), expect: { bytes: Buffer.from(p.before) } })).toThrow(/changed since it was checked \(now a symlink\)/);
    expect(fs.readFileSync(path.join(outside, 'SKILL.md'), 'utf8')).toBe(text);
    expect(fs.readdirSync(outside)).toEqual(['SKILL.md']);
  });
});
