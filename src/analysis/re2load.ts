// re2-wasm (CommonJS with its .wasm beside it), loaded on the first pattern RE2 must compile (src/analysis/re2.ts).
// The bundled CLI replaces this module with one that carries re2-wasm's JavaScript inside the bundle, so it comes
// with the bundle's code cache, and points it at the .wasm of the installed package (scripts/bundle.mjs,
// `bundled-requires` plugin; start-up).

import { createRequire } from 'node:module';

export function loadRe2Module(): unknown {
  return createRequire(import.meta.url)('re2-wasm');
}
