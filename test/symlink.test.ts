// Symlinks are reported (rule 'symlink') and never followed. Fixtures are created at test time: git cannot hold them.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runJson, short, tempTrees } from './helpers.js';

const SKILL = (name: string) => `---\nname: ${name}\ndescription: Test fixture.\n---\nBody.\n`;
const tree = tempTrees();
describe('symlinked SKILL.md', () => {
  let dir: string;
  let outside: string;
  beforeAll(() => {
    outside = tree({ 'secret.md': SKILL('secret') });
    dir = tree({ 'skills/real/SKILL.md': SKILL('real') });
    fs.mkdirSync(path.join(dir, 'skills/linked'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(dir, 'skills/linked/SKILL.md'));
  });

  it('is a symlink error, the skill does not load, and the target is not read', async () => {
    const { code, report } = await runJson(['.'], dir);
    const d = report.diagnostics.filter((x) => x.file === 'skills/linked/SKILL.md');
    expect(d.map(short)).toEqual(['skills/linked/SKILL.md:1:1 error symlink']);
    expect(d[0]!.message).toContain('secret.md');
    const s = report.skills.find((x) => x.file === 'skills/linked/SKILL.md');
    expect(s).toMatchObject({ loads: false, name: null });
    expect(report.skills.find((x) => x.file === 'skills/real/SKILL.md')).toMatchObject({ loads: true, name: 'real' });
    // Only the real file was read: the link's target is never opened.
    expect(report.summary.files).toBe(1);
    expect(code).toBe(1);
  });

  it('is the same under every explicit target', async () => {
    for (const target of ['ironclaw', 'agentskills']) {
      const { report } = await runJson(['--target', target, 'skills/linked'], dir);
      expect(report.diagnostics.map(short)).toEqual(['skills/linked/SKILL.md:1:1 error symlink']);
      expect(report.skills).toEqual([{ name: null, file: 'skills/linked/SKILL.md', target, trust: 'trusted', loads: false }]);
    }
  });

  it('a SKILL.md linked to /etc/passwd is reported, not read', async () => {
    const d = tree({});
    fs.mkdirSync(path.join(d, 'skills/x'), { recursive: true });
    fs.symlinkSync('/etc/passwd', path.join(d, 'skills/x/SKILL.md'));
    const { report } = await runJson(['.'], d);
    expect(report.diagnostics.map(short)).toEqual(['skills/x/SKILL.md:1:1 error symlink']);
    expect(report.summary.files).toBe(0);
    expect(JSON.stringify(report)).not.toContain('root:');
  });
});

describe('symlink entries', () => {
  it('inside a skill folder: a warning, not followed', async () => {
    const outside = tree({ 'refs/notes.md': 'notes', 'refs/SKILL.md': SKILL('hidden') });
    const dir = tree({ '.claude/skills/pdf/SKILL.md': SKILL('pdf') });
    fs.symlinkSync(path.join(outside, 'refs'), path.join(dir, '.claude/skills/pdf/references'));
    const { code, report } = await runJson(['.'], dir);
    expect(report.diagnostics.map(short)).toEqual(['.claude/skills/pdf/references:1:1 warning symlink']);
    expect(report.diagnostics[0]!.message).toContain('entry of a skill folder is a symlink');
    expect(report.skills.map((s) => s.file)).toEqual(['.claude/skills/pdf/SKILL.md']);
    expect(code).toBe(0);
  });

  it('inside a skills/ root: the linked skill folder is checked where it lives, at the lower trust, and reported', async () => {
    const vendor = tree({ 'pdf/SKILL.md': SKILL('pdf') });
    const dir = tree({ 'skills/own/SKILL.md': SKILL('own') });
    fs.symlinkSync(path.join(vendor, 'pdf'), path.join(dir, 'skills/pdf'));
    const { report } = await runJson(['.'], dir);
    const shown = path.relative(dir, path.join(fs.realpathSync(vendor), 'pdf/SKILL.md')).split(path.sep).join('/');
    expect(report.diagnostics.map(short)).toEqual([`${shown}:1:1 warning symlink`]);
    expect(report.diagnostics[0]!.message).toContain('skill folder is reached through symlink "skills/pdf"');
    expect(report.skills.map((s) => `${s.file} ${s.trust}`).sort()).toEqual([`${shown} installed`, 'skills/own/SKILL.md trusted'].sort());
  });

  it('a relative link in a skills root (.agents/skills -> ../skills style) does not double the skills', async () => {
    const dir = tree({ 'skills/a/SKILL.md': SKILL('a') });
    fs.mkdirSync(path.join(dir, 'skills/mirror'));
    fs.symlinkSync('../a', path.join(dir, 'skills/mirror/a'));
    fs.mkdirSync(path.join(dir, '.agents'));
    fs.symlinkSync('../skills', path.join(dir, '.agents/skills'));
    const { report } = await runJson(['.'], dir);
    expect(report.skills.map((s) => s.file)).toEqual(['skills/a/SKILL.md']);
    expect(report.diagnostics.filter((d) => d.ruleId === 'duplicate-name')).toEqual([]);
  });
});

describe('loops and links out of the tree', () => {
  it('a loop back to the root and a link to /etc cost nothing and are not followed', async () => {
    const dir = tree({ 'skills/a/SKILL.md': SKILL('a'), 'docs/readme.md': 'docs' });
    fs.symlinkSync('..', path.join(dir, 'docs/loop')); // outside any skills root: skipped silently
    fs.symlinkSync(dir, path.join(dir, 'root-loop'));
    fs.symlinkSync('/etc', path.join(dir, 'etc'));
    fs.symlinkSync('..', path.join(dir, 'skills/loop')); // inside a skills root: reported
    fs.symlinkSync('/etc', path.join(dir, 'skills/a/etc')); // inside a skill folder: reported
    const { code, report } = await runJson(['.'], dir);
    expect(report.skills.map((s) => s.file)).toEqual(['skills/a/SKILL.md']);
    expect(report.diagnostics.map(short).sort()).toEqual(['skills/a/etc:1:1 warning symlink', 'skills/loop:1:1 warning symlink']);
    expect(report.summary.files).toBe(1);
    expect(code).toBe(0);
  });

  it('a self-referential link (ELOOP) named SKILL.md is reported, not read', async () => {
    const dir = tree({});
    fs.mkdirSync(path.join(dir, 'skills/self'), { recursive: true });
    fs.symlinkSync('SKILL.md', path.join(dir, 'skills/self/SKILL.md'));
    const { report } = await runJson(['.'], dir);
    expect(report.diagnostics.map(short)).toEqual(['skills/self/SKILL.md:1:1 error symlink']);
  });
});

describe('a path argument that is a symlink', () => {
  it('to a folder: an error (nothing behind it was checked), not walked', async () => {
    const real = tree({ 'skills/a/SKILL.md': SKILL('a') });
    const dir = tree({});
    fs.symlinkSync(real, path.join(dir, 'link'));
    const { code, report, stderr } = await runJson(['link'], dir);
    expect(report.diagnostics.map(short)).toEqual(['link:1:1 error symlink']);
    expect(report.diagnostics[0]!.message).toContain('path given on the command line is a symlink');
    expect(report.skills).toEqual([]);
    expect(stderr).toContain('no skills found');
    // A CI job pointed at a linked folder must not pass with nothing checked.
    expect(code).toBe(1);
  });

  it('to a SKILL.md: reported, not read', async () => {
    const real = tree({ 'skills/a/SKILL.md': SKILL('a') });
    const dir = tree({});
    fs.symlinkSync(path.join(real, 'skills/a/SKILL.md'), path.join(dir, 'SKILL.md'));
    const { report } = await runJson(['SKILL.md'], dir);
    expect(report.diagnostics.map(short)).toEqual(['SKILL.md:1:1 error symlink']);
    expect(report.skills).toEqual([]);
    expect(report.summary.files).toBe(0);
  });

  it('a dangling link is reported, not a missing path', async () => {
    const dir = tree({});
    fs.symlinkSync(path.join(os.tmpdir(), 'skillcheck-no-such-target-xyz'), path.join(dir, 'dangling'));
    const { code, report } = await runJson(['dangling'], dir);
    expect(report.diagnostics.map(short)).toEqual(['dangling:1:1 error symlink']);
    expect(code).toBe(1);
  });
});

describe('a skills root that is a symlink', () => {
  it('is info, not followed: its skills are checked once, where they live', async () => {
    const dir = tree({ 'skills/a/SKILL.md': SKILL('a') });
    fs.mkdirSync(path.join(dir, '.agents'));
    fs.symlinkSync('../skills', path.join(dir, '.agents/skills'));
    const { code, report } = await runJson(['--persona', 'auditor', '.'], dir);
    expect(report.diagnostics.map(short)).toEqual(['.agents/skills:1:1 info symlink']);
    expect(report.diagnostics[0]!.message).toContain('skills root is a symlink');
    expect(report.skills.map((s) => s.file)).toEqual(['skills/a/SKILL.md']);
    expect(code).toBe(0);
  });
});

describe('a symlinked SKILL.md that leads inside the checked tree', () => {
  const make = (root: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skc-link-in-'));
    fs.mkdirSync(path.join(dir, root, 'linked'), { recursive: true });
    fs.writeFileSync(path.join(dir, root, 'linked/real.md'), '---\nname: linked\ndescription: Read through the link.\n---\n\nBody.\n');
    fs.symlinkSync('real.md', path.join(dir, root, 'linked/SKILL.md'));
    return dir;
  };
  it('is read in the link place and loads where the runtime follows the link (OpenCode)', async () => {
    const dir = make('.opencode/skills');
    const { report } = await runJson(['explain', '--target', 'opencode', '.'], dir);
    const s = (report as unknown as { skills: { loads: boolean; name: { value: string }; description: { value: string } }[] }).skills[0]!;
    expect({ loads: s.loads, name: s.name.value, description: s.description.value }).toEqual({ loads: true, name: 'linked', description: 'Read through the link.' });
    const lint = await runJson(['--target', 'opencode', '.'], dir);
    expect(lint.report.diagnostics.map(short)).toEqual(['.opencode/skills/linked/SKILL.md:1:1 warning symlink']);
  });
  it('stays an error where the runtime skips a symlinked skill file (Codex)', async () => {
    const dir = make('.agents/skills');
    const { report } = await runJson(['--target', 'codex', '.'], dir);
    expect(report.diagnostics.map(short)).toEqual(['.agents/skills/linked/SKILL.md:1:1 error symlink']);
    expect(report.skills[0]?.loads).toBe(false);
  });
  it('is not read when the checked path is the skill folder and the link leads above it', async () => {
    const dir = make('.opencode/skills');
    fs.rmSync(path.join(dir, '.opencode/skills/linked/SKILL.md'));
    fs.writeFileSync(path.join(dir, '.opencode/skills/up.md'), '---\nname: up\ndescription: Above.\n---\n');
    fs.symlinkSync('../up.md', path.join(dir, '.opencode/skills/linked/SKILL.md'));
    const { report } = await runJson(['--target', 'opencode', '.opencode/skills/linked'], dir);
    expect(report.diagnostics.map(short)).toEqual(['.opencode/skills/linked/SKILL.md:1:1 error symlink']);
  });
});
