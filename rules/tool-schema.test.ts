import { describe, it } from 'vitest';
import { RuleTester } from '../src/testing.js';
import rule from './tool-schema.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ path: '.crv/skills/t.md', targets: ['cerveau'] });
const fm = (tools: string) => `---\nname: t\ndescription: Runs t.\ntriggers: [tee]\ntools:${tools}---\nBody.\n`;
const tool = (schema: string, name = 'run') => `\n  - name: ${name}\n    description: Run it.\n    command: ./run.sh\n    schema:${schema}`;
const OBJECT = '\n      type: object\n      properties:\n        target: { type: string }\n';

tester.run(rule, {
  valid: [
    { name: 'a complete tool with an object schema', code: fm(tool(OBJECT)) },
    { name: 'two tools with different names', code: fm(tool(OBJECT) + tool(OBJECT, 'stop')) },
    { name: 'a 2020-12 schema compiles under its own draft', code: fm(tool(`\n      $schema: https://json-schema.org/draft/2020-12/schema\n      type: object\n      unevaluatedProperties: false\n`)) },
    { name: 'no tools', code: '---\nname: t\ndescription: Runs t.\ntriggers: [tee]\n---\nBody.\n' },
    { name: 'other targets have no tools field', code: fm(' run\n'), targets: ['agentskills'], path: 'skills/t/SKILL.md' },
  ],
  invalid: [
    {
      name: 'tools that are not a list',
      code: fm(' run\n'),
      errors: [
        {
          line: 5,
          column: 8,
          endColumn: 11,
          severity: 'error',
          rejects: true,
          messageId: 'notList',
          data: { field: 'tools', type: 'a string', target: 'cerveau' },
          message: '"tools" is a string; cerveau expects a list of tools, each with name, description, command and schema',
        },
      ],
      output: null,
    },
    {
      name: 'a tool that is not a mapping is named by its position',
      code: fm('\n  - run\n'),
      errors: [
        {
          line: 6,
          column: 5,
          rejects: true,
          messageId: 'notMapping',
          data: { tool: 'tool 1', type: 'a string', keys: 'name, description, command, schema' },
          message: 'tool 1 is a string; expected a mapping with name, description, command, schema',
        },
      ],
    },
    {
      name: 'missing keys are listed; a key that is not a string is located',
      code: fm('\n  - name: run\n    command: 3\n'),
      errors: [
        {
          line: 6,
          column: 5,
          rejects: true,
          messageId: 'missing',
          data: { tool: 'tool "run"', missing: '"description", "schema"', target: 'cerveau' },
          message: 'tool "run" has no "description", "schema"; cerveau needs name, description, command and schema for every tool',
        },
        {
          line: 7,
          column: 14,
          endColumn: 15,
          rejects: true,
          messageId: 'notString',
          data: { tool: 'tool "run"', key: 'command', type: 'a number' },
          message: 'tool "run": "command" is a number; expected a string',
        },
      ],
    },
    {
      name: 'a blank name counts as missing',
      code: fm(`\n  - name: ""\n    description: Run it.\n    command: ./run.sh\n    schema:${OBJECT}`),
      errors: [{ line: 6, messageId: 'missing', data: { tool: 'tool ""', missing: '"name"', target: 'cerveau' } }],
    },
    {
      name: 'a second tool with the same name',
      code: fm(tool(OBJECT) + tool(OBJECT)),
      errors: [
        {
          line: 14,
          column: 11,
          endColumn: 14,
          rejects: true,
          messageId: 'duplicate',
          data: { name: '"run"', first: 1 },
          message: `tool name "run" is also tool 1's; tool names must be unique within the skill. Rename one`,
        },
      ],
    },
    {
      name: 'a schema that is not a mapping',
      code: fm(tool(' [a]\n')),
      errors: [
        {
          line: 9,
          column: 13,
          rejects: true,
          messageId: 'schemaNotObject',
          data: { tool: 'tool "run"', type: 'a list' },
          message: 'tool "run": "schema" is a list; expected a JSON Schema object for the arguments, e.g. { type: object, properties: { … } }',
        },
      ],
    },
    {
      name: 'an unknown keyword fails ajv strict mode',
      code: fm(tool('\n      type: object\n      propertiez: {}\n')),
      errors: [
        {
          line: 10,
          column: 7,
          severity: 'error',
          rejects: true,
          messageId: 'compile',
          data: { tool: 'tool "run"', error: 'strict mode: unknown keyword: "propertiez"' },
          message: 'tool "run": the arguments schema does not compile under ajv strict mode: strict mode: unknown keyword: "propertiez". Fix the schema',
        },
      ],
    },
    {
      name: 'properties without type: object fails strictTypes',
      code: fm(tool('\n      properties: {}\n')),
      errors: [{ line: 10, rejects: true, messageId: 'compile', data: { tool: 'tool "run"', error: 'strict mode: missing type "object" for keyword "properties" at "#" (strictTypes)' } }],
    },
    {
      name: 'a schema of another type compiles but is not an argument object: a warning',
      code: fm(tool('\n      type: string\n')),
      errors: [
        {
          line: 10,
          column: 7,
          severity: 'warning',
          rejects: false,
          messageId: 'notObjectType',
          data: { tool: 'tool "run"', type: '"string"' },
          message: 'tool "run": the arguments schema has type "string"; tool arguments are an object, so use type: object with properties',
        },
      ],
    },
    {
      name: 'a schema with no type at all',
      code: fm(tool('\n      description: args\n')),
      errors: [{ severity: 'warning', messageId: 'notObjectType', data: { tool: 'tool "run"', type: '(none)' } }],
    },
  ],
});
