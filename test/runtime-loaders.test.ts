// What each runtime's own loader answers for the edge cases `npm run conformance` writes (the expected values are
// the runtimes' answers, docs/conformance.md), checked through `skillcheck explain` with the matching target.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkillDocument } from '../src/core/parse.js';
import { decodeSource } from '../src/core/source.js';
import { parseForTarget } from '../src/targets/frontmatter.js';
import { runJson, tempTree as tree } from './helpers.js';

type View = { loads: boolean; name: string | null; description: string | null };

async function explainAll(files: Record<string, string>, target: string): Promise<Record<string, View>> {
  const dir = tree(files);
  const { report } = await runJson(['explain', '--target', target, '.'], dir);
  const skills = (report as unknown as { skills: { file: string; loads: boolean; name: { value: string | null } | null; description: { value: string | null } | null }[] }).skills;
  return Object.fromEntries(
    skills.map((s) => [s.file.split('/').slice(-2, -1)[0], { loads: s.loads, name: s.loads ? (s.name?.value ?? null) : null, description: s.loads ? (s.description?.value ?? null) : null }]),
  );
}

describe('Claude Code 2.1.332 (Bun.YAML, the K0 split, the DDr retry, Ize fallback)', () => {
  it('reads frontmatter the way its loader does', async () => {
    const by = await explainAll(
      {
        // DDr: a failed parse is retried with leading tabs as two spaces each.
        '.claude/skills/tabs/SKILL.md': '---\nname: tabs\ndescription:\tTab after the colon.\nmetadata:\n\tauthor: x\n---\n\nBody.\n',
        // Bun.YAML keeps the last of two equal keys.
        '.claude/skills/dup/SKILL.md': '---\nname: dup\ndescription: First.\ndescription: Second.\n---\n\nBody.\n',
        // _u quotes a value holding `[` (Su = /[{}[\]*&#!|>%@`]|: /) before the retry.
        '.claude/skills/flow/SKILL.md': '---\nname: flow\ndescription: [unclosed\n---\n\nBody.\n',
        // Ize(content, "Skill"): nothing to describe it with.
        '.claude/skills/empty/SKILL.md': '',
        // No "\n" at all: K0 never matches, the whole file is one line of body.
        '.claude/skills/lonecr/SKILL.md': '---\rname: lonecr\rdescription: Lone CR.\r---\r\r# lonecr\r\rBody.\r',
        // K0 ends the block at the first "---" anywhere, here inside a value of a closed frontmatter.
        '.claude/skills/inval/SKILL.md': '---\nname: inval\ndescription: Before --- after.\n---\n\nBody.\n',
        // `_u`'s `(\S.*)$` never matches a line ending in CR: in a CRLF file nothing is quoted, the retry fails.
        '.claude/skills/crlf-colon/SKILL.md': '---\r\nname: crlf-colon\r\ndescription: Use when: asked.\r\n---\r\n\r\nFirst body line.\r\n',
        // Ize keeps 97 characters and "..." of a first line over 100.
        '.claude/skills/longline/SKILL.md': `# ${'w'.repeat(120)}\n`,
      },
      'claude-code',
    );
    expect(by.tabs).toEqual({ loads: true, name: 'tabs', description: 'Tab after the colon.' });
    expect(by.dup).toEqual({ loads: true, name: 'dup', description: 'Second.' });
    expect(by.flow).toEqual({ loads: true, name: 'flow', description: '[unclosed' });
    expect(by.empty).toEqual({ loads: true, name: 'empty', description: 'Skill' });
    expect(by.lonecr).toEqual({ loads: true, name: 'lonecr', description: '--- name: lonecr description: Lone CR. --- # lonecr Body.' });
    expect(by.inval).toEqual({ loads: true, name: 'inval', description: 'Before' });
    expect(by['crlf-colon']).toEqual({ loads: true, name: 'crlf-colon', description: 'First body line.' });
    expect(by.longline).toEqual({ loads: true, name: 'longline', description: `${'w'.repeat(97)}...` });
  });
});

describe('files over skillcheck read bound (256,000 bytes)', () => {
  it('take their name and description from the top of the file where the runtime has no size limit', async () => {
    const big = `---\nname: big\ndescription: A large skill.\n---\n\n${'Padding line of body text for size.\n'.repeat(7200)}`;
    for (const [target, root] of [['opencode', '.opencode'], ['codex', '.agents'], ['claude-code', '.claude'], ['agentskills', '.agents']] as const) {
      const by = await explainAll({ [`${root}/skills/big/SKILL.md`]: big }, target);
      expect(by.big, target).toEqual({ loads: true, name: 'big', description: 'A large skill.' });
    }
    // OpenClaw refuses files over its own 256,000-byte limit (DEFAULT_MAX_SKILL_FILE_BYTES).
    const claw = await explainAll({ 'skills/big/SKILL.md': big }, 'openclaw');
    expect(claw.big?.loads).toBe(false);
  });
});

describe('skills-ref 0.1.5 (agentskills)', () => {
  it('ends the frontmatter at the first "---" anywhere, as content.split("---", 3) does', async () => {
    const by = await explainAll({ 'skills/indented/SKILL.md': '---\nname: indented\ndescription: Closed by an indented fence.\n  ---\n\nBody.\n' }, 'agentskills');
    expect(by.indented).toEqual({ loads: true, name: 'indented', description: 'Closed by an indented fence.' });
  });

  it('checks a name or description that is not a string as its String() text, as validate does', async () => {
    // dist/validator.js validateMetadata: validateDescription(String(metadata.description)); validate([dir]) is [].
    const by = await explainAll(
      {
        'skills/num/SKILL.md': '---\nname: num\ndescription: 42\n---\n\nBody.\n',
        'skills/list/SKILL.md': '---\nname: list\ndescription:\n  - one\n  - two\n---\n\nBody.\n',
        'skills/map/SKILL.md': '---\nname: map\ndescription:\n  a: b\n---\n\nBody.\n',
        'skills/blank/SKILL.md': '---\nname: blank\ndescription:\n---\n\nBody.\n',
        // validateName(String(metadata.name)): 7 is "7", which differs from the folder: invalid.
        'skills/seven/SKILL.md': '---\nname: 7\ndescription: A number name.\n---\n\nBody.\n',
      },
      'agentskills',
    );
    expect(by.num).toEqual({ loads: true, name: 'num', description: '42' });
    expect(by.list).toEqual({ loads: true, name: 'list', description: 'one,two' });
    expect(by.map).toEqual({ loads: true, name: 'map', description: '[object Object]' });
    expect(by.blank).toEqual({ loads: true, name: 'blank', description: 'null' });
    expect(by.seven?.loads).toBe(false);
  });
});

describe('OpenCode 1.18.33 (gray-matter, js-yaml 3)', () => {
  it('reads a key on a tab-indented line as a top-level key, as js-yaml 3 does', async () => {
    // Measured with `opencode debug skill --pure`: tab-key loads; a tab before the first key fails js-yaml 3 too.
    const by = await explainAll(
      {
        '.opencode/skills/tab-key/SKILL.md': '---\nname: tab-key\ndescription:\tTab after the colon.\nmetadata:\n\tauthor: x\n---\n\nBody.\n',
        '.opencode/skills/tab-first/SKILL.md': '---\n\tname: tab-first\ndescription: First key indented.\n---\n\nBody.\n',
      },
      'opencode',
    );
    expect(by['tab-key']).toEqual({ loads: true, name: 'tab-key', description: 'Tab after the colon.' });
    expect(by['tab-first']?.loads).toBe(false);
  });

  it('the tab fix writes what OpenCode read: the fixed file parses cleanly to the same data', () => {
    const lines = ['name: a', 'description: b', 'metadata:', '  author: x', '\tauthor: x', '\t\tdeep: y', '  \tmix: z', '\t- item', '  - item', 'list:', '', '# c', 'k: [1,', '\t2]', 'd: |', '  text'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...lines), { maxLength: 8 }), (picked) => {
        const text = `---\nname: a\n${picked.join('\n')}\n---\nBody.\n`;
        const src = decodeSource(Buffer.from(text));
        const doc = parseForTarget('opencode', src, parseSkillDocument(src));
        const p = doc.frontmatter?.problems.find((x) => x.code === 'LENIENT_WRAP' && /js-yaml 3/.test(x.message));
        if (!p) return;
        let fixed = text;
        for (const e of [...p.fix!.edits].sort((a, b) => b.start - a.start)) fixed = fixed.slice(0, e.start) + e.text + fixed.slice(e.end);
        const src2 = decodeSource(Buffer.from(fixed));
        const doc2 = parseForTarget('opencode', src2, parseSkillDocument(src2));
        expect(doc2.frontmatter?.problems).toEqual([]);
        expect(doc2.frontmatter?.data).toEqual(doc.frontmatter?.data);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Codex 0.171.0', () => {
  it('closes the frontmatter at an indented "---" line', async () => {
    const by = await explainAll({ '.agents/skills/indented/SKILL.md': '---\nname: indented\ndescription: Closed by an indented fence.\n  ---\n\nBody.\n' }, 'codex');
    expect(by.indented).toEqual({ loads: true, name: 'indented', description: 'Closed by an indented fence.' });
  });
});
