import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../src/analysis/shell.js';
import { reportMessage } from '../src/core/rule.js';
import { lint } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import rule, { codeInstalls, installedBy, internalName, markdownInstalls, outrankingVersion, packageName, packageSlip, pyprojectInstalls, requirementsInstalls, slip } from './typosquat.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ targets: ['agentskills'] });
/** A skill named `name` in a folder of the same name, described by `description`. */
const named = (name: string, description = 'x') => ({ name, code: `---\nname: ${name}\ndescription: ${description}\n---\nB.\n`, path: `skills/${name}/SKILL.md` });
/** The one finding for `name`: at the name's value, imitating `known` by the slip `how`. */
const squat = (name: string, known: string, how: string, description = 'x') => ({
  ...named(name, description),
  errors: [{ line: 2, column: 7, endColumn: 7 + name.length, severity: 'warning' as const, confidence: 'medium' as const, messageId: 'slip', data: { name: `"${name}"`, known: `"${known}"`, how } }],
  output: null,
});

tester.run(rule, {
  valid: [
    // Well-known names themselves, plurals and suffixes (real words), and words one other letter apart.
    ...['webapp-testing', 'slack-helper', 'json-parsers', 'react-reach', 'pdf', 'pdfs', 'config-helper', 'parser'].map((n) => named(n)),
    { name: 'a name that is not a string is the name rule\'s business', code: '---\nname: 3\ndescription: x\n---\nB.\n', path: 'skills/slakc-notifier/SKILL.md' },
    // Edit distance alone: "Slite" is a product one letter from "sqlite", and the skill says so.
    { ...named('slite-notes', 'Reads and writes Slite documents.'), name: 'a name the skill uses as a word of its own (Slite, not sqlite)' },
    { ...named('slakc-notifier'), name: 'a word slip whose skill never names the real word' },
  ],
  invalid: [
    {
      name: 'two adjacent letters swapped in a product word, the product named in the description',
      code: '---\nname: slakc-notifier\ndescription: Posts build results to Slack.\n---\nB.\n',
      path: 'skills/slakc-notifier/SKILL.md',
      errors: [
        {
          line: 2,
          column: 7,
          endColumn: 21,
          severity: 'warning',
          confidence: 'medium',
          messageId: 'slip',
          data: { name: '"slakc-notifier"', known: '"slack"', how: '"ck" swapped' },
          message:
            'name "slakc-notifier" is one typing slip from the well-known "slack" ("ck" swapped); a typosquatted name gets a skill picked instead of the real one. Use a name of your own, or spell the real one right',
        },
      ],
      output: null,
    },
    {
      name: 'without evidence beyond the slip: info at low confidence (auditors only)',
      code: '---\nname: slite-notes\ndescription: Reads and writes Slite documents.\n---\nB.\n',
      path: 'skills/slite-notes/SKILL.md',
      persona: 'auditor',
      errors: [
        {
          line: 2,
          column: 7,
          severity: 'info',
          confidence: 'low',
          messageId: 'unbacked',
          data: { name: '"slite-notes"', known: '"sqlite"', how: '"q" dropped' },
          message:
            'name "slite-notes" is one typing slip from the well-known "sqlite" ("q" dropped), but nothing else in the skill points to an imitation (its text uses the name as a word of its own, or never names "sqlite"). Check that the name is meant',
        },
      ],
    },
    squat('webbapp-testing', 'webapp-testing', '"b" doubled'),
    squat('potsgres-admin', 'postgres', '"st" swapped', 'Administers Postgres databases.'),
    squat('puppeter-scraper', 'puppeteer', '"e" dropped', 'Scrapes pages with Puppeteer.'),
    squat('debuggeng-helper', 'debugging', '"i" written "e"', 'Helps with debugging.'),
    {
      name: 'case does not hide it; the name is shown as written',
      code: '---\nname: Webbapp-Testing\ndescription: x\n---\nB.\n',
      path: 'skills/Webbapp-Testing/SKILL.md',
      errors: [{ line: 2, column: 7, messageId: 'slip', data: { name: '"Webbapp-Testing"', known: '"webapp-testing"', how: '"b" doubled' } }],
    },
    {
      name: 'a quoted name is located at its quotes',
      code: '---\nname: "webbapp-testing"\ndescription: x\n---\nB.\n',
      path: 'skills/webbapp-testing/SKILL.md',
      errors: [{ line: 2, column: 7, endColumn: 24, messageId: 'slip' }],
    },
    {
      name: 'no frontmatter: the name Claude Code falls back to (the folder) is checked, at 1:1',
      code: '# no frontmatter\n',
      path: '.claude/skills/webbapp-testing/SKILL.md',
      targets: ['claude-code'],
      errors: [{ line: 1, column: 1, severity: 'warning', messageId: 'slip', data: { name: '"webbapp-testing"', known: '"webapp-testing"', how: '"b" doubled' } }],
    },
  ],
});

describe('slip (shared with mcp-server)', () => {
  it('counts only swaps, doubled letters, drops from long words and vowel slips in long words', () => {
    expect(slip('reqeusts', 'requests')).toBe('"ue" swapped');
    expect(slip('webbapp', 'webapp')).toBe('"b" doubled');
    expect(slip('confg', 'config')).toBe('"i" dropped');
    expect(slip('validater', 'validator')).toBe('"o" written "e"');
    expect(slip('parsers', 'parser')).toBeNull();
    expect(slip('reach', 'react')).toBeNull();
    expect(slip('slak', 'slack')).toBeNull();
  });
});

// Parts are templates too: slip() renders them as the {{how}} of the message above (and of mcp-server's packageSlip).
describe('typosquat: the parts of its messages', () => {
  const parts = [
    { messageId: 'swapped', data: { letters: 'ue' }, text: '"ue" swapped' },
    { messageId: 'doubled', data: { letter: 'b' }, text: '"b" doubled' },
    { messageId: 'dropped', data: { letter: 'i' }, text: '"i" dropped' },
    { messageId: 'vowel', data: { known: 'o', typed: 'e' }, text: '"o" written "e"' },
    { messageId: 'lookalike', data: { known: 'o', typed: '0' }, text: '"o" written "0", which looks alike' },
  ];
  for (const { messageId, data, text } of parts) {
    it(messageId, () => expect(reportMessage(rule.meta, { messageId, data })).toBe(text));
  }
});

// --- Packages the skill installs ----------------------------------------------------------------------------------

/** A skill whose body is `body`, with other files of its folder. */
const installs = (body: string, folder: Record<string, string> = {}) => ({ code: `---\nname: tables\ndescription: Reads tables.\n---\n${body}`, path: 'skills/tables/SKILL.md', folder });
/** The package finding: `name` as written, the popular `known` of `registry`, the slip, where. */
const pkg = (line: number, name: string, registry: string, known: string, how: string, where = 'the skill file', file?: string) => ({
  line,
  severity: 'warning' as const,
  confidence: 'medium' as const,
  messageId: 'package',
  data: { where, name: `"${name}"`, registry, known: `"${known}"`, how },
  ...(file ? { file } : {}),
});

tester.run(rule, {
  valid: [
    { ...installs('```bash\npip install requests numpy "pandas>=2" pydantic[email]\nnpm i lodash @types/node\n```\n'), name: 'popular names as they are' },
    { ...installs('```bash\npip install request colour pyaml\nnpm install colors color\n```\n'), name: 'a popular real package one letter from another (request, colour, pyaml, colors) is no slip' },
    { ...installs('```bash\npip install Python_Dateutil python.dateutil\n```\n'), name: 'PyPI compares names with - _ . alike: the same project' },
    { ...installs('```bash\npip install python-dateutils\n```\n'), name: 'a letter added at the end (a plural or suffix) is not counted' },
    { ...installs('```bash\npip install ./reqeusts git+https://example.org/reqeusts.git reqeusts-1.0.tar.gz\nnpm i ./lodahs github:user/lodahs file:lodahs\n```\n'), name: 'paths, URLs, archives and VCS specs name no registry package' },
    { ...installs('```bash\necho "pip install reqeusts"\npip download -r reqeusts.txt\n```\n'), name: 'a command printed, not run; an option value that is a file' },
    { ...installs('```bash\nuvx --from httpie http GET https://example.org\nnpx -p typescript tsc --init\n```\n'), name: 'after --from / -p the first word is the command, not a package' },
    { ...installs('Reqeusts is a typo people make; the real package is `requests`.\n'), name: 'a misspelled word that is not in an install command' },
    { ...installs('Run `python3 scripts/x.py`.\n', { 'requirements.txt': 'requests>=2\n-r reqeusts.txt\n# reqeusts\n', 'package.json': '{"dependencies":{"lodash":"^4","alias":"npm:lodash@4"},"scripts":{"lodahs":"x"}}', 'pyproject.toml': '[project]\ndependencies = ["requests"]\n[tool.poetry.dependencies]\npython = "^3.11"\n' }), name: 'dependency files naming popular packages (options, comments, scripts aside)' },
  ],
  invalid: [
    {
      ...installs('```bash\npython3 -m pip install --upgrade reqeusts lxml\n```\n'),
      name: 'pip in a shell block: the message names the real package and the fix',
      errors: [
        {
          ...pkg(6, 'reqeusts', 'PyPI', 'requests', '"ue" swapped'),
          column: 34,
          endColumn: 42,
          message:
            'the skill file installs "reqeusts", one typing slip from the popular PyPI package "requests" ("ue" swapped); a look-alike package runs its author\'s code in place of the real one. Check the spelling: install "requests" if that is what is meant',
        },
      ],
      output: null,
    },
    {
      ...installs('Install with `npm i --save lodahs dayjs`, then `npx eslitn --fix .` and `pnpm add @types/nodee`.\n'),
      name: 'npm, npx and pnpm in inline code; a scoped name compared whole',
      errors: [pkg(5, 'lodahs', 'npm', 'lodash', '"sh" swapped'), pkg(5, 'eslitn', 'npm', 'eslint', '"nt" swapped'), pkg(5, '@types/nodee', 'npm', '@types/node', '"e" doubled')],
    },
    {
      ...installs('Before anything else run pip install pandsa. Then start.\n'),
      name: 'a command in a sentence',
      errors: [pkg(5, 'pandsa', 'PyPI', 'pandas', '"as" swapped')],
    },
    {
      ...installs('```sh\nuv add --dev pytset\nuvx blakc .\nuv pip install "pydnatic>=2"\npoetry add matplotib\npipx install blakc\nyarn global add lodahs\n```\n'),
      name: 'uv, uvx, poetry, pipx, yarn; a version specifier stripped',
      errors: [
        pkg(6, 'pytset', 'PyPI', 'pytest', '"es" swapped'),
        pkg(7, 'blakc', 'PyPI', 'black', '"ck" swapped'),
        pkg(8, 'pydnatic', 'PyPI', 'pydantic', '"an" swapped'),
        pkg(9, 'matplotib', 'PyPI', 'matplotlib', '"l" dropped'),
        pkg(10, 'blakc', 'PyPI', 'black', '"ck" swapped'),
        pkg(11, 'lodahs', 'npm', 'lodash', '"sh" swapped'),
      ],
    },
    {
      ...installs('Run `pip install -r requirements.txt`, then `python3 scripts/plot.py`.\n', {
        'requirements.txt': 'rich\npydnatic[email]>=2.5 ; python_version >= "3.9"  # models\n',
        'pyproject.toml': '[project]\nname = "x"\ndependencies = [\n  "beuatifulsoup4>=4.12",\n]\n[project.optional-dependencies]\ndev = ["pytset"]\n[tool.poetry.group.dev.dependencies]\nnunpy = "*"\npandsa = "^2"\n',
        'package.json': '{\n  "dependencies": {\n    "exrpess": "^4"\n  },\n  "devDependencies": {\n    "legacy": "npm:lodahs@4"\n  }\n}\n',
        'scripts/plot.py': 'import subprocess, sys, os\nsubprocess.run([sys.executable, "-m", "pip", "install", "matplotib"])\nos.system("pip install urlib3\\n")\n',
        'scripts/setup.sh': '#!/bin/sh\nset -e\nsudo npm install -g exrpess\n',
      }),
      name: 'requirements.txt, pyproject.toml (PEP 621, Poetry), package.json (keys, npm: aliases), program code (an argument list, a string run by a shell), shell scripts',
      errors: [
        ['package.json', 3, 'exrpess', 'npm', 'express', '"pr" swapped'],
        ['package.json', 6, 'lodahs', 'npm', 'lodash', '"sh" swapped'],
        ['pyproject.toml', 4, 'beuatifulsoup4', 'PyPI', 'beautifulsoup4', '"au" swapped'],
        ['pyproject.toml', 7, 'pytset', 'PyPI', 'pytest', '"es" swapped'],
        ['pyproject.toml', 10, 'pandsa', 'PyPI', 'pandas', '"as" swapped'],
        ['requirements.txt', 2, 'pydnatic', 'PyPI', 'pydantic', '"an" swapped'],
        ['scripts/plot.py', 2, 'matplotib', 'PyPI', 'matplotlib', '"l" dropped'],
        ['scripts/plot.py', 3, 'urlib3', 'PyPI', 'urllib3', '"l" dropped'],
        ['scripts/setup.sh', 3, 'exrpess', 'npm', 'express', '"pr" swapped'],
      ].map(([rel, line, name, registry, known, how]) => pkg(line as number, name as string, registry as string, known as string, how as string, `"${rel}"`, `skills/tables/${rel}`)),
    },
  ],
});

describe('typosquat: package names', () => {
  it('names as the registry compares them, without versions, extras or markers; no name for paths and URLs', () => {
    expect(packageName('PyPI', 'Python_Dateutil[extra]>=2.8 ; python_version>"3"')).toBe('python-dateutil');
    expect(packageName('PyPI', 'reqeusts @ https://example.org/r.whl')).toBeNull();
    expect(packageName('PyPI', 'https://example.org/r.whl')).toBeNull();
    expect(packageName('PyPI', './vendor/r')).toBeNull();
    expect(packageName('npm', '@Types/Node@^20')).toBe('@types/node');
    expect(packageName('npm', 'lodash@4.17.21')).toBe('lodash');
    expect(packageName('npm', 'user/repo')).toBeNull();
    expect(packageName('npm', 'git+https://x/y.git')).toBeNull();
  });
  it('slips from a target; a known popular name never', () => {
    expect(packageSlip('PyPI', 'reqeusts')).toEqual({ known: 'requests', how: '"ue" swapped' });
    expect(packageSlip('npm', 'lodahs')).toEqual({ known: 'lodash', how: '"sh" swapped' });
    for (const n of ['requests', 'request', 'colour', 'pyaml']) expect(packageSlip('PyPI', n)).toBeNull();
    for (const n of ['colors', 'color', 'lodash']) expect(packageSlip('npm', n)).toBeNull();
    // Another letter for a consonant is not a slip the rule counts (too many real names are one letter apart).
    expect(packageSlip('PyPI', 'nunpy')).toBeNull();
  });
  it('reads the packages of install commands and only them', () => {
    const words = (c: string) => installedBy(parseShell(c).pipelines[0]!.commands[0]!.words).map((i) => `${i.registry}:${i.spec}`);
    expect(words('pip install -r req.txt -e . -i https://x/simple --target out a b==1')).toEqual(['PyPI:a', 'PyPI:b==1']);
    expect(words('pip --quiet install a')).toEqual(['PyPI:a']);
    expect(words('uv tool run ruff check .')).toEqual(['PyPI:ruff']);
    expect(words('uv run --with rich python x.py')).toEqual(['PyPI:rich']);
    expect(words('uv run python x.py')).toEqual([]);
    expect(words('uvx --with rich --from httpie http')).toEqual(['PyPI:rich', 'PyPI:httpie']);
    expect(words('npm install --registry https://x -w app left-pad')).toEqual(['npm:left-pad']);
    expect(words('npx -y create-vite@latest app --template react')).toEqual(['npm:create-vite@latest']);
    expect(words('npm run build')).toEqual([]);
    expect(words('yarn install')).toEqual([]);
    expect(words('pip uninstall a')).toEqual([]);
  });
  it('finds installs where a skill writes them', () => {
    const specs = (found: { spec: string }[]) => found.map((i) => i.spec);
    expect(specs(markdownInstalls('Run pip install a b, then go.\n```console\n$ npm i c\n```\n```python\nos.system("pip install d")\n```\n', 0))).toEqual(['a', 'b', 'c', 'd']);
    expect(specs(codeInstalls('spawn("npm", ["install", "e"]); exec(`npx f`)'))).toEqual(['e', 'f']);
    expect(specs(requirementsInstalls('# c\n-r x.txt\ng>=1 # c\n  h[x]\n'))).toEqual(['g>=1', 'h[x]']);
    expect(specs(pyprojectInstalls('[project]\ndependencies = ["i>=1",\n  "j"]\n[dependency-groups]\ndev = ["k"]\n[tool.poetry.dependencies]\npython = "^3"\nl = "*"\n[tool.other]\nm = "1"\n'))).toEqual(['i>=1', 'j', 'k', 'l']);
  });
});

describe('typosquat: look-alike spellings', () => {
  it('a digit for the letter it resembles, rn for m, vv for w', () => {
    expect(slip('djang0', 'django')).toBe('"o" written "0", which looks alike');
    expect(slip('f1ask', 'flask')).toBe('"l" written "1", which looks alike');
    expect(slip('reque5ts', 'requests')).toBe('"s" written "5", which looks alike');
    expect(slip('nurnpy', 'numpy')).toBe('"m" written "rn", which looks alike');
    expect(slip('vvebpack', 'webpack')).toBe('"w" written "vv", which looks alike');
  });
  it('not: other digits, a digit added, a letter for a digit', () => {
    expect(slip('djang9', 'django')).toBeNull();
    expect(slip('django2', 'django')).toBeNull();
    expect(slip('s3fs', 's3fo')).toBeNull();
    expect(slip('numpy', 'nurnpy')).toBeNull();
  });
  it('a real popular package with a digit is never flagged', () => expect(packageSlip('PyPI', 'boto3')).toBeNull());
});

describe('typosquat: versions chosen to outrank every release (dependency confusion)', () => {
  it('a major of 1000 or more that is no calendar year or date, or nines only from 99 up', () => {
    expect(outrankingVersion('PyPI', 'acme-utils==9000.0.1')).toBe('9000.0.1');
    expect(outrankingVersion('PyPI', 'acme-utils>=9999')).toBe('9999');
    expect(outrankingVersion('npm', '@acme/auth@99.99.99')).toBe('99.99.99');
    expect(outrankingVersion('npm', 'x', '^999.9.9')).toBe('999.9.9');
    expect(outrankingVersion('PyPI', 'x', '1000.0.0')).toBe('1000.0.0');
    for (const [r, spec, v] of [['PyPI', 'tzdata==2024.1'], ['PyPI', 'certifi>=2024.2.2'], ['PyPI', 'chromedriver-binary==120.0.6099.109'], ['PyPI', 'x==20240101.1'], ['npm', 'electron@99.0.0'], ['npm', 'x', '^9.9.9'], ['PyPI', 'requests'], ['npm', 'x', 'latest'], ['PyPI', 'x<9999']] as const) expect(outrankingVersion(r, spec, v), spec + (v ?? '')).toBeNull();
  });
  it('message text', () =>
    expect(reportMessage(rule.meta, { messageId: 'outranking', data: { where: 'the skill file', name: '"acme-loader"', version: '9000.0.1', registry: 'PyPI' } })).toBe(
      'the skill file asks for "acme-loader" at version 9000.0.1, a number no release carries, chosen to outrank every real one: that is how dependency confusion makes an installer take a package from the public PyPI over the private or real one of the same name. Check where the package comes from; pin the version its maintainers released and the index it comes from',
    ));
});

describe('typosquat: a package named as internal, asked of the public registry', () => {
  it('internalName', () => {
    expect(internalName('PyPI', 'acme-internal-auth', false)).toBe(true);
    expect(internalName('npm', 'private-utils', false)).toBe(true);
    expect(internalName('PyPI', 'acme-internal-auth', true)).toBe(false);
    expect(internalName('npm', '@acme/internal-auth', false)).toBe(false);
    expect(internalName('PyPI', 'internals', false)).toBe(false);
    expect(internalName('PyPI', 'privateer', false)).toBe(false);
  });
  it('message text', () =>
    expect(reportMessage(rule.meta, { messageId: 'internal', data: { where: 'the skill file', name: '"acme-internal-auth"', registry: 'PyPI' } })).toBe(
      "the skill file installs \"acme-internal-auth\", a name that says the package is internal, from the public PyPI: where the organization's own index is not the one asked, the installer takes whatever anyone registered under that name there (dependency confusion). Name the one index to install from (pip --index-url, npm --registry or a scope), or use the package's public name",
    ));
});

tester.run(rule, {
  valid: [
    { ...installs('```bash\npip install --index-url https://pypi.acme.example/simple acme-internal-auth\nnpm i @acme/internal-auth\n```\n'), name: 'an internal name from the one index named, or under a scope' },
    { ...installs('B.\n', { 'requirements.txt': '--index-url https://pypi.acme.example/simple\nacme-internal-auth==1.2.0\n' }), name: 'a requirements file that replaces PyPI with one index' },
  ],
  invalid: [
    { ...installs('```bash\npip install acme-internal-auth\n```\n'), name: 'an internal name asked of PyPI', errors: [{ line: 6, severity: 'warning', confidence: 'medium', messageId: 'internal', data: { where: 'the skill file', name: '"acme-internal-auth"', registry: 'PyPI' } }], output: null },
    { ...installs('B.\n', { 'requirements.txt': '--extra-index-url https://pypi.acme.example/simple\nacme-internal-auth==1.2.0\n' }), name: 'an extra index does not replace PyPI', errors: [{ line: 2, severity: 'warning', confidence: 'medium', messageId: 'internal', file: 'skills/tables/requirements.txt', data: { where: '"requirements.txt"', name: '"acme-internal-auth"', registry: 'PyPI' } }], output: null },
  ],
});

const outranking = (line: number, name: string, version: string, registry: string, where: string, file?: string) => ({ line, severity: 'warning' as const, confidence: 'medium' as const, messageId: 'outranking', data: { where, name: `"${name}"`, version, registry }, ...(file ? { file } : {}) });
const OC = "OpenClaw's installer spec (metadata.openclaw.install)";
tester.run(rule, {
  valid: [
    { ...installs('```bash\npip install tzdata==2024.1 chromedriver-binary==120.0.6099.109\n```\n'), name: 'calendar versions and a browser-tracking major are releases' },
    { code: '---\nname: tables\ndescription: x\nmetadata: {"openclaw": {"install": [{"kind": "node", "package": "prettier"}, {"kind": "uv", "package": "ruff==0.6.0"}]}}\n---\nB.\n', path: 'skills/tables/SKILL.md', name: 'installer specs of real packages' },
  ],
  invalid: [
    { ...installs('```bash\npip install acme-loader==9000.0.1\n```\n'), name: 'a pip install at an outranking version', errors: [outranking(6, 'acme-loader', '9000.0.1', 'PyPI', 'the skill file')], output: null },
    { ...installs('B.\n', { 'package.json': '{"dependencies": {"acme-tokens": "^99.99.99"}}' }), name: 'a package.json range from an outranking version', errors: [outranking(1, 'acme-tokens', '99.99.99', 'npm', '"package.json"', 'skills/tables/package.json')], output: null },
    {
      code: '---\nname: tables\ndescription: x\nmetadata: {"openclaw": {"install": [{"kind": "node", "package": "pretteir"}, {"kind": "uv", "package": "acme==9999.0.0"}]}}\n---\nB.\n',
      path: 'skills/tables/SKILL.md',
      name: "OpenClaw's installer specs: a slip of a popular npm package, an outranking PyPI version",
      errors: [
        { line: 4, severity: 'warning', confidence: 'medium', messageId: 'package', data: { where: OC, name: '"pretteir"', registry: 'npm', known: '"prettier"', how: '"ie" swapped' } },
        outranking(4, 'acme', '9999.0.0', 'PyPI', OC),
      ],
      output: null,
    },
  ],
});

// The class fixtures of this rule: each attack flagged, each benign twin (real names, close real names) not.
describe('typosquat: package class fixtures', () => {
  const corpus = path.join(import.meta.dirname, '..', 'corpus');
  const rows = (dir: string) => fs.readFileSync(path.join(corpus, dir, 'expected.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t') as [string, string]);
  const attacks = rows('attacks-classes-2').filter(([, r]) => r === 'typosquat').map(([n]) => n);
  const twins = rows('benign-classes-2').filter(([, t]) => attacks.includes(t)).map(([n]) => n);
  const typosquat = async (dir: string) => (await lint({ paths: ['.'], cwd: path.join(corpus, dir), targets: ['agentskills'] })).diagnostics.filter((d) => d.ruleId === 'typosquat' && d.severity !== 'info');
  it('has fixtures', () => expect(twins.length).toBeGreaterThanOrEqual(6));
  it.each(attacks)('attack %s is flagged', async (n) => expect((await typosquat(`attacks-classes-2/${n}`)).length).toBeGreaterThan(0));
  it.each(twins)('benign twin %s is not', async (n) => expect((await typosquat(`benign-classes-2/${n}`)).map((d) => d.message)).toEqual([]));
});
