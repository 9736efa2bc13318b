// npm run sarif:validate: validate skillcheck's SARIF with Microsoft's SARIF Multitool (SARIF and GitHub rule
// kinds) on the demo tree and on a tree with suppressions. Not part of `npm test`: the Multitool is a ~100 MB
// .NET binary fetched from npm; the suite checks the same properties with the schema (test/sarif.test.ts).
// Exit 1 when the Multitool reports any error or warning.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin/skillcheck.js');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-sarif-'));
const VERSION = '5.7.0';

function tree(files) {
  const dir = fs.mkdtempSync(path.join(work, 'tree-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const cases = [
  ['demo', path.join(root, 'corpus'), ['demo']],
  [
    'suppressions',
    tree({
      '.claude/skills/owned/SKILL.md': '---\nname: owned\ndescription: A skill.\n# skillcheck-disable-next-line unknown-field -- read by our loader\nx-owner: team\n# skillcheck-disable-next-line unknown-field\nx-two: b\n---\nBody.\n<!-- skillcheck-disable-next-line empty-body -- unused -->\nMore.\n',
      '.claude/skills/odd path,x:y %/SKILL.md': '---\nname: odd\ndescription: Oddly named folder.\n---\nBody.\n',
    }),
    ['.'],
  ],
];

let failed = false;
for (const [name, cwd, args] of cases) {
  const out = path.join(work, `${name}.sarif`);
  spawnSync(process.execPath, [bin, ...args, '--format', 'sarif', '--output', out], { cwd, stdio: 'inherit' });
  const log = path.join(work, `${name}.validation.sarif`);
  // npx runs the command through a shell: the rule-kind list is quoted for it.
  const r = spawnSync('npx', ['-y', `@microsoft/sarif-multitool@${VERSION}`, 'validate', '--rule-kind', '"Sarif;Gh"', '--output', log, out], { encoding: 'utf8', shell: false });
  process.stdout.write(`== ${name}: sarif-multitool ${VERSION} validate --rule-kind "Sarif;Gh" (exit ${r.status})\n${r.stdout}${r.stderr}`);
  const results = fs.existsSync(log) ? JSON.parse(fs.readFileSync(log, 'utf8')).runs[0].results ?? [] : null;
  if (results === null) {
    failed = true;
    console.log('no validation log written');
    continue;
  }
  const bad = results.filter((x) => x.level === 'error' || x.level === 'warning' || x.level === undefined);
  console.log(`${name}: ${bad.length} error(s)/warning(s)`);
  if (bad.length > 0 || r.status !== 0) failed = true;
}
fs.rmSync(work, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
