import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './capability-mismatch.js';

RuleTester.describe = describe;
RuleTester.it = it;
// The package's code files are passed in `folder`, by path relative to the skill folder.
// The auditor persona: low-confidence findings (weak claims, test files) are shown, so a valid case asserts none.
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'], persona: 'auditor' });
const skill = (description: string, frontmatter = '', body = 'Body.\n') => `---\nname: s\ndescription: ${description}\n${frontmatter}---\n${body}`;
const NET = 'import requests\nrequests.get("https://api.example.com/x")\n';
const CODE = { 'scripts/view.py': 'def save(path, s):\n    with open(path, "w") as out:\n        out.write(s)\n', 'net.js': 'fetch("https://x.example/a")\n', 'run.py': 'import subprocess\nsubprocess.run(["ls"])\n' };

tester.run(rule, {
  valid: [
    {
      name: 'a docstring promise limited by what follows (about a part, until a moment, without a flag) or naming another thing read-only (a disk)',
      code: skill('Coordinates the crew.'),
      folder: { 'crew.py': 'import os, shutil\n\ndef scratch(d):\n    """Preflight is read-only about the run: its scratch folder is removed."""\n    shutil.rmtree(d)\n\ndef merge(p):\n    """All or nothing: nothing is written until every path has been rewritten."""\n    open(p, "w").write("x")\n\ndef install(p):\n    """Print the edits. Nothing is written without `--apply`."""\n    os.unlink(p)\n\ndef sweep(p):\n    """Take out dead pins. A pin that cannot be removed stays: a registry on a read-only disk is nobody\'s emergency."""\n    os.unlink(p)\n' },
    },
    { name: 'permissions that grant what the code does', code: skill('Views files.', 'permissions: [network, write, bash]\n'), folder: CODE },
    { name: 'no claim and no permissions list', code: skill('Summarizes text with the example.net API (sends the text there).'), folder: { 'sum.py': NET } },
    { name: 'documentation quoting code, with no code file, stays quiet', code: skill('Works fully offline.', '', '```python\nprint(eval(expr))\nrequests.post(u, json={})\n```\n') },
    { name: 'a "no network" claim inside a fenced block is no claim', code: skill('Reads x.', '', '```text\nNo data leaves the machine.\n```\n'), folder: { 'x.py': NET } },
    { name: 'a commented-out import is no network use', code: skill('Works offline.'), folder: { 'a.py': '# import requests\nx = 1\n' } },
    { name: 'a third-party system\'s property ("Content API is read-only") is not the skill\'s claim', code: skill('Publishes posts.', '', 'The Content API is read-only; posts go through the Admin API.\n'), folder: CODE },
    { name: 'a connector the agent is given ("The Drive connector available to the agent is read-only") is another system', code: skill('Keeps a citation registry.', '', '- **Runs on your machine.** The Drive connector available to the agent\n  is read-only, so the registry is written locally.\n'), folder: CODE },
    { name: 'another service answering "without network access" is not the skill\'s claim', code: skill('Queries the vault.', '', 'The local vault server works without network access.\n'), folder: { 'x.py': NET } },
    { name: 'a docstring promising no side effects over a body that writes nothing', code: skill('Parses.'), folder: { 'p.py': 'def ok(p):\n    """No side effects."""\n    return 1\n' } },
    { name: 'a labelled list entry about another system ("**Search API**: has no network access") is that system\'s line', code: skill('Searches docs.', '', '- **Search API**: Has no network access and no package installation\n'), folder: { 'x.py': NET } },
    { name: 'a labelled mode ("**Default (merge)**: doesn\'t delete anything") is the mode\'s line', code: skill('Migrates schemas.', '', '- **Default (merge)**: adds new fields, doesn\'t delete anything\n'), folder: { 'scripts/view.py': 'import os\nos.remove("old.sql")\n' } },
    { name: 'a condition ("when no internet connection is available") claims nothing', code: skill('Detects languages.', '', '- Offline use: when no internet connection is available for the API\n'), folder: { 'x.py': NET } },
    { name: 'a checklist item checks the user\'s code', code: skill('Reviews Flutter code.', '', '- [ ] No network calls or file I/O in `build()`\n'), folder: { 'x.py': NET } },
    { name: 'a parenthesis about the noun before it ("privacy-preserving AI (no data leaves the device)")', code: skill('On-device models.', '', '## When to use\n\n- Need privacy-preserving AI (no data leaves the device)\n'), folder: { 'x.py': NET } },
    { name: 'a table row whose first cell is another thing', code: skill('Compares runtimes.', '', '| Option | Notes |\n|---|---|\n| On-device execution | Privacy: no data leaves the device; works offline |\n'), folder: { 'x.py': NET } },
    { name: 'a wrapped sentence whose subject is a step of the skill, on the line before', code: skill('Writes receipts.', '', 'Tell the user what left the machine: the mining step is local file\nparsing with no network calls, and only the summary goes to the model.\n'), folder: { 'x.py': NET } },
    { name: 'a docstring that calls a connection read-only promises nothing about the function', code: skill('Exports.'), folder: { 'p.py': 'def export(db, path):\n    """Open the database in a read-only connection and dump it to path."""\n    with open(path, "w") as f:\n        f.write(db.dump())\n' } },
    { name: 'a docstring promise under a condition', code: skill('Exports.'), folder: { 'p.py': 'def export(path, dry_run=False):\n    """If dry_run is set, nothing is written."""\n    with open(path, "w") as f:\n        f.write("x")\n' } },
  ],
  invalid: [
    {
      name: 'a docstring promise that holds for the whole call, followed by other words, is still a promise',
      code: skill('Coordinates the crew.'),
      folder: { 'crew.py': 'import os\n\ndef check(p):\n    """Read-only and safe to call twice."""\n    os.unlink(p)\n' },
      errors: [{ file: 'skills/s/crew.py', line: 5, severity: 'warning', messageId: 'docstring' }],
    },
    {
      name: 'the skill named as the subject of a read-only claim, over code that writes',
      code: skill('Views files.', '', 'This skill is read-only.\n'),
      folder: { 'scripts/view.py': CODE['scripts/view.py'] },
      errors: [
        {
          file: 'skills/s/scripts/view.py',
          line: 2,
          severity: 'warning',
          messageId: 'claimWrite',
          data: { claim: '"is read-only"', file: '"scripts/view.py"', line: '"with open(path, \\"w\\") as out:"' },
        },
      ],
    },
    {
      name: 'permissions [read]: network, command execution and writes in the code are each reported, file by file',
      code: skill('Views files.', 'permissions: [read]\n'),
      folder: CODE,
      errors: [
        {
          file: 'skills/s/net.js',
          line: 1,
          column: 1,
          endColumn: 29,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'undeclaredNetwork',
          data: { permissions: 'read', file: '"net.js"', line: '"fetch(\\"https://x.example/a\\")"' },
          message:
            'the skill declares permissions [read] without network access, but "net.js" does network access: "fetch(\\"https://x.example/a\\")". Declare it in permissions and the description, or remove it from the code',
        },
        {
          file: 'skills/s/run.py',
          line: 2,
          column: 1,
          endColumn: 23,
          severity: 'warning',
          messageId: 'undeclaredExec',
          data: { permissions: 'read', file: '"run.py"', line: '"subprocess.run([\\"ls\\"])"' },
          message:
            'the skill declares permissions [read] without command execution, but "run.py" does command execution: "subprocess.run([\\"ls\\"])". Declare it in permissions and the description, or remove it from the code',
        },
        {
          file: 'skills/s/scripts/view.py',
          line: 2,
          column: 10,
          endColumn: 33,
          severity: 'warning',
          messageId: 'undeclaredWrite',
          data: { permissions: 'read', file: '"scripts/view.py"', line: '"with open(path, \\"w\\") as out:"' },
          message:
            'the skill declares permissions [read] without file changes, but "scripts/view.py" does file changes: "with open(path, \\"w\\") as out:". Declare it in permissions and the description, or remove it from the code',
        },
      ],
      output: null,
    },
    {
      name: 'a "*" permission grants everything, and is itself reported at the entry',
      code: skill('Anything.', 'permissions:\n  - read\n  - "*"\n'),
      folder: { 'x.sh': '# curl x\ncurl https://x.example/a\n' },
      errors: [
        {
          file: 'skills/s/SKILL.md',
          line: 6,
          column: 5,
          endColumn: 8,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'wildcard',
          data: {},
          message: 'permissions grants "*" (everything): a manifest is there to say what a skill needs. List the permissions the skill uses',
        },
      ],
    },
    {
      name: 'the description says it works offline; the code imports a network library',
      code: skill('Works fully offline.'),
      folder: { 'summarize.py': 'import urllib.request\n' },
      errors: [
        {
          file: 'skills/s/summarize.py',
          line: 1,
          column: 1,
          endColumn: 22,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'claimNetwork',
          data: { claim: '"Works fully offline"', file: '"summarize.py"', line: '"import urllib.request"' },
          message:
            'the skill says "Works fully offline", but "summarize.py" does network access: "import urllib.request". Say in the description what the skill sends where, or remove the network use',
        },
      ],
    },
    {
      name: 'a "no network" claim in the body prose counts',
      code: skill('Reads x.', '', 'No data leaves the machine.\n'),
      folder: { 'x.py': NET },
      errors: [{ file: 'skills/s/x.py', line: 1, column: 1, messageId: 'claimNetwork', data: { claim: '"No data leaves the machine"', file: '"x.py"', line: '"import requests"' } }],
    },
    {
      name: 'the quoted code line is cut at 100 characters',
      code: skill('Works offline.'),
      folder: { 'a.py': `requests.get("https://x.example/${'y'.repeat(150)}")\n` },
      errors: [{ file: 'skills/s/a.py', endColumn: 185, messageId: 'claimNetwork', data: { claim: '"Works offline"', file: '"a.py"', line: `"requests.get(\\"https://x.example/${'y'.repeat(67)}…"` } }],
    },
    {
      name: 'the description says it modifies no files; a script deletes',
      code: skill('It does not modify any files.'),
      folder: { 'clean.sh': 'rm -rf ~/.cache/app\n' },
      errors: [
        {
          file: 'skills/s/clean.sh',
          line: 1,
          column: 1,
          endColumn: 20,
          severity: 'warning',
          messageId: 'claimWrite',
          data: { claim: '"does not modify any files"', file: '"clean.sh"', line: '"rm -rf ~/.cache/app"' },
          message:
            'the skill says "does not modify any files", but "clean.sh" does file changes: "rm -rf ~/.cache/app". Say in the description what the skill changes, or remove the writes',
        },
      ],
    },
    {
      name: 'a function documented read-only that deletes a file',
      code: skill('Parses records.'),
      folder: { 'records.py': 'import os\n\ndef parse(path):\n    """Read-only: returns the records."""\n    rows = load(path)\n    os.unlink(path)\n    return rows\n' },
      errors: [
        {
          file: 'skills/s/records.py',
          line: 6,
          column: 5,
          endColumn: 20,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'docstring',
          data: { fn: 'parse', promise: '"Read-only"', file: '"records.py"', line: '"os.unlink(path)"' },
          message: 'function parse() is documented as "Read-only", but "records.py" does file changes: "os.unlink(path)". Fix the docstring to say what the function changes, or remove the write',
        },
      ],
    },
    {
      name: 'one place in the code is reported once, for the first reason (the permissions)',
      code: skill('Runs entirely offline.', 'permissions: [read]\n'),
      folder: { 'a.py': NET },
      errors: [{ file: 'skills/s/a.py', line: 1, messageId: 'undeclaredNetwork', data: { permissions: 'read', file: '"a.py"', line: '"import requests"' } }],
    },
    {
      name: 'a feature-list fragment with no subject is weak: shown at info, not counted',
      code: skill('Charts data.', '', '## Security\n\n* No network requests\n'),
      folder: { 'x.py': NET },
      errors: [{ file: 'skills/s/x.py', line: 1, messageId: 'claimNetwork', severity: 'info', confidence: 'low', data: { claim: '"No network requests"', file: '"x.py"', line: '"import requests"' } }],
    },
    {
      name: 'a read-only skill whose script removes only its scratch files (mktemp, /tmp) changes nothing; removing the user\'s output does',
      code: skill('Checks the plan.', '', 'This skill is read-only.\n'),
      folder: {
        'scripts/check.sh': 'D=$(mktemp -d)\nrun > "$D/out.json"\nrm -rf "$D" /tmp/check-*.json\n',
        'scripts/clean.sh': 'rm -f "$D/x" ./report.json\n',
      },
      errors: [{ file: 'skills/s/scripts/clean.sh', line: 1, messageId: 'claimWrite', severity: 'warning' }],
    },
    {
      name: 'a claim narrowed by what follows ("unless the user asks") is weak',
      code: skill('Audits the workspace.', '', 'It does not modify files unless the user explicitly asks for fixes.\n'),
      folder: { 'scripts/view.py': CODE['scripts/view.py'] },
      errors: [{ file: 'skills/s/scripts/view.py', line: 2, messageId: 'claimWrite', severity: 'info', confidence: 'low' }],
    },
    {
      name: 'the skill as subject after a label ("No destructive actions — this skill is read-only") is its own claim',
      code: skill('Cash-flow snapshot.', '', 'No destructive actions — this skill is read-only.\n'),
      folder: { 'scripts/view.py': CODE['scripts/view.py'] },
      errors: [{ file: 'skills/s/scripts/view.py', line: 2, messageId: 'claimWrite', severity: 'warning' }],
    },
    {
      name: 'the skill as subject beside a connector it uses ("The skill is read-only: it only reads the Drive connector") is its own claim',
      code: skill('Keeps a citation registry.', '', '- **Runs on your machine.** The skill is read-only: it only reads the Drive connector.\n'),
      folder: { 'scripts/view.py': CODE['scripts/view.py'] },
      errors: [{ file: 'skills/s/scripts/view.py', line: 2, messageId: 'claimWrite', severity: 'warning' }],
    },
    {
      name: 'a parenthesis naming the skill is its own claim',
      code: skill('Audits workflows.', '', '- Auto-fixing workflow files (this skill reports findings, does not modify files)\n'),
      folder: { 'scripts/view.py': CODE['scripts/view.py'] },
      errors: [{ file: 'skills/s/scripts/view.py', line: 2, messageId: 'claimWrite', severity: 'warning' }],
    },
    {
      name: 'an imperative to the agent ("Never modify files") contradicted by the skill\'s own script',
      code: skill('Analyzes specs.', '', '- **NEVER modify files** (this is read-only analysis)\n'),
      folder: { 'scripts/view.py': CODE['scripts/view.py'] },
      errors: [{ file: 'skills/s/scripts/view.py', line: 2, messageId: 'claimWrite', severity: 'warning' }],
    },
    {
      name: 'a place in a test file only is shown at info',
      code: skill('Works fully offline.'),
      folder: { 'tests/test_live.py': NET },
      errors: [{ file: 'skills/s/tests/test_live.py', line: 1, messageId: 'claimNetwork', severity: 'info', confidence: 'low' }],
    },
    {
      name: 'a claim of one mode is no claim of the skill; one that holds by default (a flag changes it) is weak',
      code: skill('Formats code.', '', 'In check mode this skill does not modify any files.\n\nThe skill is read-only by default; pass --write to apply the changes.\n'),
      folder: { 'scripts/view.py': CODE['scripts/view.py'] },
      errors: [{ file: 'skills/s/scripts/view.py', line: 2, messageId: 'claimWrite', severity: 'info', confidence: 'low', data: { claim: '"is read-only"', file: '"scripts/view.py"', line: '"with open(path, \\"w\\") as out:"' } }],
    },
  ],
});
