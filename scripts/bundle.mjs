// Build step after tsc (start-up): bundle the CLI into one CommonJS file, dist/cli.cjs, and make a V8 code
// cache for it, dist/cli.cjs.cache, here at build time (never beside the package at run time). bin/skillcheck.js
// loads both through bin/bundle.cjs; without them it falls back to the modules in dist/src.
// - Input is tsc's output (dist/src/cli/main.js and what it imports), so the bundle is the code the tests run.
// - Every `import.meta.url` is rewritten to the URL of the dist file it came from (relative to the bundle at run
//   time), so data files found beside a module (rule packs, class tables, schemas, worker.js) resolve as before.
// - ajv stays external (loaded only when a config file exists, by require() at run time: test/config-lazy.test.ts
//   watches both loaders). re2-wasm's JavaScript is bundled, its .wasm read from the installed package (below).
// - Modules the CLI imports dynamically stay lazy: esbuild wraps them so their top level runs on first import.
// - The cache is made by a child process that runs the CLI once on a small skill (so the functions a check runs
//   are compiled and go into the cache), then writes script.createCachedData().
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(repo, 'dist');
const require = createRequire(import.meta.url);
const { writeFileAtomic } = await import(path.join(dist, 'src', 'node', 'write.js'));

if (process.argv[2] === '--make-cache') {
  await makeCache();
} else {
  await bundle();
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--make-cache'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`making the code cache failed (exit ${r.status})`);
}

async function bundle() {
  const esbuild = await import('esbuild');
  const { FILE } = require('../bin/bundle.cjs');
  const metaUrl = {
    name: 'import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.js$/, namespace: 'file' }, async (a) => {
        let text = await fs.promises.readFile(a.path, 'utf8');
        if (a.path.startsWith(dist + path.sep) && text.includes('import.meta.url')) {
          const rel = path.relative(dist, a.path).split(path.sep).join('/');
          // Appended to the bundle folder's URL as it is (banner below): only characters a URL path keeps.
          if (!/^[\w./-]+$/.test(rel)) throw new Error(`${rel}: a dist path with characters a URL would escape`);
          text = text.replaceAll('import.meta.url', `__skillcheckUrl(${JSON.stringify(rel)})`);
        }
        return { contents: text, loader: 'js' };
      });
    },
  };
  // CommonJS packages that modules load through createRequire (which esbuild cannot follow) go inside the bundle, so
  // they come with the code cache instead of through the CommonJS loader at run time: each such module of dist/src is
  // replaced by one that requires the same files.
  // - safe-regex2 and ret (src/analysis/regex/saferegex.ts; ret as safe-regex2 resolves it): ~8 ms in a bare require.
  // - re2-wasm's JavaScript (src/analysis/re2load.ts; ~4 ms to compile): its .wasm stays in the installed package,
  //   found as re2-wasm itself resolves from the bundle (re2-wasm-wasm plugin below).
  const safeRegexFile = require.resolve('safe-regex2', { paths: [repo] });
  const retFile = require.resolve('ret', { paths: [path.dirname(safeRegexFile)] });
  const re2File = require.resolve('re2-wasm', { paths: [repo] });
  const replaced = new Map([
    [path.join(dist, 'src', 'analysis', 'regex', 'saferegex.js'), `export function loadSafeRegexModules() { return { safe: require(${JSON.stringify(safeRegexFile)}), parse: require(${JSON.stringify(retFile)}) }; }\n`],
    [path.join(dist, 'src', 'analysis', 're2load.js'), `export function loadRe2Module() { return require(${JSON.stringify(re2File)}); }\n`],
  ]);
  const bundledRequires = {
    name: 'bundled-requires',
    setup(b) {
      b.onResolve({ filter: /^\.\/(saferegex|re2load)\.js$/ }, (a) => {
        const file = path.join(a.resolveDir, a.path);
        return replaced.has(file) ? { path: path.relative(dist, file).split(path.sep).join('/'), namespace: 'bundled-requires', pluginData: file } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'bundled-requires' }, (a) => ({ contents: replaced.get(a.pluginData), resolveDir: path.dirname(a.pluginData), loader: 'js' }));
    },
  };
  // re2-wasm's Emscripten glue looks for re2.wasm in its own folder (__dirname, the bundle's folder once bundled):
  // point it at build/wasm/ of the re2-wasm that the bundle resolves at run time (the one the external require of
  // earlier builds loaded).
  const re2Glue = path.join(path.dirname(re2File), '..', 'wasm', 're2.js');
  const re2Wasm = {
    name: 're2-wasm-wasm',
    setup(b) {
      b.onLoad({ filter: /re2\.js$/, namespace: 'file' }, async (a) => {
        if (a.path !== re2Glue) return undefined;
        const text = await fs.promises.readFile(a.path, 'utf8');
        const line = "    scriptDirectory = __dirname + '/';";
        if (text.split(line).length !== 2) throw new Error(`re2-wasm's glue no longer sets scriptDirectory from __dirname (${a.path}): revisit scripts/bundle.mjs`);
        const dir = "require('path').join(require('path').dirname(require.resolve('re2-wasm/package.json')), 'build', 'wasm') + require('path').sep";
        return { contents: text.replace(line, `    scriptDirectory = ${dir};`), loader: 'js' };
      });
    },
  };
  // commander requires node:child_process at load (2-3 ms of CPU with net, dgram and the rest it pulls in) for one
  // thing skillcheck never does: spawning executable subcommands. In the bundle it is required on that first spawn.
  const commanderFile = path.join(path.dirname(require.resolve('commander', { paths: [repo] })), 'lib', 'command.js');
  const lazyChildProcess = {
    name: 'lazy-child-process',
    setup(b) {
      b.onLoad({ filter: /command\.js$/, namespace: 'file' }, async (a) => {
        if (a.path !== commanderFile) return undefined;
        const text = await fs.promises.readFile(a.path, 'utf8');
        const line = "const childProcess = require('node:child_process');";
        const uses = text.match(/childProcess\.\w+/g) ?? [];
        if (text.split(line).length !== 2 || uses.length === 0 || uses.some((u) => u !== 'childProcess.spawn')) {
          throw new Error(`commander's use of child_process changed (${a.path}): revisit scripts/bundle.mjs lazy-child-process`);
        }
        return { contents: text.replace(line, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"), loader: 'js' };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: [path.join(dist, 'src', 'cli', 'main.js')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: FILE,
    external: ['ajv', 're2-wasm/package.json'],
    // import() of an external becomes require(): a script run by vm has no module loader for import().
    supported: { 'dynamic-import': false },
    plugins: [lazyChildProcess, re2Wasm, bundledRequires, metaUrl],
    // ASCII only (non-ASCII escaped; the rest below), so bin/bundle.cjs reads it as latin1 into a one-byte string: no
    // UTF-8 decoding, and half the memory of the two-byte string a single non-ASCII character makes.
    charset: 'ascii',
    legalComments: 'none',
    logLevel: 'warning',
    // The URL of the bundle's folder is made once (not per module that uses import.meta.url). The banner opens with
    // the "use strict" directive: esbuild's own comes after the banner, where it is a plain string, and the bundle
    // would run in sloppy mode while the ES modules it is made from are strict.
    banner: { js: '"use strict";\nlet __skillcheckBase;\nconst __skillcheckUrl = (rel) => (__skillcheckBase ??= require("node:url").pathToFileURL(__dirname + require("node:path").sep).href) + rel;' },
  });
  if (result.errors.length > 0) throw new Error('esbuild failed');
  let text = fs.readFileSync(FILE, 'utf8');
  for (const rel of ['src/analysis/regex/saferegex.js', 'src/analysis/re2load.js']) {
    if (!text.includes(`// bundled-requires:${rel}\n`) || text.includes(`__skillcheckUrl(${JSON.stringify(rel)})`)) throw new Error(`the bundled-requires plugin did not replace ${rel}`);
  }
  // \`import * as fs from 'node:fs'\` becomes __toESM(require("node:fs"), 1): a copy of the module with a getter per
  // export (fs has about a hundred), made again in each of some forty modules at load, and a getter call on every use.
  // A namespace of a built-in is only read for its exports here, so the module itself serves (checked: no default).
  text = text.replace(/^(\s*(?:var )?)(\w+) = __toESM\((require\("node:[\w/]+"\))\, 1\);$/gm, (line, indent, name, req) => {
    if (new RegExp(`\\b${name}(?:\\.default\\b|\\[["']default)`).test(text)) throw new Error(`${name} (${req}) is used beyond its exports: keep __toESM`);
    return `${indent}${name} = ${req};`;
  });
  if (/__toESM\(require\("node:/.test(text)) throw new Error('a built-in left behind __toESM: extend the rewrite in scripts/bundle.mjs');
  // esbuild's ascii charset leaves comments and regular expression literals alone: escape what is left as \uXXXX
  // (UTF-16 units: the same character in a string, a template, a comment, and a regular expression with or without
  // the u flag). A character after a backslash (an identity escape) would change meaning: refuse it.
  const escaped = text.match(/\\[^\x00-\x7f]/);
  if (escaped) throw new Error(`a non-ASCII character after a backslash in the bundle: ${JSON.stringify(escaped[0])}`);
  text = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  fs.writeFileSync(FILE, text);
  fs.rmSync(`${FILE}.cache`, { force: true });
}

async function makeCache() {
  const { loadBundle, CACHE } = require('../bin/bundle.cjs');
  const loaded = loadBundle(false);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-cache-'));
  try {
    const skill = path.join(tmp, '.claude', 'skills', 'warm-up');
    fs.mkdirSync(path.join(skill, 'references'), { recursive: true });
    fs.writeFileSync(
      path.join(skill, 'SKILL.md'),
      '---\nname: warm-up\ndescription: Warms the code cache at build time. Use when the user asks to build.\nallowed-tools: Read, Bash(git:*)\n---\n' +
        '# Warm up\n\nRun `git status`, then read [the guide](references/guide.md).\n\n```bash\ncurl -s https://example.com/x | head\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    fs.writeFileSync(path.join(skill, 'references', 'guide.md'), '# Guide\n\nSee https://example.com.\n');
    // A second layout and the parts a typical skill has that the first lacks (activation keywords and patterns, so the
    // pattern parser and the ReDoS analysis with safe-regex2 are compiled into the cache; scripts; non-ASCII text).
    const other = path.join(tmp, 'skills', 'warm-up-two');
    fs.mkdirSync(path.join(other, 'references'), { recursive: true });
    fs.mkdirSync(path.join(other, 'scripts'), { recursive: true });
    fs.writeFileSync(
      path.join(other, 'SKILL.md'),
      '---\nname: warm-up-two\nversion: "1.0.0"\ndescription: Checks the warm-up caf\u00e9 builds. Use when the user asks to check a build.\n' +
        'activation:\n  keywords: [build, check]\n  exclude_keywords: [deploy]\n  tags: [ci]\n  patterns:\n    - "(?i)\\\\bcheck\\\\s+(the\\\\s+)?build\\\\b"\n    - "^run\\\\s+\\\\w+$"\n  max_context_tokens: 2000\n' +
        'metadata:\n  author: warm-up\nrequires:\n  bins: [ls]\n---\n' +
        '# Warm up two\n\nRead [the notes](references/notes.md) \u2192 then run `scripts/run.sh`.\n\n- Step one. See [docs](https://example.com/docs).\n\n```typescript\nconst x = await check(\'build\');\n```\n',
    );
    fs.writeFileSync(path.join(other, 'references', 'notes.md'), '# Notes\n\nZ\u00fcrich na\u00efve \u65e5\u672c\u8a9e \u201cquoted\u201d.\n');
    fs.writeFileSync(path.join(other, 'scripts', 'run.sh'), '#!/bin/sh\nset -eu\ngit --version\n');
    const io = { stdout: () => true, stderr: () => true, isTTY: false, stderrIsTTY: false, env: {}, cwd: tmp, readStdin: async () => new Uint8Array() };
    for (const args of [['.', '--format', 'json', '--no-progress'], ['.', '--no-progress']]) await loaded.exports.main(args, io);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  writeFileAtomic(CACHE, loaded.script.createCachedData());
}
