// frontmatter: missing or unterminated frontmatter, YAML errors, duplicate keys, alias abuse, non-mapping root.

import { MAX_ALIAS_COUNT } from '../src/core/parse.js';
import { defineRule } from '../src/core/rule.js';

const YAML_HINTS: Record<string, string> = {
  DUPLICATE_KEY: 'remove or rename one of the keys',
  BAD_INDENT: 'fix the indentation',
  MULTILINE_IMPLICIT_KEY: 'quote the value if it contains ": "',
  BLOCK_AS_IMPLICIT_KEY: 'quote the value if it contains ": "',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
};

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
    for (const p of fm.problems) {
      let message: string;
      // Target parsers (Cuca strict, Creo lenient) write their own full message and verdict.
      if (p.code.startsWith('STRICT') || p.code === 'LENIENT_WRAP') message = p.message;
      else if (p.code === 'ALIAS_LIMIT') message = `YAML aliases expand past ${MAX_ALIAS_COUNT} nodes (an alias bomb?); remove the anchors and aliases`;
      else if (p.code === 'DUPLICATE_KEY') message = `duplicate key: ${p.message}; ${YAML_HINTS.DUPLICATE_KEY}`;
      else if (p.code === 'PARSER_LIMIT') message = `YAML is too deeply nested to parse (${p.message}); flatten it`;
      else message = `YAML error: ${p.message}${YAML_HINTS[p.code] ? `; ${YAML_HINTS[p.code]}` : ''}`;
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
