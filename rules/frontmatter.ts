// frontmatter: missing or unterminated frontmatter, YAML errors, duplicate keys, alias abuse, non-mapping root.

import { MAX_ALIAS_COUNT, type Frontmatter, type YamlProblem } from '../src/core/parse.js';
import { defineRule } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';
import { fragmentOf } from '../src/targets/fragment.js';

const YAML_HINTS: Record<string, string> = {
  DUPLICATE_KEY: 'remove or rename one of the keys',
  BAD_INDENT: 'fix the indentation',
  MULTILINE_IMPLICIT_KEY: 'quote the value if it contains ": "',
  BLOCK_AS_IMPLICIT_KEY: 'quote the value if it contains ": "',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
};

/** Problems written by the YAML library (syntax); one cause usually yields several, only the first is reported. */
const OWN_CODES = new Set(['DUPLICATE_KEY', 'ALIAS_LIMIT', 'PARSER_LIMIT', 'LENIENT_WRAP', 'CONVERSION']);
const isSyntax = (p: YamlProblem) => !OWN_CODES.has(p.code) && !p.code.startsWith('STRICT');

/** The parser's first error, in words (what is wrong and the fix), not the library's token talk. */
function wordYamlError(p: YamlProblem, text: string): string {
  const at = text.slice(p.start, p.end).split('\n', 1)[0]?.trim().slice(0, 40) ?? '';
  const shown = at ? ` (${quote(at)})` : '';
  switch (p.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      return `YAML error: a plain value contains ": ", which YAML reads as a nested key; quote the value`;
    case 'MULTILINE_IMPLICIT_KEY':
      return `YAML error: a line${shown} is neither "key: value" nor indented under a key; quote the value if it contains ": ", or indent the line`;
    case 'TAB_AS_INDENT':
      return 'YAML error: a tab indents a line; indent with spaces, not tabs';
    case 'BAD_SCALAR_START':
      return `YAML error: a plain value starts with a character YAML reserves${shown}; quote the value`;
    case 'UNEXPECTED_TOKEN':
      return /^Not a YAML token/.test(p.message)
        ? `YAML error: text that is not YAML${shown}; quote it as a value or move it below the closing "---"`
        : `YAML error: unexpected text after a value${shown}; quote the whole value`;
    case 'BAD_INDENT':
      return /^Flow (map|sequence)/.test(p.message)
        ? `YAML error: a value opened with "${/map/.test(p.message) ? '{' : '['}" is not closed on its line or badly indented; close it, or quote the value`
        : `YAML error: ${p.message}; fix the indentation`;
    default:
      return `YAML error: ${p.message}${YAML_HINTS[p.code] ? `; ${YAML_HINTS[p.code]}` : ''}`;
  }
}

const MERGE_MARKER = /^(?:<{7}(?: .*)?|={7}|>{7}(?: .*)?)$/;
const HEADING = /^#{1,6}[ \t]+\S/;

/**
 * The root cause behind a frontmatter's YAML errors, when it is one we can name: git merge-conflict markers, or a
 * missing closing `---` that lets YAML read on into the Markdown body (a heading after a blank line, before the
 * first error) until some later `---` (a horizontal rule) closes it.
 */
function rootCause(fm: Frontmatter, first: YamlProblem | undefined, lineAt: (offset: number) => number): { offset: number; message: string } | null {
  let off = fm.offset;
  let prevBlank = false;
  let sawKey = false;
  for (const line of fm.raw.split('\n')) {
    if (MERGE_MARKER.test(line)) {
      return {
        offset: off,
        message: `git merge-conflict markers in the frontmatter (${quote(line.slice(0, 30))}); the YAML cannot be read. Resolve the conflict: keep one side and delete the <<<<<<<, ======= and >>>>>>> lines`,
      };
    }
    if (first && prevBlank && sawKey && HEADING.test(line) && off < first.start) {
      const close = fm.closeLine ? ` to the "---" on line ${fm.closeLine}` : '';
      return {
        offset: off,
        message: `the frontmatter has no closing "---" before the body: YAML reads on into the Markdown from line ${lineAt(off)} (${quote(line.slice(0, 30))})${close}. Add a "---" line after the last key`,
      };
    }
    prevBlank = line.trim() === '';
    if (/^[A-Za-z_][\w-]*:(?:\s|$)/.test(line)) sawKey = true;
    off += line.length + 1;
  }
  return null;
}

export default defineRule({
  meta: {
    id: 'frontmatter',
    description: 'Missing or unterminated frontmatter, YAML syntax errors, duplicate keys, alias abuse, a root that is not a mapping',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/nofm/SKILL.md': '# Just a heading\n\nNo frontmatter.\n' } },
        { files: { 'skills/dup/SKILL.md': '---\nname: dup\nname: dup2\ndescription: Two names.\n---\nBody.\n' } },
        { files: { 'skills/open/SKILL.md': '---\nname: open\ndescription: Never closed.\n' } },
        { files: { 'skills/colon/SKILL.md': '---\nname: colon\ndescription: Use when: (1) it rains\n---\nBody.\n' } },
      ],
      good: [{ files: { 'skills/fine/SKILL.md': '---\nname: fine\ndescription: "Use when: (1) it rains"\n---\nBody.\n' } }],
    },
  },
  checkSkill(ctx) {
    const doc = ctx.skill.doc;
    if (!doc) return;
    const fm = doc.frontmatter;
    if (!fm) {
      if (!ctx.profile.frontmatterRequired) return;
      const norm = ctx.skill.source?.normalized ?? '';
      const first = norm.split('\n', 1)[0] ?? '';
      const hint =
        first.trim() === '---'
          ? ' (the first line has extra characters around "---")'
          : /^\s*\n/.test(norm) && /^---[ \t]*$/m.test(norm.trimStart().split('\n', 1)[0] ?? '')
            ? ' (blank lines come before "---"; it must be the very first line)'
            : /^(name|description)\s*:/.test(first)
              ? ' (the file starts with YAML keys but no "---" line above them)'
              : '';
      const of = hint === '' ? fragmentOf(ctx) : null;
      if (of !== null) {
        ctx.report({
          line: 1,
          column: 1,
          severity: 'info',
          message: `no frontmatter: a fragment of the skill ${of} (a part or build variant), not a skill of its own; a runtime scanning this folder would reject it. Rename it if it is not meant to load`,
        });
        return;
      }
      ctx.report({
        line: 1,
        column: 1,
        message: `no frontmatter${hint}: ${ctx.profile.id} needs the file to start with a "---" line, YAML keys (name, description), and a closing "---" line`,
        rejects: true,
      });
      return;
    }
    // A runtime that drops a broken frontmatter still loads the skill, with its fallbacks (Claude Code).
    const drops = ctx.profile.frontmatterFailure === 'fallback';
    const dropped = drops ? `; ${ctx.profile.id} ignores the whole frontmatter and loads the skill with its fallback name and description` : '';
    if (doc.unterminated) {
      ctx.report({ line: 1, column: 1, message: `frontmatter opened with "---" is never closed; add a "---" line after the last key${dropped}`, rejects: !drops });
      return;
    }
    // One finding per root cause: the first syntax error (or the cause behind it: merge markers, a missing
    // closing "---"), with the count of the errors that follow from it; the library reports each one it trips on.
    const norm = ctx.skill.source?.normalized ?? '';
    const lineAt = (offset: number) => norm.slice(0, offset).split('\n').length;
    const syntax = fm.problems.filter(isSyntax).sort((a, b) => a.start - b.start);
    const cause = rootCause(fm, syntax[0], lineAt);
    if (cause) {
      ctx.report({ offset: cause.offset, message: `${cause.message}${dropped}`, rejects: !drops });
    }
    const shown = fm.problems.filter((p) => !isSyntax(p) || (!cause && p === syntax[0]));
    for (const p of shown) {
      let message: string;
      // Target parsers (Cuca strict, Creo lenient) write their own full message and verdict.
      if (p.code.startsWith('STRICT') || p.code === 'LENIENT_WRAP') message = p.message;
      else if (p.code === 'ALIAS_LIMIT') message = `YAML aliases expand past ${MAX_ALIAS_COUNT} nodes (an alias bomb?); remove the anchors and aliases`;
      else if (p.code === 'DUPLICATE_KEY') message = `duplicate key: ${p.message}; ${YAML_HINTS.DUPLICATE_KEY}`;
      else if (p.code === 'PARSER_LIMIT') message = `YAML is too deeply nested to parse (${p.message}); flatten it`;
      else message = wordYamlError(p, norm);
      if (p === syntax[0] && syntax.length > 1) message += ` (${syntax.length - 1} more YAML error${syntax.length > 2 ? 's' : ''} after it, likely from the same cause)`;
      ctx.report({
        offset: p.start,
        endOffset: p.end,
        message: p.rejects === false ? message : `${message}${dropped}`,
        rejects: drops ? false : (p.rejects ?? true),
        ...(p.severity ? { severity: p.severity } : {}),
        ...(p.fix ? { fix: p.fix } : {}),
      });
    }
    if (fm.nonMappingRoot) {
      ctx.report({ offset: fm.offset, message: `frontmatter is ${fm.nonMappingRoot}; expected a mapping of keys such as "name: …" and "description: …"${dropped}`, rejects: !drops });
    }
    // Codex deserializes the frontmatter into a typed struct: a `metadata` that is not a mapping fails it.
    const meta = ctx.data?.metadata;
    if (ctx.profile.metadataMustBeMap && meta !== undefined && meta !== null && (typeof meta !== 'object' || Array.isArray(meta))) {
      const loc = ctx.locate(['metadata']);
      ctx.report({
        offset: loc?.start,
        endOffset: loc?.end,
        rejects: true,
        message: `"metadata" is ${Array.isArray(meta) ? 'a list' : `a ${typeof meta}`}; ${ctx.profile.id} reads it only as a mapping and skips the skill otherwise. Write "metadata:" with indented "key: value" lines`,
      });
    }
  },
});
