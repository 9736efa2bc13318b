// The file-system part of a run alone: discover, read and parse every skill file, list every skill folder and
// read its package files (one rule that asks for them and reports nothing), on one thread. For before/after notes
// on src/node/read.ts, discover.ts and skillfiles.ts: the rules' time would hide a change of a few hundred ms.
// Not part of `npm run bench`.
//
//   node bench/io.bench.mjs [--rounds 5] --dist before=<before>/dist --dist after=dist <corpus>
//
// Each round runs every build once, in turn, each in a fresh process; prints the median user and system CPU of
// the lint() call (process.cpuUsage) and checks that each build saw the same files, entries and bytes.

import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { median } from './measure.mjs';

const argv = process.argv.slice(2);
if (argv[0] === '--child') {
  const [, dist, corpus] = argv;
  const { lint } = await import(path.join(path.resolve(dist), 'src/node/lint.js'));
  let entries = 0;
  let files = 0;
  let bytes = 0;
  const touch = {
    meta: { id: 'io-touch', description: 'reads the package', severity: 'info', confidence: 'high', category: 'security', fixable: false, since: '0.0.0', messages: {} },
    checkSkill(ctx) {
      const folder = ctx.skill.folder;
      if (!folder) return;
      entries += folder.listing().entries.size;
      for (const f of folder.files().files) {
        files++;
        bytes += f.source.byteLength;
      }
    },
  };
  const t0 = process.cpuUsage();
  const r = await lint({ paths: ['.'], cwd: path.resolve(corpus), rules: [touch], keepInputs: false, gating: false });
  const t = process.cpuUsage(t0);
  process.stdout.write(JSON.stringify({ user: t.user / 1000, system: t.system / 1000, seen: `${r.files} skill files, ${entries} entries, ${files} package files, ${bytes} bytes` }));
  process.exit(0);
}

let rounds = 5;
const builds = [];
let corpus = '.';
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--rounds') rounds = Number(argv[++i]);
  else if (argv[i] === '--dist') {
    const [label, dir] = argv[++i].split('=');
    builds.push({ label, dir, runs: [] });
  } else corpus = argv[i];
}
for (let r = 0; r < rounds; r++) {
  for (const b of builds) {
    const p = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--child', b.dir, corpus], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (p.status !== 0) throw new Error(`${b.label}: ${p.stderr}`);
    b.runs.push(JSON.parse(p.stdout));
  }
}
const seen = new Set(builds.map((b) => b.runs[0].seen));
process.stdout.write(`${rounds} interleaved rounds in ${corpus}\n| build | user ms | system ms | user+system ms (median) |\n|---|---:|---:|---:|\n`);
for (const b of builds) {
  const u = median(b.runs.map((x) => x.user));
  const s = median(b.runs.map((x) => x.system));
  const t = median(b.runs.map((x) => x.user + x.system));
  process.stdout.write(`| ${b.label} | ${u.toFixed(0)} | ${s.toFixed(0)} | ${t.toFixed(0)} |\n`);
}
process.stdout.write(seen.size === 1 ? `same work in every build: ${[...seen][0]}\n` : `BUILDS DIFFER: ${[...seen].join(' / ')}\n`);
