// The disagreement classes the conformance generator (scripts/conformance-fuzz.mjs) found between skillcheck and
// the five pinned runtimes; each expected value is the runtime's own answer (docs/conformance.md), checked through
// `skillcheck explain` with the matching target. The layouts are rendered by the generator from its features.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { generate, renderCase, writeCase } from '../scripts/conformance-fuzz.mjs';
import { runJson } from './helpers.js';

type View = { loads: boolean; name: string | null; description: string | null };
type Rendered = { units: { uid: string; dir: string }[] };

const ROOT: Record<string, string> = {
  'claude-code': '.claude/skills',
  codex: '.agents/skills',
  opencode: '.opencode/skills',
  openclaw: 'skills',
  agentskills: 'skills',
};

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** Lay out the cases (id, features) under the target's root; skillcheck's view per unit id. */
async function view(target: string, cases: { id: string; features: [string, string][] }[]): Promise<Record<string, View>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-fuzz-'));
  made.push(dir);
  const root = path.join(dir, ROOT[target]!);
  const byDir = new Map<string, string>();
  for (const c of cases) {
    const r = renderCase(c) as Rendered;
    writeCase(root, r);
    for (const u of r.units) byDir.set(u.dir, u.uid);
  }
  const { report } = await runJson(['explain', '--target', target, ROOT[target]!], dir);
  const skills = (report as unknown as { skills: { file: string; loads: boolean; name: { value: string | null } | null; description: { value: string | null } | null }[] }).skills;
  const out: Record<string, View> = {};
  for (const s of skills) {
    const rel = s.file.slice(ROOT[target]!.length + 1).split('/').slice(0, -1).join('/');
    const uid = byDir.get(rel);
    if (uid) out[uid] = { loads: s.loads, name: s.loads ? (s.name?.value ?? null) : null, description: s.loads ? (s.description?.value ?? null) : null };
  }
  return out;
}

const ok = (uid: string, name = uid): View => ({ loads: true, name, description: `Does the ${uid} task [${uid}].` });
const no: View = { loads: false, name: null, description: null };

describe('the generator', () => {
  it('is deterministic for a seed and covers every dimension', () => {
    const a = generate(1, 120) as { features: [string, string][] }[];
    expect(generate(1, 120)).toEqual(a);
    const dims = new Set(a.flatMap((c) => c.features.map(([d]) => d)));
    expect([...dims].sort()).toEqual(['desc', 'fence', 'file', 'layout', 'name', 'noise', 'size', 'tabs']);
  });
});

describe('control characters, NUL and a stray BOM', () => {
  const cases: { id: string; features: [string, string][] }[] = [
    { id: 'c0001', features: [['noise', 'bel-desc']] },
    { id: 'c0002', features: [['noise', 'nul-desc']] },
    { id: 'c0003', features: [['noise', 'bom-line2']] },
    { id: 'c0004', features: [['noise', 'del-desc']] },
  ];
  it('Codex, OpenCode and skills-ref skip the skill (YAML allows only printable characters)', async () => {
    for (const target of ['codex', 'opencode', 'agentskills']) {
      const by = await view(target, cases);
      for (const c of cases) expect(by[`${c.id}a`], `${target} ${c.id}`).toEqual(no);
    }
  });
  it('Claude Code shows a control character as a space and drops a frontmatter holding NUL', async () => {
    const by = await view('claude-code', cases);
    expect(by.c0001a).toEqual({ ...ok('c0001a'), description: 'Does the c0001a  task [c0001a].' });
    expect(by.c0002a).toEqual({ loads: true, name: 'c0002a', description: 'c0002a' });
    expect(by.c0004a).toEqual({ ...ok('c0004a'), description: 'Does the c0004a  task [c0004a].' });
  });
});

describe("Claude Code's size cap", () => {
  it('lists a SKILL.md of 1,000,000 bytes and not one of 1,000,001', async () => {
    const by = await view('claude-code', [
      { id: 'c0011', features: [['size', '1000000']] },
      { id: 'c0012', features: [['size', '1000001']] },
    ]);
    expect(by.c0011a).toEqual(ok('c0011a'));
    expect(by.c0012a).toEqual(no);
  });
});

describe('collisions', () => {
  it('OpenClaw orders sibling folders with localeCompare: template-skill/ comes after template/ and wins', async () => {
    const by = await view('openclaw', [{ id: 'c0021', features: [['layout', 'collide-sibling']] }]);
    expect(by.c0021a).toEqual(no);
    expect(by.c0021b).toEqual({ loads: true, name: 'c0021a-skill', description: 'Does the c0021b task [c0021b].' });
  });
  it('the same name at x/ and grp/x/ is one collision for OpenClaw (the later wins) and a race for OpenCode', async () => {
    const claw = await view('openclaw', [{ id: 'c0022', features: [['layout', 'collide-nested']] }]);
    expect(claw.c0022a).toEqual(no);
    expect(claw.c0022b?.loads).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-fuzz-'));
    made.push(dir);
    writeCase(path.join(dir, '.opencode/skills'), renderCase({ id: 'c0023', features: [['layout', 'collide-nested']] }));
    const { report } = await runJson(['explain', '--target', 'opencode', '.opencode/skills'], dir);
    const statuses = (report as unknown as { skills: { collision?: { status: string } }[] }).skills.map((s) => s.collision?.status);
    expect(statuses).toEqual(['race', 'race']);
  });
});

describe('names and descriptions the runtimes accept', () => {
  it('Claude Code: a list name is its String(), a blank one the folder, a padded one trimmed', async () => {
    const by = await view('claude-code', [
      { id: 'c0031', features: [['name', 'list']] },
      { id: 'c0032', features: [['name', 'empty-quoted']] },
      { id: 'c0033', features: [['name', 'padded-quoted']] },
      { id: 'c0034', features: [['desc', 'escapes']] },
      { id: 'c0035', features: [['desc', 'merge']] },
    ]);
    expect(by.c0031a).toEqual(ok('c0031a', 'c0031a,other'));
    expect(by.c0032a).toEqual(ok('c0032a'));
    expect(by.c0033a).toEqual(ok('c0033a'));
    expect(by.c0034a).toEqual({ ...ok('c0034a'), description: 'Does the c0034a task [c0034a]. with a tab and a newline' });
    expect(by.c0035a).toEqual(ok('c0035a'));
  });
  it('Codex: a blank name is the folder, a padded one trimmed, 1.5e3 kept as written, a fence indented by one space opens', async () => {
    const by = await view('codex', [
      { id: 'c0041', features: [['name', 'empty-quoted']] },
      { id: 'c0042', features: [['name', 'padded-quoted']] },
      { id: 'c0043', features: [['desc', 'float']] },
      { id: 'c0044', features: [['fence', 'open-indent1']] },
    ]);
    expect(by.c0041a).toEqual(ok('c0041a'));
    expect(by.c0042a).toEqual(ok('c0042a'));
    expect(by.c0043a).toEqual({ ...ok('c0043a'), description: '1.5e3' });
    expect(by.c0044a).toEqual(ok('c0044a'));
    // A flow mapping description loads as written.
    const flow = await view('codex', [
      { id: 'c0045', features: [['desc', 'mapping']] },
      { id: 'c0046', features: [['desc', 'list']] },
    ]);
    expect(flow.c0045a).toEqual({ ...ok('c0045a'), description: '{a: b}' });
    // A flow list is not: Codex skips the skill.
    expect(flow.c0046a).toEqual(no);
  });
  it('OpenCode: registers "", keeps a whitespace-only description, applies merge keys, drops a date, a !custom tag, no description', async () => {
    const by = await view('opencode', [
      { id: 'c0051', features: [['name', 'empty-quoted']] },
      { id: 'c0052', features: [['desc', 'ws-only']] },
      { id: 'c0053', features: [['desc', 'merge']] },
      { id: 'c0054', features: [['desc', 'date']] },
      { id: 'c0055', features: [['desc', 'tag-custom']] },
      { id: 'c0056', features: [['desc', 'missing']] },
    ]);
    expect(by.c0051a).toEqual(ok('c0051a', ''));
    expect(by.c0052a).toEqual({ ...ok('c0052a'), description: '   ' });
    expect(by.c0053a).toEqual(ok('c0053a'));
    expect(by.c0054a).toEqual(no);
    expect(by.c0055a).toEqual(no);
    expect(by.c0056a).toEqual(no);
  });
  it('skills-ref: a date description is its String(), a !custom tag fails, `--- # comment` opens', async () => {
    const by = await view('agentskills', [
      { id: 'c0061', features: [['desc', 'date']] },
      { id: 'c0062', features: [['desc', 'tag-custom']] },
      { id: 'c0063', features: [['fence', 'open-comment']] },
    ]);
    expect(by.c0061a).toEqual({ ...ok('c0061a'), description: 'Mon Jan 15 2024 00:00:00 GMT+0000 (Coordinated Universal Time)' });
    expect(by.c0062a).toEqual(no);
    expect(by.c0063a).toEqual(ok('c0063a'));
    // validateName and readProperties trim a quoted, padded name.
    const padded = await view('agentskills', [{ id: 'c0064', features: [['name', 'padded-quoted']] }]);
    expect(padded.c0064a).toEqual(ok('c0064a'));
  });
  it('OpenClaw: a null written out is its text, control characters are removed from the description', async () => {
    const by = await view('openclaw', [
      { id: 'c0071', features: [['desc', 'tilde']] },
      { id: 'c0072', features: [['noise', 'esc-desc']] },
    ]);
    expect(by.c0071a).toEqual({ ...ok('c0071a'), description: '~' });
    const flow = await view('openclaw', [
      { id: 'c0073', features: [['desc', 'mapping']] },
      { id: 'c0074', features: [['desc', 'list']] },
    ]);
    expect(flow.c0073a).toEqual({ ...ok('c0073a'), description: '{a: b}' });
    // A flow list is its JSON text.
    expect(flow.c0074a).toEqual({ ...ok('c0074a'), description: '["one","two"]' });
    expect(by.c0072a).toEqual(ok('c0072a'));
  });
  it('skills-ref accepts Cyrillic, CJK and NFD names (NFKC) equal to their folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-fuzz-'));
    made.push(dir);
    const skill = (n: string) => `---\nname: ${n}\ndescription: A skill named ${n}.\n---\n\nBody.\n`;
    for (const [folder, name] of [
      ['навык', 'навык'],
      ['技能', '技能'],
      ['café', 'cafe\u0301'],
    ]) {
      fs.mkdirSync(path.join(dir, 'skills', folder!), { recursive: true });
      fs.writeFileSync(path.join(dir, 'skills', folder!, 'SKILL.md'), skill(name!));
    }
    const { report } = await runJson(['explain', '--target', 'agentskills', 'skills'], dir);
    const loads = (report as unknown as { skills: { loads: boolean }[] }).skills.map((s) => s.loads);
    expect(loads).toEqual([true, true, true]);
  });
});
