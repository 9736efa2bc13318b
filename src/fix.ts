// --fix: apply safe fixes atomically (temp file beside the original, then rename), never through a symlink.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readBounded } from './read.js';
import type { SkillInput } from './rule.js';
import type { Diagnostic, TextEdit } from './types.js';

export interface FixOutcome {
  file: string;
  applied: number;
  /** Why the file was left alone, when it was. */
  skipped?: string;
}

/** Apply non-overlapping edits (sorted by start) to `text`. Overlapping later edits are dropped. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let pos = 0;
  let applied = 0;
  for (const e of sorted) {
    if (e.start < pos || e.end < e.start || e.end > text.length) continue;
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
    applied++;
  }
  return { text: out + text.slice(pos), applied };
}

/** Write `content` to `target` atomically, keeping its mode. Refuses when `target` is not a regular file. */
export function writeAtomic(target: string, content: string | Uint8Array): void {
  const st = fs.lstatSync(target);
  if (!st.isFile()) throw new Error('not a regular file (symlink or special file): not written');
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), st.mode & 0o7777);
  try {
    fs.writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    fs.fchmodSync(fd, st.mode & 0o7777);
    fs.fsyncSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, target);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** Create a new file (or replace a regular one) atomically; for --output and baselines. */
export function writeFileAtomic(target: string, content: string): void {
  let exists = false;
  try {
    const st = fs.lstatSync(target);
    if (!st.isFile()) throw new Error(`${target}: not a regular file: not written`);
    exists = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (exists) return writeAtomic(target, content);
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  fs.writeFileSync(tmp, content, { flag: 'wx', mode: 0o644 });
  fs.renameSync(tmp, target);
}

export interface FixPlan {
  file: string;
  absPath: string;
  /** The file's text as checked, and after the fixes. */
  before: string;
  after: string;
  applied: number;
  /** Why the file is left alone, when it is. */
  skipped?: string;
}

/**
 * Plan the fixes of unsuppressed diagnostics, per file, without writing. The file must still hold exactly the
 * text that was checked (else it changed under us and is skipped), must be a regular file (never a symlink),
 * and must lie inside one of `roots`. Files whose fixes change nothing are left out.
 */
export function planFixes(diagnostics: readonly Diagnostic[], inputs: readonly SkillInput[], roots: readonly string[]): FixPlan[] {
  const byFile = new Map<string, TextEdit[]>();
  for (const d of diagnostics) {
    if (!d.fix || d.suppressed) continue;
    const list = byFile.get(d.file) ?? [];
    list.push(...d.fix.edits);
    byFile.set(d.file, list);
  }
  // One pass over the inputs (the first with a source per file), not a search per fixed file.
  const inputByFile = new Map<string, SkillInput>();
  for (const i of inputs) if (i.source && !inputByFile.has(i.file)) inputByFile.set(i.file, i);
  const plans: FixPlan[] = [];
  for (const [file, edits] of [...byFile.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const input = inputByFile.get(file);
    if (!input?.source) continue;
    const abs = input.absPath;
    const before = input.source.text;
    const skip = (skipped: string) => plans.push({ file, absPath: abs, before, after: before, applied: 0, skipped });
    const inside = roots.some((r) => abs === r || abs.startsWith(r.endsWith(path.sep) ? r : r + path.sep));
    if (!inside) {
      skip('outside the paths given');
      continue;
    }
    try {
      const st = fs.lstatSync(abs);
      if (st.isSymbolicLink() || !st.isFile()) {
        skip('not a regular file (never written through a symlink)');
        continue;
      }
      if (input.source.invalidUtf8Count > 0) {
        skip('invalid UTF-8: rewriting would lose bytes');
        continue;
      }
      const now = readBounded(abs, input.source.byteLength);
      if (now.kind !== 'ok' || Buffer.from(now.bytes).toString('utf8') !== before) {
        skip('changed since it was checked');
        continue;
      }
      // Deduplicate identical edits reported under several targets.
      const uniq = [...new Map(edits.map((e) => [`${e.start}:${e.end}:${e.text}`, e])).values()];
      const { text, applied } = applyEdits(before, uniq);
      if (applied === 0 || text === before) continue;
      plans.push({ file, absPath: abs, before, after: text, applied });
    } catch (e) {
      skip((e as Error).message);
    }
  }
  return plans;
}

/** Apply planned fixes atomically (temp file beside the original, rename, mode kept). */
export function applyFixes(diagnostics: readonly Diagnostic[], inputs: readonly SkillInput[], roots: readonly string[]): FixOutcome[] {
  const outcomes: FixOutcome[] = [];
  for (const p of planFixes(diagnostics, inputs, roots)) {
    if (p.skipped) {
      outcomes.push({ file: p.file, applied: 0, skipped: p.skipped });
      continue;
    }
    try {
      // Checked again right before writing: the plan's lstat may be stale.
      const now = readBounded(p.absPath, Buffer.byteLength(p.before, 'utf8'));
      if (now.kind !== 'ok' || Buffer.from(now.bytes).toString('utf8') !== p.before) {
        outcomes.push({ file: p.file, applied: 0, skipped: 'changed since it was checked' });
        continue;
      }
      writeAtomic(p.absPath, p.after);
      outcomes.push({ file: p.file, applied: p.applied });
    } catch (e) {
      outcomes.push({ file: p.file, applied: 0, skipped: (e as Error).message });
    }
  }
  return outcomes;
}
