// --shard i/n: a deterministic partition of skills for CI matrices, by a hash of the skill file's display path
// (never discovery order), so every shard agrees on the split without talking to the others.

import type * as Crypto from 'node:crypto';

/** node:crypto, loaded when first used rather than at start-up. */
const crypto = (): typeof Crypto => process.getBuiltinModule('node:crypto');

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** Parse "i/n" (1 ≤ i ≤ n ≤ 1000); returns an error message on failure. */
export function parseShard(s: string): Shard | string {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(s.trim());
  if (!m) return `--shard expects i/n such as 1/4, got "${s}"`;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > 1000 || index < 1 || index > count) return `--shard ${s}: expected 1 ≤ i ≤ n ≤ 1000`;
  return { index, count };
}

/** The 1-based shard a path belongs to. */
export function shardOf(displayPath: string, count: number): number {
  const h = crypto().createHash('sha256').update(displayPath).digest();
  return (h.readUInt32BE(0) % count) + 1;
}

export function inShard(displayPath: string, shard: Shard | undefined): boolean {
  return !shard || shard.count === 1 || shardOf(displayPath, shard.count) === shard.index;
}
