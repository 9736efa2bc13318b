// frontmatter: missing or unterminated frontmatter, YAML errors, duplicate keys, alias abuse, non-mapping root.

import { MAX_ALIAS_COUNT, type Frontmatter, type YamlProblem } from '../src/core/parse.js';
import { defineRule, reportMessage, type MessageData, type RuleMeta } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';
import { fragmentOf } from '../src/targets/fragment.js';

/** Problems written by the YAML library (syntax); one cause usually yields several, only the first is reported. */
const OWN_CODES = new Set(['DUPLICATE_KEY', 'ALIAS_LIMIT', 'PARSER_LIMIT', 'LENIENT_WRAP', 'CONVERSION']);
const isSyntax = (p: YamlProblem) => !OWN_CODES.has(p.code) && !p.code.startsWith('STRICT');

/** The end of every message of a Cuca construction failure. */
const STRICT_FAILS = "; cuca's strict parser fails and the skill is not constructed (the error names this file)";

const meta: RuleMeta = {
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
  // {{more}}, {{dropped}}, {{note}}, {{hint}} and {{close}} are the parts at the end (or '' when they do not apply);
  // {{at}} is the offending text in parentheses, or ''.
  messages: {
    noFrontmatter: 'no frontmatter{{hint}}: {{target}} needs the file to start with a "---" line, YAML keys (name, description), and a closing "---" line',
    fragment:
      'no frontmatter: a fragment of the skill {{of}} (a part or build variant), not a skill of its own; a runtime scanning this folder would reject it. Rename it if it is not meant to load',
    unterminated: 'frontmatter opened with "---" is never closed; add a "---" line after the last key{{dropped}}',
    mergeMarkers:
      'git merge-conflict markers in the frontmatter ({{line}}); the YAML cannot be read. Resolve the conflict: keep one side and delete the <<<<<<<, ======= and >>>>>>> lines{{dropped}}',
    noClose: 'the frontmatter has no closing "---" before the body: YAML reads on into the Markdown from line {{line}} ({{text}}){{close}}. Add a "---" line after the last key{{dropped}}',
    // The YAML library's errors, in words.
    blockAsKey: 'YAML error: a plain value contains ": ", which YAML reads as a nested key; quote the value{{more}}{{dropped}}',
    multilineKey: 'YAML error: a line{{at}} is neither "key: value" nor indented under a key; quote the value if it contains ": ", or indent the line{{more}}{{dropped}}',
    tabIndent: 'YAML error: a tab indents a line; indent with spaces, not tabs{{more}}{{dropped}}',
    badScalarStart: 'YAML error: a plain value starts with a character YAML reserves{{at}}; quote the value{{more}}{{dropped}}',
    notYaml: 'YAML error: text that is not YAML{{at}}; quote it as a value or move it below the closing "---"{{more}}{{dropped}}',
    afterValue: 'YAML error: unexpected text after a value{{at}}; quote the whole value{{more}}{{dropped}}',
    flowNotClosed: 'YAML error: a value opened with "{{open}}" is not closed on its line or badly indented; close it, or quote the value{{more}}{{dropped}}',
    badIndent: 'YAML error: {{problem}}{{note}}; fix the indentation{{more}}{{dropped}}',
    yamlError: 'YAML error: {{problem}}{{note}}{{more}}{{dropped}}',
    duplicateKey: 'duplicate key: {{problem}}{{note}}; remove or rename one of the keys{{dropped}}',
    aliasLimit: 'YAML aliases expand past {{max}} nodes (an alias bomb?); remove the anchors and aliases{{dropped}}',
    parserLimit: 'YAML is too deeply nested to parse ({{problem}}{{note}}); flatten it{{dropped}}',
    nonMapping: 'frontmatter is {{root}}; expected a mapping of keys such as "name: …" and "description: …"{{dropped}}',
    metadataNotMap: '"metadata" is {{type}}; {{target}} reads it only as a mapping and skips the skill otherwise. Write "metadata:" with indented "key: value" lines',
    // Problems of the targets' own parsers (src/targets/frontmatter.ts names these ids).
    claudeDuplicateKey:
      'duplicate key; Claude Code (Bun.YAML) keeps the later value, strict YAML parsers reject the file. Remove or rename one of the keys',
    claudeRetryTabs:
      'YAML fails on a tab used as indentation; Claude Code loads it only through its retry (tabs become spaces) and other runtimes reject it. Indent with spaces (--fix)',
    claudeRetryQuote: 'YAML fails here; Claude Code loads it only through its retry, which quotes the value, and other runtimes reject it. Quote it: {{key}}: {{quoted}} (--fix)',
    lenientRetry:
      'YAML fails here (a ": " inside a plain value); this runtime loads it only through its lenient retry, which quotes values that contain colons, and every strict YAML parser rejects it. Quote the value: {{key}}: {{quoted}} (--fix)',
    nonPrintable: 'control character {{char}} in the frontmatter; {{target}} reads YAML, which allows only printable characters, and skips the skill. Remove it',
    strayBom: 'a byte-order mark (U+FEFF) inside the frontmatter; {{target}} reads it as the start of a second YAML document and skips the skill. Remove it',
    nulDropped: 'a NUL byte in the frontmatter; {{target}} cannot read the frontmatter. Remove it',
    unknownTag: 'YAML tag {{tag}}; {{target}} reads YAML with js-yaml, which fails on a tag it does not know, and skips the skill. Remove the tag',
    opencodeTabKey:
      'a tab used as indentation; OpenCode reads YAML with js-yaml 3, which does not count tabs as indentation, so {{key}} is read as a top-level key, and other runtimes reject the file. Remove the tabs (--fix; what OpenCode reads), or indent with spaces to nest the key',
    opencodeTabKeys:
      'a tab used as indentation; OpenCode reads YAML with js-yaml 3, which does not count tabs as indentation, so {{keys}} are read as top-level keys, and other runtimes reject the file. Remove the tabs (--fix; what OpenCode reads), or indent with spaces to nest the keys',
    opencodeTabManyKeys:
      'a tab used as indentation; OpenCode reads YAML with js-yaml 3, which does not count tabs as indentation, so {{keys}} and {{more}} more are read as top-level keys, and other runtimes reject the file. Remove the tabs (--fix; what OpenCode reads), or indent with spaces to nest the keys',
    openclawRetry: 'YAML fails on this description; openclaw loads it only by re-quoting the line, and other runtimes reject it. Quote the value (--fix)',
    strictBom: `the file starts with a byte-order mark, so the first line is not exactly "---". Remove the BOM (--fix)${STRICT_FAILS}`,
    strictFirstLine: `the first line is {{line}}, not exactly "---". Remove the extra characters${STRICT_FAILS}`,
    strictFirstLineCrlf: `the first line is {{line}}, not exactly "---" (a CRLF line ending). Convert the file to LF (--fix)${STRICT_FAILS}`,
    strictCloseCrlf: `the closing line is "---" followed by a carriage return (CRLF), not exactly "---". Convert the file to LF (--fix)${STRICT_FAILS}`,
    strictClose: `the closing line {{line}} is not exactly "---". Remove the extra spaces${STRICT_FAILS}`,
    strictIndented: `indented line {{line}}: nested YAML (mappings, lists, block scalars) is not supported. Write one "key: value" per line${STRICT_FAILS}`,
    strictListItem: `list item {{line}}: lists are not supported. Write one "key: value" per line${STRICT_FAILS}`,
    strictNotKeyValue: `line {{line}} is not a "key: value" line${STRICT_FAILS}`,
    strictBlockScalar: `"{{key}}: {{value}}" is a YAML block scalar, which the strict parser does not read. Write the value on one line (double-quoted if needed)${STRICT_FAILS}`,
    strictUnclosedQuote: `the double-quoted value of "{{key}}" is not closed on its line${STRICT_FAILS}`,
    strictSingleQuote: '"{{key}}" is single-quoted; cuca reads only double quotes, so the value keeps its quotes: {{value}}. Use double quotes',
    strictDuplicateKey: 'duplicate key {{key}} (first on line {{line}}); cuca keeps the later value {{value}}. Remove one of them',
    // Parts.
    hintDashes: ' (the first line has extra characters around "---")',
    hintBlankLines: ' (blank lines come before "---"; it must be the very first line)',
    hintKeys: ' (the file starts with YAML keys but no "---" line above them)',
    dropped: '; {{target}} ignores the whole frontmatter and loads the skill with its fallback name and description',
    moreErrors: ' ({{count}} more YAML error{{s}} after it, likely from the same cause)',
    closeAt: ' to the "---" on line {{line}}',
    claudeRetryFailed: " (Claude Code's retry, quoting values with YAML indicators and turning leading tabs into spaces, fails too)",
    lenientRetryFailed: " (Creo's lenient retry, quoting values that contain colons, fails too)",
    lenientRetryNone: " (Creo's lenient retry quotes values that contain colons; there are none here)",
  },
};

const part = (messageId: string, data: MessageData = {}): string => reportMessage(meta, { messageId, data });

interface Worded {
  messageId: string;
  data: MessageData;
}

/** The note a failed retry of the target left on the problem, or ''. */
const noteOf = (p: YamlProblem): string => (p.note ? part(p.note) : '');

/** The parser's first error, in words (what is wrong and the fix), not the library's token talk. */
function wordYamlError(p: YamlProblem, text: string): Worded {
  const shown = text.slice(p.start, p.end).split('\n', 1)[0]?.trim().slice(0, 40) ?? '';
  const at = shown ? ` (${quote(shown)})` : '';
  switch (p.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      return { messageId: 'blockAsKey', data: {} };
    case 'MULTILINE_IMPLICIT_KEY':
      return { messageId: 'multilineKey', data: { at } };
    case 'TAB_AS_INDENT':
      return { messageId: 'tabIndent', data: {} };
    case 'BAD_SCALAR_START':
      return { messageId: 'badScalarStart', data: { at } };
    case 'UNEXPECTED_TOKEN':
      return /^Not a YAML token/.test(p.message) ? { messageId: 'notYaml', data: { at } } : { messageId: 'afterValue', data: { at } };
    case 'BAD_INDENT':
      return /^Flow (map|sequence)/.test(p.message)
        ? { messageId: 'flowNotClosed', data: { open: /map/.test(p.message) ? '{' : '[' } }
        : { messageId: 'badIndent', data: { problem: p.message, note: noteOf(p) } };
    default:
      return { messageId: 'yamlError', data: { problem: p.message, note: noteOf(p) } };
  }
}

const MERGE_MARKER = /^(?:<{7}(?: .*)?|={7}|>{7}(?: .*)?)$/;
const HEADING = /^#{1,6}[ \t]+\S/;

/**
 * The root cause behind a frontmatter's YAML errors, when it is one we can name: git merge-conflict markers, or a
 * missing closing `---` that lets YAML read on into the Markdown body (a heading after a blank line, before the
 * first error) until some later `---` (a horizontal rule) closes it.
 */
function rootCause(fm: Frontmatter, first: YamlProblem | undefined, lineAt: (offset: number) => number): ({ offset: number } & Worded) | null {
  let off = fm.offset;
  let prevBlank = false;
  let sawKey = false;
  for (const line of fm.raw.split('\n')) {
    if (MERGE_MARKER.test(line)) {
      return { offset: off, messageId: 'mergeMarkers', data: { line: quote(line.slice(0, 30)) } };
    }
    if (first && prevBlank && sawKey && HEADING.test(line) && off < first.start) {
      const close = fm.closeLine ? part('closeAt', { line: fm.closeLine }) : '';
      return { offset: off, messageId: 'noClose', data: { line: lineAt(off), text: quote(line.slice(0, 30)), close } };
    }
    prevBlank = line.trim() === '';
    if (/^[A-Za-z_][\w-]*:(?:\s|$)/.test(line)) sawKey = true;
    off += line.length + 1;
  }
  return null;
}

export default defineRule({
  meta,
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
          ? part('hintDashes')
          : /^\s*\n/.test(norm) && /^---[ \t]*$/m.test(norm.trimStart().split('\n', 1)[0] ?? '')
            ? part('hintBlankLines')
            : /^(name|description)\s*:/.test(first)
              ? part('hintKeys')
              : '';
      const of = hint === '' ? fragmentOf(ctx) : null;
      if (of !== null) {
        ctx.report({ line: 1, column: 1, severity: 'info', messageId: 'fragment', data: { of } });
        return;
      }
      ctx.report({ line: 1, column: 1, messageId: 'noFrontmatter', data: { hint, target: ctx.profile.id }, rejects: true });
      return;
    }
    // A runtime that drops a broken frontmatter still loads the skill, with its fallbacks (Claude Code).
    const drops = ctx.profile.frontmatterFailure === 'fallback';
    const dropped = drops ? part('dropped', { target: ctx.profile.id }) : '';
    if (doc.unterminated) {
      ctx.report({ line: 1, column: 1, messageId: 'unterminated', data: { dropped }, rejects: !drops });
      return;
    }
    // One finding per root cause: the first syntax error (or the cause behind it: merge markers, a missing
    // closing "---"), with the count of the errors that follow from it; the library reports each one it trips on.
    const norm = ctx.skill.source?.normalized ?? '';
    const lineAt = (offset: number) => norm.slice(0, offset).split('\n').length;
    const syntax = fm.problems.filter(isSyntax).sort((a, b) => a.start - b.start);
    const cause = rootCause(fm, syntax[0], lineAt);
    if (cause) {
      ctx.report({ offset: cause.offset, messageId: cause.messageId, data: { ...cause.data, dropped }, rejects: !drops });
    }
    const shown = fm.problems.filter((p) => !isSyntax(p) || (!cause && p === syntax[0]));
    for (const p of shown) {
      const droppedHere = p.rejects === false ? '' : dropped;
      const more = p === syntax[0] && syntax.length > 1 ? part('moreErrors', { count: syntax.length - 1, s: syntax.length > 2 ? 's' : '' }) : '';
      // Target parsers (Cuca strict, the retries of Creo, Claude Code and OpenClaw) name their own message and verdict.
      const worded: Worded & { suffix?: string } = p.messageId
        ? { messageId: p.messageId, data: p.data ?? {}, ...(droppedHere ? { suffix: droppedHere } : {}) }
        : p.code === 'ALIAS_LIMIT'
          ? { messageId: 'aliasLimit', data: { max: MAX_ALIAS_COUNT, dropped: droppedHere } }
          : p.code === 'DUPLICATE_KEY'
            ? { messageId: 'duplicateKey', data: { problem: p.message, note: noteOf(p), dropped: droppedHere } }
            : p.code === 'PARSER_LIMIT'
              ? { messageId: 'parserLimit', data: { problem: p.message, note: noteOf(p), dropped: droppedHere } }
              : (({ messageId, data }) => ({ messageId, data: { ...data, more, dropped: droppedHere } }))(wordYamlError(p, norm));
      ctx.report({
        offset: p.start,
        endOffset: p.end,
        ...worded,
        rejects: drops ? false : (p.rejects ?? true),
        ...(p.severity ? { severity: p.severity } : {}),
        ...(p.fix ? { fix: p.fix } : {}),
      });
    }
    if (fm.nonMappingRoot) {
      ctx.report({ offset: fm.offset, messageId: 'nonMapping', data: { root: fm.nonMappingRoot, dropped }, rejects: !drops });
    }
    // Codex deserializes the frontmatter into a typed struct: a `metadata` that is not a mapping fails it.
    const metadata = ctx.data?.metadata;
    if (ctx.profile.metadataMustBeMap && metadata !== undefined && metadata !== null && (typeof metadata !== 'object' || Array.isArray(metadata))) {
      const loc = ctx.locate(['metadata']);
      ctx.report({
        offset: loc?.start,
        endOffset: loc?.end,
        rejects: true,
        messageId: 'metadataNotMap',
        data: { type: Array.isArray(metadata) ? 'a list' : `a ${typeof metadata}`, target: ctx.profile.id },
      });
    }
  },
});
