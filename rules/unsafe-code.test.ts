// unsafe-code: RuleTester cases. Every message id of the rule (one per entry of rules/packs/unsafe-code.yaml, and the ones this rule reports from code) is
// asserted with its data, position, severity and whole text; the valid cases are the pack's nomatch examples, placed
// where the entry runs, and benign text.

import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './unsafe-code.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: 'skills/s/SKILL.md', targets: ['agentskills'] });

tester.run(rule, {
  valid: [
    {
      name: "evalInput: a loader that runs the text of the skill's own files found beside the script (info, low confidence)",
      code: '---\nname: s\ndescription: Loads helpers.\n---\nRun `python3 load.py`.\n',
      folder: {
        'load.py': 'from pathlib import Path\nHERE = Path(__file__).parent\nfor name in ["a.py", "b.py"]:\n    path = HERE / name\n    exec(compile(open(path).read(), str(path), "exec"), globals())\n',
        'tests/wf.test.mjs': "import fs from 'node:fs'\nimport path from 'node:path'\nconst SRC = fs.readFileSync(path.join(import.meta.dirname, '..', 'wf.js'), 'utf8')\nconst run = () => new Function('args',\n  `return (async () => {\\n${SRC}\\n})()`)\n",
      },
    },
    {
      name: 'command-in-data nomatch (code): const { execSync } = require("child_process");',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nconst { execSync } = require("child_process");\n```\n',
    },
    {
      name: 'command-in-data nomatch (code): import os; os.system("make")',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\nimport os; os.system("make")\n```\n',
    },
    {
      name: 'command-in-data nomatch (code): {{ user.name }}',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\n{{ user.name }}\n```\n',
    },
    {
      name: 'a call that opens with a keyword argument is the file\'s own function named eval: the builtin takes its code positionally',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python bench.py`.\n',
      folder: { 'bench.py': 'def eval(prompt, model):\n    return len(prompt)\n\nfor p in PROMPTS:\n    eval(prompt=p, model="m")\n' },
    },
    {
      name: 'the rule\'s good example',
      code: '---\nname: x\ndescription: Calculates.\n---\nRun `python calc.py EXPR`.\n',
      folder: { 'calc.py': 'import ast, sys\nprint(ast.literal_eval(sys.argv[1]))\n' },
    },
    {
      name: 'eval of a string literal, a commented eval, a parameterized query',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: { 'q.py': 'print(eval("1 + 2"))\n# eval(user_input) would be unsafe\ncur.execute("SELECT * FROM users WHERE id = ?", (uid,))\n' },
    },
    {
      name: 'eval( inside a test input string and a test selector string is data, not a call',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: {
        'tests/test_scorer.py': "def test_eval_detected():\n    code = 'result = eval(user_input)'\n    assert PATTERN.search(code)\n",
        'scripts/__tests__/selector.test.js': "it('should block eval( injection', () => {\n  assert.throws(() => parse('//div[eval(\"x\")]'), /injection.*eval\\(/i);\n});\n",
        'scripts/patterns.py': 'DANGEROUS = ["eval(", "exec(input())"]\n"""\nDocs: never call eval(user_input).\n"""\n',
        'scripts/re.js': 'const RE = /(?:eval\\(|new Function\\()/g;\nconst s = `never eval(x)`;\n/* eval(y) */\n',
      },
    },
    {
      name: 'SQL built from table and column names (identifiers cannot be parameters)',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: {
        'scripts/migrate.py': 'def gen(table, cols_sql):\n    up = f"CREATE TABLE {table} (\\n{cols_sql}\\n);"\n    down = f"DROP TABLE {table};"\n    return up, down\n',
        'scripts/validate.py': 'def check(cur, table, column):\n    cur.execute(\n        f"SELECT COUNT(*) FROM {table} WHERE {column} IS NULL"\n    )\n    cur.execute("SELECT %s FROM %s" % (column, table))\n',
      },
    },
    {
      name: 'SQL whose splices the program fixed: placeholder lists, literal-only SET lists, a choice of literal column lists, a number',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: {
        'scripts/by_ids.py':
          'def load(cur, ids, full):\n    marks = ",".join("?" for _ in ids)\n    cols = "id, body" if full else "id"\n    cur.execute(f"SELECT {cols} FROM docs WHERE id IN ({marks})", ids)\n    cur.execute(f"DELETE FROM docs WHERE id IN ({\', \'.join([\'%s\'] * len(ids))})", ids)\n    cur.execute(f"DELETE FROM tags WHERE id IN ({\',\'.join(\'?\' * len(ids))})", ids)\n',
        'scripts/del.js': 'db.exec(`DELETE FROM m WHERE id IN (${ids.map(() => \'?\').join(\',\')})`, ...ids);\ndb.exec(`DELETE FROM n WHERE id IN (${Array(ids.length).fill(\'?\').join(\', \')})`, ...ids);\n',
        'scripts/patch.js': "const sets = [];\nconst vals = [];\nif (body.name !== undefined) { sets.push('name = ?'); vals.push(body.name); }\nsets.push('updated = ?');\ndb.query(`UPDATE users SET ${sets.join(', ')} WHERE id = ?`, [...vals, id]);\n",
        'scripts/sample.py': 'def sample(con, table, n: int = 5):\n    return con.execute(f"SELECT * FROM {table} LIMIT {n}").fetchall()\n',
        'scripts/page.py': 'def page(con, size):\n    return con.execute(f"SELECT * FROM t LIMIT {int(size)}").fetchall()\n',
      },
    },
    {
      name: 'SQL whose splices the program fixed within their function: lists filled with fixed text, numbers formatted in, loops over literal tables, keys the code wrote',
      code: '---\nname: s\ndescription: Keeps records.\n---\nRun `python3 records.py`.\n',
      folder: {
        'loop.py': [
          'def update(conn, args, rid):',
          '    updates, params = [], []',
          '    for arg_name, col in {',
          '        "title": "title",',
          '        "due": "due_date",',
          '    }.items():',
          '        if getattr(args, arg_name, None) is not None:',
          '            updates.append(f"{col} = ?")',
          '            params.append(getattr(args, arg_name))',
          '    updates.append("updated_at = datetime(\'now\')")',
          '    conn.execute(f"UPDATE items SET {\', \'.join(updates)} WHERE id = ?", [*params, rid])',
          '',
          'def rename(conn, name, rid):',
          '    updates = ["name = ?"]',
          '    conn.execute(f"UPDATE items SET {\', \'.join(updates)} WHERE id = ?", [name, rid])',
          '',
        ].join('\n'),
        'search.py': [
          'import argparse',
          'p = argparse.ArgumentParser()',
          'p.add_argument("--limit", type=int, default=10)',
          'args = p.parse_args()',
          '',
          'def search(conn, text, kind):',
          '    params = [text]; filters = [',
          '        "deleted = 0",',
          '    ]',
          '    if kind:',
          '        filters.append("kind = ?")',
          '        params.append(kind)',
          '    where_clause = ""',
          '    if filters:',
          '        where_clause = "AND " + " AND ".join(filters)',
          '    return conn.execute(f"SELECT * FROM items WHERE body MATCH ? {where_clause} LIMIT {args.limit * 3}", params)',
          '',
        ].join('\n'),
        'days.py': 'def recent(conn, kind, days: int = 30):\n    conn.execute("""\n        SELECT * FROM items WHERE kind = ?\n        AND created >= datetime(\'now\', \'-{} days\')\n    """.format(days), (kind,))\n',
        'hours.py': 'def recent(conn, kind, hours=24):\n    conn.execute("SELECT * FROM items WHERE kind = ? AND created >= datetime(\'now\', \'-%s hours\')" % hours, (kind,))\n',
        'patch.py': [
          'def patch(conn, args, rid):',
          '    known = {"title": args.title, "due_date": args.due}',
          '    known["status"] = args.status',
          '    changes = {k: v for k, v in known.items() if v is not None}',
          '    sets = ", ".join(f"{k} = ?" for k in changes)',
          '    conn.execute(f"UPDATE items SET {sets} WHERE id = ?", [*changes.values(), rid])',
          '',
        ].join('\n'),
        'store.js': [
          'export class Store {',
          '  rename(id, name) {',
          '    const fields = [];',
          "    fields.push('name = ?');",
          '    this.db.query(`UPDATE items SET ${fields.join(\', \')} WHERE id = ?`, [name, id]);',
          '  }',
          '',
          '  update(id, body) {',
          '    const fields = [];',
          '    const params = [];',
          "    if (body.title !== undefined) { fields.push('title = ?'); params.push(body.title); }",
          "    fields.push('updated_at = CURRENT_TIMESTAMP');",
          '    this.db.query(`UPDATE items SET ${fields.join(\', \')} WHERE id = ?`, [...params, id]);',
          '  }',
          '}',
          '',
        ].join('\n'),
        'like.js': "export function find(db, query) {\n  const terms = query.split(/\\s+/);\n  const where = terms.map(() => '(body LIKE ? OR tags LIKE ?)').join(' AND ');\n  return db.query(`SELECT * FROM items WHERE ${where}`, terms.flatMap((t) => [t, t]));\n}\n",
        'pg.js': "export function find(pool, terms) {\n  const words = terms.map((_, i) =>\n    `(body ILIKE $${i + 1})`\n  ).join(' OR ');\n  return pool.query(`SELECT * FROM items WHERE ${words}`, terms);\n}\n",
        'notes.py': 'def update_note(conn, note_id, **kwargs):\n    allowed = {"title", "content", "tags"}\n    updates = {k: v for k, v in kwargs.items() if k in allowed}\n    updates["updated_at"] = "now"\n    set_clause = ", ".join(f"{k} = ?" for k in updates)\n    conn.execute(f"UPDATE notes SET {set_clause} WHERE id = ?", [*updates.values(), note_id])\n',
        'contact.js': [
          'export function contact(db, phone, name, email) {',
          '  const updates = {};',
          '  if (name) updates.name = name;',
          '  if (email) updates.email = email;',
          '  const cols = Object.keys(updates);',
          "  const setClause = cols.map((c) => `${c} = ?`).join(', ');",
          '  db.query(`UPDATE contacts SET ${setClause} WHERE phone = ?`, [...Object.values(updates), phone]);',
          '}',
          '',
        ].join('\n'),
      },
    },
    {
      name: 'eval of input restricted first to characters that cannot name anything, and a JavaScript method named eval',
      code: '---\nname: s\ndescription: Calculates.\n---\nRun `python3 calc.py EXPR`.\n',
      folder: {
        'calc.py': 'def calc(expression):\n    allowed = set("0123456789+-*/.() ")\n    if not all(c in allowed for c in expression):\n        raise ValueError("invalid characters")\n    return eval(expression)\n',
        'calc2.py': 'import re\ndef calc(expr):\n    if not re.fullmatch(r"[0-9+\\-*/(). ]+", expr):\n        return None\n    return eval(expr)\n',
        'calc3.py': 'import re\ndef calc(expr):\n    expr = re.sub(r"[^0-9+\\-*/(). ]", "", expr)\n    return eval(expr)\n',
        'calc.js': "export function calc(expr) {\n  if (!/^[0-9+\\-*/(). ]+$/.test(expr)) throw new Error('bad');\n  return eval(expr);\n}\n",
        'browser.js': 'export const tools = {\n  async eval({ code }) {\n    return run(["eval", code]);\n  },\n};\n',
      },
    },
    {
      // The readings are bounded by a budget linear in the file's size; each name of a function is read once, so
      // thousands of queries splicing one fixed name stay within it (past it, a splice would be reported).
      name: 'a function of thousands of queries that splice one name the program fixed, and thousands of functions doing it once',
      code: '---\nname: s\ndescription: Keeps records.\n---\nRun `python3 q.py`.\n',
      folder: {
        'one.py': `def f(conn, x):\n    conds = ["a = ?"]\n    where = " AND ".join(conds)\n${'    conn.execute(f"SELECT * FROM t WHERE {where}", [x])\n'.repeat(3000)}`,
        'many.py': Array.from({ length: 1500 }, (_, i) => `def f${i}(conn, x):\n    conds = ["a = ?"]\n    where = " AND ".join(conds)\n    conn.execute(f"SELECT * FROM t WHERE {where}", [x])\n`).join(''),
      },
    },
    {
      name: 'eval quoted in the skill file is documentation',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nNever write `eval(input())` in a script.\n',
    },
    {
      name: 'a list of column names and placeholders whose names the program checks against a set first: the values are parameters',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: {
        'scripts/store.py':
          'EDITABLE = {"title", "status"}\n\ndef edit(conn, row_id, **changes):\n    unknown = set(changes) - EDITABLE\n    if unknown:\n        raise ValueError(sorted(unknown))\n    assignments = ", ".join(f"{name} = ?" for name in changes)\n    conn.execute(f"UPDATE items SET {assignments} WHERE id = ?", [*changes.values(), row_id])\n\n' +
          'def edit_pg(cur, row_id, fields):\n    for col in fields:\n        if col not in EDITABLE:\n            raise KeyError(col)\n    cur.execute(f"UPDATE items SET {\', \'.join([f\'{c} = %s\' for c in fields])} WHERE id = %s", [*fields.values(), row_id])\n\n' +
          'def find(cur, filters):\n    where = " AND ".join(f"{c} = :{c}" for c in filters if c in EDITABLE)\n    cur.execute(f"SELECT * FROM items WHERE {where}", filters)\n',
        'scripts/view.py': 'def view(con, columns):\n    cols = ", ".join([f\'"{c}"\' for c in columns])\n    con.execute(f"SELECT {cols} FROM items")\n',
        'scripts/patch.js':
          "const COLS = new Set(['title', 'status']);\nexport function patch(db, id, body) {\n  if (!Object.keys(body).every((k) => COLS.has(k))) throw new Error('unknown field');\n  const sets = Object.keys(body).map((k) => `${k} = ?`).join(', ');\n  db.query(`UPDATE items SET ${sets} WHERE id = ?`, [...Object.values(body), id]);\n}\n",
      },
    },
  ],
  invalid: [
    {
      name: "evalInput: an installed skill's loader of files beside it keeps its warning (its layout is its own word)",
      path: 'installed_skills/s/SKILL.md',
      code: '---\nname: s\ndescription: Loads helpers.\n---\nRun `python3 load.py`.\n',
      folder: { 'load.py': 'from pathlib import Path\nHERE = Path(__file__).parent\nexec(compile(open(HERE / "a.txt").read(), "a", "exec"), globals())\n' },
      errors: [{ messageId: 'evalInput', file: 'installed_skills/s/load.py', line: 3, severity: 'warning' }],
    },
    {
      name: 'evalInput: a file read from a path the caller gives is input, even beside a script that knows its own place',
      code: '---\nname: s\ndescription: Runs plugins.\n---\nRun `python3 run.py FILE`.\n',
      folder: { 'run.py': 'import sys\nfrom pathlib import Path\nHERE = Path(__file__).parent\nsource = sys.argv[1]\nexec(source)\n' },
      errors: [{ messageId: 'evalInput', file: 'skills/s/run.py', line: 5, severity: 'warning' }],
    },
    {
      name: 'command-in-data (code): code that runs operating-system commands, written inside a string or configuration value where an application will evaluate it',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun:\n\n```\n"fn": "return require(\\"child_process\\").execSync(\\"id\\").toString()"\n```\n',
      errors: [
        {
          messageId: 'command-in-data',
          data: { match: '"require(\\\\\\"child_process\\\\\\")"', where: 'in a code block' },
          line: 8,
          column: 15,
          severity: 'warning',
          message: 'a code-injection payload in a code block: "require(\\\\\\"child_process\\\\\\")"; an application that evaluates this value runs commands on the host. Remove it, or suppress this finding if the text documents the attack',
        },
      ],
    },
    {
      name: 'the rule\'s bad example',
      code: '---\nname: x\ndescription: Calculates.\n---\nRun `python calc.py EXPR`.\n',
      folder: { 'calc.py': 'import sys\nprint(eval(sys.argv[1]))\n' },
      errors: [
        {
          messageId: 'evalInput',
          data: { call: 'eval', where: 'in "calc.py"', line: '"print(eval(sys.argv[1]))"' },
          line: 2,
          column: 7,
          severity: 'warning',
          file: 'skills/s/calc.py',
          message: 'eval() runs text built at run time in "calc.py": "print(eval(sys.argv[1]))"; whoever controls that text (the user, a document, the model) runs code. Parse the input instead (ast.literal_eval, JSON.parse, an operator table)',
        },
      ],
    },
    {
      name: 'evalInput: the builtin named through its module, inside the file\'s own function named eval',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python score.py EXPR`.\n',
      folder: { 'score.py': 'import builtins, sys\ndef eval(expr, row):\n    return builtins.eval(expr, {}, row)\nprint(eval(expr=sys.argv[1], row={}))\n' },
      errors: [{ messageId: 'evalInput', data: { call: 'eval', where: 'in "score.py"', line: '"return builtins.eval(expr, {}, row)"' }, line: 3, column: 21, severity: 'warning', file: 'skills/s/score.py' }],
    },
    {
      name: 'evalInput: Python eval of an argument',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python calc.py EXPR`.\n',
      folder: { 'calc.py': 'import sys\nprint(eval(sys.argv[1]))\n' },
      errors: [
        {
          messageId: 'evalInput',
          data: { call: 'eval', where: 'in "calc.py"', line: '"print(eval(sys.argv[1]))"' },
          line: 2,
          column: 7,
          severity: 'warning',
          file: 'skills/s/calc.py',
          message: 'eval() runs text built at run time in "calc.py": "print(eval(sys.argv[1]))"; whoever controls that text (the user, a document, the model) runs code. Parse the input instead (ast.literal_eval, JSON.parse, an operator table)',
        },
      ],
    },
    {
      name: 'evalInput: JavaScript Function constructor',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `node calc.js`.\n',
      folder: { 'calc.js': 'const f = new Function(process.argv[2]);\nf();\n' },
      errors: [
        {
          messageId: 'evalInput',
          data: { call: 'new Function', where: 'in "calc.js"', line: '"const f = new Function(process.argv[2]);"' },
          line: 1,
          column: 11,
          severity: 'warning',
          file: 'skills/s/calc.js',
          message: 'new Function() runs text built at run time in "calc.js": "const f = new Function(process.argv[2]);"; whoever controls that text (the user, a document, the model) runs code. Parse the input instead (ast.literal_eval, JSON.parse, an operator table)',
        },
      ],
    },
    {
      name: 'sqlNames: column names taken unchecked from a collection, with placeholders: the check is missing',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: { 'scripts/store.py': 'def edit(conn, row_id, changes):\n    assignments = ", ".join(f"{name} = ?" for name in changes)\n    conn.execute(f"UPDATE items SET {assignments} WHERE id = ?", [*changes.values(), row_id])\n' },
      errors: [
        {
          messageId: 'sqlNames',
          data: { where: 'in "scripts/store.py"', line: '"conn.execute(f\\"UPDATE items SET {assignments} WHERE id = ?\\", [*changes.values(), row_id])"' },
          line: 3,
          column: 18,
          severity: 'warning',
          confidence: 'medium',
          file: 'skills/s/scripts/store.py',
          message: 'SQL text built from column names not checked against a fixed set in "scripts/store.py": "conn.execute(f\\"UPDATE items SET {assignments} WHERE id = ?\\", [*changes.values(), row_id])"; a crafted name rewrites the query (SQL injection). Keep only the names of an allowed set before building the text',
        },
      ],
    },
    {
      name: 'sqlBuilt: values joined in beside checked names, or a list of values in the names\' place, stay value findings',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: {
        'a.py': 'EDITABLE = {"title"}\n\ndef edit(conn, row_id, changes):\n    if set(changes) - EDITABLE:\n        raise ValueError()\n    assignments = ", ".join(f"{k} = \'{v}\'" for k, v in changes.items())\n    conn.execute(f"UPDATE items SET {assignments} WHERE id = ?", [row_id])\n',
        'b.py': 'EDITABLE = {"title"}\n\ndef edit(conn, row_id, changes):\n    if set(changes) - EDITABLE:\n        raise ValueError()\n    assignments = ", ".join(f"{v} = ?" for k, v in changes.items())\n    conn.execute(f"UPDATE items SET {assignments} WHERE id = ?", [row_id])\n',
        'c.py': 'EDITABLE = {"title"}\n\ndef edit(conn, row_id, name, changes):\n    if set(changes) - EDITABLE:\n        raise ValueError()\n    assignments = ", ".join(f"{k} = ?" for k in changes)\n    conn.execute(f"UPDATE items SET {assignments} WHERE owner = \'{name}\'", [*changes.values()])\n',
      },
      errors: [
        { messageId: 'sqlBuilt', line: 7, column: 18, severity: 'warning', confidence: 'medium', file: 'skills/s/a.py' },
        { messageId: 'sqlBuilt', line: 7, column: 18, severity: 'warning', confidence: 'medium', file: 'skills/s/b.py' },
        { messageId: 'sqlBuilt', line: 7, column: 18, severity: 'warning', confidence: 'medium', file: 'skills/s/c.py' },
      ],
    },
    {
      name: 'sqlBuilt: an f-string query',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: { 'q.py': 'import sqlite3, sys\ncur = sqlite3.connect("a.db").cursor()\ncur.execute(f"SELECT * FROM users WHERE id = {sys.argv[1]}")\n' },
      errors: [
        {
          messageId: 'sqlBuilt',
          data: { where: 'in "q.py"', line: '"cur.execute(f\\"SELECT * FROM users WHERE id = {sys.argv[1]}\\")"' },
          line: 3,
          column: 13,
          severity: 'warning',
          file: 'skills/s/q.py',
          message: 'SQL text built from values in "q.py": "cur.execute(f\\"SELECT * FROM users WHERE id = {sys.argv[1]}\\")"; a quote in the value rewrites the query (SQL injection). Pass the values as parameters (cursor.execute("… WHERE id = ?", (id,)))',
        },
      ],
    },
    {
      name: 'sqlBuilt: a value spliced after a table name spliced in (a twin of the identifier case)',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: { 'scripts/q.py': 'def find(cur, table, name):\n    cur.execute(f"SELECT * FROM {table} WHERE name = \'{name}\'")\n' },
      errors: [{ messageId: 'sqlBuilt', line: 2, column: 17, severity: 'warning', file: 'skills/s/scripts/q.py' }],
    },
    {
      name: 'sqlBuilt: concatenation after an identifier, and a whole condition spliced in',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `node q.js`.\n',
      folder: {
        'q.js': 'db.query("SELECT * FROM " + table + " WHERE id = " + req.query.id);\n',
        'w.py': 'cur.execute("SELECT * FROM t WHERE %s" % cond)\n',
      },
      errors: [
        { messageId: 'sqlBuilt', line: 1, column: 10, severity: 'warning', file: 'skills/s/q.js' },
        { messageId: 'sqlBuilt', line: 1, column: 13, severity: 'warning', file: 'skills/s/w.py' },
      ],
    },
    {
      name: 'sqlBuilt twins of the fixed splices: values joined, a list that receives a value, a name read as text',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: {
        'a.py': 'import sys\ncur.execute(f"DELETE FROM docs WHERE id IN ({\',\'.join(sys.argv[1:])})")\n',
        'b.js': "const sets = [];\nsets.push(`name = '${req.body.name}'`);\ndb.query(`UPDATE users SET ${sets.join(', ')} WHERE id = ?`, [id]);\n",
        'c.py': 'def sample(con, n: str):\n    return con.execute(f"SELECT * FROM t LIMIT {n}").fetchall()\n',
        'd.js': 'db.exec(`DELETE FROM m WHERE id IN (${ids.map((i) => `\'${i}\'`).join(\',\')})`);\n',
        'e.py': 'def load(cur, ids):\n    marks = ",".join(ids)\n    cur.execute(f"SELECT * FROM docs WHERE id IN ({marks})")\n',
      },
      errors: [
        { messageId: 'sqlBuilt', line: 2, column: 13, severity: 'warning', file: 'skills/s/a.py' },
        { messageId: 'sqlBuilt', line: 3, column: 10, severity: 'warning', file: 'skills/s/b.js' },
        { messageId: 'sqlBuilt', line: 2, column: 24, severity: 'warning', file: 'skills/s/c.py' },
        { messageId: 'sqlBuilt', line: 1, column: 9, severity: 'warning', file: 'skills/s/d.js' },
        { messageId: 'sqlBuilt', line: 3, column: 17, severity: 'warning', file: 'skills/s/e.py' },
      ],
    },
    {
      name: 'sqlBuilt and sqlNames twins of the function-scoped readings: a value appended, a number read as text, a loop over input, a computed key, an item in the template',
      code: '---\nname: s\ndescription: Keeps records.\n---\nRun `python3 records.py`.\n',
      folder: {
        'a.py': 'def update(conn, args, rid):\n    updates, params = [], []\n    updates.append(f"title = \'{args.title}\'")\n    conn.execute(f"UPDATE items SET {\', \'.join(updates)} WHERE id = ?", [rid])\n',
        'b.py': 'def recent(conn, days: str):\n    conn.execute("SELECT * FROM items WHERE created >= datetime(\'now\', \'-{} days\')".format(days))\n',
        'c.py': 'def update(conn, args, rid):\n    updates = []\n    for col in args.columns:\n        updates.append(f"{col} = ?")\n    conn.execute(f"UPDATE items SET {\', \'.join(updates)} WHERE id = ?", [rid])\n',
        'd.py': 'def patch(conn, body, rid):\n    known = {}\n    for k in body:\n        known[k] = body[k]\n    sets = ", ".join(f"{k} = ?" for k in known)\n    conn.execute(f"UPDATE items SET {sets} WHERE id = ?", [*known.values(), rid])\n',
        'e.js': "function find(pool, keywords) {\n  const words = keywords.map((k, i) => `(body = '${k}')`).join(' OR ');\n  return pool.query(`SELECT * FROM items WHERE ${words}`);\n}\n",
        'f.py': 'def page(conn, n: str):\n    return conn.execute(f"SELECT * FROM items LIMIT {n * 3}")\n',
        'g.py': 'def update_note(conn, note_id, **kwargs):\n    blocked = {"id"}\n    updates = {k: v for k, v in kwargs.items() if k not in blocked}\n    set_clause = ", ".join(f"{k} = ?" for k in updates)\n    conn.execute(f"UPDATE notes SET {set_clause} WHERE id = ?", [*updates.values(), note_id])\n',
      },
      errors: [
        { messageId: 'sqlBuilt', line: 4, column: 18, severity: 'warning', file: 'skills/s/a.py' },
        { messageId: 'sqlBuilt', line: 2, column: 18, severity: 'warning', file: 'skills/s/b.py' },
        { messageId: 'sqlBuilt', line: 5, column: 18, severity: 'warning', file: 'skills/s/c.py' },
        { messageId: 'sqlNames', line: 6, column: 18, severity: 'warning', file: 'skills/s/d.py' },
        { messageId: 'sqlBuilt', line: 3, column: 21, severity: 'warning', file: 'skills/s/e.js' },
        { messageId: 'sqlBuilt', line: 2, column: 25, severity: 'warning', file: 'skills/s/f.py' },
        { messageId: 'sqlNames', line: 5, column: 18, severity: 'warning', file: 'skills/s/g.py' },
      ],
    },
    {
      name: 'evalInput twins of the character guard: a class that admits letters, a range across them, a test nothing branches on, a call after a method',
      code: '---\nname: s\ndescription: Calculates.\n---\nRun `python3 calc.py EXPR`.\n',
      folder: {
        'a.py': 'import re\ndef calc(expr):\n    if not re.fullmatch(r"[\\w+*/ ]+", expr):\n        return None\n    return eval(expr)\n',
        'b.py': 'import re\ndef calc(expr):\n    if not re.fullmatch(r"[ -~]+", expr):\n        return None\n    return eval(expr)\n',
        'c.py': 'def calc(expr):\n    ok = all(c in "0123456789+-*/ " for c in expr)\n    return eval(expr)\n',
        'd.js': 'export function run(code) {\n  return eval(code);\n}\n',
      },
      errors: [
        { messageId: 'evalInput', line: 5, column: 12, severity: 'warning', file: 'skills/s/a.py' },
        { messageId: 'evalInput', line: 5, column: 12, severity: 'warning', file: 'skills/s/b.py' },
        { messageId: 'evalInput', line: 3, column: 12, severity: 'warning', file: 'skills/s/c.py' },
        { messageId: 'evalInput', line: 2, column: 10, severity: 'warning', file: 'skills/s/d.js' },
      ],
    },
    {
      name: 'an example beside its safe form drops to info (not shown); an example without one and a test file stay warnings',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `node app.js`.\n',
      folder: {
        'tests/test_calc.py': 'def test_calc(expr):\n    assert eval(expr) == 2\n',
        'examples/injection.js': 'app.get("/u", (req, res) => {\n  const q = "SELECT * FROM users WHERE id = " + req.query.id;\n  db.query(q);\n});\napp.get("/safe", (req, res) => {\n  db.query("SELECT * FROM users WHERE id = ?", [req.query.id]);\n});\n',
        'examples/reward.py': 'def run(code):\n    g = {}\n    exec(code, g)\n',
      },
      errors: [
        { messageId: 'evalInput', line: 3, column: 5, severity: 'warning', file: 'skills/s/examples/reward.py' },
        { messageId: 'evalInput', line: 2, column: 12, severity: 'warning', file: 'skills/s/tests/test_calc.py' },
      ],
    },
    {
      name: 'eval of an f-string hole and a template hole is code',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nRun `python q.py`.\n',
      folder: { 'a.py': 'print(f"{eval(sys.argv[1])}")\n', 'b.js': 'console.log(`${eval(process.argv[2])}`);\n' },
      errors: [
        { messageId: 'evalInput', line: 1, column: 10, severity: 'warning', file: 'skills/s/a.py' },
        { messageId: 'evalInput', line: 1, column: 16, severity: 'warning', file: 'skills/s/b.js' },
      ],
    },
  ],
});
