// A checking worker (src/node/parallel.ts): rebuilds the check context from the spec, then checks chunks of skill files.
// Outcomes are not copied here: they are serialized (so no sliced string keeps a source alive) and the bytes are
// moved to the main thread, which keeps them as bytes until every worker is done (src/node/parallel.ts).

import { serialize } from 'node:v8';
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
      const outcomes = m.items.map((c) => checkCandidate(c, ctx, false));
      const bytes = serialize(outcomes);
      // The serializer's buffer is the Buffer's own (offset 0, exact length): moved, not copied.
      const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length;
      port.postMessage({ kind: 'done', start: m.start, count: outcomes.length, bytes } satisfies FromWorker, own ? [bytes.buffer] : []);
    } catch (e) {
      port.postMessage({ kind: 'failed', message: (e as Error).stack ?? String(e) } satisfies FromWorker);
    }
  });
}
