// tool-schema: Cerveau tool definitions: each needs name, description, command and an arguments JSON Schema that
// compiles under ajv strict mode; tool names unique. ajv is loaded only when a skill defines tools.

import { createRequire } from 'node:module';
import { defineRule, type SkillContext } from '../src/core/rule.js';
import { quote, typeName } from '../src/core/text.js';

interface AjvLike {
  compile(schema: unknown): unknown;
  addFormat(name: string, format: boolean): unknown;
}
type AjvCtor = new (opts: Record<string, unknown>) => AjvLike;

let ajvCtors: { draft7: AjvCtor; draft2019: AjvCtor; draft2020: AjvCtor } | null = null;

/** Whether ajv has been loaded in this process (tests assert it stays unloaded for skills without tools). */
export function ajvLoaded(): boolean {
  return ajvCtors !== null;
}

function loadAjv() {
  if (!ajvCtors) {
    const require = createRequire(import.meta.url);
    ajvCtors = {
      draft7: (require('ajv') as { default: AjvCtor }).default,
      draft2019: (require('ajv/dist/2019') as { default: AjvCtor }).default,
      draft2020: (require('ajv/dist/2020') as { default: AjvCtor }).default,
    };
  }
  return ajvCtors;
}

/**
 * Format names of the JSON Schema specification. Runtimes usually register them (ajv-formats); a format outside
 * this list is what strict mode rejects as unknown.
 */
const STANDARD_FORMATS = [
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri',
  'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
];

/** Compile `schema` as ajv strict mode does; null when it compiles, else ajv's message. Never validates data. */
function compileStrict(schema: unknown): string | null {
  const c = loadAjv();
  const draft = schema && typeof schema === 'object' ? String((schema as Record<string, unknown>).$schema ?? '') : '';
  const Ctor = draft.includes('2020-12') ? c.draft2020 : draft.includes('2019-09') ? c.draft2019 : c.draft7;
  // A fresh instance per schema: no $id collisions across tools, no remote loading (no loadSchema), no logging.
  const ajv = new Ctor({ strict: true, allErrors: false, logger: false, addUsedSchema: false });
  for (const f of STANDARD_FORMATS) ajv.addFormat(f, true);
  try {
    ajv.compile(schema);
    return null;
  } catch (e) {
    return (e as Error).message.split('\n')[0] ?? String(e);
  }
}

/** A schema path from ajv's message (`at path "#/properties/x"` or `data/properties/x/type must…`). */
function schemaPath(message: string): string[] {
  const m = /path "#\/([^"]*)"/.exec(message) ?? /data\/(\S+?) must/.exec(message);
  return m ? m[1]!.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')) : [];
}

const REQUIRED = ['name', 'description', 'command', 'schema'] as const;

function checkTools(ctx: SkillContext, field: string): void {
  const tools = ctx.data![field];
  if (tools === undefined || tools === null) return;
  const loc = ctx.locate([field]);
  if (!Array.isArray(tools)) {
    ctx.report({ offset: loc?.start, endOffset: loc?.end, rejects: true, message: `"${field}" is ${typeName(tools)}; ${ctx.profile.id} expects a list of tools, each with name, description, command and schema` });
    return;
  }
  const seen = new Map<string, number>();
  tools.forEach((tool: unknown, i: number) => {
    const tLoc = ctx.locate([field, i]);
    const label = tool && typeof tool === 'object' && typeof (tool as Record<string, unknown>).name === 'string' ? `tool ${quote((tool as Record<string, string>).name!)}` : `tool ${i + 1}`;
    if (!tool || typeof tool !== 'object' || Array.isArray(tool)) {
      ctx.report({ offset: tLoc?.start, endOffset: tLoc?.end, rejects: true, message: `${label} is ${typeName(tool)}; expected a mapping with ${REQUIRED.join(', ')}` });
      return;
    }
    const t = tool as Record<string, unknown>;
    const missing = REQUIRED.filter((k) => t[k] === undefined || t[k] === null || (typeof t[k] === 'string' && (t[k] as string).trim() === ''));
    if (missing.length > 0) {
      ctx.report({ offset: tLoc?.start, endOffset: tLoc?.end, rejects: true, message: `${label} has no ${missing.map((m) => `"${m}"`).join(', ')}; ${ctx.profile.id} needs name, description, command and schema for every tool` });
    }
    for (const k of ['name', 'description', 'command'] as const) {
      if (t[k] !== undefined && t[k] !== null && typeof t[k] !== 'string') {
        const l = ctx.locate([field, i, k]);
        ctx.report({ offset: l?.start, endOffset: l?.end, rejects: true, message: `${label}: "${k}" is ${typeName(t[k])}; expected a string` });
      }
    }
    if (typeof t.name === 'string' && t.name.trim() !== '') {
      const prev = seen.get(t.name);
      if (prev !== undefined) {
        const l = ctx.locate([field, i, 'name']);
        ctx.report({ offset: l?.start, endOffset: l?.end, rejects: true, message: `tool name ${quote(t.name)} is also tool ${prev + 1}'s; tool names must be unique within the skill. Rename one` });
      } else seen.set(t.name, i);
    }
    if (t.schema === undefined || t.schema === null) return;
    const sLoc = ctx.locate([field, i, 'schema']);
    if (typeof t.schema !== 'object' || Array.isArray(t.schema)) {
      ctx.report({ offset: sLoc?.start, endOffset: sLoc?.end, rejects: true, message: `${label}: "schema" is ${typeName(t.schema)}; expected a JSON Schema object for the arguments, e.g. { type: object, properties: { … } }` });
      return;
    }
    const err = compileStrict(t.schema);
    if (err !== null) {
      const p = schemaPath(err);
      let l = sLoc;
      for (let n = p.length; n > 0; n--) {
        const found = ctx.locate([field, i, 'schema', ...p.slice(0, n)]);
        if (found) {
          l = found;
          break;
        }
      }
      ctx.report({ offset: l?.start, endOffset: l?.end, rejects: true, message: `${label}: the arguments schema does not compile under ajv strict mode: ${err}. Fix the schema` });
      return;
    }
    const type = (t.schema as Record<string, unknown>).type;
    if (type !== 'object') {
      ctx.report({
        offset: sLoc?.start,
        endOffset: sLoc?.end,
        severity: 'warning',
        message: `${label}: the arguments schema has type ${type === undefined ? '(none)' : quote(String(type))}; tool arguments are an object, so use type: object with properties`,
      });
    }
  });
}

export default defineRule({
  meta: {
    id: 'tool-schema',
    description: 'Cerveau tools: each needs name, description, command and an arguments JSON Schema that compiles under ajv strict mode; tool names unique',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.2.0',
    examples: {
      bad: [
        {
          files: {
            '.crv/skills/t.md':
              '---\nname: t\ndescription: Runs t.\ntriggers: [tee]\ntools:\n  - name: run\n    description: Run it.\n    command: ./run.sh\n    schema:\n      type: object\n      propertiez: {}\n---\nBody.\n',
          },
        },
      ],
      good: [
        {
          files: {
            '.crv/skills/t.md':
              '---\nname: t\ndescription: Runs t.\ntriggers: [tee]\ntools:\n  - name: run\n    description: Run it.\n    command: ./run.sh\n    schema:\n      type: object\n      properties:\n        target: { type: string }\n---\nBody.\n',
          },
        },
      ],
    },
  },
  checkSkill(ctx) {
    const field = ctx.profile.toolsField;
    if (!field || !ctx.data) return;
    checkTools(ctx, field);
  },
});
