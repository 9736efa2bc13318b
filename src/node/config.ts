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
import { TRUST_LEVELS } from '../core/trust.js';
import { POLICY_DATA } from '../core/policy/data.js';
import { normalizeTrustPattern, rebaseTrustMapping, type TrustMapping, type TrustRule } from '../core/policy/trust.js';
import { toolPolicy, toolPolicyFromConfig, type ToolPolicy } from '../core/policy/tools.js';
import { realPath } from './discover.js';

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
  /** Where it came from (set by the resolver; a bare loadConfig result has none and counts as explicit). */
  origin?: ConfigOrigin;
  /** Trust and read-only tools after weighing every config read with this one (configPrivileges). */
  privileges?: Privileges;
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

// ---------------------------------------------------------------------------------------------------------------
// Where a config comes from decides what it may change (docs/configuration.md, "What a repository config can
// change"). Trust and the read-only tool set are privileges: only the user's own config or a config named on the
// command line may raise them. A config found upward from the working directory belongs to the repository there,
// which may be a clone of someone else's work: it may lower trust and narrow the read-only set, never the reverse.

/** Where a loaded config came from. */
export type ConfigOrigin = 'explicit' | 'user' | 'repository';

/** File names of the user's own config, in its folder (userConfigDir). */
export const USER_CONFIG_NAMES: readonly string[] = ['config.json', 'config.yaml', 'config.yml'];

/** The keys the user config is read for: the privileges. The others belong to a project's config or the command line. */
export const PRIVILEGE_KEYS: readonly (keyof ConfigFile)[] = ['trust', 'policy'];

/**
 * The user's config folder, from the environment only (a test or a hook sets it; nothing is guessed):
 * `$XDG_CONFIG_HOME/skillcheck` when that is an absolute path, else `$HOME/.config/skillcheck`; on Windows
 * `%APPDATA%\skillcheck`. Null when the environment names no home.
 */
export function userConfigDir(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | null {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg !== undefined && path.isAbsolute(xdg)) return path.join(xdg, 'skillcheck');
  if (platform === 'win32' && env.APPDATA !== undefined && path.isAbsolute(env.APPDATA)) return path.join(env.APPDATA, 'skillcheck');
  const home = env.HOME ?? (platform === 'win32' ? env.USERPROFILE : undefined);
  return home !== undefined && path.isAbsolute(home) ? path.join(home, '.config', 'skillcheck') : null;
}

/** The user's config file, or null. Two in the folder is an error (as for a project's config). */
export function findUserConfig(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): string | null {
  const dir = userConfigDir(env, platform);
  if (dir === null) return null;
  const here = USER_CONFIG_NAMES.filter((n) => isFileAt(path.join(dir, n)));
  if (here.length > 1) throw new ConfigError(`${path.join(dir, here[0]!)}: found ${here.join(' and ')} in one folder; keep one config file`);
  return here.length === 1 ? path.join(dir, here[0]!) : null;
}

/** Trust and read-only tools once every config's origin has been weighed. */
export interface Privileges {
  /** The trust mapping, every pattern absolute (rebased on its file's folder): a repository's lowering rules first. */
  trust?: TrustMapping;
  /** The read-only set's section from the user's config or the explicit one (undefined: the default preset). */
  policy?: ConfigFile['policy'];
  /** A repository config's read-only set: the effective set is cut to the tools it names. */
  narrowTo?: { file: string; key: string; tools: readonly string[] };
  /** What was ignored and why, one line each, naming the file and the key. */
  notices: string[];
}

/** Where a user-config or repository pattern is anchored (`/…` and `~/…` stay; see docs/configuration.md). */
function rebaseFor(mapping: TrustMapping, dir: string, origin: ConfigOrigin): TrustMapping {
  const base = realPath(dir).split(path.sep).join('/');
  if (origin !== 'user') return rebaseTrustMapping(mapping, base);
  // In the user's config a pattern that starts with `**` matches anywhere; another relative one is below the home.
  return mapping.map((r) => {
    const pat = normalizeTrustPattern(r.path);
    return pat.startsWith('**') ? { path: pat, level: r.level } : rebaseTrustMapping([r], base)[0]!;
  });
}

function presetTools(section: ConfigFile['policy']): readonly string[] | null {
  if (section?.readOnlyTools) return section.readOnlyTools;
  if (section?.preset !== undefined) return Object.prototype.hasOwnProperty.call(POLICY_DATA.presets, section.preset) ? POLICY_DATA.presets[section.preset]!.tools : null;
  return null;
}

/**
 * Weigh the configs by origin. `explicit` (--config) and `user` may set any trust level and read-only set; the
 * explicit one replaces the user's. A `repository` config keeps only trust rules at the lowest level (they go
 * first: the lowest level wins, so they can only lower) and its read-only set only cuts the effective one; every
 * rule or tool it could not apply is named in a notice. `home` anchors the user config's relative patterns.
 */
export function configPrivileges(layers: { explicit?: LoadedConfig | null; user?: LoadedConfig | null; repository?: LoadedConfig | null }, home?: string): Privileges {
  const notices: string[] = [];
  const owner = layers.explicit ?? layers.user ?? null;
  const ownerOrigin: ConfigOrigin = layers.explicit ? 'explicit' : 'user';
  if (layers.user && !layers.explicit) {
    const other = Object.keys(layers.user.data).filter((k) => k !== '$schema' && !(PRIVILEGE_KEYS as readonly string[]).includes(k));
    if (other.length > 0) notices.push(`${layers.user.file}: ${other.map((k) => `"${k}"`).join(', ')} ignored: the user config holds trust and policy only (put the rest in a project config or on the command line)`);
  }
  const trust: TrustRule[] = [];
  const repo = layers.repository ?? null;
  const lowest = TRUST_LEVELS[0]!;
  if (repo?.data.trust) {
    const kept: TrustRule[] = [];
    repo.data.trust.forEach((r, i) => {
      if (r.level === lowest) kept.push(r);
      else notices.push(`${repo.file}: "trust[${i}]" (${JSON.stringify(r.path)} → ${r.level}) ignored: a repository config can only lower trust (to ${lowest}); a level above it belongs in the user config or a --config file`);
    });
    trust.push(...rebaseFor(kept, repo.dir, 'repository'));
  }
  if (owner?.data.trust) trust.push(...rebaseFor(owner.data.trust, ownerOrigin === 'user' && home !== undefined ? home : owner.dir, ownerOrigin));
  const out: Privileges = { notices };
  if (trust.length > 0) out.trust = trust;
  if (owner?.data.policy) out.policy = owner.data.policy;
  if (repo?.data.policy) {
    const tools = presetTools(repo.data.policy);
    const key = repo.data.policy.readOnlyTools ? 'policy.readOnlyTools' : 'policy.preset';
    if (tools === null) notices.push(`${repo.file}: "${key}" ignored: unknown preset`);
    else out.narrowTo = { file: repo.file, key, tools };
  }
  return out;
}

/**
 * The read-only set: `--preset` (cliPreset), else the user's or explicit config's, else the default preset; then
 * cut to a repository config's set. Tools the repository named outside the set are not added (a notice says so).
 */
export function effectiveToolPolicy(priv: Privileges | undefined, cliPreset?: string): { policy: ToolPolicy; notices: string[] } {
  const base = cliPreset !== undefined ? toolPolicy(cliPreset) : toolPolicyFromConfig(priv?.policy);
  const narrow = priv?.narrowTo;
  if (!narrow) return { policy: base, notices: [] };
  const allowed = new Set(narrow.tools);
  const kept = base.readOnlyTools.filter((t) => allowed.has(t));
  const have = new Set(base.readOnlyTools);
  const extra = [...new Set(narrow.tools.filter((t) => !have.has(t)))];
  const source = cliPreset !== undefined ? `--preset ${cliPreset}` : base.preset === null ? 'the user config' : `preset "${base.preset}"`;
  const notices = extra.length === 0 ? [] : [
    `${narrow.file}: "${narrow.key}" names ${extra.join(', ')}, outside the read-only set (${source}): not added; a repository config can only narrow the set (a wider one belongs in the user config, a --config file or --preset)`,
  ];
  const same = kept.length === base.readOnlyTools.length;
  return { policy: { preset: same ? base.preset : null, readOnlyTools: kept }, notices };
}
