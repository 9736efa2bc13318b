// Config file: skillcheck.config.json, .skillcheckrc.json or .skillcheckrc.yaml, found upward from the working
// directory, or --config FILE. Data only: JSON or YAML is parsed (YAML with the core schema, aliases bounded),
// never imported or run. Validated against schemas/config.schema.json; errors name file, line:column and what
// was expected. ajv is loaded only when a config file exists.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { packagePath } from '../core/package.js';
import { isMap, isSeq, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type { SeverityOverride } from '../engine/check.js';
import { jsonErrorMessage, readSmallFile, SmallFileError } from './read.js';
import { schemaValidator, type SchemaError } from './schemas.js';
import { didYouMean, typeName } from '../core/text.js';
import type { TargetId, Trust } from '../core/types.js';

export const CONFIG_FILE_NAMES: readonly string[] = ['skillcheck.config.json', '.skillcheckrc.json', '.skillcheckrc.yaml', '.skillcheckrc.yml'];
/** A config file is a few kilobytes; a larger one is refused before it is read. */
export const MAX_CONFIG_BYTES = 256 * 1024;
/** YAML alias expansions allowed in a config file. */
export const CONFIG_MAX_ALIAS_COUNT = 50;

export type RuleSetting = SeverityOverride | { severity?: SeverityOverride; options?: Record<string, unknown> };

/** The file's shape (schemas/config.schema.json). */
export interface ConfigFile {
  $schema?: string;
  rules?: Record<string, RuleSetting>;
  ignore?: string[];
  targets?: 'auto' | TargetId[];
  trust?: { path: string; level: Trust }[];
  policy?: { readOnlyTools?: string[]; preset?: string };
  persona?: 'default' | 'auditor';
  maxBytes?: number;
  gating?: boolean;
  /** ESLint's habit; the upward search stops at the first config anyway. */
  root?: boolean;
  /** Ignore the skills' own inline directives (true = --no-inline-config; ESLint's name). */
  noInlineConfig?: boolean;
}

export interface LoadedConfig {
  /** Absolute path of the file. */
  file: string;
  /** Folder of the file: relative globs (ignore, trust) are relative to it. */
  dir: string;
  data: ConfigFile;
  severity: Record<string, SeverityOverride>;
  ruleOptions: Record<string, Record<string, unknown>>;
}

export class ConfigError extends Error {}

/** The key of package.json that may hold the config (as ESLint's eslintConfig, markdownlint's…). */
const PACKAGE_JSON_KEY = 'skillcheck';

/** Whether `p` is a file or a symlink (lstat: never followed; a symlinked config is found, then refused when read). */
function isFileAt(p: string): boolean {
  try {
    const st = fs.lstatSync(p);
    return st.isFile() || st.isSymbolicLink();
  } catch {
    return false;
  }
}

/** Whether a package.json has a top-level `skillcheck` key (read bounded; an unreadable or invalid one has none). */
function packageJsonHasConfig(file: string): boolean {
  if (!isFileAt(file)) return false;
  try {
    const v = JSON.parse(readConfigText(file, file)) as unknown;
    return !!v && typeof v === 'object' && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, PACKAGE_JSON_KEY);
  } catch {
    return false;
  }
}

/**
 * The first config file in `start` or one of its parents, or null: a config file, else a package.json with a
 * `skillcheck` key. The search stops at the folder holding `.git` (the repository root: a config above it belongs
 * to someone else) and at the filesystem root. Two config files in one folder is an error.
 */
export function findConfig(start: string): string | null {
  let dir = path.resolve(start);
  for (;;) {
    // lstat: a config file that is a symlink is found (and then refused by readConfigText), never silently skipped.
    const here = CONFIG_FILE_NAMES.filter((n) => isFileAt(path.join(dir, n)));
    if (here.length > 1) throw new ConfigError(`${path.join(dir, here[0]!)}: found ${here.join(' and ')} in one folder; keep one config file`);
    if (here.length === 1) return path.join(dir, here[0]!);
    if (packageJsonHasConfig(path.join(dir, 'package.json'))) return path.join(dir, 'package.json');
    let repoRoot = false;
    try {
      fs.lstatSync(path.join(dir, '.git'));
      repoRoot = true;
    } catch {
      /* not a repository root */
    }
    const up = path.dirname(dir);
    if (repoRoot || up === dir) return null;
    dir = up;
  }
}

/**
 * JSON with comments (JSONC, as in .eslintrc.json and VS Code settings): `//` and `/* *\/` comments and trailing
 * commas become spaces, so every offset (and error line:column) stays where it was. Strings are left alone.
 */
export function stripJsonComments(text: string): string {
  const out = text.split('');
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const to = end === -1 ? text.length : end;
      blank(i, to);
      i = to;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const to = end === -1 ? text.length : end + 2;
      blank(i, to);
      i = to;
    } else if (c === ',') {
      // A trailing comma: only whitespace or comments up to a closing bracket.
      let j = i + 1;
      for (;;) {
        while (j < text.length && /\s/.test(text[j]!)) j++;
        if (text[j] === '/' && text[j + 1] === '/') {
          const e = text.indexOf('\n', j);
          j = e === -1 ? text.length : e;
        } else if (text[j] === '/' && text[j + 1] === '*') {
          const e = text.indexOf('*/', j + 2);
          j = e === -1 ? text.length : e + 2;
        } else break;
      }
      // After a value only: `{,}` and `[1,,]` stay errors.
      let p = i - 1;
      while (p >= 0 && /\s/.test(out[p]!)) p--;
      if ((text[j] === '}' || text[j] === ']') && p >= 0 && !'{[,'.includes(out[p]!)) out[i] = ' ';
      i++;
    } else i++;
  }
  return out.join('');
}

export function schemaPath(): string {
  return packagePath('schemas', 'config.schema.json');
}

interface Position {
  line: number;
  column: number;
}

function positionOf(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The node (or, for a missing/unknown key, the key) at a JSON pointer, as offsets into the text. */
function rangeAt(doc: Document.Parsed, pointer: string, keyOnly = false): [number, number] | null {
  const parts = pointer === '' ? [] : pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let cur: unknown = doc.contents;
  let last: [number, number] | null = (cur as YamlNode | null)?.range ? [(cur as YamlNode).range![0], (cur as YamlNode).range![1]] : null;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (isMap(cur)) {
      const pair = cur.items.find((p) => String((p.key as { value?: unknown } | null)?.value) === part);
      if (!pair) return last;
      const key = pair.key as YamlNode | null;
      if (keyOnly && i === parts.length - 1 && key?.range) return [key.range[0], key.range[1]];
      cur = pair.value;
      const n = (cur as YamlNode | null)?.range ?? key?.range;
      if (n) last = [n[0], n[1]];
    } else if (isSeq(cur)) {
      cur = cur.items[Number(part)];
      const n = (cur as YamlNode | null)?.range;
      if (n) last = [n[0], n[1]];
    } else return last;
  }
  return last;
}

type AjvError = SchemaError;

function shown(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

function where(pointer: string): string {
  return pointer === '' ? 'the top level' : `"${pointer.slice(1).replace(/\//g, '.')}"`;
}

/** Turn one ajv error into "what is wrong, what was expected". */
function describe(e: AjvError): { pointer: string; keyOnly: boolean; message: string } {
  const at = where(e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty);
      const allowed = Object.keys((e.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
      const dym = didYouMean(key, allowed);
      return {
        pointer: `${e.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        keyOnly: true,
        message: `unknown key "${key}" in ${at}${dym ? `; did you mean "${dym}"?` : ''}; expected one of ${allowed.join(', ')}`,
      };
    }
    case 'enum':
      return { pointer: e.instancePath, keyOnly: false, message: `${at} is ${shown(e.data)}; expected one of ${(e.params.allowedValues as unknown[]).map((v) => shown(v)).join(', ')}` };
    case 'const':
      return { pointer: e.instancePath, keyOnly: false, message: `${at} is ${shown(e.data)}; expected ${shown(e.params.allowedValue)}` };
    case 'type':
      return { pointer: e.instancePath, keyOnly: false, message: `${at} is ${typeName(e.data)}; expected ${String(e.params.type).replace(',', ' or ')}` };
    case 'required':
      return { pointer: e.instancePath, keyOnly: false, message: `${at} lacks "${String(e.params.missingProperty)}"` };
    default:
      return { pointer: e.instancePath, keyOnly: false, message: `${at} ${e.message ?? 'is invalid'}${e.data !== undefined && typeof e.data !== 'object' ? ` (got ${shown(e.data)})` : ''}` };
  }
}

/**
 * The one way a config file's text is read: bounded (MAX_CONFIG_BYTES), never through a symlink, no FIFO or
 * device, BOM dropped. Errors name the file as the user gave it (`shown`) and never quote its content.
 */
export function readConfigText(abs: string, shown: string): string {
  let text: string;
  try {
    text = readSmallFile(abs, MAX_CONFIG_BYTES, shown);
  } catch (e) {
    if (e instanceof SmallFileError) throw new ConfigError(e.message);
    throw e;
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Read and validate a config file. Throws ConfigError with `file:line:col: message` lines. */
export async function loadConfig(file: string, knownRules: readonly { id: string; schema?: unknown }[]): Promise<LoadedConfig> {
  const abs = path.resolve(file);
  const ext = path.extname(abs).toLowerCase();
  if (!['.json', '.yaml', '.yml'].includes(ext)) {
    throw new ConfigError(`${file}: config files are data: expected a .json, .yaml or .yml file (code such as .js is never loaded)`);
  }
  const isPackageJson = path.basename(abs) === 'package.json';
  // Comments are blanked in place: positions in messages still match the file.
  const raw = readConfigText(abs, file);
  const text = ext === '.json' && !isPackageJson ? stripJsonComments(raw) : raw;
  const at = (offset: number) => {
    const p = positionOf(text, offset);
    return `${file}:${p.line}:${p.column}`;
  };
  if (ext === '.json') {
    try {
      JSON.parse(text);
    } catch (e) {
      const msg = (e as Error).message;
      const m = /position (\d+)/.exec(msg);
      // Never the text itself (a config linked to /proc/self/environ once printed its secrets): the token only.
      throw new ConfigError(`${m ? at(Number(m[1])) : `${file}:1:1`}: invalid JSON: ${jsonErrorMessage(e).replace(/ in JSON at position \d+.*$/, '')}`);
    }
  }
  // YAML 1.2 (core schema) reads JSON too, and gives every node its offsets for error locations.
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, merge: false });
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    throw new ConfigError(`${at(err.pos[0])}: invalid YAML: ${err.message.split('\n')[0]}`);
  }
  if (isPackageJson) {
    // The config is package.json's `skillcheck` value; its nodes keep their offsets in the whole file.
    const pair = isMap(doc.contents) ? doc.contents.items.find((p) => String((p.key as { value?: unknown } | null)?.value) === PACKAGE_JSON_KEY) : undefined;
    if (!pair) throw new ConfigError(`${file}:1:1: no "${PACKAGE_JSON_KEY}" key`);
    doc.contents = pair.value as typeof doc.contents;
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: CONFIG_MAX_ALIAS_COUNT });
  } catch (e) {
    throw new ConfigError(`${file}:1:1: ${(e as Error).message}`);
  }
  if (data === null || data === undefined) data = {};
  const validate = schemaValidator('config');
  if (!validate(data)) {
    const seen = new Set<string>();
    const lines: string[] = [];
    // oneOf/anyOf wrappers repeat what their branches said. Of the branches' errors, the deepest are the most
    // specific (an enum inside the object form beats "expected a string" for the whole value), and at one
    // location the first branch's error is kept.
    const described = (validate.errors ?? []).filter((e) => !['oneOf', 'anyOf', 'if'].includes(e.keyword)).map(describe);
    const pointers = described.map((d) => d.pointer);
    const kept = described.filter((d, i) => !pointers.some((p) => p.startsWith(`${d.pointer}/`)) && pointers.indexOf(d.pointer) === i);
    for (const d of kept) {
      const r = rangeAt(doc, d.pointer, d.keyOnly);
      const line = `${r ? at(r[0]) : `${file}:1:1`}: ${d.message}`;
      if (!seen.has(line)) {
        seen.add(line);
        lines.push(line);
      }
    }
    throw new ConfigError(lines.slice(0, 10).join('\n'));
  }
  const cfg = data as ConfigFile;
  const severity: Record<string, SeverityOverride> = {};
  const ruleOptions: Record<string, Record<string, unknown>> = {};
  const ids = knownRules.map((r) => r.id);
  for (const [id, setting] of Object.entries(cfg.rules ?? {})) {
    if (!ids.includes(id)) {
      const r = rangeAt(doc, `/rules/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`, true);
      const dym = didYouMean(id, ids);
      throw new ConfigError(`${r ? at(r[0]) : `${file}:1:1`}: unknown rule "${id}"${dym ? `; did you mean "${dym}"?` : ''} (see "skillcheck rules")`);
    }
    if (typeof setting === 'string') severity[id] = setting;
    else {
      if (setting.severity) severity[id] = setting.severity;
      // A rule with meta.schema takes options (the config schema, generated from the rules, validated them).
      if (setting.options && Object.keys(setting.options).length > 0 && !knownRules.find((r) => r.id === id)?.schema) {
        const r = rangeAt(doc, `/rules/${id}/options`, true);
        throw new ConfigError(`${r ? at(r[0]) : `${file}:1:1`}: rule "${id}" takes no options; remove "options" (see rules/${id}.md)`);
      }
      if (setting.options) ruleOptions[id] = setting.options;
    }
  }
  return { file: abs, dir: path.dirname(abs), data: cfg, severity, ruleOptions };
}
