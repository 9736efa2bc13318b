// Action step 3: run skillcheck with the action's inputs (from the environment, never pasted into a script) and
// write the step outputs. Testable locally: test/action.test.ts runs it with a fake GITHUB_OUTPUT.
//
// SC_PATHS    files or folders, one per line or separated by spaces (quote a name holding spaces)
// SC_TARGETS  empty: the config file's targets (or auto); otherwise passed as --target
// SC_FORMAT   text | json | github | sarif
// SC_ARGS     extra arguments, split like a shell does (quotes and backslashes; no expansion)
// SC_SARIF    the SARIF file (format sarif)
// SC_CATEGORY the code scanning category; empty: "skillcheck", plus the shard ("skillcheck-shard-2-of-3")
// SC_BIN      the skillcheck entry point (default: this action's bin/skillcheck.js)

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Split a string into words like a POSIX shell, without expansion: '…' and "…" quote, \ escapes. */
export function shellWords(s) {
  const words = [];
  let cur = '';
  let inWord = false;
  let quote = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else cur += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < s.length && '"\\$`'.includes(s[i + 1])) cur += s[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < s.length) {
      if (s[i + 1] !== '\n') cur += s[i + 1];
      i++;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in: ${s}`);
  if (inWord) words.push(cur);
  return words;
}

/** The code scanning category: given, or one per shard so a --shard matrix does not overwrite itself. */
export function categoryFor(given, args) {
  if (given) return given;
  const i = args.findIndex((a) => a === '--shard' || a.startsWith('--shard='));
  if (i < 0) return 'skillcheck';
  const v = args[i] === '--shard' ? args[i + 1] ?? '' : args[i].slice('--shard='.length);
  return `skillcheck-shard-${v.replace(/[^0-9A-Za-z]+/g, '-of-')}`;
}

export function buildArgs(env) {
  const format = env.SC_FORMAT || 'text';
  const extra = shellWords(env.SC_ARGS ?? '');
  const paths = shellWords(env.SC_PATHS ?? '');
  const args = [];
  if ((env.SC_TARGETS ?? '').trim() !== '') args.push('--target', env.SC_TARGETS.trim());
  args.push('--format', format, ...extra);
  if (format === 'sarif') args.push('--output', env.SC_SARIF || 'skillcheck.sarif', '--sarif-exit-code');
  args.push('--', ...(paths.length > 0 ? paths : ['.']));
  return { format, args, category: categoryFor(env.SC_CATEGORY ?? '', extra) };
}

function main() {
  const env = process.env;
  const out = (line) => {
    if (env.GITHUB_OUTPUT) fs.appendFileSync(env.GITHUB_OUTPUT, `${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  let built;
  try {
    built = buildArgs(env);
  } catch (e) {
    process.stderr.write(`::error title=skillcheck::${e.message}\n`);
    out('exit-code=2');
    return 2;
  }
  const bin = env.SC_BIN || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'skillcheck.js');
  const r = spawnSync(process.execPath, [bin, ...built.args], { stdio: 'inherit' });
  const code = r.status ?? 2;
  out(`exit-code=${code}`);
  if (built.format === 'sarif') {
    const file = env.SC_SARIF || 'skillcheck.sarif';
    // Exit 2 (usage or internal error) writes no report: nothing to upload, and the step fails.
    if (code !== 2 && fs.existsSync(file)) {
      out(`sarif-file=${file}`);
      out(`category=${built.category}`);
    }
    // A SARIF run is judged after the upload (a later step), so findings still reach code scanning.
    return code === 2 ? 2 : 0;
  }
  return code;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
