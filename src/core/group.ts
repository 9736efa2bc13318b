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

type Ctx = Pick<SkillContext, 'report'> & { skill?: Pick<SkillContext['skill'], 'file'> };
type Item = Groupable | GroupableById;

function report(ctx: Ctx, it: Item, suffix = '', group?: Pick<ReportInput, 'occurrences' | 'related'>): void {
  if ('message' in it) {
    const { kind: _kind, message, ...rest } = it;
    ctx.report({ ...rest, message: `${typeof message === 'string' ? message : message()}${suffix}`, ...group });
    return;
  }
  // The grouping note goes before any suffix of the finding's own, as it does after a message.
  const { kind: _kind, data, ...rest } = it;
  ctx.report({ ...rest, data: typeof data === 'function' ? data() : data, ...(suffix || rest.suffix ? { suffix: `${suffix}${rest.suffix ?? ''}` } : {}), ...group });
}

function groupsOf(items: readonly Item[], withFile: boolean): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const it of items) {
    const key = `${it.kind}\0${it.severity ?? ''}\0${it.confidence ?? ''}${withFile ? `\0${it.file ?? ''}` : ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(it);
  }
  return groups;
}

/** One file's group: its first occurrence, reported with the count and the first GROUP_LISTED positions. */
function reportFileGroup(ctx: Ctx, g: readonly Item[], source: SourceText): void {
  if (g.length <= GROUP_AFTER) {
    for (const one of g) report(ctx, one);
    return;
  }
  let head = g[0]!;
  for (const x of g) if (x.offset < head.offset) head = x;
  const at = g
    .map((x) => x.offset)
    .sort((a, b) => a - b)
    .slice(0, GROUP_LISTED)
    .map((off) => positionAt(head.source ?? source, off));
  const file = head.file ?? ctx.skill?.file;
  report(ctx, head, ` [${thousands(g.length)} findings like this in this file, reported once; the first at ${at.map((p) => `${p.line}:${p.column}`).join(', ')}${g.length > GROUP_LISTED ? ', …' : ''}]`, {
    occurrences: g.length,
    ...(file !== undefined ? { related: at.map((p) => ({ file, line: p.line, column: p.column })) } : {}),
  });
}

/**
 * Report `items` (offsets into `source`, the text of `file` or of the skill file), grouping each kind that occurs
 * more than GROUP_AFTER times into one finding at its first occurrence, which says how many there are and where
 * the first GROUP_LISTED are (in the message, and as `occurrences` and `related` places for JSON and SARIF).
 */
export function reportGrouped(ctx: Ctx, items: readonly Item[], source: SourceText): void {
  for (const g of groupsOf(items, true).values()) reportFileGroup(ctx, g, source);
}

/**
 * One cause, one finding, across the files of a skill: `items` from the skill file (no `file`; offsets into
 * `source`) and from its other files (`file` and `source` set), in file order. A kind found in one file is grouped
 * as reportGrouped does; a kind found in several files more than GROUP_AFTER times in all is reported once, at its
 * first place, with the count, the number of files and the first GROUP_LISTED places (476 files of scraped
 * documentation with a zero-width space each give one finding, not 476).
 */
export function reportGroupedInSkill(ctx: Ctx, items: readonly Item[], source: SourceText | null): void {
  for (const g of groupsOf(items, false).values()) {
    const files: (string | undefined)[] = [];
    for (const x of g) if (!files.includes(x.file)) files.push(x.file);
    if (files.length === 1) {
      const src = g[0]!.source ?? source;
      if (src) reportFileGroup(ctx, g, src);
      continue;
    }
    if (g.length <= GROUP_AFTER) {
      for (const one of g) report(ctx, one);
      continue;
    }
    // First place: the first file in the order given, then the lowest offset in it.
    const order = (x: Item) => files.indexOf(x.file);
    const sorted = [...g].sort((a, b) => order(a) - order(b) || a.offset - b.offset);
    const listed = sorted.slice(0, GROUP_LISTED).flatMap((x) => {
      const src = x.source ?? source;
      const file = x.file ?? ctx.skill?.file;
      if (!src || file === undefined) return [];
      const p = positionAt(src, x.offset);
      return [{ file, line: p.line, column: p.column }];
    });
    report(
      ctx,
      sorted[0]!,
      ` [${thousands(g.length)} findings like this in ${thousands(files.length)} files of this skill, reported once; the first at ${listed.map((p) => `${p.file}:${p.line}:${p.column}`).join(', ')}${g.length > listed.length ? ', …' : ''}]`,
      { occurrences: g.length, related: listed },
    );
  }
}
