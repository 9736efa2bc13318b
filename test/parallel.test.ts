// Worker threads must not change the report: the same tree checked in-process and by workers gives the same
// skills, findings (fingerprints and suppressions included) and counts, and a worker that dies is replaced.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lint, type LintOptions, type LintResult } from '../src/node/lint.js';
import { lastRun, setWorkerLimits, setWorkerScript } from '../src/node/parallel.js';
import { jobsOption } from '../src/cli/check.js';
import * as os from 'node:os';
import { CORPUS, runCli, tempTree } from './helpers.js';

const comparable = (r: LintResult) => JSON.stringify({ skills: r.skills, diagnostics: r.diagnostics, files: r.files, missing: r.missing });

async function both(options: LintOptions): Promise<[LintResult, LintResult]> {
  const inProcess = await lint({ ...options, keepInputs: false, jobs: 1 });
  const workers = await lint({ ...options, keepInputs: false, jobs: 3, parallelMin: 0 });
  expect(lastRun.workers).toBe(3);
  return [inProcess, workers];
}

describe('parallel checking', () => {
  afterEach(() => {
    setWorkerLimits(null);
    setWorkerScript(null);
  });

  it('gives the same report as one thread on the whole fixture corpus (every layout, suppressions, duplicates)', async () => {
    const [a, b] = await both({ cwd: CORPUS, paths: ['cases', 'ok', 'demo'] });
    expect(a.skills.length).toBeGreaterThan(100);
    // The suppressions case's duplicate-name needs `--severity name=off` (its two skills cannot both match their
    // folders, and agentskills rejects a mismatch like skills-ref): without it, line-endings and remote-exec are.
    expect(a.diagnostics.filter((d) => d.suppressed).map((d) => d.ruleId).sort()).toEqual(['line-endings', 'remote-exec']);
    expect(a.diagnostics.some((d) => d.ruleId === 'duplicate-name')).toBe(true);
    expect(comparable(b)).toBe(comparable(a));
    expect(lastRun.chunksByWorkers).toBeGreaterThan(3);
    expect(lastRun.filesByFallback).toBe(0);
  });

  it('gives the same report as the in-process run that keeps inputs (the library default)', async () => {
    const kept = await lint({ cwd: CORPUS, paths: ['cases'] });
    const [, workers] = await both({ cwd: CORPUS, paths: ['cases'] });
    expect(kept.inputs.length).toBe(kept.skills.length);
    expect(workers.inputs).toEqual([]);
    expect(comparable(workers)).toBe(comparable(kept));
  });

  it('keeps shards, baselines and progress working', async () => {
    const full = await lint({ cwd: CORPUS, paths: ['cases'], keepInputs: false });
    const baseline = new Set(full.diagnostics.slice(0, 5).map((d) => d.fingerprint!));
    let ticks = 0;
    let total = 0;
    const opts: LintOptions = { cwd: CORPUS, paths: ['cases'], shard: { index: 2, count: 3 }, baseline, onProgress: (d, t) => ((ticks = d), (total = t)) };
    const [a, b] = await both(opts);
    expect(comparable(b)).toBe(comparable(a));
    expect(ticks).toBe(total);
    expect(total).toBeGreaterThan(0);
  });

  it('checks a run of jobs 1 in one heap-capped worker from parallelMin skills on, with the same report', async () => {
    Object.assign(lastRun, { workers: 0, chunksByWorkers: 0 });
    const inProcess = await lint({ cwd: CORPUS, paths: ['cases'], keepInputs: false, jobs: 1 });
    expect(lastRun.workers).toBe(0); // under PARALLEL_MIN_SKILLS: in this thread
    const oneWorker = await lint({ cwd: CORPUS, paths: ['cases'], keepInputs: false, jobs: 1, parallelMin: 0 });
    expect(lastRun.workers).toBe(1);
    expect(lastRun.chunksByWorkers).toBeGreaterThan(3);
    expect(lastRun.filesByFallback).toBe(0);
    expect(comparable(oneWorker)).toBe(comparable(inProcess));
  });

  it('checks in this thread the files of a worker that runs out of memory', async () => {
    setWorkerLimits({ maxOldGenerationSizeMb: 1, maxYoungGenerationSizeMb: 1 });
    const [a, b] = await both({ cwd: CORPUS, paths: ['cases'] });
    expect(a.skills.length).toBeGreaterThan(50);
    expect(comparable(b)).toBe(comparable(a));
    expect(lastRun.chunksByWorkers).toBe(0);
    // Every file was checked here (some candidates, such as refused symlinks, yield no skill).
    expect(lastRun.filesByFallback).toBeGreaterThanOrEqual(new Set(a.skills.map((s) => s.file)).size);
  });

  it('checks the files of a lost worker in this thread and replaces the worker for the rest', async () => {
    // 40 skills, chunks of 16: the one named poison kills every worker it is sent to.
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`.claude/skills/s${String(i).padStart(2, '0')}/SKILL.md`] = `---\nname: s${String(i).padStart(2, '0')}\ndescription: Skill ${i}.\n---\nBody.\r\n`;
    files['.claude/skills/poison/SKILL.md'] = '---\nname: poison\ndescription: Dies.\n---\nBody.\r\n';
    const root = tempTree(files);
    try {
      setWorkerScript(path.join(import.meta.dirname, 'fixtures', 'workers', 'dies-on-poison.mjs'));
      const inProcess = await lint({ cwd: root, keepInputs: false, jobs: 1 });
      const oneWorker = await lint({ cwd: root, keepInputs: false, jobs: 1, parallelMin: 0 });
      expect(comparable(oneWorker)).toBe(comparable(inProcess));
      expect(inProcess.skills.length).toBe(41);
      expect(inProcess.diagnostics.filter((d) => d.ruleId === 'line-endings').length).toBe(41);
      // The worker died with the poison's chunk and the next one in flight (32 files here); a replacement did the rest.
      expect(lastRun.replacements).toBe(1);
      expect(lastRun.filesByFallback).toBe(32);
      expect(lastRun.chunksByWorkers).toBeGreaterThan(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('checks everything in this thread when the worker script cannot be loaded', async () => {
    setWorkerScript(path.join(CORPUS, 'no-such-worker.js'));
    const [a, b] = await both({ cwd: CORPUS, paths: ['cases'] });
    expect(comparable(b)).toBe(comparable(a));
    expect(lastRun.chunksByWorkers).toBe(0);
    expect(lastRun.filesByFallback).toBeGreaterThanOrEqual(new Set(a.skills.map((s) => s.file)).size);
  });

  it('orders the report by path whatever order the files were created in', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) {
      const n = (i * 37) % 60;
      files[`.claude/skills/s${n}/SKILL.md`] = `---\nname: s${n % 50}\ndescription: Skill ${n}.\n---\nBody ${'x'.repeat(n)}\r\n`;
    }
    const root = tempTree(files);
    try {
      const [a, b] = await both({ cwd: root });
      expect(a.diagnostics.some((d) => d.ruleId === 'duplicate-name')).toBe(true);
      expect(comparable(b)).toBe(comparable(a));
      const order = b.skills.map((s) => s.file);
      expect(order).toEqual([...order].sort());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('--jobs auto leaves a core to the main thread: 1 to 8 workers, fewer than the cores when there are several', () => {
    const cores = os.availableParallelism();
    for (const v of [undefined, 'auto']) {
      const n = jobsOption(v);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(8);
      if (cores > 1) expect(n).toBeLessThan(cores);
    }
    expect(jobsOption('3')).toBe(3);
  });

  it('--jobs takes a number from 1 to 64, or auto', async () => {
    const root = path.join(CORPUS, 'ok');
    expect((await runCli(['--jobs', '0', root], CORPUS)).code).toBe(2);
    expect((await runCli(['--jobs', '1000', root], CORPUS)).stderr).toMatch(/--jobs expects a number from 1 to 64/);
    expect((await runCli(['--jobs', 'many', root], CORPUS)).stderr).toMatch(/--jobs expects a whole number/);
    expect((await runCli(['--jobs', 'auto', root], CORPUS)).code).toBe(0);
    expect((await runCli(['-j', '2', root], CORPUS)).code).toBe(0);
  });
});
