// The machine as rules may see it: PATH look-ups, environment, file existence. Never executes anything.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Host } from '../core/contracts.js';
export type { Host };

/** Whether the environment says this is a CI job (`CI` set to anything but '', 'false' or '0'). */
export function inCi(env: Record<string, string | undefined>): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

export function systemHost(cwd: string, env: Record<string, string | undefined> = process.env): Host {
  const cache = new Map<string, boolean>();
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return {
    which(bin) {
      let hit = cache.get(bin);
      if (hit !== undefined) return hit;
      hit = false;
      if (bin && !bin.includes('/') && !bin.includes('\0')) {
        for (const d of dirs) {
          try {
            const st = fs.statSync(path.join(d, bin));
            if (st.isFile() && (st.mode & 0o111) !== 0) {
              hit = true;
              break;
            }
          } catch {
            /* not here */
          }
        }
      }
      cache.set(bin, hit);
      return hit;
    },
    env: (name) => env[name],
    exists(p) {
      try {
        fs.lstatSync(path.resolve(cwd, p));
        return true;
      } catch {
        return false;
      }
    },
    platform: process.platform,
    cwd,
  };
}
