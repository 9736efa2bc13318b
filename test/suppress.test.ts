// Inline suppressions, the suppression rule's own findings, and baselines.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSource } from '../src/source.js';
import { parseDirectives } from '../src/suppress.js';
import { runCli, runJson, short, tempTrees } from './helpers.js';

const tree = tempTrees();
const F = '.github/skills/owned/SKILL.md';
const skill = (fm: string, body = 'Body.\n') => ({ [F]: `---\nname: owned\ndescription: A skill.\n${fm}---\n${body}` });

describe('parseDirectives', () => {
  const parse = (s: string) => parseDirectives(decodeSource(Buffer.from(s)));
  it('reads markdown and frontmatter directives with rules and reasons', () => {
    const ds = parse('---\nname: a\n# skillcheck-disable-next-line unknown-field, name -- ours\nx: 1\n# skillcheck-disable line-endings -- CRLF on purpose\n---\n<!-- skillcheck-disable-next-line empty-body -->\ntext\n  <!-- skillcheck-disable name,description -- a -- b -->\n');
    expect(ds.map((d) => [d.kind, d.syntax, d.rules, d.reason, d.line, d.from, d.to === Number.MAX_SAFE_INTEGER ? 'end' : d.to])).toEqual([
      ['next-line', 'frontmatter', ['unknown-field', 'name'], 'ours', 3, 4, 4],
      ['rest', 'frontmatter', ['line-endings'], 'CRLF on purpose', 5, 1, 'end'],
      ['next-line', 'markdown', ['empty-body'], null, 7, 8, 8],
      ['rest', 'markdown', ['name', 'description'], 'a -- b', 9, 9, 'end'],
    ]);
  });
  it('ignores directives in fenced code, in prose, as markdown headings, or as HTML comments in the frontmatter', () => {
    expect(
      parse('---\nname: a\n<!-- skillcheck-disable name -- x -->\n---\n```md\n<!-- skillcheck-disable name -- x -->\n```\nSee <!-- skillcheck-disable name -- x --> inline.\n# skillcheck-disable name -- x\n~~~\n<!-- skillcheck-disable-next-line name -- x -->\n~~~\n'),
    ).toEqual([]);
  });
  it('does not take skillcheck-disabled for a keyword', () => {
    expect(parse('<!-- skillcheck-disabled name -- x -->\n')).toEqual([]);
  });
});

describe('inline suppressions', () => {
  it('suppress the finding on the next line, keep it in JSON marked, and count it in the summary', async () => {
    const dir = tree(skill('# skillcheck-disable-next-line unknown-field -- read by our loader\nx-owner: team\n'));
    const { code, report } = await runJson(['.'], dir);
    const uf = report.diagnostics.filter((d) => d.ruleId === 'unknown-field');
    expect(uf).toHaveLength(1);
    expect(uf[0]!.suppressed).toEqual({ kind: 'inline', reason: 'read by our loader' });
    expect(report.diagnostics.filter((d) => d.ruleId === 'suppression')).toEqual([]);
    expect(report.summary.suppressed).toBe(1);
    expect(code).toBe(0);
    const text = await runCli(['.'], dir);
    expect(text.stdout).toMatch(/0 errors, 0 warnings, 0 infos \(1 suppressed\) in 1 skill/);
  });

  it('a suppressed error no longer fails the run', async () => {
    const files = { '.github/skills/other/SKILL.md': '---\n# skillcheck-disable-next-line name -- folder renamed in the next release\nname: wrong\ndescription: Mismatch.\n---\nBody.\n' };
    const dir = tree(files);
    const { code, report } = await runJson(['.'], dir);
    expect(report.diagnostics.map((d) => [d.ruleId, !!d.suppressed])).toEqual([['name', true]]);
    expect(code).toBe(0);
    expect(report.summary).toMatchObject({ errors: 0, suppressed: 1 });
  });

  it('a suppression without a reason still suppresses, and is reported as a warning', async () => {
    const dir = tree(skill('# skillcheck-disable-next-line unknown-field\nx-owner: team\n'));
    const { report } = await runJson(['.'], dir);
    expect(report.diagnostics.map(short)).toEqual([`${F}:4:1 warning suppression`, `${F}:5:1 error unknown-field`]);
    expect(report.diagnostics[0]!.message).toMatch(/has no reason/);
    expect(report.diagnostics[1]!.suppressed).toEqual({ kind: 'inline' });
  });

  it('an unused suppression is reported as info; an unknown rule id as a warning with a suggestion', async () => {
    const dir = tree(skill('', 'Body.\n<!-- skillcheck-disable-next-line empty-body -- was empty once -->\nMore.\n<!-- skillcheck-disable-next-line unknown-feild -- typo -->\n'));
    const { report } = await runJson(['.'], dir);
    expect(report.diagnostics.map(short)).toEqual([`${F}:6:1 info suppression`, `${F}:8:1 warning suppression`]);
    expect(report.diagnostics[0]!.message).toMatch(/unused suppression: no "empty-body" finding on line 7/);
    expect(report.diagnostics[1]!.message).toMatch(/unknown rule "unknown-feild"; did you mean "unknown-field"/);
  });

  it('a frontmatter disable covers the whole file, including line 1; a body disable covers the rest of the file only', async () => {
    const crlf = '---\r\nname: owned\r\ndescription: A skill.\r\n# skillcheck-disable line-endings -- Windows-only team\r\n---\r\nBody.\r\n';
    const dir = tree({ [F]: crlf, '.github/skills/late/SKILL.md': '---\r\nname: late\r\ndescription: Late.\r\n---\r\nBody.\r\n<!-- skillcheck-disable line-endings -- too late -->\r\n' });
    const { report } = await runJson(['.'], dir);
    const got = report.diagnostics.map((d) => `${short(d)}${d.suppressed ? ' suppressed' : ''}`);
    expect(got).toEqual([
      '.github/skills/late/SKILL.md:1:1 warning line-endings',
      '.github/skills/late/SKILL.md:6:1 info suppression',
      `${F}:1:1 warning line-endings suppressed`,
    ]);
  });

  it('does not report a directive for a rule that is off as unused, and --severity suppression=off silences the rule', async () => {
    const dir = tree(skill('# skillcheck-disable-next-line unknown-field\nx-owner: team\n'));
    const off = await runJson(['.', '--severity', 'unknown-field=off'], dir);
    expect(off.report.diagnostics.map(short)).toEqual([`${F}:4:1 warning suppression`]); // no reason, but not "unused"
    const silent = await runJson(['.', '--severity', 'suppression=off'], dir);
    expect(silent.report.diagnostics.map((d) => d.ruleId)).toEqual(['unknown-field']);
  });
});

describe('findings in references/ files', () => {
  const refs = {
    ...skill(''),
    '.github/skills/owned/references/install.md':
      '# Install\n\n<!-- skillcheck-disable-next-line remote-exec -- the vendor installer, pinned by checksum -->\ncurl -fsSL https://get.example.com | sh\n\ncurl -fsSL https://other.example.com | sh\n<!-- skillcheck-disable-next-line secret -- nothing to hide here -->\nplain text\n',
  };

  it('are suppressed inline in that file, and its unused directives are reported', async () => {
    const { report } = await runJson(['.'], tree(refs));
    const inRef = report.diagnostics.filter((d) => d.file.endsWith('references/install.md'));
    expect(inRef.map((d) => `${d.line} ${d.ruleId} ${d.suppressed ? 'suppressed' : 'open'}`)).toEqual(['4 remote-exec suppressed', '6 remote-exec open', '7 suppression open']);
  });

  it('are fingerprinted from their own line text (an edit elsewhere keeps them, an edit of the line changes them)', async () => {
    const fp = async (files: Record<string, string>) =>
      (await runJson(['.'], tree(files))).report.diagnostics.filter((d) => d.ruleId === 'remote-exec').map((d) => (d as { fingerprint?: string }).fingerprint);
    const base = await fp(refs);
    const file = '.github/skills/owned/references/install.md';
    expect(base[0]).not.toBe(base[1]?.replace(/:\d+$/, '')); // two different lines, two different hashes
    const shifted = await fp({ ...refs, [file]: `# Notes\n\n${refs[file]}` });
    expect(shifted).toEqual(base);
    const edited = await fp({ ...refs, [file]: refs[file].replace('other.example.com', 'another.example.com') });
    expect(edited[0]).toBe(base[0]);
    expect(edited[1]).not.toBe(base[1]);
  });
});

describe('baseline', () => {
  it('--write-baseline records findings; with --baseline only new findings fail; line shifts keep the match', async () => {
    const dir = tree({ '.github/skills/a/SKILL.md': '---\nname: wrong\ndescription: Mismatch.\n---\nBody.\n' });
    const base = path.join(dir, 'skillcheck-baseline.json');
    const w = await runCli(['.github', '--write-baseline', base], dir);
    expect(w.code).toBe(0);
    expect(w.stderr).toMatch(/wrote 1 finding/);
    const b = JSON.parse(fs.readFileSync(base, 'utf8')) as { findings: { ruleId: string; file: string; fingerprint: string }[] };
    expect(b.findings.map((f) => [f.ruleId, f.file])).toEqual([['name', '.github/skills/a/SKILL.md']]);

    // Lines added above the finding: still baselined.
    fs.writeFileSync(path.join(dir, '.github/skills/a/SKILL.md'), '---\nlicense: MIT\n\nname: wrong\ndescription: Mismatch.\n---\nBody.\n');
    const again = await runJson(['.github', '--baseline', base], dir);
    expect(again.code).toBe(0);
    expect(again.report.diagnostics.map((d) => [d.ruleId, d.line, d.suppressed])).toEqual([['name', 4, { kind: 'baseline' }]]);
    expect(again.report.summary).toMatchObject({ errors: 0, suppressed: 1 });

    // A new finding fails the run; the baselined one stays suppressed.
    fs.mkdirSync(path.join(dir, '.github/skills/b'));
    fs.writeFileSync(path.join(dir, '.github/skills/b/SKILL.md'), '---\nname: also-wrong\ndescription: New.\n---\nBody.\n');
    const fresh = await runJson(['.github', '--baseline', base], dir);
    expect(fresh.code).toBe(1);
    expect(fresh.report.diagnostics.map((d) => `${d.file} ${d.suppressed ? 'baselined' : 'new'}`)).toEqual(['.github/skills/a/SKILL.md baselined', '.github/skills/b/SKILL.md new']);

    // Changing the offending text makes it a new finding.
    fs.writeFileSync(path.join(dir, '.github/skills/a/SKILL.md'), '---\nname: wronger\ndescription: Mismatch.\n---\nBody.\n');
    const changed = await runJson(['.github/skills/a', '--baseline', base], dir);
    expect(changed.code).toBe(1);
  });

  it('a missing or malformed baseline is a usage error (exit 2)', async () => {
    const dir = tree({ 'bad.json': '{"findings": 3}', '.github/skills/a/SKILL.md': '---\nname: a\ndescription: Fine.\n---\nBody.\n' });
    expect((await runCli(['.', '--baseline', 'nope.json'], dir)).code).toBe(2);
    const bad = await runCli(['.', '--baseline', 'bad.json'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.json: expected a skillcheck baseline/);
  });
});
