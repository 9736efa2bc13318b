// Grouping of repeated findings: a file with thousands of findings of one kind (20,000 bidi overrides, 10,000
// broken links) gives one finding with the count and the first positions, not a report of megabytes.

import type { MessageData, ReportInput, SkillContext } from './rule.js';
import { positionAt, type SourceText } from './source.js';
import { thousands } from './text.js';

/** Findings of one kind in one file up to this many are reported one by one; more become one grouped finding. */
export const GROUP_AFTER = 5;
/** Positions a grouped finding lists. */
export const GROUP_LISTED = 5;

/** A finding with offsets and a `kind`: findings of one kind, file, severity and confidence group together. The
 *  message may be a function, called only for the findings that are reported. */
export type Groupable = Omit<ReportInput, 'message'> & { kind: string; offset: number; message: string | (() => string) };
/** The same with a message id of the rule: its data may be a function, called only for the findings reported. */
export type GroupableById = Omit<ReportInput, 'message' | 'data'> & { kind: string; offset: number; messageId: string; data: MessageData | (() => MessageData) };

function report(ctx: Pick<SkillContext, 'report'>, it: Groupable | GroupableById, suffix = ''): void {
  if ('message' in it) {
    const { kind: _kind, message, ...rest } = it;
    ctx.report({ ...rest, message: `${typeof message === 'string' ? message : message()}${suffix}` });
    return;
  }
  // The grouping note goes before any suffix of the finding's own, as it does after a message.
  const { kind: _kind, data, ...rest } = it;
  ctx.report({ ...rest, data: typeof data === 'function' ? data() : data, ...(suffix || rest.suffix ? { suffix: `${suffix}${rest.suffix ?? ''}` } : {}) });
}

/**
 * Report `items` (offsets into `source`, the text of `file` or of the skill file), grouping each kind that occurs
 * more than GROUP_AFTER times into one finding at its first occurrence, which says how many there are and where
 * the first GROUP_LISTED are.
 */
export function reportGrouped(ctx: Pick<SkillContext, 'report'>, items: readonly (Groupable | GroupableById)[], source: SourceText): void {
  const groups = new Map<string, (Groupable | GroupableById)[]>();
  for (const it of items) {
    const key = `${it.kind}\0${it.severity ?? ''}\0${it.confidence ?? ''}\0${it.file ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(it);
  }
  for (const g of groups.values()) {
    if (g.length <= GROUP_AFTER) {
      for (const one of g) report(ctx, one);
      continue;
    }
    let head = g[0]!;
    for (const x of g) if (x.offset < head.offset) head = x;
    const at = g
      .map((x) => x.offset)
      .sort((a, b) => a - b)
      .slice(0, GROUP_LISTED)
      .map((off) => {
        const p = positionAt(head.source ?? source, off);
        return `${p.line}:${p.column}`;
      });
    report(ctx, head, ` [${thousands(g.length)} findings like this in this file, reported once; the first at ${at.join(', ')}${g.length > GROUP_LISTED ? ', …' : ''}]`);
  }
}
