// The floor: the least any linter must do on a tree. Walk it (symlinks not followed, .git and
// node_modules skipped as skillcheck does) and read every regular file once. Prints files and bytes.
import * as fs from 'node:fs';
import * as path from 'node:path';

let files = 0;
let bytes = 0;
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== '.git' && e.name !== 'node_modules') walk(p);
    } else if (e.isFile()) {
      files++;
      bytes += fs.readFileSync(p).length;
    }
  }
};
for (const root of process.argv.slice(2)) walk(root);
process.stdout.write(`${files} ${bytes}\n`);
