// reference: relative links and references/ paths in the skill file that leave the skill folder (../, absolute
// paths), go through a symlink, or name a file that does not exist. Runtimes install the folder alone and never
// follow symlinks, so each of these is a reference the agent cannot open.

import * as path from 'node:path';
import { codeRanges, inRanges } from '../src/analysis/packs.js';
import { bodyCodeRanges } from '../src/analysis/bodycode.js';
import { reportGrouped, type GroupableById } from '../src/core/group.js';
import { backtickCounter, inlineLinks } from '../src/analysis/links.js';
import { defineRule, type SkillContext } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';
import { fragmentOf } from '../src/targets/fragment.js';

/** Link reference definitions: [label]: target (anchored at a line start, so each line is tried once). */
const DEFINITION = /^[ ]{0,3}\[(?!\^)[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm;
/** Bare references/, scripts/ and assets/ paths (the standard's optional folders) in prose and inline code (a footnote `[^1]: …` is not a definition, above). */
const REFERENCES_PATH = /(?<![\w./-])((?:\.\/)?(?:references|scripts|assets)\/[\w.-]+(?:\/[\w.-]+)*)/g;

/** REFERENCES_PATH tried at one offset. */
const REFERENCES_PATH_AT = new RegExp(REFERENCES_PATH.source, 'y');

/** Where a folder name ending just before the slash at `k` starts, or -1. */
function folderBefore(text: string, k: number): number {
  if (k >= 10 && text.startsWith('references', k - 10)) return k - 10;
  if (k >= 7 && text.startsWith('scripts', k - 7)) return k - 7;
  if (k >= 6 && text.startsWith('assets', k - 6)) return k - 6;
  return -1;
}

/**
 * The matches of REFERENCES_PATH over `text`, in order, as its global search finds them; tried only at the folder
 * names before a slash (slashes found with indexOf; a folder name holds none, so the starts come in order), not at
 * every `a`, `r`, `s` and `.` of the text. A match starts at the folder name, or two characters before it when `./`
 * precedes (the name itself is then no match: a `/` precedes it).
 */
function referencePaths(text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  let last = 0;
  for (let k = text.indexOf('/'); k !== -1; k = text.indexOf('/', k + 1)) {
    const p = folderBefore(text, k);
    if (p === -1) continue;
    const start = p >= 2 && text.charCodeAt(p - 1) === 0x2f && text.charCodeAt(p - 2) === 0x2e ? p - 2 : p;
    if (start < last) continue;
    REFERENCES_PATH_AT.lastIndex = start;
    const m = REFERENCES_PATH_AT.exec(text);
    if (m) {
      out.push(m);
      last = REFERENCES_PATH_AT.lastIndex;
    }
  }
  return out;
}

export interface Ref {
  target: string;
  start: number;
  end: number;
  kind: 'link' | 'path';
}

/** Links and bare paths of a Markdown text (`base`: the text's offset in the file), outside fenced code (`code`: its
 *  fenced blocks, as codeRanges gives them). */
export function collect(text: string, base: number, code: readonly [number, number][] = codeRanges(text)): Ref[] {
  const out: Ref[] = [];
  // Backticks before a match on its line, counted forward once per pass (matches come in order).
  const ticksBefore = backtickCounter(text);
  // Whole link spans (text and target), so "[references/x.md](references/x.md)" is one reference, not two.
  const spans: [number, number][] = [];
  const add = (index: number, raw: string, at: number, inlineCode: boolean) => {
    if (inRanges(code, index)) return;
    // Inside an inline code span on the same line ("`[a](b)`") it is an example, not a link.
    if (inlineCode) return;
    out.push({ target: raw.replace(/^<|>$/g, ''), start: base + at, end: base + at + raw.length, kind: 'link' });
  };
  for (const m of inlineLinks(text)) {
    spans.push([base + m.index, base + m.targetStart + m.target.length]);
    add(m.index, m.target, m.targetStart, (ticksBefore(m.index) & 1) === 1);
  }
  DEFINITION.lastIndex = 0;
  // A definition holds `]:`; most texts have none (a substring search, not the line-anchored regex at every line).
  for (let m = text.includes(']:') ? DEFINITION.exec(text) : null; m; m = DEFINITION.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const odd = ((text.slice(lineStart, m.index).match(/`/g) ?? []).length & 1) === 1;
    add(m.index, m[1]!, m.index + m[0].lastIndexOf(m[1]!), odd);
  }
  // Link ranges, sorted, to skip a bare path inside a link target (binary search, not a scan per path).
  const links = [...spans, ...out.map((r) => [r.start, r.end] as [number, number])].sort((a, b) => a[0] - b[0]);
  const inLink = (off: number) => {
    let lo = 0;
    let hi = links.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (links[mid]![0] <= off) lo = mid + 1;
      else hi = mid - 1;
    }
    // Links do not nest, but a span and its own target overlap: look back over those starting at or before off.
    for (let k = hi; k >= 0 && k >= hi - 1; k--) if (off < links[k]![1]) return true;
    return false;
  };
  for (const m of referencePaths(text)) {
    if (inRanges(code, m.index)) continue;
    // Inside an inline code span ("See `references/x.md`") it is as often the skill's own file as an example: a
    // bare mention like one in prose (info), never dropped, so a skill naming a missing file keeps its finding.
    const p = m[1]!.replace(/[.]+$/, '');
    // A template continues the path ("references/module-<n>.md", "references/{topic}.md"): not a file name.
    const next = text.charAt(m.index + m[1]!.length);
    if (next !== '' && '<{[*'.includes(next)) continue;
    if (inLink(base + m.index)) continue;
    out.push({ target: p, start: base + m.index, end: base + m.index + p.length, kind: 'path' });
  }
  return out;
}

/** A target that names a local file: no scheme, no fragment-only, no template or placeholder syntax. */
function localTarget(t: string): string | null {
  if (t === '' || t.startsWith('#') || t.startsWith('//')) return null;
  // "/plugin:command" is a slash-command invocation, not a path.
  if (/^\/[\w-]+:/.test(t)) return null;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(t) && !/^[a-zA-Z]:[\\/]/.test(t)) return null;
  if (/[{}<>$*|`]|\.\.\.|…/.test(t)) return null;
  let p = t.replace(/[?#].*$/, '');
  try {
    p = decodeURIComponent(p);
  } catch {
    /* keep it as written */
  }
  return p === '' ? null : p;
}

const lowerIndexes = new WeakMap<ReadonlyMap<string, unknown>, Map<string, string>>();

/** Listed paths by their lower-case spelling (the first listed wins), built once per listing. */
function lowerCaseIndex(entries: ReadonlyMap<string, unknown>): Map<string, string> {
  let idx = lowerIndexes.get(entries);
  if (!idx) {
    idx = new Map();
    for (const k of entries.keys()) {
      const l = k.toLowerCase();
      if (!idx.has(l)) idx.set(l, k);
    }
    lowerIndexes.set(entries, idx);
  }
  return idx;
}

type Finding = Omit<GroupableById, 'data'> & { data: Record<string, string>; target?: string };

function check(ctx: SkillContext, r: Ref, out: Finding[]) {
  const folder = ctx.skill.folder;
  const target = localTarget(r.target);
  if (target === null) return;
  const what = r.kind === 'link' ? 'link' : 'reference';
  const at = { offset: r.start, endOffset: r.end };
  if (target.startsWith('/') || target.startsWith('~') || /^[a-zA-Z]:[\\/]/.test(target)) {
    out.push({ kind: 'absolute', ...at, severity: 'warning', confidence: 'medium', messageId: 'absolute', data: { what, target: quote(r.target, 200) } });
    return;
  }
  const norm = path.posix.normalize(target.replace(/\\/g, '/'));
  if (norm === '..' || norm.startsWith('../')) {
    // A sibling that exists inside the scanned tree (another skill of the same plugin or pack) works where the
    // pack is installed whole; only an installer that copies the skill folder alone breaks it.
    // Looked up with lstat (nothing read), and only inside the walk root: never anywhere else on the machine.
    const root = ctx.skill.tree?.root;
    const abs = path.resolve(path.dirname(ctx.skill.absPath), norm);
    const there = path.posix.normalize(`${ctx.skill.dir.replace(/\\/g, '/')}/${norm}`);
    if (root && abs.startsWith(root.endsWith(path.sep) ? root : root + path.sep) && ctx.host.exists(abs)) {
      out.push({ kind: 'outside-present', ...at, severity: 'info', confidence: 'low', messageId: 'outsidePresent', data: { what, target: quote(r.target, 200), there: quote(there, 200) } });
      return;
    }
    out.push({ kind: 'outside', ...at, severity: 'warning', confidence: 'medium', messageId: 'outside', data: { what, target: quote(r.target, 200), fragment: '' } });
    return;
  }
  if (!folder) return;
  const rel = norm.replace(/\/$/, '');
  if (rel === '.' || rel === '') return;
  const { entries, truncated } = folder.listing();
  // A symlink anywhere on the way: runtimes do not follow it. The listing holds a folder before what is in it, so
  // the walk down the path stops at the first part that is not listed (a 56 KB "a/a/a/…" path is not looked up
  // 28,000 times with ever longer keys).
  const parts = rel.split('/');
  let prefix = '';
  for (let i = 0; i < parts.length; i++) {
    prefix = i === 0 ? parts[0]! : `${prefix}/${parts[i]!}`;
    const e = entries.get(prefix);
    if (!e) break;
    if (e.kind === 'symlink') {
      out.push({ kind: 'symlink', ...at, severity: 'warning', confidence: 'high', messageId: 'symlink', data: { what, target: quote(r.target, 200), link: quote(e.rel), to: e.linkTarget ? ` (→ ${quote(e.linkTarget)})` : '' } });
      return;
    }
  }
  if (entries.has(rel) || truncated) return;
  // A link is an explicit reference (warning, high); a bare path in prose may describe a layout, quote another
  // skill's file or be a label (info, low: shown with --persona auditor).
  const bare = r.kind === 'path';
  const caseMatch = lowerCaseIndex(entries).get(rel.toLowerCase());
  // `reference/x.md` when the folder is `references/` (or the other way round): name the path that exists.
  const slash = rel.indexOf('/');
  const first = slash > 0 ? rel.slice(0, slash) : '';
  const plural = first === '' ? null : `${first.endsWith('s') ? first.slice(0, -1) : `${first}s`}${rel.slice(slash)}`;
  if (!caseMatch && plural !== null && entries.has(plural)) {
    out.push({
      kind: 'case',
      target: rel,
      ...at,
      severity: bare ? 'info' : 'warning',
      confidence: bare ? 'low' : 'high',
      messageId: 'plural',
      data: { what, target: quote(r.target, 200), plural: quote(plural), folder: plural.slice(0, plural.indexOf('/')), fragment: '', more: '' },
    });
    return;
  }
  out.push({
    kind: caseMatch ? 'case' : 'missing',
    target: rel,
    ...at,
    severity: bare ? 'info' : 'warning',
    confidence: bare ? 'low' : 'high',
    messageId: caseMatch ? 'letterCase' : bare ? 'named' : 'missing',
    data: { what, target: quote(r.target, 200), ...(caseMatch ? { actual: quote(caseMatch) } : {}), fragment: '', more: '' },
  });
}

/** Missing files once per file and target: the strongest mention (a link before a bare path), then the first,
 *  with how many other times the file names it. */
function oncePerTarget(items: Finding[]): GroupableById[] {
  const rank = (f: Finding) => (f.severity === 'warning' ? 1 : 0);
  const byTarget = new Map<string, Finding[]>();
  const out: GroupableById[] = [];
  for (const f of items) {
    if (f.target === undefined) {
      out.push(f);
      continue;
    }
    const g = byTarget.get(f.target);
    if (g) g.push(f);
    else byTarget.set(f.target, [f]);
  }
  for (const g of byTarget.values()) {
    let head = g[0]!;
    for (const f of g) if (rank(f) > rank(head) || (rank(f) === rank(head) && f.offset < head.offset)) head = f;
    const { target: _t, ...rest } = head;
    const more = g.length - 1;
    out.push(more === 0 ? rest : { ...rest, data: { ...rest.data, more: ` (named ${more} more time${more === 1 ? '' : 's'} in this file)` } });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

export default defineRule({
  meta: {
    id: 'reference',
    description: 'Links and references/, scripts/, assets/ paths that leave the skill folder (../, absolute), go through a symlink, or do not exist',
    severity: 'warning',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\nSee [the guide](references/guide.md).\n' } },
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\nSee [notes](../shared/notes.md) (not in the scanned tree either).\n' } },
      ],
      good: [
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\nSee [the guide](references/guide.md), `references/guide.md#setup` and https://example.com.\n', 'skills/x/references/guide.md': '# Guide\n' } },
      ],
    },
    // what: "link" (a Markdown link or link definition) or "reference" (a bare references/, scripts/, assets/ path).
    // fragment: " (this file is a fragment of …)" when the file has no frontmatter and is composed into another
    // skill (the finding is then info); more: " (named N more times in this file)" when the file names it again.
    messages: {
      absolute:
        '{{what}} {{target}} is an absolute path, outside the skill folder; an installed skill cannot rely on it. Copy the file into the skill (for example references/) and link it relatively',
      outsidePresent:
        '{{what}} {{target}} leaves the skill folder for {{there}} (it exists here); installers that copy the folder alone (Claude Code, Codex, OpenCode, IronClaw) leave it behind. Copy it in if the skill ships alone',
      outside:
        '{{what}} {{target}} leaves the skill folder; runtimes install the folder alone, so the target will be missing. Move the file into the skill folder and link it relatively{{fragment}}',
      symlink: '{{what}} {{target}} goes through the symlink {{link}}{{to}}; runtimes skip symlinks, so the agent cannot open it. Replace the link with the real file',
      plural: '{{what}} {{target}} does not exist; {{plural}} does (the folder is {{folder}}/). Fix the path{{fragment}}{{more}}',
      letterCase:
        '{{what}} {{target}} does not exist; {{actual}} differs only in letter case, which breaks on case-sensitive file systems. Fix the spelling{{fragment}}{{more}}',
      named:
        '{{target}} is named (not linked) but is not in the skill folder; if the skill means its own file, the agent will fail to open it. Add the file, fix the path, or link it{{fragment}}{{more}}',
      missing: '{{what}} {{target}} does not exist in the skill folder; the agent will fail to open it. Add the file or fix the path{{fragment}}{{more}}',
    },
  },
  checkSkill(ctx) {
    const doc = ctx.skill.doc;
    if (!doc || !ctx.skill.source) return;
    // Many findings of one kind are reported once, with a count and the first positions (src/core/group.ts).
    const out: Finding[] = [];
    for (const r of collect(doc.body, doc.bodyOffset, bodyCodeRanges(ctx.skill))) check(ctx, r, out);
    // A fragment of another skill (no frontmatter; a part or build variant): its links resolve where it is composed
    // into that skill, so what is missing here is info, low confidence.
    const of = doc.frontmatter === null && out.length > 0 ? fragmentOf(ctx) : null;
    const relative = new Set(['missing', 'case', 'outside']);
    const found =
      of === null
        ? out
        : out.map((f) =>
            relative.has(f.kind)
              ? { ...f, severity: 'info' as const, confidence: 'low' as const, data: { ...f.data, fragment: ` (this file is a fragment of ${of}; links may resolve only in the composed skill)` } }
              : f,
          );
    reportGrouped(ctx, oncePerTarget(found), ctx.skill.source);
  },
});
