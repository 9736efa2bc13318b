// unsafe-code: code a skill ships that hands control to its input. Two halves:
// - the pack rules/packs/unsafe-code.yaml: code-injection payloads written inside data (a config value holding
//   `require(\"child_process\")`, template-injection and JNDI lookups), in any file;
// - this module, over the package's Python and JavaScript files only (documentation quoting `eval(x)` stays quiet):
//   eval/exec called on anything but a string literal, and SQL text with a value spliced (f-string, `%`, `+`,
//   `.format`, template literal) where a value goes, in a file that calls execute/query. A token-level scan marks
//   strings, comments and regular expressions as data first: `eval(` inside a test's input string is not a call.
//   A splice naming a table or column is not reported (parameters cannot bind identifiers).
//   Nor is a splice whose text the program fixed: a placeholder list (`ids.map(() => '?').join(',')`), a list the file
//   fills only with literals (`SET ${sets.join(', ')}`), a literal, or a number; nor a list of column names with
//   placeholders (`", ".join(f"{k} = ?" for k in fields)`) whose names the program checks against a set first; unchecked
//   names are a warning of their own (the fix is the check).
// Nothing is parsed into a tree and nothing is run.

import { catalogueAware } from '../src/analysis/catalogue.js';
import { charsetGuarded, fixedBudget, fixedExpr, namesFromFixedKeys, splitTop, statementAt, statementEnd } from '../src/analysis/fixedtext.js';
import { loadPack, runPack, type Pack, withPackMessages } from '../src/analysis/packs.js';
import { defineRule } from '../src/core/rule.js';
import { highestTrust } from '../src/core/trust.js';
import { quote } from '../src/core/text.js';

let pack: Pack | null = null;

/** Python eval/exec called on something other than one plain string literal (not `x.eval()`, `literal_eval`, nor a
 *  function defined with that name: `def eval(`); the builtin named through its module (`builtins.eval(`) is one. */
const PY_EVAL = /(?:(?<![\w.])|(?<=(?<![\w.])(?:builtins|__builtins__)\.))(?<!\bdef[ \t]+)(eval|exec)\(\s*(?!(?:r|b|rb|br)?(?:"[^"\\\n{}]*"|'[^'\\\n{}]*')\s*[,)])(?=\S)(?!\))/g;
/** JavaScript eval or Function constructor on something other than a string literal. */
const JS_EVAL = /(?<![\w.$])(eval\(|new\s+Function\()\s*(?!(?:"[^"\\\n]*"|'[^'\\\n]*')\s*\))(?=\S)(?!\))/g;
/** Calls that decode a literal (base64, hex, compression): what encoded-payload reads. */
const DECODER = /\b(?:b64decode|b32decode|b85decode|a85decode|decodebytes|urlsafe_b64decode|atob|fromhex|unhexlify|decompress|FromBase64String)\(|\bBuffer\.from\([^)\n]*["'](?:base64|hex)["']/;
/** The head of an SQL statement inside a string. */
const SQL_HEAD = /(?:SELECT\s[^;]*?\bFROM|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|DROP\s+TABLE|CREATE\s+TABLE)\b/i;
const SQL_SINK = /\.(?:execute|executemany|executescript|query|raw|exec)\(/;

function lineOf(text: string, off: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', off - 1) + 1;
  const e = text.indexOf('\n', off);
  return { start, end: e === -1 ? text.length : e };
}

/** A string literal of a Python or JavaScript file: its whole span (prefix and quotes included), its content, and
 *  the stretches of code inside it (f-string `{…}`, template `${…}`). */
interface Literal {
  start: number;
  end: number;
  body: [number, number];
  holes: [number, number][];
  /** f-string (Python) or template literal (JavaScript): the holes are the values spliced in. */
  interpolated: boolean;
}

/** Where a Python or JavaScript file holds data rather than code: string literals (their code holes excepted),
 *  comments and, in JavaScript, regular-expression literals. A token-level scan, not a parser: it only has to tell
 *  `eval(` written as a call from `eval(` written inside a string. Linear in the text. */
function dataOf(text: string, py: boolean): { literals: Literal[]; data: [number, number][] } {
  const literals: Literal[] = [];
  const data: [number, number][] = [];
  const n = text.length;
  let i = 0;
  let prev = ''; // the last significant character of code (for JavaScript regex literals)
  let prevWord = '';
  while (i < n) {
    const c = text[i]!;
    if (py && c === '#') {
      const e = text.indexOf('\n', i);
      const end = e === -1 ? n : e;
      data.push([i, end]);
      i = end;
      continue;
    }
    if (!py && c === '/' && text[i + 1] === '/') {
      const e = text.indexOf('\n', i);
      const end = e === -1 ? n : e;
      data.push([i, end]);
      i = end;
      continue;
    }
    if (!py && c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      const end = e === -1 ? n : e + 2;
      data.push([i, end]);
      i = end;
      continue;
    }
    if (!py && c === '/' && (prev === '' || '(,=:[!&|?{};+-*%<>~^'.includes(prev) || /^(?:return|typeof|case|in|of|void|delete|throw|new)$/.test(prevWord))) {
      // A regular-expression literal: to the closing slash on the same line, classes skipped.
      let j = i + 1;
      let cls = false;
      while (j < n && text[j] !== '\n') {
        const d = text[j]!;
        if (d === '\\') j++;
        else if (d === '[') cls = true;
        else if (d === ']') cls = false;
        else if (d === '/' && !cls) break;
        j++;
      }
      if (j < n && text[j] === '/') {
        data.push([i, j + 1]);
        i = j + 1;
        prev = '/';
        prevWord = '';
        continue;
      }
    }
    let q = '';
    const start = i;
    let interp = false;
    if (c === '"' || c === "'" || (!py && c === '`')) q = c;
    else if (py && /[rRbBuUfF]/.test(c) && !/[\w]/.test(text[i - 1] ?? '')) {
      const m = /^([rRbBuUfF]{1,2})(["'])/.exec(text.slice(i, i + 3));
      if (m) {
        q = m[2]!;
        interp = /f/i.test(m[1]!);
        i += m[1]!.length;
      }
    }
    if (!q) {
      if (!/\s/.test(c)) {
        prev = c;
        if (/[\w$]/.test(c)) {
          const m = /^[\w$]+/.exec(text.slice(i, i + 32))!;
          prevWord = m[0];
          i += m[0].length;
          prev = 'a';
          continue;
        }
        prevWord = '';
      }
      i++;
      continue;
    }
    const triple = py && text.startsWith(q.repeat(3), i);
    const open = triple ? 3 : 1;
    const raw = py && /r/i.test(text.slice(start, i));
    if (c === '`') interp = true;
    const holes: [number, number][] = [];
    let j = i + open;
    const bodyStart = j;
    let bodyEnd = n;
    while (j < n) {
      const d = text[j]!;
      if (d === '\\' && !raw) {
        j += 2;
        continue;
      }
      if (!triple && q !== '`' && d === '\n') {
        bodyEnd = j;
        break;
      }
      if (triple ? text.startsWith(q.repeat(3), j) : d === q) {
        bodyEnd = j;
        j += open;
        break;
      }
      const hole = interp && (q === '`' ? d === '$' && text[j + 1] === '{' : d === '{');
      if (interp && q !== '`' && d === '{' && text[j + 1] === '{') {
        j += 2;
        continue;
      }
      if (hole) {
        const h0 = q === '`' ? j + 2 : j + 1;
        let depth = 1;
        let k = h0;
        while (k < n && depth > 0) {
          const e = text[k]!;
          if (e === '{') depth++;
          else if (e === '}') depth--;
          else if (e === '\n' && !triple && q !== '`') break;
          if (depth > 0) k++;
        }
        holes.push([h0, k]);
        j = k + 1;
        continue;
      }
      j++;
    }
    if (j >= n && bodyEnd === n) j = n;
    literals.push({ start, end: j, body: [bodyStart, bodyEnd], holes, interpolated: interp });
    let from = start;
    for (const [a, b] of holes) {
      data.push([from, a]);
      from = b;
    }
    data.push([from, j]);
    i = j;
    prev = 'a';
    prevWord = '';
  }
  return { literals, data };
}

/** Whether `off` lies in one of the sorted, disjoint `ranges`. */
function inRanges(ranges: readonly [number, number][], off: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = ranges[mid]!;
    if (off < a) hi = mid - 1;
    else if (off >= b) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * Whether a value spliced into SQL text at the end of `before` (the statement's text up to it, other splices shown
 * as `?`) sits where a value goes: inside a quoted SQL string, after a comparison, LIKE, IN (, VALUES (, LIMIT, or
 * as a whole condition (`WHERE {cond}`). A splice that names a table or a column (`FROM {t}`, `CREATE TABLE {t}`,
 * `SELECT {cols}`, `WHERE {col} IS NULL`) is not one: query parameters cannot bind identifiers, so every schema and
 * migration tool builds them into the text, and the fix this rule gives does not apply to them.
 */
function valuePosition(before: string, after: string): boolean {
  if ((before.match(/'/g)?.length ?? 0) % 2 === 1) return true;
  const tail = before.replace(/\s+/g, ' ').trimEnd();
  if (/(?:[=<>]|\b(?:LIKE|ILIKE|IN|VALUES|LIMIT|OFFSET|BETWEEN|AGAINST|REGEXP|GLOB|MATCH))\s*\(?$/i.test(tail)) return true;
  if (tail.endsWith(',')) {
    let depth = 0;
    for (let k = tail.length - 1; k >= 0; k--) {
      if (tail[k] === ')') depth++;
      else if (tail[k] === '(' && depth-- === 0) return /\b(?:VALUES|IN)\s*$/i.test(tail.slice(0, k));
    }
    return false;
  }
  if (/\b(?:WHERE|AND|OR|NOT|HAVING|ON|SET|WHEN|THEN|ELSE)$/i.test(tail)) return !/^\s*(?:[=<>!]|(?:IS|IN|LIKE|ILIKE|BETWEEN|NOT)\b)/i.test(after);
  return false;
}

/** One query placeholder: `?`, `?1`, `%s`, `%(name)s`, `:name`, `$1`, `@name`, or a hole that only names one
 *  (`:{k}`, `%({k})s`, `${i}` in Python, `$${i + 1}` in JavaScript). */
const ONE_PH = String.raw`(?:\?\d*|%s|%\((?:\w+|\{\w+\})\)s|[:@](?:\w+|\{\w+\}|\$\{\w+\})|\$(?:\d+|\{\w+\}|\$?\{[\w \t+]+\}))`;
/** The text of one element of a column list: an identifier hole (bare, or quoted for SQL with "", ``, []), then
 *  optionally a comparison and one placeholder: `{k} = ?`, `"{k}" = %s`, `${k} = $${i + 1}`. `h` is the hole form,
 *  with the one capture group of the element. */
const nameElement = (h: string) => String.raw`["\x60\[]?${h}["\x60\]]?(?:[ \t]*(?:=|<>|!=|[<>]=?|LIKE|ILIKE)[ \t]*${ONE_PH})?`;
/** `SEP.join(f"{k} = ?" for k in SRC if …)` (Python; list brackets optional; groups: quote, hole, loop name, rest)
 *  and `SRC.map((k) => `${k} = ?`).join(SEP)` (JavaScript; groups: SRC, parameter, hole), with SRC possibly
 *  `Object.keys(x)`, `x.keys()`, `x.items()`, `sorted(x)`, `x.filter(…)`. */
const PY_NAMES = new RegExp(String.raw`^(?:"[^"\n]*"|'[^'\n]*')\.join\(\s*\[?\s*f(["'])${nameElement(String.raw`\{(\w+)\}`)}\1\s+for\s+(\w+)(?:\s*,\s*\w+)?\s+in\s+(.+?)\]?\s*\)$`);
const JS_NAMES = new RegExp(String.raw`^(.+?)\.map\(\s*\(?\s*(\w+)(?:\s*,\s*\w+)?\s*\)?\s*=>\s*\x60${nameElement(String.raw`\$\{(\w+)\}`)}\x60\s*\)\.join\(\s*(?:"[^"\n]*"|'[^'\n]*')?\s*\)$`);

/**
 * A splice (`expr` at offset `at` of `text`, or the last value assigned to the name it is) that holds only column
 * names and placeholders: every element is a name taken from a collection, optionally followed by a comparison and a
 * placeholder (`", ".join(f"{k} = ?" for k in fields)`), the values going to the query as parameters. The names are
 * identifiers, which parameters cannot bind; what matters is where they come from. 'checked' when the program compares
 * them with a set before the splice (in the function that splices them): a filter in the comprehension (`if k in
 * ALLOWED`, `.filter((k) => ALLOWED.has(k))`), a set operation against the collection (`set(fields) - ALLOWED`,
 * `fields.keys() <= ALLOWED`, `.issubset(`), a loop over it that tests membership, or `.every(` with a membership
 * test. 'unchecked' otherwise; null when the splice is not such a list.
 */
export function namesSplice(text: string, expr: string, at: number): 'checked' | 'unchecked' | null {
  let e = expr.trim();
  const before = text.slice(0, at);
  if (/^[A-Za-z_$][\w$]*$/.test(e)) {
    const assign = new RegExp(String.raw`^[ \t]*(?:(?:const|let|var)[ \t]+)?${e.replace(/\$/g, '\\$')}[ \t]*(?::[^=\n]*)?=[ \t]*([^=\n][^\n]*?);?[ \t]*$`, 'gm');
    let rhs: string | null = null;
    for (let m = assign.exec(before); m; m = assign.exec(before)) rhs = m[1]!.trim();
    if (rhs === null) return null;
    e = rhs;
  }
  let src: string;
  let filtered: boolean;
  const py = PY_NAMES.exec(e);
  if (py) {
    const hole = py[2]!;
    if (hole !== py[3]) return null;
    const rest = py[4]!;
    filtered = new RegExp(String.raw`\sif\s+(?:not\s+)?${hole}\s+(?:not\s+)?in\s+\S`).test(rest);
    src = rest.replace(/\s+if\s[\s\S]*$/, '');
  } else {
    const js = JS_NAMES.exec(e);
    if (!js || js[2] !== js[3]) return null;
    src = js[1]!;
    filtered = /\.filter\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*!?\s*[\w$.]+\.(?:includes|has)\(\s*\1\s*\)/.test(src);
  }
  if (filtered) return 'checked';
  // The collection's own name: `fields`, `Object.keys(body)`, `kwargs.items()`, `sorted(updates)`.
  const base = /^(?:(?:sorted|list|set|tuple|Object\.keys|Object\.entries)\(\s*)*([A-Za-z_$][\w$]*)/.exec(src)?.[1];
  if (!base) return 'unchecked';
  // Keys the program wrote itself (a dict of fixed keys, filtered by value): no name comes from outside.
  if (namesFromFixedKeys(text, base, at)) return 'checked';
  // The function the splice is in (the last `def`/`function` before it), else the file up to it.
  const fn = [...before.matchAll(/^[ \t]*(?:export[ \t]+)?(?:async[ \t]+)?(?:def|function)\b/gm)].pop();
  const scope = before.slice(fn?.index ?? 0);
  const b = base.replace(/\$/g, '\\$');
  const coll = String.raw`(?:set\(\s*${b}(?:\.keys\(\))?\s*\)|${b}\.keys\(\)|Object\.keys\(\s*${b}\s*\))`;
  const checks = [
    // set(fields) - ALLOWED, fields.keys() <= ALLOWED, set(fields).issubset(ALLOWED), ALLOWED.issuperset(fields)
    String.raw`${coll}\s*(?:-|<=?|&|\^)\s*\w|${coll}\.(?:issubset|difference|intersection|isdisjoint)\(|\.(?:issuperset|difference|intersection|isdisjoint)\(\s*(?:set\(\s*)?${b}\b|\w\s*(?:>=?|-)\s*${coll}`,
    // for k in fields: … if k not in ALLOWED   /   for (const k of Object.keys(body)) if (!ALLOWED.has(k))
    String.raw`\bfor\s*\(?\s*(?:(?:const|let|var)\s+)?(\w+)(?:\s*,\s*\w+)?\s+(?:in|of)\s+(?:${coll}|${b}\b)[^\n]*\n?(?:[^\n]*\n){0,2}?[^\n]*(?:\bif\s*\(?\s*!?\s*(?:\1\s+(?:not\s+)?in\s|[\w$.]+\.(?:includes|has)\(\s*\1\s*\)))`,
    // Object.keys(body).every((k) => ALLOWED.has(k))
    String.raw`(?:${coll}|${b})\.(?:every|some)\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*!?\s*[\w$.]+\.(?:includes|has)\(\s*\2\s*\)`,
  ];
  return new RegExp(checks.join('|')).test(scope) ? 'checked' : 'unchecked';
}

/** The SQL text of `lit` (and the literals `+` joins to it on its line) with the places values are spliced in, or
 *  null when nothing is spliced in. A splice of text the program fixed (fixedExpr) is written as a name and is
 *  no place of a value; so is a list of names and placeholders (namesSplice), `names` holding the places of those
 *  that take their names unchecked. */
function spliced(text: string, lit: Literal, literals: readonly Literal[], idx: number): { sql: string; at: number[]; names: number[] } | null {
  const at: number[] = [];
  let sql = '';
  const names: number[] = [];
  const add = (l: Literal) => {
    let from = l.body[0];
    for (const [a, b] of l.interpolated ? l.holes : []) {
      sql += text.slice(from, a - (text[a - 1] === '{' && text[a - 2] === '$' ? 2 : 1));
      const list = fixedExpr(text, text.slice(a, b), a) ? 'checked' : namesSplice(text, text.slice(a, b), a);
      if (list) {
        if (list === 'unchecked') names.push(sql.length);
        sql += 'fixed';
      } else {
        at.push(sql.length);
        sql += '?';
      }
      from = b + 1;
    }
    sql += text.slice(from, l.body[1]);
  };
  add(lit);
  const lineEnd = (() => {
    const e = text.indexOf('\n', lit.end);
    return e === -1 ? text.length : e;
  })();
  const rest = text.slice(lit.end, lineEnd);
  // `%` formatting and `.format(`: the placeholders of the text are the splices, each filled by its argument; an
  // argument the program fixed (fixedExpr) is no value.
  const pct = /^\s*%\s*/.exec(rest);
  const fmt = /^\s*\.format\(/.exec(rest);
  if ((pct && /^\s*%\s*[\w(]/.test(rest)) || fmt) {
    const ph = pct ? /%(?:\(([^)]*)\))?[-#0 +]*\d*(?:\.\d+)?[sdifrx]/g : /\{([^{}]*)\}/g;
    const argText = fmt
      ? statementAt(text, lit.end + fmt[0].length, true)
      : (() => {
          const open = lit.end + pct![0].length;
          return text[open] === '(' ? statementAt(text, open + 1, true) : statementAt(text, open);
        })();
    const args = splitTop(argText, ',');
    const keyword = new Map<string, string>();
    for (const x of args) {
      const kv = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]+)$/.exec(x);
      if (kv) keyword.set(kv[1]!, kv[2]!);
    }
    const spread = args.some((x) => x.startsWith('*'));
    const base = sql;
    sql = '';
    let from = 0;
    let next = 0;
    for (let m = ph.exec(base); m; m = ph.exec(base)) {
      sql += base.slice(from, m.index);
      // The argument that fills this placeholder: `{}` and `%s` the next one, `{0}` by index, `{name}` by keyword.
      const field = (m[1] ?? '').split(/[:!]/)[0]!.trim();
      const arg = spread ? undefined : field === '' ? args[next++] : /^\d+$/.test(field) ? args[Number(field)] : keyword.get(field);
      if (arg !== undefined && fixedExpr(text, arg, lit.start)) sql += 'fixed';
      else {
        at.push(sql.length);
        sql += '?';
      }
      from = m.index + m[0].length;
    }
    sql += base.slice(from);
    if (from === 0) at.push(sql.length);
    return at.length > 0 || names.length > 0 ? { sql, at, names } : null;
  }
  // `+` joins: literals and values along the line.
  let k = idx + 1;
  let pos = lit.end;
  for (;;) {
    const next = literals[k];
    const seg = text.slice(pos, next && next.start < lineEnd ? next.start : lineEnd);
    if (!/^\s*\+/.test(seg)) break;
    if (!/^\s*\+\s*$/.test(seg)) {
      at.push(sql.length);
      sql += '?';
    }
    if (!next || next.start >= lineEnd || !/\+\s*$/.test(seg)) break;
    add(next);
    pos = next.end;
    k++;
  }
  return at.length > 0 || names.length > 0 ? { sql, at, names } : null;
}

/** Example folders: code the skill shows. */
const EXAMPLE_DIR = /(?:^|\/)examples?\//;
/** A read of a file's whole text (`open(p).read()`, `Path(p).read_text()`, `fs.readFileSync(p)`). */
const FILE_TEXT = /\bopen\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\)\.read\(\)|\.read_text\(|\breadFileSync\(/;
/** A path built from the file's own place (`__file__`, `__dirname`, `import.meta.dirname`/`url`). */
const OWN_PLACE = /\b__file__\b|\b__dirname\b|\bimport\.meta\.(?:dirname|url|filename)\b/;

/**
 * Whether the code an eval/exec/Function call at `at` runs is the text of a file the script finds beside itself: its
 * arguments (`head`, the text after the call's opening) read a file (or names a variable assigned such a read before the call), and the script builds its paths
 * from its own place. That is a loader of the package's own code (reviewed as those files are), not text from input.
 */
function ownFileCode(text: string, at: number, head: string): boolean {
  if (!OWN_PLACE.test(text)) return false;
  if (FILE_TEXT.test(head)) return true;
  const before = text.slice(0, at);
  for (const m of head.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const re = new RegExp(`^[ \\t]*(?:(?:const|let|var)[ \\t]+)?${m[0].replace(/\$/g, '\\$')}[ \\t]*=[^=\\n][^\\n]*(?:${FILE_TEXT.source})`, 'm');
    if (re.test(before)) return true;
  }
  return false;
}
/** The safe form of each sink, in the same file: a parameterized query, a parser instead of eval. */
const SAFE_SQL = /\.(?:execute|executemany|query|raw|exec)\(\s*(?:["'`][^"'`\n]*(?:\?|%s|\$[0-9]|:[A-Za-z_]\w*)[^"'`\n]*["'`]|\w+)\s*,\s*[\[(\w]/;
const SAFE_EVAL = /\b(?:ast\.literal_eval|literal_eval|JSON\.parse)\(/;

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
    sqlNames:
      'SQL text built from column names not checked against a fixed set {{where}}: {{line}}; a crafted name rewrites the query (SQL injection). Keep only the names of an allowed set before building the text',
  }),
  checkSkill(outer) {
    const ctx = catalogueAware(outer);
    pack ??= loadPack('unsafe-code');
    runPack(ctx, pack);
    for (const f of ctx.skill.folder?.files().files ?? []) {
      if (f.kind !== 'python' && f.kind !== 'javascript') continue;
      const text = f.source.normalized;
      const where = `in ${quote(f.rel)}`;
      const py = f.kind === 'python';
      // What the readings of fixed text may scan in this file: linear in its size (fixedtext.ts fixedBudget).
      fixedBudget(Math.max(2_000_000, 16 * text.length));
      const { literals, data } = dataOf(text, py);
      // In an example that shows the flaw beside its safe form, the flaw is what the file teaches; the skill does
      // not run it for the user: info. This rule is about mistakes in the author's code, not malice, and
      // remote-exec reads examples at full severity. Test files are not lowered here: the behaviour rules already
      // drop to info there, and this rule's warning is then the only one left for a download run in a test.
      const example = EXAMPLE_DIR.test(f.rel);
      const quiet = (safe: RegExp) => (example && safe.test(text) ? { severity: 'info' as const, confidence: 'low' as const } : {});
      const evalRe = py ? PY_EVAL : JS_EVAL;
      evalRe.lastIndex = 0;
      for (let m = evalRe.exec(text); m; m = evalRe.exec(text)) {
        // Inside a string, a comment or a regular expression, `eval(` is text (a test input, a pattern), not a call.
        if (inRanges(data, m.index)) continue;
        const ln = lineOf(text, m.index);
        const line = text.slice(ln.start, ln.end);
        // eval of a decoded literal is encoded-payload's finding (an error there): not reported twice.
        const arg = text.slice(m.index + m[0].length, ln.end);
        if (DECODER.test(arg)) continue;
        const ident = /^\s*([A-Za-z_$][\w$]*)\s*[,)]/.exec(arg)?.[1];
        if (ident && new RegExp(`^[ \\t]*(?:(?:const|let|var)[ \\t]+)?${ident.replace(/\$/g, '\\$')}[ \\t]*=[^=\\n][^\\n]*${DECODER.source}`, 'm').test(text.slice(0, m.index))) continue;
        // The builtins take the code as their first argument, positional only (`eval(source, /, globals, locals)`,
        // `exec(source, /, globals, locals, *, closure)` in the Python reference): a call that opens with a keyword
        // argument (`eval(prompt=p, model=m)`) would raise TypeError there, so it calls a function of the file's own
        // that shadows the name. What that function does is read where it is defined (`builtins.eval(` above).
        if (py && /^\s*[A-Za-z_]\w*\s*=(?!=)/.test(arg)) continue;
        // A JavaScript method named eval (`async eval({ code }) {`): its definition, not a call of the builtin.
        if (!py) {
          const close = statementEnd(text, m.index + m[0].length, true);
          if (text[close] === ')' && /^[ \t]*\{/.test(text.slice(close + 1, close + 40))) continue;
        }
        // Input first restricted to characters that cannot name anything (digits, operators, brackets): evaluating it
        // computes arithmetic only.
        if (ident && charsetGuarded(text, ident, m.index)) continue;
        const call = m[1]!.replace(/\($/, '');
        ctx.report({
          file: f.file,
          source: f.source,
          offset: m.index,
          endOffset: ln.end,
          messageId: 'evalInput',
          data: { call, where, line: quote(line.trim(), 100) },
          // Only in a skill at the highest trust: an installed skill's loader could run a file whose text no code
          // reader of this tool reads as code (a .txt), and its own layout lowers nothing.
          ...(ctx.skill.trust === highestTrust() && ownFileCode(text, m.index, text.slice(m.index + m[0].length, m.index + m[0].length + 400)) ? { severity: 'info' as const, confidence: 'low' as const } : quiet(SAFE_EVAL)),
        });
        break;
      }
      if (!SQL_SINK.test(text)) continue;
      for (let k = 0; k < literals.length; k++) {
        const lit = literals[k]!;
        if (!SQL_HEAD.test(text.slice(lit.body[0], lit.body[1]))) continue;
        const s = spliced(text, lit, literals, k);
        if (!s) continue;
        const value = s.at.some((p) => valuePosition(s.sql.slice(0, p), s.sql.slice(p + 1)));
        // Only names and placeholders spliced where a value would go (`SET {assignments} WHERE`), the names taken
        // unchecked from a collection: a crafted name (a key of a dict read from input) rewrites the query, and the fix
        // is a check, not parameters: a message of its own. A list of names where names go (`SELECT {cols} FROM`) is
        // an identifier splice, not reported.
        const names = s.names.some((p) => valuePosition(s.sql.slice(0, p), s.sql.slice(p + 'fixed'.length)));
        if (!value && !names) continue;
        const ln = lineOf(text, lit.start);
        const line = text.slice(ln.start, ln.end);
        ctx.report({
          file: f.file,
          source: f.source,
          offset: lit.start,
          endOffset: ln.end,
          messageId: value ? 'sqlBuilt' : 'sqlNames',
          data: { where, line: quote(line.trim(), 100) },
          ...quiet(SAFE_SQL),
        });
        break;
      }
    }
  },
});
