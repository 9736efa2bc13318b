// The build's fingerprint, so a run that has just built (`npm ci` runs the build through `prepare`) is not built
// again: `write` (the build's last step) records a SHA-256 of every build input and the Node version in
// dist/.build-stamp; `check` exits 0 when dist/ was built from exactly the inputs here now, else 1.
//   node scripts/build-stamp.mjs check || npm run build
// Inputs: src/, rules/, scripts/, schemas/, bin/, package.json, package-lock.json, tsconfig.json (everything the
// build reads from the repository), and the Node version (the V8 code cache is made for it).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(repo, 'dist', '.build-stamp');

function files(rel) {
  const abs = path.join(repo, rel);
  const st = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!st) return [];
  if (!st.isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .flatMap((e) => files(`${rel}/${e.name}`))
    .sort();
}

export function buildFingerprint() {
  const h = createHash('sha256');
  h.update(`node ${process.version}\n`);
  for (const rel of ['src', 'rules', 'scripts', 'schemas', 'bin', 'package.json', 'package-lock.json', 'tsconfig.json'].flatMap(files)) {
    h.update(`${rel}\n`);
    h.update(fs.readFileSync(path.join(repo, rel)));
  }
  return h.digest('hex');
}

const mode = process.argv[2];
if (mode === 'write') {
  fs.writeFileSync(STAMP, `${buildFingerprint()}\n`);
} else if (mode === 'check') {
  const have = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  const fresh = have !== '' && have === buildFingerprint() && fs.existsSync(path.join(repo, 'dist', 'cli.cjs'));
  if (fresh) console.error('skillcheck: dist/ is built from these sources; not building again');
  process.exit(fresh ? 0 : 1);
} else {
  console.error('usage: node scripts/build-stamp.mjs write|check');
  process.exit(2);
}
