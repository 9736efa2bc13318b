// Progress on stderr for long runs: only when stderr is a terminal, never in CI (CI set) or when redirected,
// and only once a run has taken about a second. One line, rewritten in place, erased at the end.

import { inCi } from './host.js';

export interface ProgressSink {
  write: (s: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** Milliseconds; injectable for tests. */
  now?: () => number;
}

export interface Progress {
  tick(done: number, total: number): void;
  done(): void;
}

export const PROGRESS_DELAY_MS = 1000;
const REDRAW_MS = 100;

const NONE: Progress = { tick() {}, done() {} };

export function progressEnabled(sink: Pick<ProgressSink, 'isTTY' | 'env'>): boolean {
  return sink.isTTY && !inCi(sink.env) && sink.env.TERM !== 'dumb';
}

export function createProgress(sink: ProgressSink): Progress {
  if (!progressEnabled(sink)) return NONE;
  const now = sink.now ?? (() => Date.now());
  const start = now();
  let last = -Infinity;
  let shown = false;
  return {
    tick(done, total) {
      const t = now();
      if (t - start < PROGRESS_DELAY_MS || t - last < REDRAW_MS) return;
      last = t;
      shown = true;
      sink.write(`\r\x1b[2Kskillcheck: ${done}/${total} skills checked`);
    },
    done() {
      if (shown) sink.write('\r\x1b[2K');
    },
  };
}
