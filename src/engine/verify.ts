// The in-memory core: check one skill file given as text or bytes, without touching the file system (the seam
// ESLint's Linter#verify and markdownlint's `{ strings }` give). The path only decides what the file system would
// have decided: the layout (folder or flat file), the auto target and the trust level. Other files of the skill
// folder (references/, scripts/) may be passed in memory too. Per-skill rules run, then inline suppressions;
// project rules (duplicate names across skills, discovery limits) need a whole tree and run only in lint().

import * as path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { checkSkill, finalizeDiagnostics, ruleOptionsOf, type CheckOptions, type RuleOptions, type SeverityOverride } from './check.js';
import type { DiscoveredSkill, FolderEntry, FolderIo, Host, SkillFolder, SkillLayout } from '../core/contracts.js';
import { SKILL_FILE_NAMES } from '../core/skillfile.js';
import { checkTargets } from './input.js';
import { toPosixRelative } from '../core/display.js';
import { SIDE_FILE_BOUND } from '../core/limits.js';
import type { SkillSummary } from '../core/result.js';
import { lineText } from '../core/fingerprint.js';
import { parseSkillDocument } from '../core/parse.js';
import type { Rule, SkillInput } from '../core/rule.js';
import { folderOf } from './folder.js';
import { decodeSource } from '../core/source.js';
import { applySuppressions, inlineConfigIgnored, parseDirectives } from './suppress.js';
import { lowestTrust } from '../core/policy/tools.js';
import type { TrustMapping } from '../core/policy/trust.js';
import { maxByteLimit } from '../targets/profiles.js';
import type { AutoFacts, TargetSelection } from '../targets/resolve.js';
import type { Diagnostic } from '../core/types.js';

export interface VerifyOptions {
  /**
   * Where the file would live (POSIX; relative to `cwd`, or absolute). Default `skills/example/SKILL.md`. It decides
   * the layout as discovery does for a file named on the command line: `SKILL.md` (or `skill.md`, `Skill.md`) in a
   * folder, directly in a `skills/` folder (flat), or any other file name (a flat skill file). An `.mcp.json` outside
   * a skill folder is a unit of its own that only lint() checks; inside one, pass it in `folder`.
   */
  path?: string;
  /** The working directory display paths are relative to (default `/`). */
  cwd?: string;
  targets?: TargetSelection;
  /** Other files of the skill folder, by path relative to it (e.g. `references/api.md`): text or bytes. */
  folder?: Readonly<Record<string, string | Uint8Array>>;
  /** Machine-dependent checks; default false, and with the default host nothing is found on this machine. */
  gating?: boolean;
  /** A machine to check gating against (default: an empty machine: no binaries, no environment, no files). */
  host?: Host;
  persona?: 'default' | 'auditor';
  severity?: Record<string, SeverityOverride>;
  /** Rule set; defaults to every built-in rule. */
  rules?: readonly Rule[];
  trust?: TrustMapping;
  /** Options per rule id (each rule's meta.schema). */
  ruleOptions?: RuleOptions;
  /** Shorthand for ruleOptions['tool-ceiling'].readOnlyTools. */
  readOnlyTools?: readonly string[];
  /** Shorthand for ruleOptions.gating.openclawConfig. */
  openclawConfig?: Record<string, unknown>;
  /**
   * Bytes of the file taken into account, as lint()'s read bound (never below a target's byte limit). Default: the
   * whole input (it is in memory already), so the rules, security rules included, see every byte; a target's own
   * byte limit still applies (IronClaw rejects a file over 65,536 bytes).
   */
  readBound?: number;
  /** False: the skill's own skillcheck-disable directives are ignored (--no-inline-config). They are ignored anyway
   *  for a skill below `trusted` and with the auditor persona. */
  inlineConfig?: boolean;
  /** Fingerprints of accepted findings (a baseline): matching findings are marked suppressed. */
  baseline?: ReadonlySet<string>;
  /** The home folder trust rules such as `~/.ironclaw/...` are relative to (default: none, they never match). */
  home?: string;
  /** What `--target auto` would learn from the file system around the path (lint() looks; verify() does not):
   *  `claudePlugin` when a folder above holds a Claude Code plugin manifest. */
  autoFacts?: AutoFacts;
}

export interface VerifyResult {
  /** Findings, sorted, with inline suppressions applied (suppressed ones are marked, not dropped). */
  diagnostics: Diagnostic[];
  /** The skill under each target it was checked for, and whether that target loads it. */
  skills: SkillSummary[];
  /** The parsed inputs rules saw, one per target (for fixes and runtime views). */
  inputs: SkillInput[];
}

/** A machine with nothing on it: what gating sees in memory unless a host is given. */
export const EMPTY_HOST: Host = { which: () => false, env: () => undefined, exists: () => false, platform: 'linux', cwd: '/' };

const encoder = new TextEncoder();

/** The skill folder from memory: the same accessor as on disk (kinds, bounds, binary sniff), fed from `files`. */
function inMemoryFolder(absDir: string, files: Readonly<Record<string, string | Uint8Array>>, bound: number, display: (abs: string) => string, skillFile: string, ownsFolder: boolean): SkillFolder {
  const entries = new Map<string, FolderEntry>();
  const bytes = new Map<string, Uint8Array>();
  for (const rel of Object.keys(files).sort()) {
    const clean = path.posix.normalize(rel);
    if (clean.startsWith('../') || clean === '..' || path.posix.isAbsolute(clean)) throw new TypeError(`verify: folder file ${JSON.stringify(rel)} is not inside the skill folder`);
    const v = files[rel]!;
    const b = typeof v === 'string' ? encoder.encode(v) : v;
    bytes.set(clean, b);
    const parts = clean.split('/');
    for (let i = 1; i < parts.length; i++) {
      const d = parts.slice(0, i).join('/');
      if (!entries.has(d)) entries.set(d, { rel: d, kind: 'dir', size: 0 });
    }
    entries.set(clean, { rel: clean, kind: 'file', size: b.length });
  }
  const sorted = new Map([...entries].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)));
  const io: FolderIo = {
    list: () => ({ entries: sorted, truncated: false, cut: [] }),
    read: (rel, limit) => {
      const b = bytes.get(rel);
      if (!b) return { kind: 'error', code: 'ENOENT', message: `${rel}: not given` };
      return b.length > limit ? { kind: 'too-large', size: b.length, limit } : { kind: 'ok', size: b.length, bytes: b };
    },
    head: (rel, n) => bytes.get(rel)?.subarray(0, n) ?? null,
  };
  return folderOf(absDir, { readBound: bound, display, ownsFolder, skillFile, io });
}

/** Check one skill file in memory. Never reads or writes a file; never throws on any input text or bytes. */
export function verify(input: string | Uint8Array, options: VerifyOptions = {}): VerifyResult {
  const cwd = path.posix.resolve('/', options.cwd ?? '/');
  const absPath = path.posix.resolve(cwd, options.path ?? 'skills/example/SKILL.md');
  const absDir = path.posix.dirname(absPath);
  const display = (abs: string) => toPosixRelative(cwd, abs);
  // The layout discovery gives a file named on the command line: SKILL.md in a folder, SKILL.md directly in a
  // skills/ folder (flat), or any other file (a flat skill file).
  const layout: SkillLayout = SKILL_FILE_NAMES.includes(path.posix.basename(absPath))
    ? path.posix.basename(absDir) === 'skills' ? 'flat' : 'folder'
    : 'file';
  const d: DiscoveredSkill = { absPath, absDir, layout, root: absDir };
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  const bound = Math.max(options.readBound ?? bytes.length, maxByteLimit());
  const read: SkillInput['read'] = bytes.length > bound ? { kind: 'too-large', size: bytes.length, limit: bound } : { kind: 'ok', size: bytes.length };
  const source = read.kind === 'ok' ? decodeSource(bytes) : null;
  // Over the bound, the top of the file (where a runtime without a size limit reads the name and description)
  // comes from memory, decoded as lint() decodes the first chunk it streams; never from a file at that path.
  const head = read.kind === 'too-large' ? decodeSource(bytes.subarray(0, bound), { bom: true }) : undefined;
  const file = { read, source, doc: source ? parseSkillDocument(source) : null, ...(head ? { head } : {}) };
  const folder = inMemoryFolder(absDir, options.folder ?? {}, bound, display, path.posix.basename(absPath), layout === 'folder');
  const ruleOptions = ruleOptionsOf(options);
  const check: CheckOptions = {
    rules: options.rules ?? ALL_RULES,
    host: options.host ?? EMPTY_HOST,
    gating: options.gating ?? false,
    persona: options.persona ?? 'default',
    severity: options.severity ?? {},
    ...(ruleOptions ? { ruleOptions } : {}),
  };
  const utf8 = new TextDecoder('utf-8', { fatal: false });
  const sideFile = (rel: string): string | null => {
    const v = options.folder?.[rel];
    if (v === undefined) return null;
    const b = typeof v === 'string' ? encoder.encode(v) : v;
    return b.length > SIDE_FILE_BOUND ? null : utf8.decode(b);
  };
  const shown = display(absPath);
  const diagnostics: Diagnostic[] = [];
  const inputs: SkillInput[] = [];
  const skills: SkillSummary[] = [];
  // The same per-file core as lint() (checkTargets); side files (_meta.json, skill-card.md) come from the folder
  // files given, never from disk.
  const trustConfig = { mapping: options.trust ?? [], base: cwd, home: options.home ?? '/nonexistent-home' };
  for (const { input: skill, diagnostics: found } of checkTargets(d, file, options.targets ?? 'auto', folder, display, trustConfig, (i) => checkSkill(i, check), { side: sideFile, head: () => head ?? null }, options.autoFacts ?? {})) {
    diagnostics.push(...found);
    inputs.push(skill);
    skills.push({ name: skill.name, file: skill.file, target: skill.target, trust: skill.trust, loads: !found.some((x) => x.rejects) });
  }
  const lowest = skills.length > 0 ? lowestTrust(skills) : undefined;
  const sources = new Map(folder.files().files.map((r) => [r.file, r.source] as const));
  if (source) sources.set(shown, source);
  const inactive = new Set(check.rules.filter((r) => check.severity[r.meta.id] === 'off' || (r.meta.machineDependent && !check.gating)).map((r) => r.meta.id));
  const final = finalizeDiagnostics(
    applySuppressions(finalizeDiagnostics(diagnostics), {
      directivesOf: (f) => {
        const s = sources.get(f);
        return s ? parseDirectives(s) : [];
      },
      lineOf: (f, n) => {
        const s = sources.get(f);
        return s ? lineText(s, n) : '';
      },
      files: [...sources.keys()],
      knownRules: check.rules.map((r) => r.meta.id),
      inactiveRules: inactive,
      securityRules: new Set(check.rules.filter((r) => r.meta.category === 'security').map((r) => r.meta.id)),
      // The skill's own directives count only for a trusted skill (its lowest trust over the targets checked).
      inlineIgnored: () => inlineConfigIgnored(lowest, { ...(options.inlineConfig === false ? { inlineConfig: false } : {}), persona: check.persona }),
      ...(options.baseline ? { baseline: options.baseline } : {}),
      ...(check.severity.suppression ? { severity: check.severity.suppression } : {}),
    }),
  );
  return { diagnostics: final, skills, inputs };
}
