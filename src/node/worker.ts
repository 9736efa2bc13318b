// A checking worker (src/node/parallel.ts): rebuilds the check context from the spec, then checks chunks of skill files.
// Outcomes are not copied here: postMessage copies them (so no sliced string keeps a source alive).

import { parentPort, workerData } from 'node:worker_threads';
import { checkCandidate, checkContext, loadDefaultRules, type CheckSpec } from './lint.js';
import type { FromWorker, ToWorker } from './parallel.js';

const port = parentPort;
if (port) {
  const ctx = checkContext(workerData as CheckSpec, await loadDefaultRules());
  port.on('message', (m: ToWorker) => {
    if (m.kind === 'stop') {
      port.close();
      return;
    }
    try {
      port.postMessage({ kind: 'done', start: m.start, outcomes: m.items.map((c) => checkCandidate(c, ctx, false)) } satisfies FromWorker);
    } catch (e) {
      port.postMessage({ kind: 'failed', message: (e as Error).stack ?? String(e) } satisfies FromWorker);
    }
  });
}
