// Lazy RE2 (re2-wasm): linear-time matching with the syntax family of Rust's `regex` crate.
// The WASM module costs ~35 ms to load, so nothing imports it until a pattern must be compiled.

import { loadRe2Module } from './re2load.js';

export interface Re2Regex {
  test(input: string): boolean;
  exec(input: string): (string | undefined)[] & { index: number } | null;
  lastIndex: number;
  readonly source: string;
}

type Re2Ctor = new (pattern: string, flags?: string) => Re2Regex;

let ctor: Re2Ctor | null = null;

/** Whether the module has been loaded in this process (tests assert laziness with it). */
export function re2Loaded(): boolean {
  return ctor !== null;
}

function load(): Re2Ctor {
  if (!ctor) {
    ctor = (loadRe2Module() as { RE2: Re2Ctor }).RE2;
  }
  return ctor;
}

export type Re2Compile = { ok: true; regex: Re2Regex } | { ok: false; error: string };

/** Whether an error is re2-wasm's heap running out (Emscripten's "Cannot enlarge memory arrays … (OOM)"). */
export const outOfMemory = (msg: string): boolean => /\bOOM\b|Cannot enlarge memory/.test(msg);

let reliever: (() => void) | null = null;
/** What frees compiled regexes held for later when the heap is full (the pack matcher registers its cache): a
 *  compile that runs out of heap calls it and tries once more, so whether a pattern compiles does not depend on
 *  what was compiled before it. */
export function onHeapFull(fn: () => void): void {
  reliever = fn;
}

/**
 * Compile `pattern` with RE2. `flags` are JS-style ("g", "i", "m", "s"); "u" is always added
 * (re2-wasm requires it). Inline flags such as `(?i)` are RE2 syntax and work as in Rust.
 */
export function compileRe2(pattern: string, flags = ''): Re2Compile {
  const RE2 = load();
  const attempt = (): Re2Compile => {
    try {
      return { ok: true, regex: new RE2(pattern, flags.includes('u') ? flags : `${flags}u`) };
    } catch (e) {
      return { ok: false, error: String((e as Error)?.message ?? e).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '') };
    }
  };
  const r = attempt();
  if (r.ok || !reliever || !outOfMemory(r.error)) return r;
  reliever();
  return attempt();
}

/**
 * Free the WASM memory held by a compiled regex. re2-wasm's heap is fixed (16 MiB) and its objects are not
 * garbage-collected, so a long-running process that compiles many patterns must release them.
 */
export function disposeRe2(regex: Re2Regex): void {
  const w = (regex as unknown as { wrapper?: { delete?: () => void; isDeleted?: () => boolean } }).wrapper;
  if (w?.delete && !(w.isDeleted?.() ?? false)) w.delete();
}
