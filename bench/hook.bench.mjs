// Latency of `skillcheck hook claude-code`: Claude Code runs it before every tool call, as a new process.
// Measures wall time per call (spawn to exit) for an allowed and a denied tool with --policy, against
// `node -e 0` (the floor: starting Node at all) and the on-the-fly --paths mode. Figures, never assertions.
// Run: npm run build && node bench/hook.bench.mjs   (HOOK_BENCH_RUNS=N to change the sample size)

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', 'bin', 'skillcheck.js');
const runs = Number(process.env.HOOK_BENCH_RUNS ?? 20);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(args, input, n = runs) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  }
  return { median: median(ms), p90: [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.9)], n };
}

export default function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-hook-bench-'));
  try {
    fs.mkdirSync(path.join(dir, 'installed_skills', 'weather'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'installed_skills', 'weather', 'SKILL.md'), '---\nname: weather\ndescription: Weather for a city.\n---\nBody.\n');
    const tools = 'Bash,Read,Write,Edit,Glob,Grep,WebFetch,WebSearch,Task,TodoWrite,mcp__github__create_issue';
    const doc = spawnSync(process.execPath, [bin, 'policy', dir, '--tools', tools, '--no-config', '--format', 'json'], { encoding: 'utf8' });
    const policy = path.join(dir, 'policy.json');
    fs.writeFileSync(policy, doc.stdout);
    const call = (t) => JSON.stringify({ session_id: 's', transcript_path: '/dev/null', cwd: dir, hook_event_name: 'PreToolUse', tool_name: t, tool_input: { command: 'ls' }, tool_use_id: 'x' });
    const rows = [
      ['node -e 0 (floor)', time(['-e', '0'], '')],
      ['hook --policy, allowed (Read)', time([bin, 'hook', 'claude-code', '--policy', policy], call('Read'))],
      ['hook --policy, denied (Bash)', time([bin, 'hook', 'claude-code', '--policy', policy], call('Bash'))],
      ['hook --paths (policy computed per call)', time([bin, 'hook', 'claude-code', '--paths', dir, '--tools', tools, '--no-config'], call('Bash'), Math.max(5, Math.floor(runs / 4)))],
    ];
    console.log(`| run | median ms | p90 ms | n |\n|---|---|---|---|`);
    for (const [name, r] of rows) console.log(`| ${name} | ${r.median.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.n} |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
