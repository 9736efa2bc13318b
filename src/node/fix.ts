// --fix: apply safe fixes atomically (temp file beside the original, then rename), never through a symlink: the
// file is re-read and written the way discovery reached it (src/node/read.ts, src/node/write.ts).

import * as path from 'node:path';
import { readInTree, type TreePath } from './read.js';
import { writeFileAtomic } from './write.js';
import type { SkillInput } from '../core/rule.js';
import type { Diagnostic, TextEdit } from '../core/types.js';
import { applyEdits } from '../core/edits.js';
export { applyEdits };

export interface FixOutcome {
  file: string;
  applied: number;
  /** Why the file was left alone, when it was. */
  skipped?: string;
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
  /** How discovery reached the file: the write checks the same folders and identity. */
  tree?: TreePath;
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
      if (input.source.invalidUtf8Count > 0) {
        skip('invalid UTF-8: rewriting would lose bytes');
        continue;
      }
      // Read again the way discovery reached it: every folder from the root and the file must be the same.
      const now = readInTree(input.tree, abs, input.source.byteLength, input.tree?.fileId);
      if (now.kind === 'symlink' || now.kind === 'not-regular' || (now.kind === 'changed' && now.symlink)) {
        skip('not a regular file (never written through a symlink)');
        continue;
      }
      if (now.kind !== 'ok' || Buffer.from(now.bytes).toString('utf8') !== before) {
        skip('changed since it was checked');
        continue;
      }
      // Deduplicate identical edits reported under several targets.
      const uniq = [...new Map(edits.map((e) => [`${e.start}:${e.end}:${e.text}`, e])).values()];
      const { text, applied } = applyEdits(before, uniq);
      if (applied === 0 || text === before) continue;
      plans.push({ file, absPath: abs, before, after: text, applied, ...(input.tree ? { tree: input.tree } : {}) });
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
      // Checked again right before writing, in the folder that is written: the plan may be stale.
      writeFileAtomic(p.absPath, p.after, { ...(p.tree ? { tree: p.tree } : {}), expect: { ...(p.tree?.fileId ? { id: p.tree.fileId } : {}), bytes: Buffer.from(p.before, 'utf8') } });
      outcomes.push({ file: p.file, applied: p.applied });
    } catch (e) {
      outcomes.push({ file: p.file, applied: 0, skipped: (e as Error).message });
    }
  }
  return outcomes;
}
