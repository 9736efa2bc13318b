// Where the package's own files are: the one answer to "am I running from src/ (tests run the sources) or from the
// build in dist/?". Pure path arithmetic on this module's URL (no file system), so every layer may use it.
//
// This file is <root>/src/core/package.ts, compiled to <root>/dist/src/core/package.js.

import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const compiled = here.endsWith('.js');

/** The package root (the folder holding package.json, rules/, schemas/). */
export const PACKAGE_ROOT = path.resolve(path.dirname(here), ...(compiled ? ['..', '..', '..'] : ['..', '..']));

/** The build output folder (dist/): build-time data (pack JSON copies, Unicode class table, worker script). */
export const DIST_ROOT = path.join(PACKAGE_ROOT, 'dist');

/** Whether this code runs from the build (dist/) rather than from the TypeScript sources. */
export const RUNNING_BUILT = compiled;

/** A file of the package, by its path from the package root (`rules/packs`, `schemas/config.schema.json`). */
export function packagePath(...parts: string[]): string {
  return path.join(PACKAGE_ROOT, ...parts);
}

/** A file of the build, by its path from dist/ (`src/node/worker.js`, `rules/packs/x.json`). */
export function distPath(...parts: string[]): string {
  return path.join(DIST_ROOT, ...parts);
}
