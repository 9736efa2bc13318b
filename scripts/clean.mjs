// Build step before tsc: remove dist/ so a module moved or deleted in src/ leaves no stale compiled copy that
// bin/, the tests or the package could still load.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

fs.rmSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'), { recursive: true, force: true });
