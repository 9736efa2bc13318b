// Worker threads for big runs: the main thread discovers and sorts the skill files, workers read, parse and check
// them in chunks, and outcomes are put back in discovery order, so the report is the same as an in-process run.
// Each worker rebuilds the check context from the cloneable spec (built-in rules, system host).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { distPath, RUNNING_BUILT } from '../core/package.js';
import { Worker } from 'node:worker_threads';
import type { Candidate, CheckSpec, FileOutcome } from './outcome.js';

/** Messages from the main thread to a worker, and back. */
export type ToWorker = { kind: 'chunk'; start: number; items: Candidate[] } | { kind: 'stop' };
export type FromWorker = { kind: 'done'; start: number; outcomes: FileOutcome[] } | { kind: 'failed'; message: string };

let scriptOverride: string | null = null;

/** Test seam: the worker script to start (null: the built one). */
export function setWorkerScript(file: string | null): void {
  scriptOverride = file;
}

/** The compiled worker script. From sources run by the test runner (src/*.ts), the build's copy in dist/. */
export function workerScript(): string {
  if (scriptOverride !== null) return scriptOverride;
  const built = distPath('src', 'node', 'worker.js');
  if (RUNNING_BUILT) return built;
  if (!fs.existsSync(built)) throw new Error(`worker script not built: ${built} (run npm run build)`);
  return built;
}

/**
 * Heap limits per worker. A worker holds one chunk of files at a time, so a small old generation is enough and
 * keeps V8 from growing every worker's heap lazily (at 10,000 skills two workers reached ~320 MB RSS without
 * limits, ~190 MB with them). A larger read bound (--max-bytes) scales the limit; a worker that still runs out of
 * memory is replaced by the main thread for its chunks (see `fallback`).
 */
export function workerLimits(bound: number): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number } {
  return limitsOverride ?? { maxOldGenerationSizeMb: Math.max(64, Math.ceil((bound * 64) / (1024 * 1024))), maxYoungGenerationSizeMb: 8 };
}

let limitsOverride: ReturnType<typeof workerLimits> | null = null;

/** Test seam: heap limits for the workers started from now on (null: the computed ones). */
export function setWorkerLimits(limits: ReturnType<typeof workerLimits> | null): void {
  limitsOverride = limits;
}

/** A listener that holds nothing. */
const ignore = (): void => {};

/** What the last parallel run did (tests check that workers really ran, that a lost worker's files were redone, and
 *  that it was replaced). */
export const lastRun = { workers: 0, chunksByWorkers: 0, filesByFallback: 0, replacements: 0 };

/** Workers started in a run to replace lost ones, at most (a worker that dies at once, every time, costs a start each). */
const MAX_REPLACEMENTS = 4;

/**
 * Check `candidates` in `jobs` workers, `chunk` files per message; `fallback` checks a file in this thread when its
 * worker dies (out of memory, or killed). Outcomes come back in candidate order.
 */
export function checkInWorkers(
  spec: CheckSpec,
  candidates: readonly Candidate[],
  jobs: number,
  chunk: number,
  onDone: () => void,
  fallback: (c: Candidate) => FileOutcome,
): Promise<FileOutcome[]> {
  const results: FileOutcome[] = new Array(candidates.length);
  const script = workerScript();
  Object.assign(lastRun, { workers: jobs, chunksByWorkers: 0, filesByFallback: 0, replacements: 0 });
  const viaFallback = (c: Candidate) => {
    lastRun.filesByFallback++;
    return fallback(c);
  };
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = 0;
    let settled = false;
    const inFlight = new Map<Worker, Set<number>>();
    const store = (start: number, outcomes: readonly FileOutcome[]) =>
      outcomes.forEach((o, k) => {
        results[start + k] = o;
        onDone();
      });
    const finishIfDone = () => {
      if (settled || next < candidates.length) return;
      for (const set of inFlight.values()) if (set.size > 0) return;
      settled = true;
      const exits: Promise<number>[] = [];
      for (const w of inFlight.keys()) {
        // Settled, the listeners do nothing, but while the worker exits they would keep `results` (every outcome,
        // ~2 KB per skill) alive: they go, and an 'error' listener defined outside this scope stays (no unhandled
        // 'error').
        w.removeAllListeners();
        w.on('error', ignore);
        exits.push(w.terminate());
      }
      // The outcomes are handed over once every worker has exited: the report is built after their heaps are gone,
      // not beside them (at 10,000 skills the peak RSS came while the workers were exiting and the report was formed).
      void Promise.allSettled(exits).then(() => resolve(results));
    };
    const feed = (w: Worker): void => {
      if (next >= candidates.length) return;
      const start = next;
      next = Math.min(candidates.length, next + chunk);
      inFlight.get(w)!.add(start);
      w.postMessage({ kind: 'chunk', start, items: candidates.slice(start, next) } satisfies ToWorker);
    };
    /**
     * A worker is gone (out of memory under its cap, or killed): its chunks are checked here, where the heap is not
     * capped, so a skill too big for a worker gets the findings it gets in-process. While files remain, a new worker
     * (at most MAX_REPLACEMENTS per run) takes its place; when no worker is left, this thread checks the rest.
     */
    const lost = (w: Worker) => {
      const mine = inFlight.get(w);
      if (!mine || settled) return;
      inFlight.delete(w);
      live--;
      try {
        for (const start of mine) {
          const end = Math.min(candidates.length, start + chunk);
          store(start, candidates.slice(start, end).map(viaFallback));
        }
        if (next < candidates.length && lastRun.replacements < MAX_REPLACEMENTS) {
          lastRun.replacements++;
          spawn();
        }
        if (live === 0) {
          while (next < candidates.length) {
            const start = next;
            next = Math.min(candidates.length, next + chunk);
            store(start, candidates.slice(start, next).map(viaFallback));
          }
        }
      } catch (e) {
        settled = true;
        for (const other of inFlight.keys()) void other.terminate();
        reject(e);
        return;
      }
      finishIfDone();
    };
    const spawn = (): void => {
      let w: Worker;
      try {
        w = new Worker(script, { workerData: spec, resourceLimits: workerLimits(spec.bound) });
      } catch {
        return; // no thread to be had (resource limits of the machine): the others, or this thread, do the work
      }
      inFlight.set(w, new Set());
      live++;
      w.on('message', (m: FromWorker) => {
        if (settled) return;
        if (m.kind === 'failed') {
          settled = true;
          for (const other of inFlight.keys()) void other.terminate();
          reject(new Error(`worker failed: ${m.message}`));
          return;
        }
        inFlight.get(w)?.delete(m.start);
        lastRun.chunksByWorkers++;
        store(m.start, m.outcomes);
        feed(w);
        finishIfDone();
      });
      w.on('error', () => lost(w));
      w.on('exit', () => lost(w));
      // Two chunks in flight per worker, so it never waits for the main thread between chunks.
      feed(w);
      feed(w);
    };
    for (let i = 0; i < jobs; i++) spawn();
    if (live === 0) {
      // Not one worker started: everything is checked here.
      try {
        store(0, candidates.map(viaFallback));
      } catch (e) {
        settled = true;
        reject(e);
        return;
      }
      next = candidates.length;
    }
    finishIfDone();
  });
}
