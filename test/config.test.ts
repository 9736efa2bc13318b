// Config files: found upward or given, data only, validated with located, readable errors (exit 2).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runJson, short, tempTrees } from './helpers.js';

const tree = tempTrees();
const EXTRA = { '.claude/skills/owned/SKILL.md': '---\nname: owned\ndescription: A skill.\nx-owner: team\n---\nBody.\n' };

describe('config discovery and effect', () => {
  it('finds skillcheck.config.json upward from the working directory and applies rule severities', async () => {
    const dir = tree({ ...EXTRA, 'skillcheck.config.json': JSON.stringify({ rules: { 'unknown-field': 'error' } }) });
    const sub = path.join(dir, '.claude');
    const { code, report } = await runJson(['.'], sub);
    expect(report.diagnostics.map(short)).toEqual(['skills/owned/SKILL.md:4:1 error unknown-field']);
    expect(code).toBe(1);
  });

  it('reads .skillcheckrc.yaml; --severity on the command line wins over the file', async () => {
    const dir = tree({ ...EXTRA, '.skillcheckrc.yaml': 'rules:\n  unknown-field: off\n' });
    expect((await runJson(['.'], dir)).report.diagnostics).toEqual([]);
    const r = await runJson(['.', '--severity', 'unknown-field=warning'], dir);
    expect(r.report.diagnostics.map(short)).toEqual(['.claude/skills/owned/SKILL.md:4:1 warning unknown-field']);
  });

  it('--config FILE and --no-config', async () => {
    const dir = tree({ ...EXTRA, 'ci.yaml': 'rules:\n  unknown-field: { severity: error }\n', '.skillcheckrc.json': '{"rules": {"unknown-field": "off"}}' });
    expect((await runJson(['.', '--config', 'ci.yaml'], dir)).code).toBe(1);
    expect((await runJson(['.'], dir)).report.diagnostics).toEqual([]);
    expect((await runJson(['.', '--no-config'], dir)).report.diagnostics.map((d) => d.severity)).toEqual(['info']);
  });

  it('applies ignore globs (relative to the config file), targets, persona and maxBytes', async () => {
    const dir = tree({
      ...EXTRA,
      'vendor/skills/x/SKILL.md': '---\nname: wrong\ndescription: Vendored.\n---\nBody.\n',
      '.skillcheckrc.json': JSON.stringify({ ignore: ['vendor/'], targets: ['agentskills'], persona: 'auditor', maxBytes: 70000, gating: false }),
    });
    const { report } = await runJson(['.'], dir);
    expect(report.skills.map((s) => [s.file, s.target])).toEqual([['.claude/skills/owned/SKILL.md', 'agentskills']]);
    // --target on the command line beats the file.
    const t = await runJson(['.', '--target', 'ironclaw'], dir);
    expect(t.report.skills.map((s) => s.target)).toEqual(['ironclaw']);
  });

  it('a config two folders up with ignore patterns relative to itself', async () => {
    const dir = tree({ 'skillcheck.config.json': '{"ignore": ["a/skills/x"]}', 'a/skills/x/SKILL.md': '---\nname: x\n---\n', 'a/skills/y/SKILL.md': '---\nname: y\ndescription: Y.\n---\nBody.\n' });
    const { report } = await runJson(['.'], path.join(dir, 'a', 'skills'));
    expect(report.skills.map((s) => s.file)).toEqual(['y/SKILL.md']);
  });
});

describe('trust mapping and read-only tools from the config', () => {
  it('maps trust by path relative to the config file, and policy.readOnlyTools sets the ceiling', async () => {
    const dir = tree({
      'sub/vendor/skills/v/SKILL.md': '---\nname: v\ndescription: Vendored.\nallowed-tools: Read Bash\n---\nBody.\n',
      'sub/.claude/skills/own/SKILL.md': '---\nname: own\ndescription: Own.\n---\nBody.\n',
      '.skillcheckrc.yaml': 'trust:\n  - { path: "sub/vendor/**", level: installed }\n',
    });
    const sub = path.join(dir, 'sub');
    const a = await runJson(['.'], sub);
    expect(a.report.skills.map((s) => [s.file, s.trust])).toEqual([
      ['.claude/skills/own/SKILL.md', 'trusted'],
      ['vendor/skills/v/SKILL.md', 'installed'],
    ]);
    expect(a.report.diagnostics.map((d) => d.ruleId)).toEqual(['tool-ceiling']);
    // A repository config can only narrow the read-only set: Bash is not added (and the run says so).
    fs.writeFileSync(path.join(dir, '.skillcheckrc.yaml'), 'trust:\n  - { path: "sub/vendor/**", level: installed }\npolicy: { readOnlyTools: [Read, Bash] }\n');
    const widened = await runJson(['.'], sub);
    expect(widened.report.diagnostics.map((d) => d.ruleId)).toEqual(['tool-ceiling']);
    expect(widened.stderr).toContain('"policy.readOnlyTools" names Bash, outside the read-only set');
    // The user's own config may widen it.
    const home = tree({ '.config/skillcheck/config.yaml': 'policy: { readOnlyTools: [Read, Bash] }\n' });
    expect((await runJson(['.'], sub, { HOME: home })).report.diagnostics).toEqual([]);
    // The rule's own option (tool-ceiling's meta.schema) says the same, and wins over the policy key.
    fs.writeFileSync(path.join(dir, '.skillcheckrc.yaml'), 'trust:\n  - { path: "sub/vendor/**", level: installed }\nrules:\n  tool-ceiling:\n    options: { readOnlyTools: [Read, Bash] }\n');
    expect((await runJson(['.'], sub)).report.diagnostics).toEqual([]);
    fs.writeFileSync(path.join(dir, '.skillcheckrc.yaml'), 'trust:\n  - { path: "sub/vendor/**", level: installed }\npolicy: { readOnlyTools: [Read, Bash] }\nrules:\n  tool-ceiling:\n    options: { readOnlyTools: [Read] }\n');
    expect((await runJson(['.'], sub)).report.diagnostics.map((d) => d.ruleId)).toEqual(['tool-ceiling']);
  });
});

describe('invalid config: exit 2 with file:line:col and what was expected', () => {
  const cases: [string, string, string, RegExp][] = [
    ['unknown top-level key with a suggestion', '.skillcheckrc.yaml', 'rules:\n  name: error\npersonna: auditor\n', /\.skillcheckrc\.yaml:3:1: unknown key "personna" in the top level; did you mean "persona"\?; expected one of/],
    ['bad severity', 'skillcheck.config.json', '{\n  "rules": {\n    "name": "fatal"\n  }\n}\n', /^skillcheck: invalid config:\n  skillcheck\.config\.json:3:13: "rules\.name" is "fatal"; expected one of "off", "info", "warning", "error"\n$/],
    ['unknown rule', '.skillcheckrc.yaml', 'rules:\n  unknown-feild: off\n', /\.skillcheckrc\.yaml:2:3: unknown key "unknown-feild" in "rules"; did you mean "unknown-field"\?/],
    ['wrong type', '.skillcheckrc.yaml', 'ignore: vendor/\n', /\.skillcheckrc\.yaml:1:9: "ignore" is a string; expected array/],
    ['bad target', '.skillcheckrc.json', '{"targets": ["ironclaw", "claude"]}', /^skillcheck: invalid config:\n  \.skillcheckrc\.json:1:26: "targets\.1" is "claude"; expected one of "agentskills", "claude-code", "codex"[^\n]*\n$/],
    ['JSON syntax', 'skillcheck.config.json', '{\n  "rules": {,}\n}\n', /skillcheck\.config\.json:2:\d+: invalid JSON/],
    ['YAML syntax', '.skillcheckrc.yaml', 'rules:\n  name: [error\n', /\.skillcheckrc\.yaml:\d+:\d+: invalid YAML/],
    ['trust level', '.skillcheckrc.yaml', 'trust:\n  - path: vendor/**\n    level: root\n', /\.skillcheckrc\.yaml:3:12: "trust\.0\.level" is "root"; expected one of "installed", "trusted"/],
    ['options for a rule without options', '.skillcheckrc.yaml', 'rules:\n  name:\n    severity: warning\n    options: { max: 3 }\n', /\.skillcheckrc\.yaml:4:5: rule "name" takes no options/],
    ['an option its schema does not know', '.skillcheckrc.yaml', 'rules:\n  tool-ceiling:\n    options: { readOnly: [Read] }\n', /\.skillcheckrc\.yaml:3:16: unknown key "readOnly" in "rules\.tool-ceiling\.options"; expected one of readOnlyTools/],
    ['an option of the wrong type', '.skillcheckrc.yaml', 'rules:\n  tool-ceiling:\n    options: { readOnlyTools: Read }\n', /"rules\.tool-ceiling\.options\.readOnlyTools" is a string; expected array/],
  ];
  for (const [title, file, text, want] of cases) {
    it(title, async () => {
      const dir = tree({ ...EXTRA, [file]: text });
      const r = await runCli(['.'], dir);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^skillcheck: invalid config:/);
      expect(r.stderr).toMatch(want);
    });
  }

  it('never loads code: a .js config is refused, and a JS file beside a config is not run', async () => {
    const dir = tree({ ...EXTRA, 'skillcheck.config.js': 'require("fs").writeFileSync("pwned", "x")\n' });
    const r = await runCli(['.', '--config', 'skillcheck.config.js'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/config files are data: expected a \.json, \.yaml or \.yml file/);
    expect((await runCli(['.'], dir)).code).toBe(0); // .js is not a config name: ignored
    expect(fs.existsSync(path.join(dir, 'pwned'))).toBe(false);
  });

  it('YAML tags that construct objects are not honoured, and alias bombs stop early', async () => {
    const tagged = tree({ ...EXTRA, '.skillcheckrc.yaml': 'persona: !!js/function "function(){}"\n' });
    const r = await runCli(['.'], tagged);
    expect(r.code).toBe(2);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]'].join('\n');
    const r2 = await runCli(['.'], tree({ ...EXTRA, '.skillcheckrc.yaml': `${bomb}\n` }));
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/alias/i);
  });

  it('two config files in one folder is an error', async () => {
    const r = await runCli(['.'], tree({ ...EXTRA, '.skillcheckrc.json': '{}', '.skillcheckrc.yaml': '{}' }));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/keep one config file/);
  });

  it('a missing --config file is an error', async () => {
    const r = await runCli(['.', '--config', 'nope.json'], tree(EXTRA));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nope\.json: cannot read/);
  });
});
