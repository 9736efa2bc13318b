// Progress on stderr for long runs: only when stderr is a terminal, never in CI (CI set) or when redirected,
// and only once a run has taken about a second. One line, rewritten in place, erased at the end.

import { inCi } from '../node/host.js';

export interface ProgressSink {
  write: (s: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** The terminal's width (stderr.columns); the line is kept shorter so `\r` rewrites it instead of scrolling. */
  columns?: number;
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

/** The progress text, at most `columns - 1` characters (a full-width line wraps on some terminals). */
export function fitLine(done: number, total: number, columns: number | undefined): string {
  const full = `skillcheck: ${done}/${total} skills checked`;
  const max = columns !== undefined && columns > 0 ? columns - 1 : Infinity;
  if (full.length <= max) return full;
  const short = `${done}/${total}`;
  return short.length <= max ? short : short.slice(0, Math.max(0, max));
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
      sink.write(`\r\x1b[2K${fitLine(done, total, sink.columns)}`);
    },
    done() {
      if (shown) sink.write('\r\x1b[2K');
    },
  };
}
