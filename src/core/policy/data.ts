// Policy data (src/core/policy/policy-data.json): read-only presets, network and shell tools, ceilings per trust
// level, built-in location rules. Loaded once, checked, frozen; code never lists a tool name itself.

import { createRequire } from 'node:module';
import { TRUST_LEVELS, isTrust } from '../trust.js';
import type { Trust } from '../types.js';

/** What the tool list is cut to for a trust level: everything, the read-only set, or nothing. */
export type Ceiling = 'all' | 'read-only' | 'none';
export const CEILINGS: readonly Ceiling[] = ['all', 'read-only', 'none'];

export interface ReadOnlyPreset {
  description: string;
  tools: readonly string[];
}

export interface LocationRule {
  /** Glob (src/core/policy/glob.ts); `~/` is the home folder; other relative patterns match anywhere via `**`. */
  path: string;
  level: Trust;
  because: string;
}

export interface PolicyData {
  defaultPreset: string;
  presets: Readonly<Record<string, ReadOnlyPreset>>;
  /** Tools that reach the network: in a read-only set they are an exfiltration channel. */
  networkTools: readonly string[];
  /** Tools that give shell access (tool-ceiling: info for a trusted skill). */
  shellTools: readonly string[];
  ceilings: Readonly<Record<Trust, Ceiling>>;
  /** Built-in location rules, first match wins, after the user's mapping. */
  locations: readonly LocationRule[];
  /** Level of a path no rule matches. */
  defaultTrust: Trust;
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string' && x !== '');
}

/** Check the data file's shape; throws naming the first problem (a broken data file must not load). */
export function checkPolicyData(raw: unknown): PolicyData {
  const fail = (what: string): never => {
    throw new Error(`policy data: ${what}`);
  };
  if (!raw || typeof raw !== 'object') fail('not an object');
  const d = raw as Record<string, unknown>;
  const presets = d.presets as Record<string, unknown> | undefined;
  if (!presets || typeof presets !== 'object') fail('"presets" missing');
  for (const [name, p] of Object.entries(presets!)) {
    const pr = p as Record<string, unknown>;
    if (!pr || typeof pr.description !== 'string' || !isStringList(pr.tools)) fail(`preset "${name}" needs a description and a list of tool names`);
  }
  if (typeof d.defaultPreset !== 'string' || !Object.prototype.hasOwnProperty.call(presets, d.defaultPreset)) fail('"defaultPreset" is not a preset');
  if (!isStringList(d.networkTools)) fail('"networkTools" is not a list of names');
  // The default read-only set is what an installed skill keeps when nobody chose: a network tool there sends what
  // the skill read out of the machine (WebFetch did so under the read-only ceiling in Claude Code 2.1.332).
  const net = ((presets![d.defaultPreset as string] as ReadOnlyPreset).tools).filter((t) => (d.networkTools as string[]).includes(t));
  if (net.length > 0) fail(`the default preset "${d.defaultPreset as string}" holds the network tool${net.length > 1 ? 's' : ''} ${net.join(', ')}; name a preset that wants one`);
  if (!isStringList(d.shellTools)) fail('"shellTools" is not a list of names');
  const ceilings = d.ceilings as Record<string, unknown> | undefined;
  if (!ceilings || typeof ceilings !== 'object') fail('"ceilings" missing');
  for (const level of TRUST_LEVELS) {
    if (!CEILINGS.includes(ceilings![level] as Ceiling)) fail(`"ceilings.${level}" must be one of ${CEILINGS.join(', ')}`);
  }
  if (!Array.isArray(d.locations)) fail('"locations" is not a list');
  for (const [i, l] of (d.locations as unknown[]).entries()) {
    const r = l as Record<string, unknown>;
    if (!r || typeof r.path !== 'string' || !isTrust(r.level) || typeof r.because !== 'string') fail(`locations[${i}] needs path, level, because`);
  }
  if (!isTrust(d.defaultTrust)) fail('"defaultTrust" is not a trust level');
  return d as unknown as PolicyData;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o as object)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

const load = createRequire(import.meta.url);

/** The shipped policy data, checked and frozen. */
export const POLICY_DATA: PolicyData = deepFreeze(checkPolicyData(load('./policy-data.json')));

/** Names of the read-only presets (`--preset`). */
export const PRESET_NAMES: readonly string[] = Object.freeze(Object.keys(POLICY_DATA.presets));
