// `npm run bench`: runs every bench/*.bench.mjs in name order (or only those named on the command line).
// Benchmarks print figures; they never assert on time. Build first: the benches use dist/.
// A bench whose header says "Not part of `npm run bench`" takes its own arguments and is run by hand.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .filter((f) => !fs.readFileSync(path.join(here, f), 'utf8').slice(0, 2000).includes('Not part of `npm run bench`'))
  .sort();
for (const f of files) {
  console.log(`\n## ${f.replace(/\.bench\.mjs$/, '')}\n`);
  const mod = await import(pathToFileURL(path.join(here, f)).href);
  if (typeof mod.default === 'function') await mod.default();
}
