// Validators for the package's JSON Schemas (schemas/*.schema.json). The build generates each as ajv standalone
// code (scripts/build-data.mjs → dist/src/generated/<name>.validate.cjs), so a run loads a plain function and
// compiles no schema; running from the sources (tests, before a build), ajv compiles the schema file instead.
// test/schema-validators.test.ts checks that both give the same answers and errors.

import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { distPath, packagePath, RUNNING_BUILT } from '../core/package.js';

/** ajv's error objects, as the validators report them. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  schema?: unknown;
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/** The schemas the product validates at run time. */
export const VALIDATED_SCHEMAS = ['rule-pack', 'config'] as const;
export type SchemaName = (typeof VALIDATED_SCHEMAS)[number];

/** The options every validator is compiled with, at build time and from the sources alike. */
export const AJV_OPTIONS = { allErrors: true, verbose: true, strict: false } as const;

const require = createRequire(import.meta.url);
const cache = new Map<SchemaName, SchemaValidator>();

/** The generated validator's file in the build. */
export function generatedValidatorPath(name: SchemaName): string {
  return distPath('src', 'generated', `${name}.validate.cjs`);
}

/** The validator of schemas/<name>.schema.json: the build's generated code, or ajv compiling the schema. */
export function schemaValidator(name: SchemaName, from: 'auto' | 'generated' | 'compiled' = 'auto'): SchemaValidator {
  const cached = from === 'auto' ? cache.get(name) : undefined;
  if (cached) return cached;
  let v: SchemaValidator;
  if (from === 'generated' || (from === 'auto' && RUNNING_BUILT)) {
    const mod = require(generatedValidatorPath(name)) as SchemaValidator | { default: SchemaValidator };
    v = typeof mod === 'function' ? mod : mod.default;
  } else {
    const { default: Ajv } = require('ajv') as { default: new (o: object) => { compile(s: object): SchemaValidator } };
    v = new Ajv(AJV_OPTIONS).compile(JSON.parse(fs.readFileSync(packagePath('schemas', `${name}.schema.json`), 'utf8')) as object);
  }
  if (from === 'auto') cache.set(name, v);
  return v;
}
