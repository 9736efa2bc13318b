// safe-regex2 and the ret parser it uses (both CommonJS), loaded on first use: only activation patterns need them.
// The bundled CLI replaces this module with one that carries both packages inside the bundle (scripts/bundle.mjs,
// `saferegex` plugin), so a run gets them with the bundle's code cache instead of resolving, reading and compiling
// about ten files through the CommonJS loader (start-up: ~8 ms of CPU). Same packages, same versions:
// ret is the copy safe-regex2 itself resolves.

import { createRequire } from 'node:module';
import * as path from 'node:path';

export type SafeRegex = (re: string, opts?: { limit?: number }) => boolean;

export function loadSafeRegexModules(): { safe: SafeRegex; parse: (s: string) => unknown } {
  const require = createRequire(import.meta.url);
  const safe = require('safe-regex2') as SafeRegex;
  const base = path.dirname(require.resolve('safe-regex2'));
  return { safe, parse: require(require.resolve('ret', { paths: [base] })) as (s: string) => unknown };
}
