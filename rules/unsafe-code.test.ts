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
      name: 'eval quoted in the skill file is documentation',
      code: '---\nname: s\ndescription: Helps with the project.\n---\nNever write `eval(input())` in a script.\n',
    },
  ],
  invalid: [
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
  ],
});
