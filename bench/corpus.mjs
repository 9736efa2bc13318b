// Deterministic corpus generator for the benchmarks: realistic skills from a seeded PRNG.
// Same seed and count → byte-identical trees, so figures from two runs compare the same input.

import * as fs from 'node:fs';
import * as path from 'node:path';

/** Bump when the generated content changes, so cached corpora under .bench/ are rebuilt. */
export const GENERATOR_VERSION = 2;

/** mulberry32: small, fast, good enough for test data. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'deploy build release test lint format review audit migrate backup restore monitor alert trace profile cache ' +
  'index search query schema table column service cluster node container image volume network secret token key ' +
  'config setting option flag branch commit merge rebase tag issue ticket sprint report chart metric dashboard ' +
  'python rust go typescript shell docker kubernetes terraform ansible postgres redis kafka nginx github gitlab ' +
  'document summary outline draft translate explain refactor optimise benchmark validate verify sanitize parse'
).split(' ');
const UNICODE = ['café', 'naïve', 'résumé', '—', '“quoted”', '→', '✓', 'Größe', '日本語', 'Ελληνικά', '🚀', '…', 'Zürich', 'ñandú'];
const LANGS = ['bash', 'python', 'typescript', 'json', 'yaml', 'sql'];
const BINS = ['git', 'node', 'sh', 'ls'];

function pick(r, arr) {
  return arr[Math.floor(r() * arr.length)];
}
function words(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(r() < 0.03 ? pick(r, UNICODE) : pick(r, WORDS));
  return out.join(' ');
}
function sentence(r, n) {
  const s = words(r, n);
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

function codeBlock(r, lines) {
  const lang = pick(r, LANGS);
  const out = [`\`\`\`${lang}`];
  for (let i = 0; i < lines; i++) {
    if (lang === 'bash') out.push(`${pick(r, ['git', 'npm', 'kubectl', 'docker', 'make'])} ${pick(r, WORDS)} --${pick(r, WORDS)}=${pick(r, WORDS)}`);
    else if (lang === 'python') out.push(`${'    '.repeat(i % 3)}${pick(r, WORDS)}_${pick(r, WORDS)} = ${pick(r, WORDS)}(${Math.floor(r() * 100)})`);
    else if (lang === 'json') out.push(`  "${pick(r, WORDS)}": "${pick(r, WORDS)}",`);
    else if (lang === 'yaml') out.push(`${'  '.repeat(i % 3)}${pick(r, WORDS)}: ${pick(r, WORDS)}`);
    else if (lang === 'sql') out.push(`SELECT ${pick(r, WORDS)} FROM ${pick(r, WORDS)} WHERE id = ${Math.floor(r() * 1000)};`);
    else out.push(`const ${pick(r, WORDS)}${i} = await ${pick(r, WORDS)}('${pick(r, WORDS)}');`);
  }
  out.push('```');
  return out;
}

/** About 130 lines: headings, prose, lists, code blocks, links (web and relative), a table, some Unicode. */
function body(r, name, refs) {
  const out = [`# ${name}`, '', sentence(r, 20), ''];
  let section = 0;
  while (out.length < 122) {
    section++;
    out.push(`## ${sentence(r, 3).slice(0, -1)}`, '');
    const kind = section % 5;
    if (kind === 0) {
      for (let i = 0; i < 6; i++) out.push(`- ${sentence(r, 8)} See [${pick(r, WORDS)}](https://example.com/${pick(r, WORDS)}/${i}).`);
    } else if (kind === 1) {
      out.push(...codeBlock(r, 6 + Math.floor(r() * 6)));
    } else if (kind === 2) {
      out.push('| step | command | notes |', '|---|---|---|');
      for (let i = 0; i < 5; i++) out.push(`| ${i + 1} | \`${pick(r, WORDS)} ${pick(r, WORDS)}\` | ${words(r, 5)} |`);
    } else if (kind === 3 && refs.length > 0) {
      out.push(`Read [the ${pick(r, WORDS)} guide](${pick(r, refs)}) before you ${pick(r, WORDS)}.`, sentence(r, 14));
    } else {
      for (let i = 0; i < 4; i++) out.push(sentence(r, 10 + Math.floor(r() * 10)));
    }
    out.push('');
  }
  while (out.length < 130) out.push(sentence(r, 12));
  return `${out.join('\n')}\n`;
}

function list(r, n, f) {
  return `[${Array.from({ length: n }, () => f()).join(', ')}]`;
}

function ironclawSkill(r, name) {
  const fm = [
    '---',
    `name: ${name}`,
    `version: "${1 + Math.floor(r() * 3)}.${Math.floor(r() * 10)}.${Math.floor(r() * 10)}"`,
    `description: ${sentence(r, 12 + Math.floor(r() * 12))}`,
    'activation:',
    `  keywords: ${list(r, 3 + Math.floor(r() * 10), () => pick(r, WORDS))}`,
    `  exclude_keywords: ${list(r, 1 + Math.floor(r() * 3), () => pick(r, WORDS))}`,
    `  tags: ${list(r, 2 + Math.floor(r() * 5), () => pick(r, WORDS))}`,
    '  patterns:',
    `    - "(?i)\\\\b${pick(r, WORDS)}\\\\s+(the\\\\s+)?${pick(r, WORDS)}\\\\b"`,
    `    - "^${pick(r, WORDS)}\\\\s+\\\\w+$"`,
    `  max_context_tokens: ${pick(r, [2000, 3000, 4000])}`,
    'metadata:',
    `  author: ${pick(r, WORDS)}-${pick(r, WORDS)}`,
    `  homepage: https://example.com/${name}`,
    'requires:',
    `  bins: [${pick(r, BINS)}]`,
    '---',
  ];
  return fm;
}

function agentSkill(r, name) {
  return [
    '---',
    `name: ${name}`,
    `description: ${sentence(r, 15 + Math.floor(r() * 20))} Use when the user asks to ${pick(r, WORDS)} or ${pick(r, WORDS)}.`,
    'license: MIT',
    `allowed-tools: ${pick(r, ['Read, Grep', 'Bash(git:*) Read', 'Read Write Edit'])}`,
    'metadata:',
    `  author: ${pick(r, WORDS)}`,
    `  version: "${Math.floor(r() * 5)}.${Math.floor(r() * 10)}"`,
    '---',
  ];
}

/**
 * Write `count` skills under `dir` (rebuilt only when missing or stale). Two thirds are IronClaw skills
 * under skills/, one third Agent Skills under .claude/skills/; a third of them carry reference files and a
 * script; about 2% have a finding (CRLF, an unknown key, a short keyword) so the rules' report paths run too.
 */
export function generateCorpus(dir, count, seed = 42) {
  const stamp = path.join(dir, '.generated');
  const want = JSON.stringify({ v: GENERATOR_VERSION, count, seed });
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  const r = prng(seed);
  for (let i = 0; i < count; i++) {
    const name = `${pick(r, WORDS)}-${pick(r, WORDS)}-${i}`;
    const iron = r() < 2 / 3;
    const skillDir = path.join(dir, iron ? 'skills' : '.claude/skills', name);
    fs.mkdirSync(skillDir, { recursive: true });
    const refs = [];
    if (r() < 1 / 3) {
      fs.mkdirSync(path.join(skillDir, 'references'), { recursive: true });
      fs.mkdirSync(path.join(skillDir, 'scripts'), { recursive: true });
      for (const ref of ['guide.md', 'api.md']) {
        fs.writeFileSync(path.join(skillDir, 'references', ref), `# ${ref}\n\n${Array.from({ length: 40 }, () => sentence(r, 12)).join('\n')}\n`);
        refs.push(`references/${ref}`);
      }
      fs.writeFileSync(path.join(skillDir, 'scripts', 'run.sh'), `#!/bin/sh\nset -eu\n${pick(r, BINS)} --version\n`);
    }
    const fm = iron ? ironclawSkill(r, name) : agentSkill(r, name);
    const flaw = r();
    if (flaw < 0.005) fm.splice(2, 0, 'descripton: typo key');
    else if (flaw < 0.01 && iron) fm.splice(5, 1, '  keywords: [ab, deploy]');
    let text = `${fm.join('\n')}\n${body(r, name, refs)}`;
    if (flaw > 0.99) text = text.replace(/\n/g, '\r\n');
    fs.writeFileSync(path.join(skillDir, 'SKILL.md'), text);
  }
  fs.writeFileSync(stamp, want);
  return dir;
}

/** Count files and bytes under `dir` (the same walk as the floor: every regular file, symlinks not followed). */
export function treeStats(dir) {
  let files = 0;
  let bytes = 0;
  let skills = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        files++;
        bytes += fs.statSync(p).size;
        if (e.name === 'SKILL.md') skills++;
      }
    }
  };
  walk(dir);
  return { files, bytes, skills };
}

/** ../shared/corpus/real (from a checkout) or ../../shared/corpus/real (from a worktree under wt/), or $BENCH_REAL. */
export function realCorpus(repo) {
  return [process.env.BENCH_REAL, path.resolve(repo, '..', 'shared', 'corpus', 'real'), path.resolve(repo, '..', '..', 'shared', 'corpus', 'real')].find((p) => p && fs.existsSync(p)) ?? null;
}
