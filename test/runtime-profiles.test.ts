// The client profiles measured by `npm run conformance` (Claude Code, Codex, OpenCode, OpenClaw, skills-ref):
// how each shapes a description, and that each names the runtime version and sources its facts come from.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeDescription } from '../src/targets/names.js';
import { getProfile, TARGET_IDS } from '../src/targets/profiles.js';
import { runJson, tempTree as tree } from './helpers.js';

describe('description whitespace per runtime', () => {
  const claude = getProfile('claude-code');
  const codex = getProfile('codex');

  it('Claude Code trims and joins lines with one space; Codex collapses every run of whitespace', () => {
    expect(shapeDescription(claude, '  Literal line one.\nLine two.\n')).toBe('Literal line one. Line two.');
    expect(shapeDescription(claude, 'updates.\n\nTrigger when')).toBe('updates. Trigger when');
    expect(shapeDescription(claude, 'Folded   inside')).toBe('Folded   inside');
    expect(shapeDescription(codex, '  Spaces   inside\n and around.  ')).toBe('Spaces inside and around.');
  });

  it('never leaves a line break or outer whitespace (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\t', '\n', '\r\n', 'b') }), (s) => {
        for (const p of [claude, codex]) {
          const out = shapeDescription(p, s);
          expect(out).not.toMatch(/\n/);
          expect(out).toBe(out.trim());
        }
        expect(shapeDescription(getProfile('ironclaw'), s)).toBe(s);
      }),
    );
  });
});

describe('measured profiles', () => {
  it('name the runtime version they were checked against, their sources and their row in docs/targets.md', () => {
    const checked = TARGET_IDS.filter((id) => getProfile(id).checkedAgainst !== null);
    expect(checked.sort()).toEqual(['agentskills', 'claude-code', 'codex', 'openclaw', 'opencode']);
    for (const id of TARGET_IDS) {
      const p = getProfile(id);
      expect(p.sources.length, id).toBeGreaterThan(0);
      expect(p.docs.layout, id).not.toBe('');
    }
  });

  it('Claude Code loads what the strict targets reject, with its fallbacks', async () => {
    const dir = tree({
      '.claude/skills/nofm/SKILL.md': '# Title\n\nFirst line.\n',
      '.claude/skills/yaml/SKILL.md': '---\nname: yaml\ndescription: [unclosed\nmore: x: y\n---\n\nBody line.\n',
      '.claude/skills/num/SKILL.md': '---\nname: 123\ndescription: 42\n---\n\nBody.\n',
      '.claude/skills/angle/SKILL.md': '---\nname: angle\ndescription: "Use <Name>.ts files"\n---\n\nBody.\n',
      // Never closed, no later "---": no frontmatter at all, the first line of the file describes it.
      '.claude/skills/open/SKILL.md': '---\nname: open\ndescription: Never closed.\n\nText.\n',
      // Never closed by a "---" line, but a later "------" holds "---": the block ends there (Claude Code's K0).
      '.claude/skills/later/SKILL.md': '---\nname: later\ndescription: Ends at the rule.\n# Body\n\n------\nAfter the rule.\n',
    });
    const { report } = await runJson(['explain', '.'], dir);
    const by = Object.fromEntries(
      (report as unknown as { skills: { file: string; loads: boolean; name: { value: string } | null; description: { value: string } | null }[] }).skills.map((s) => [
        s.file.split('/')[2],
        { loads: s.loads, name: s.name?.value ?? null, description: s.description?.value ?? null },
      ]),
    );
    expect(by.nofm).toEqual({ loads: true, name: 'nofm', description: 'Title' });
    // Claude Code's retry quotes both values (`[` and ": " are in its Su pattern): the description is the text.
    expect(by.yaml).toEqual({ loads: true, name: 'yaml', description: '[unclosed' });
    expect(by.num).toEqual({ loads: true, name: '123', description: '42' });
    expect(by.angle).toEqual({ loads: true, name: 'angle', description: 'Use &lt;Name&gt;.ts files' });
    expect(by.open).toEqual({ loads: true, name: 'open', description: '---' });
    expect(by.later).toEqual({ loads: true, name: 'later', description: 'Ends at the rule.' });
  });

  it('agentskills follows skills-ref: an unknown key makes the skill invalid', async () => {
    const dir = tree({ '.github/skills/x/SKILL.md': '---\nname: x\ndescription: d\nversion: 1.0.0\n---\nBody.\n' });
    const { report } = await runJson(['.'], dir);
    const d = report.diagnostics.find((x) => x.ruleId === 'unknown-field');
    expect(d?.severity).toBe('error');
    expect(report.skills[0]?.loads).toBe(false);
  });

  it('name differing from its folder: an error only where a runtime rejects it, naming who breaks', async () => {
    const dir = tree({ 'skills/my-folder/SKILL.md': '---\nname: other-name\ndescription: d\n---\nBody.\n' });
    const { report } = await runJson(['--target', 'agentskills,claude-code,codex,opencode,openclaw', '.'], dir);
    const found = report.diagnostics.filter((x) => x.ruleId === 'name');
    expect(found.map((x) => [x.severity, x.target ?? x.targets])).toEqual([['error', 'agentskills']]);
    expect(found[0]!.message).toContain('skills-ref rejects it');
    expect(found[0]!.message).toContain('Claude Code, Codex, OpenCode and OpenClaw load it');
    expect(found[0]!.message.length).toBeLessThan(220);
  });
});
