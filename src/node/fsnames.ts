// File names that are not valid UTF-8: a JS string cannot hold them, so they are reported with an escaped
// spelling (invalid bytes as \xNN) and never opened. Kept out of the walk's hot path: only a directory whose
// listing decoded to U+FFFD is listed again as raw bytes.

import * as fs from 'node:fs';
import { isUtf8 } from 'node:buffer';

/** Escape a raw name: valid UTF-8 runs are kept, each invalid byte becomes `\xNN` (a backslash as `\\`). */
export function escapeRawName(raw: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < raw.length) {
    // Longest valid prefix from i (1–4 bytes per character).
    let len = 0;
    const b = raw[i]!;
    if (b < 0x80) len = 1;
    else if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) len = 3;
    else if (b >= 0xf0 && b <= 0xf4) len = 4;
    if (len > 0 && i + len <= raw.length && isUtf8(raw.subarray(i, i + len))) {
      const ch = Buffer.from(raw.subarray(i, i + len)).toString('utf8');
      out += ch === '\\' ? '\\\\' : ch;
      i += len;
    } else {
      out += `\\x${raw[i]!.toString(16).toUpperCase().padStart(2, '0')}`;
      i++;
    }
  }
  return out;
}

/**
 * Raw names in `dir` that are not valid UTF-8, escaped, in byte order. Called only when a decoded
 * listing holds U+FFFD (a valid name can hold U+FFFD too: those are not returned).
 */
export function invalidUtf8Names(dir: string): { name: string; isDir: boolean }[] {
  let raws: Buffer[];
  try {
    raws = fs.readdirSync(dir, { encoding: 'buffer' });
  } catch {
    return [];
  }
  const prefix = Buffer.from(dir.endsWith('/') ? dir : `${dir}/`);
  return raws
    .filter((r) => !isUtf8(r))
    .sort(Buffer.compare)
    .map((r) => {
      let isDir = false;
      try {
        isDir = fs.lstatSync(Buffer.concat([prefix, r])).isDirectory();
      } catch {
        /* vanished: report it as a file */
      }
      return { name: escapeRawName(r), isDir };
    });
}
