// Loads the bundled CLI (dist/cli.cjs, made by scripts/bundle.mjs at build time) with the V8 code cache made beside
// it at build time (dist/cli.cjs.cache). Nothing is written at run time. A cache V8 rejects (another Node, other
// V8 flags) only costs the compile it would have saved. Returns null when there is no bundle (a tsc-only build),
// so the caller falls back to the modules in dist/src.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { isAscii } = require('node:buffer');
const { createRequire } = require('node:module');

const FILE = path.join(__dirname, '..', 'dist', 'cli.cjs');
const CACHE = `${FILE}.cache`;

function loadBundle(useCache = true) {
  let bytes;
  try {
    bytes = fs.readFileSync(FILE);
  } catch {
    return null;
  }
  // The build writes the bundle in ASCII (scripts/bundle.mjs): latin1 makes a one-byte string without UTF-8
  // decoding (a non-ASCII file, never made by the build, is still read as UTF-8).
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  let cachedData;
  if (useCache) {
    try {
      cachedData = fs.readFileSync(CACHE);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: FILE, cachedData });
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, createRequire(FILE), mod, FILE, path.dirname(FILE));
  return { exports: mod.exports, script, cacheRejected: cachedData === undefined ? null : script.cachedDataRejected === true };
}

module.exports = { loadBundle, FILE, CACHE };
