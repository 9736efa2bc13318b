// reference: relative links and references/ paths in the skill file that leave the skill folder (../, absolute
// paths), go through a symlink, or name a file that does not exist. Runtimes install the folder alone and never
// follow symlinks, so each of these is a reference the agent cannot open.

import * as path from 'node:path';
import { codeRanges, inRanges } from '../src/packs.js';
import { defineRule, type SkillContext } from '../src/rule.js';
import { quote } from '../src/text.js';

/** Inline links and images: [text](target "title"); the target without angle brackets. */
const INLINE_LINK = /!?\[(?:[^\]\n]|\\\])*\]\([ \t]*(<[^>\n]*>|[^\s)]+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*\)/g;
/** Link reference definitions: [label]: target */
const DEFINITION = /^[ ]{0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm;
/** Bare references/ paths in prose and inline code. */
const REFERENCES_PATH = /(?<![\w./-])((?:\.\/)?references\/[\w.-]+(?:\/[\w.-]+)*)/g;

interface Ref {
  target: string;
  start: number;
  end: number;
  kind: 'link' | 'path';
}

function collect(text: string, base: number): Ref[] {
  const code = codeRanges(text);
  const out: Ref[] = [];
  for (const re of [INLINE_LINK, DEFINITION]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (inRanges(code, m.index)) continue;
      // Inside an inline code span on the same line ("`[a](b)`") it is an example, not a link.
      const lineStart = text.lastIndexOf('\n', m.index) + 1;
      if (((text.slice(lineStart, m.index).match(/`/g) ?? []).length & 1) === 1) continue;
      const raw = m[1]!.replace(/^<|>$/g, '');
      const at = m.index + m[0].lastIndexOf(m[1]!);
      out.push({ target: raw, start: base + at, end: base + at + m[1]!.length, kind: 'link' });
    }
  }
  REFERENCES_PATH.lastIndex = 0;
  for (let m = REFERENCES_PATH.exec(text); m; m = REFERENCES_PATH.exec(text)) {
    if (inRanges(code, m.index)) continue;
    const p = m[1]!.replace(/[.]+$/, '');
    // A template continues the path ("references/module-<n>.md", "references/{topic}.md"): not a file name.
    if (/^[<{[*]/.test(text.slice(m.index + m[1]!.length))) continue;
    if (out.some((r) => r.start <= base + m!.index && base + m!.index < r.end)) continue;
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

function check(ctx: SkillContext, r: Ref) {
  const folder = ctx.skill.folder;
  const target = localTarget(r.target);
  if (target === null) return;
  const what = r.kind === 'link' ? 'link' : 'reference';
  const at = { offset: r.start, endOffset: r.end };
  if (target.startsWith('/') || target.startsWith('~') || /^[a-zA-Z]:[\\/]/.test(target)) {
    ctx.report({ ...at, severity: 'warning', confidence: 'medium', message: `${what} ${quote(r.target, 200)} is an absolute path, outside the skill folder; an installed skill cannot rely on it. Copy the file into the skill (for example references/) and link it relatively` });
    return;
  }
  const norm = path.posix.normalize(target.replace(/\\/g, '/'));
  if (norm === '..' || norm.startsWith('../')) {
    ctx.report({ ...at, severity: 'warning', confidence: 'medium', message: `${what} ${quote(r.target, 200)} leaves the skill folder; runtimes install the folder alone, so the target will be missing. Move the file into the skill folder and link it relatively` });
    return;
  }
  if (!folder) return;
  const rel = norm.replace(/\/$/, '');
  if (rel === '.' || rel === '') return;
  const { entries, truncated } = folder.listing();
  // A symlink anywhere on the way: runtimes do not follow it.
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const e = entries.get(parts.slice(0, i).join('/'));
    if (e?.kind === 'symlink') {
      ctx.report({ ...at, severity: 'warning', confidence: 'high', message: `${what} ${quote(r.target, 200)} goes through the symlink ${quote(e.rel)}${e.linkTarget ? ` (→ ${quote(e.linkTarget)})` : ''}; runtimes skip symlinks, so the agent cannot open it. Replace the link with the real file` });
      return;
    }
  }
  if (entries.has(rel) || truncated) return;
  // A link is an explicit reference; a bare path in prose may describe a layout (medium confidence).
  const confidence = r.kind === 'link' ? 'high' : 'medium';
  const lower = rel.toLowerCase();
  const caseMatch = [...entries.keys()].find((k) => k.toLowerCase() === lower);
  ctx.report({
    ...at,
    severity: 'warning',
    confidence,
    message: caseMatch
      ? `${what} ${quote(r.target, 200)} does not exist; ${quote(caseMatch)} differs only in letter case, which breaks on case-sensitive file systems. Fix the spelling`
      : `${what} ${quote(r.target, 200)} does not exist in the skill folder; the agent will fail to open it. Add the file or fix the path`,
  });
}

export default defineRule({
  meta: {
    id: 'reference',
    description: 'Links and references/ paths that leave the skill folder (../, absolute), go through a symlink, or do not exist',
    severity: 'warning',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\nSee [the guide](references/guide.md) and ../shared/notes.md.\n' } },
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\nSee [notes](../shared/notes.md).\n', 'skills/shared/notes.md': 'Notes.\n' } },
      ],
      good: [
        { files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\nSee [the guide](references/guide.md), `references/guide.md#setup` and https://example.com.\n', 'skills/x/references/guide.md': '# Guide\n' } },
      ],
    },
  },
  checkSkill(ctx) {
    const doc = ctx.skill.doc;
    if (!doc || !ctx.skill.source) return;
    for (const r of collect(doc.body, doc.bodyOffset)) check(ctx, r);
  },
});
