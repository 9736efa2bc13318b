// unsafe-code: code a skill ships that hands control to its input. Two halves:
// - the pack rules/packs/unsafe-code.yaml: code-injection payloads written inside data (a config value holding
//   `require(\"child_process\")`, template-injection and JNDI lookups), in any file;
// - this module, over the package's Python and JavaScript files only (documentation quoting `eval(x)` stays quiet):
//   eval/exec of anything but a string literal, and SQL text built from values (f-string, `%`, `+`, `.format`,
//   template literal) handed to execute/query.
// Both read text with regular expressions: no language is parsed and nothing is run.

import { catalogueAware } from '../src/analysis/catalogue.js';
import { loadPack, runPack, type Pack, withPackMessages } from '../src/analysis/packs.js';
import { defineRule } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';

let pack: Pack | null = null;

/** Python eval/exec called on something other than one plain string literal (not `x.eval()`, `literal_eval`). */
const PY_EVAL = /(?<![\w.])(eval|exec)\(\s*(?!(?:r|b|rb|br)?(?:"[^"\\\n{}]*"|'[^'\\\n{}]*')\s*[,)])(?=\S)(?!\))/g;
/** JavaScript eval or Function constructor on something other than a string literal. */
const JS_EVAL = /(?<![\w.$])(eval\(|new\s+Function\()\s*(?!(?:"[^"\\\n]*"|'[^'\\\n]*')\s*\))(?=\S)(?!\))/g;
/** Calls that decode a literal (base64, hex, compression): what encoded-payload reads. */
const DECODER = /\b(?:b64decode|b32decode|b85decode|a85decode|decodebytes|urlsafe_b64decode|atob|fromhex|unhexlify|decompress|FromBase64String)\(|\bBuffer\.from\([^)\n]*["'](?:base64|hex)["']/;
const SQL_HEAD = String.raw`(?:SELECT\s[^"'\n]*?\bFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|DROP\s+TABLE|CREATE\s+TABLE)\b`;
/** An SQL string with a value spliced in: f-string `{…}`, `%s` then `%`, `+ x`, `.format(`, template `${…}`. */
const SQL_BUILT = new RegExp(
  String.raw`\bf["'][^"'\n]*${SQL_HEAD}[^"'\n]*\{[^}\n]+\}|["'][^"'\n]*${SQL_HEAD}[^"'\n]*["']\s*(?:%\s*[\w(]|\+\s*[\w(]|\.format\()|` + '`' + String.raw`[^` + '`' + String.raw`\n]*${SQL_HEAD}[^` + '`' + String.raw`\n]*\$\{`,
  'gi',
);
const SQL_SINK = /\.(?:execute|executemany|executescript|query|raw|exec)\(/;

function lineOf(text: string, off: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', off - 1) + 1;
  const e = text.indexOf('\n', off);
  return { start, end: e === -1 ? text.length : e };
}

/** Comment lines (Python `#`, JavaScript `//`): the code they quote does not run. */
function commented(line: string): boolean {
  return /^\s*(?:#|\/\/|\*)/.test(line);
}

export default defineRule({
  // Messages: one per entry of the pack (its id), and the two checks of this module.
  meta: withPackMessages({
    id: 'unsafe-code',
    description: 'Code that hands control to its input: eval/exec of non-literal text and SQL built from values in the package\'s Python/JavaScript files, code-injection payloads inside data (child_process in a config value, template injection, JNDI lookups)',
    severity: 'warning',
    confidence: 'medium',
    category: 'security',
    fixable: false,
    since: '0.2.0',
    examples: {
      bad: [{ files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Calculates.\n---\nRun `python calc.py EXPR`.\n', 'skills/x/calc.py': 'import sys\nprint(eval(sys.argv[1]))\n' } }],
      good: [{ files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Calculates.\n---\nRun `python calc.py EXPR`.\n', 'skills/x/calc.py': 'import ast, sys\nprint(ast.literal_eval(sys.argv[1]))\n' } }],
    },
  }, {
    evalInput:
      '{{call}}() runs text built at run time {{where}}: {{line}}; whoever controls that text (the user, a document, the model) runs code. Parse the input instead (ast.literal_eval, JSON.parse, an operator table)',
    sqlBuilt:
      'SQL text built from values {{where}}: {{line}}; a quote in the value rewrites the query (SQL injection). Pass the values as parameters (cursor.execute("… WHERE id = ?", (id,)))',
  }),
  checkSkill(outer) {
    const ctx = catalogueAware(outer);
    pack ??= loadPack('unsafe-code');
    runPack(ctx, pack);
    for (const f of ctx.skill.folder?.files().files ?? []) {
      if (f.kind !== 'python' && f.kind !== 'javascript') continue;
      const text = f.source.normalized;
      const where = `in ${quote(f.rel)}`;
      const evalRe = f.kind === 'python' ? PY_EVAL : JS_EVAL;
      evalRe.lastIndex = 0;
      for (let m = evalRe.exec(text); m; m = evalRe.exec(text)) {
        const ln = lineOf(text, m.index);
        const line = text.slice(ln.start, ln.end);
        if (commented(line)) continue;
        // eval of a decoded literal is encoded-payload's finding (an error there): not reported twice.
        const arg = text.slice(m.index + m[0].length, ln.end);
        if (DECODER.test(arg)) continue;
        const ident = /^\s*([A-Za-z_$][\w$]*)\s*[,)]/.exec(arg)?.[1];
        if (ident && new RegExp(`^[ \\t]*(?:(?:const|let|var)[ \\t]+)?${ident.replace(/\$/g, '\\$')}[ \\t]*=[^=\\n][^\\n]*${DECODER.source}`, 'm').test(text.slice(0, m.index))) continue;
        const call = m[1]!.replace(/\($/, '');
        ctx.report({
          file: f.file,
          source: f.source,
          offset: m.index,
          endOffset: ln.end,
          messageId: 'evalInput',
          data: { call, where, line: quote(line.trim(), 100) },
        });
        break;
      }
      if (!SQL_SINK.test(text)) continue;
      SQL_BUILT.lastIndex = 0;
      for (let m = SQL_BUILT.exec(text); m; m = SQL_BUILT.exec(text)) {
        const ln = lineOf(text, m.index);
        const line = text.slice(ln.start, ln.end);
        if (commented(line)) continue;
        ctx.report({
          file: f.file,
          source: f.source,
          offset: m.index,
          endOffset: ln.end,
          messageId: 'sqlBuilt',
          data: { where, line: quote(line.trim(), 100) },
        });
        break;
      }
    }
  },
});
