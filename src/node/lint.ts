// The pipeline end to end: discover → read (bounded) → parse → check → (suppress) → result for the formatters.

// The pack rules read their packs through the source src/node/packs.ts registers when loaded.
import './packs.js';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkProject, checkSkill, finalizeDiagnostics, ruleOptionsOf, type CheckOptions, type RuleOptions, type SeverityOverride } from '../engine/check.js';
import { discover, inTreeLinkTarget, logicalCwd, realPath, type DiscoverOptions, type DiscoveredSkill, type DiscoveryEvent } from './discover.js';
import { systemHost, type Host } from './host.js';
import { locate, parseSkillDocument, type ParsedDocument } from '../core/parse.js';
import { HeldDirs, openTreeDir, readInTree, type TreePath } from './read.js';
import { PACKAGE_FILE_BOUND, skillFolder, type SkillFolder } from './skillfiles.js';
import type { ProjectSkill, Rule, SkillInput, SkillRef, Span } from '../core/rule.js';
import { slimParsedDocument } from '../core/slim.js';
import { MAX_STREAM_BYTES, streamChunks } from './stream.js';
import { decodeSource, positionAt, type SourceText } from '../core/source.js';
import { getProfile, maxByteLimit, TARGET_IDS } from '../targets/profiles.js';
import { parseForTarget } from '../targets/frontmatter.js';
import { resolveSkill } from '../targets/names.js';
import { isAutoFallback, targetsFor, type AutoFacts, type TargetSelection } from '../targets/resolve.js';
import { claudePluginLookup } from './plugins.js';
import { compileGlobs } from '../analysis/glob.js';
import { inShard, type Shard } from './shard.js';
import { applySuppressions, inlineConfigIgnored, parseDirectives, type Directive } from '../engine/suppress.js';
import { resolveTrust, trustPatternMatches, type TrustConfig, type TrustMapping } from '../core/policy/trust.js';
import { inputTrust } from '../engine/input.js';
import { skillTrust as decideTrust } from './provenance.js';
import { lineText } from '../core/fingerprint.js';
import type { Diagnostic, TargetId, Trust } from '../core/types.js';
import { highestTrust, trustRank } from '../core/trust.js';
import type { SkillSummary, LintResult } from '../core/result.js';
import type { Candidate, CheckSpec, FileDigest, FileOutcome } from './outcome.js';
import { checkTargets, skillInputFor, type FileReaders, type ReadFile as EngineReadFile } from '../engine/input.js';
import { toPosixRelative } from '../core/display.js';
import { SIDE_FILE_BOUND } from '../core/limits.js';
export { skillInputFor, toPosixRelative };

/** A skill file read from the disk: with the folders held open for its check, which its later reads go through. */
interface ReadFile extends EngineReadFile {
  held?: HeldDirs;
}

/** The disk's side-file and head reads for one file (bounded, without following symlinks). */
function diskReaders(file: ReadFile, d: DiscoveredSkill): FileReaders {
  // Trust on the disk: the location rules lowered by provenance (node/provenance.ts reads the installers' facts).
  return { side: (rel) => readSide(file, d, rel, file.held), head: (bound) => readHead(d, bound, file.held), trust: decideTrust };
}
export type { Candidate, CheckSpec, FileDigest, FileOutcome };
export type { SkillSummary, LintResult };

/** Bytes read per file when no target sets a larger limit (ARCHITECTURE.md "Resource bounds"). */
export const DEFAULT_READ_BOUND = 65536;

export interface LintOptions {
  /** Paths to check, relative to cwd or absolute. Default ['.']. */
  paths?: string[];
  cwd?: string;
  targets?: TargetSelection;
  /** Bytes read per file at most (the read bound is never below a target's byte limit). */
  readBound?: number;
  gating?: boolean;
  persona?: 'default' | 'auditor';
  severity?: Record<string, SeverityOverride>;
  host?: Host;
  /** Rule set; defaults to every built-in rule. */
  rules?: readonly Rule[];
  /** @internal Test seam: walk hooks passed to discover (tests make files vanish or change mid-run). */
  discoverHooks?: Pick<DiscoverOptions, 'beforeReaddir'>;
  /** Keep every skill's parsed input in the result (`inputs`; explain, select and --fix need them). Default true.
   *  False holds only compact summaries while the run goes on (bounded memory) and allows worker threads. */
  keepInputs?: boolean;
  /** With keepInputs: after a skill is checked, keep only the top-level scalar pairs of its YAML document
   *  (`inputs[].doc.frontmatter.doc`); data, body and source stay. `--fix` sets it. */
  slimInputs?: boolean;
  /** Worker threads that check files (default 1). Used only without keepInputs, with the built-in rules and host,
   *  without discover hooks, and from `parallelMin` skills on (1: one heap-capped worker); otherwise the files are
   *  checked in-process. The result is the same either way. */
  jobs?: number;
  /** @internal Fewest skills for which workers start (default PARALLEL_MIN_SKILLS); tests lower it. */
  parallelMin?: number;
  /** Fingerprints of accepted findings (--baseline): matching findings are marked suppressed. */
  baseline?: ReadonlySet<string>;
  /** Skill files to leave out, as globs relative to `base` (default cwd): config `ignore`; several sets may be given. */
  ignore?: IgnoreSet | readonly IgnoreSet[];
  /** Check only this shard of the skills (src/node/shard.ts). */
  shard?: Shard;
  /** Called after each skill file (for progress display). */
  onProgress?: (done: number, total: number) => void;
  /** Trust mapping (first match wins) before the built-in location rules; relative globs are relative to cwd. */
  trust?: TrustMapping;
  /** Options per rule id (each rule's meta.schema; the config file's `rules.<id>.options`). */
  ruleOptions?: RuleOptions;
  /** Shorthand for ruleOptions['tool-ceiling'].readOnlyTools: the read-only tool set; default the `default` preset. */
  readOnlyTools?: readonly string[];
  /** Shorthand for ruleOptions.gating.openclawConfig: the OpenClaw config (parsed), for gating `config` dot-paths. */
  openclawConfig?: Record<string, unknown>;
  /** Honour the skills' own `skillcheck-disable` directives (default true; false: --no-inline-config). Even when
   *  true, they are ignored in the auditor persona and in skills whose trust is below `trusted`. */
  inlineConfig?: boolean;
}

export interface IgnoreSet {
  base?: string;
  patterns: readonly string[];
}


/** The first `bound` bytes of a skill file over the bound, opened as every read is (down the tree, no symlink). */
function readHead(d: DiscoveredSkill, bound: number, held?: HeldDirs): SourceText | null {
  const opened = d.tree ? openTreeDir(d.tree, [], held) : null;
  if (opened && opened.kind !== 'dir') return null;
  let head: SourceText | null = null;
  try {
    const via = opened ? opened.dir.at(path.basename(d.absPath)) : d.absPath;
    const r = streamChunks(via, { chunkBytes: bound, overlap: 0, maxBytes: bound }, (chunk) => {
      if (chunk.index === 0) head = chunk.source;
    });
    return r.kind === 'ok' ? head : null;
  } finally {
    if (opened) opened.dir.close();
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Read a side file beside the skill file, bounded and without following symlinks; null when absent or unreadable. */
function readSide(file: ReadFile, d: DiscoveredSkill, rel: string, held?: HeldDirs): string | null {
  file.side ??= new Map();
  if (file.side.has(rel)) return file.side.get(rel)!;
  const r = readInTree(d.tree, path.join(d.absDir, rel), SIDE_FILE_BOUND, undefined, held);
  const text = r.kind === 'ok' ? utf8.decode(r.bytes) : null;
  file.side.set(rel, text);
  return text;
}

/** Read the skill file the way discovery found it: down from the root, every folder and the file compared. */
function readAndParse(d: DiscoveredSkill, bound: number, held?: HeldDirs): ReadFile {
  const r = readInTree(d.tree, d.absPath, bound, d.tree?.fileId, held);
  const on = held ? { held } : {};
  if (r.kind !== 'ok') return { read: r, source: null, doc: null, ...on };
  const source = decodeSource(r.bytes);
  return { read: { kind: 'ok', size: r.size }, source, doc: parseSkillDocument(source), ...on };
}

const posixOf = (p: string) => p.split(path.sep).join('/');

/**
 * Discovery hooks from the trust settings: a folder lowers trust when its real path resolves below the highest level
 * (the built-in `installed_skills` or a user's mapping); a runtime's root (`.claude/skills`, any target's profile) and
 * a root the mapping names are skills roots, whose symlinked folders are followed.
 */
export function trustDiscoverHooks(trustConfig: TrustConfig): Required<Pick<DiscoverOptions, 'lowersTrust' | 'isSkillsRoot'>> {
  const top = trustRank(highestTrust());
  const clientRoots = [...new Set(TARGET_IDS.flatMap((t) => getProfile(t).roots.map((r) => r.path)))].filter((r) => r.includes('/'));
  const mapping = trustConfig.mapping ?? [];
  return {
    lowersTrust: (realDir) => trustRank(resolveTrust(posixOf(realDir), trustConfig)) < top,
    isSkillsRoot: (realDir) => {
      const p = posixOf(realDir);
      if (clientRoots.some((r) => endsWithRoot(p, r))) return 'client';
      const up = posixOf(path.dirname(realDir));
      return mapping.some((rule) => trustPatternMatches(rule.path, p, trustConfig) && !trustPatternMatches(rule.path, up, trustConfig)) ? 'mapped' : null;
    },
  };
}

function endsWithRoot(posixDir: string, root: string): boolean {
  return posixDir === root || posixDir.endsWith(`/${root}`);
}

/**
 * Discovery hooks for the selected targets: flat `*.md` skills (Cerveau: always under `.crv/skills/`, and under any
 * `skills/` folder when cerveau is chosen explicitly) and loose files in roots that only take skill folders (Jern).
 */
export function targetDiscoverHooks(sel: TargetSelection): Required<Pick<DiscoverOptions, 'isFlatSkillFile' | 'isLooseFile' | 'nodeModulesInSkillsRoots'>> {
  const ids: TargetId[] = sel === 'auto' ? TARGET_IDS : sel;
  const flatRoots = ids.flatMap((t) => getProfile(t).flatRoots);
  const explicitFlat = sel !== 'auto' && ids.some((t) => getProfile(t).skillFiles === 'flat-md');
  const looseRoots = ids.flatMap((target) => getProfile(target).looseFileRoots.map((root) => ({ root, target })));
  const posix = (p: string) => p.split(path.sep).join('/');
  return {
    // Only for targets chosen by name: `auto` keeps skipping node_modules (a repository's dependencies).
    nodeModulesInSkillsRoots: sel !== 'auto' && ids.some((t) => getProfile(t).readsNodeModules),
    isFlatSkillFile: (absDir, name) =>
      name.endsWith('.md') && !name.startsWith('.') && (flatRoots.some((r) => endsWithRoot(posix(absDir), r)) || (explicitFlat && path.basename(absDir) === 'skills')),
    isLooseFile: (absDir, name) => (/\.md$/i.test(name) ? (looseRoots.find((r) => endsWithRoot(posix(absDir), r.root)) ?? null) : null),
  };
}

export async function loadDefaultRules(): Promise<readonly Rule[]> {
  const mod = await import('../../rules/index.js');
  return mod.ALL_RULES;
}

/**
 * Skills a run must have before it is split across worker threads. Each worker pays the start-up a process pays
 * (modules, JIT warm-up, pack patterns compiled by RE2: ~0.5–1 s of CPU) and adds ~30 MB, so on 2 cores 1,000
 * generated skills took longer with two workers than on one thread, the real corpus (1,363 larger skills) about
 * as long, and 10,000 skills 1.2–1.5× less (docs/decisions/0004-workers-and-jobs-auto.md).
 */
export const PARALLEL_MIN_SKILLS = 2000;
/** Skill files sent to a worker at a time. */
const WORKER_CHUNK = 16;

function digestOf(source: SourceText, diagnostics: readonly Diagnostic[], file: string, more: readonly number[] = []): FileDigest {
  const directives = parseDirectives(source);
  const wanted = new Set<number>(more);
  for (const x of diagnostics) if (x.file === file) wanted.add(x.line);
  for (const x of directives) wanted.add(x.line);
  return { directives, lines: [...wanted].map((n) => [n, lineText(source, n)]) };
}

export interface CheckContext {
  spec: CheckSpec;
  check: CheckOptions;
  /** Options for skills outside the shard: validator rules only (project rules still see them). */
  outside: CheckOptions;
  trustConfig: TrustConfig;
  display: (abs: string) => string;
  /** One lazy accessor per folder: several skills of a flat layout (and every target) share its listing. */
  folders: Map<string, SkillFolder>;
  /** Folders held open while a skill is checked (each opened once for all its reads; see HeldDirs). Holding the
   *  folders above a skill for the next one (`keepAbove`) is only for a run that closes it at its end (lint()). */
  held: HeldDirs;
  /** Whether a folder is in a repository that ships Claude Code plugins (memoized per folder; `auto` only). */
  claudePlugin: (absDir: string) => boolean;
}

export function checkContext(spec: CheckSpec, rules: readonly Rule[], host?: Host): CheckContext {
  const posix = (p: string) => p.split(path.sep).join('/');
  const baseHost = host ?? systemHost(spec.cwd);
  const check: CheckOptions = {
    rules,
    host: baseHost,
    gating: spec.gating,
    persona: spec.persona,
    severity: spec.severity,
    ...(spec.ruleOptions ? { ruleOptions: spec.ruleOptions } : {}),
  };
  return {
    spec,
    check,
    // Skills outside the shard are still read and checked by validator rules, so project rules (duplicate-name)
    // see the same skills and loads as a whole run; their findings are dropped at the end.
    outside: spec.shard ? { ...check, rules: check.rules.filter((r) => r.meta.category === 'validator') } : check,
    trustConfig: { mapping: spec.trust, base: posix(realPath(spec.cwd)), home: posix(realPath(os.homedir())) },
    display: (abs) => toPosixRelative(spec.cwd, abs),
    folders: new Map(),
    held: new HeldDirs(),
    claudePlugin: claudePluginLookup(),
  };
}

/** The compact summary project rules see: the name's position is resolved now, while the source is at hand. */
export function skillRef(input: SkillInput): SkillRef {
  let nameAt: Span | null = null;
  const fmLoc = locate(input.doc?.frontmatter ?? null, ['name']);
  const off = input.resolved?.name?.offset;
  const loc = fmLoc ?? (off !== undefined && input.name !== null ? { start: off, end: off + input.name.length } : null);
  if (loc && input.source) {
    const a = positionAt(input.source, loc.start);
    nameAt = { line: a.line, column: a.column };
    if (loc.end > loc.start) {
      const b = positionAt(input.source, loc.end);
      nameAt.endLine = b.line;
      nameAt.endColumn = b.column;
    }
  }
  return {
    file: input.file,
    target: input.target,
    trust: input.trust,
    ...(input.trustNote !== undefined ? { trustNote: input.trustNote } : {}),
    ...(input.trustBecause !== undefined ? { trustBecause: input.trustBecause } : {}),
    name: input.name,
    ...(input.resolved ? { resolved: input.resolved } : {}),
    nameAt,
    readOk: input.read.kind === 'ok',
  };
}

/**
 * Run the security rules over a skill file too large to read whole, chunk by chunk (src/node/stream.ts), and note on
 * the input how much was scanned (file-too-large reports it). Findings carry whole-file positions; fixes are
 * dropped (their offsets are a chunk's), and inline directives of such a file are not read.
 */
function streamSecurity(d: DiscoveredSkill, input: SkillInput, opts: CheckOptions, chunkBytes: number, folder: SkillFolder, held?: HeldDirs): Diagnostic[] {
  const rules = opts.rules.filter((r) => r.meta.category === 'security');
  const out: Diagnostic[] = [];
  if (rules.length === 0) return out; // no security rule runs here (a skill outside the shard): nothing to stream
  // references/ files are the folder's, checked once (with the first chunk); later chunks see only the listing.
  const listingOnly: SkillFolder = { absDir: folder.absDir, dir: folder.dir, listing: () => folder.listing(), files: () => ({ files: [], unscanned: [] }), references: () => [] };
  // Opened as every read is: down the tree discovery walked, never through a symlink (src/node/read.ts).
  const opened = d.tree ? openTreeDir(d.tree, [], held) : null;
  if (opened && opened.kind !== 'dir') {
    input.streamed = { scanned: 0, failed: 'the folder changed since it was found' };
    return out;
  }
  const via = opened ? opened.dir.at(path.basename(d.absPath)) : d.absPath;
  let r: ReturnType<typeof streamChunks>;
  try {
    r = streamChunks(via, { chunkBytes, maxBytes: MAX_STREAM_BYTES }, (chunk) => {
    const src = chunk.source;
    let doc: ParsedDocument = chunk.index === 0 ? parseSkillDocument(src) : { frontmatter: null, unterminated: false, body: src.normalized, bodyOffset: 0 };
    if (chunk.index === 0 && input.profile.frontmatterParser !== 'yaml') doc = parseForTarget(input.profile.frontmatterParser, src, doc);
    const part: SkillInput = { ...input, read: { kind: 'ok', size: src.byteLength }, source: src, doc, folder: chunk.index === 0 ? folder : listingOnly };
    const from = positionAt(src, chunk.ownStart);
    const to = positionAt(src, chunk.ownEnd);
    const before = (l: number, c: number, x: { line: number; column: number }) => l < x.line || (l === x.line && c < x.column);
    for (const x of checkSkill(part, { ...opts, rules })) {
      if (x.file !== input.file) {
        out.push(x);
        continue;
      }
      if (before(x.line, x.column, from) || !before(x.line, x.column, to)) continue; // another chunk's
      const col = (l: number, c: number) => (l === 1 ? chunk.column + c - 1 : c);
      const y: Diagnostic = { ...x, line: chunk.line + x.line - 1, column: col(x.line, x.column) };
      if (x.endLine !== undefined && x.endColumn !== undefined) {
        y.endLine = chunk.line + x.endLine - 1;
        y.endColumn = col(x.endLine, x.endColumn);
      }
      delete y.fix;
      out.push(y);
    }
    });
  } finally {
    opened?.dir.close();
  }
  input.streamed = r.kind === 'ok' ? { scanned: r.scanned } : { scanned: 0, failed: r.kind === 'error' ? r.message : r.kind };
  return out;
}

/**
 * Read, parse and check one skill file under each of its targets. `copy: false` skips copying the outcome when the
 * caller copies it anyway (a worker's postMessage).
 */
export function checkCandidate(c: Candidate, ctx: CheckContext, copy = true): FileOutcome {
  ctx.held.begin();
  try {
    return checkHeld(c, ctx, copy);
  } finally {
    ctx.held.end(c.linked?.tree ?? c.d.tree);
  }
}

function checkHeld({ d, symlink, linked }: Candidate, ctx: CheckContext, copy: boolean): FileOutcome {
  const { spec, display } = ctx;
  const held = ctx.held;
  if (d.layout === 'mcp' && !(symlink && symlink.kind === 'symlink')) return checkMcpUnit(d, ctx, copy);
  // A link to a file inside the checked tree: that file is read (as its own path would be) in the link's place.
  const file: ReadFile =
    symlink && symlink.kind === 'symlink'
      ? linked
        ? { ...readAndParse({ ...d, absPath: linked.real, tree: linked.tree }, spec.bound, held), viaLink: symlink.linkTarget }
        : { read: { kind: 'symlink-skipped', linkTarget: symlink.linkTarget }, source: null, doc: null }
      : readAndParse(d, spec.bound, held);
  let folder = ctx.folders.get(d.absDir);
  if (!folder) ctx.folders.set(d.absDir, (folder = skillFolder(d.absDir, { readBound: spec.bound, display, ownsFolder: d.layout === 'folder', skillFile: path.basename(d.absPath), ...(d.tree ? { tree: d.tree } : {}), held })));
  const shown = display(d.absPath);
  const diagnostics: Diagnostic[] = [];
  const skills: ProjectSkill[] = [];
  const inputs: SkillInput[] = [];
  let streamed = false;
  const checked = checkTargets(d, file, spec.targets, folder, display, ctx.trustConfig, (input) => {
    const opts = inShard(input.file, spec.shard) ? ctx.check : ctx.outside;
    // Over the read bound, and the target does not reject it: the security rules still run over the whole file.
    const extra = input.read.kind === 'too-large' && (input.profile.byteLimit === null || input.read.size <= input.profile.byteLimit) ? streamSecurity(d, input, opts, spec.bound, folder, held) : [];
    if (input.streamed) streamed = true;
    return [...checkSkill(input, opts), ...extra];
  }, diskReaders(file, d), spec.targets === 'auto' ? { claudePlugin: ctx.claudePlugin(d.absDir) } : {});
  for (const { input, diagnostics: diags } of checked) {
    diagnostics.push(...diags);
    skills.push({ input: skillRef(input), loads: !diags.some((x) => x.rejects) });
    if (spec.keepInputs) inputs.push(input);
  }
  const digest = file.source ? digestOf(file.source, diagnostics, shown, skills.flatMap((s) => (s.input.nameAt ? [s.input.nameAt.line] : []))) : null;
  // Findings in the package's other files: their directives and line texts too (the folder already read them).
  const others = otherDigests(folder, diagnostics, shown);
  if (spec.keepInputs && spec.slimInputs) slimParsedDocument(file.doc); // only kept inputs outlive the file
  // Drop the folder accessor once its last skill is done (flat layouts: skills of one folder are adjacent).
  if (d.layout === 'folder') ctx.folders.delete(d.absDir);
  const outcome: FileOutcome = { file: shown, diagnostics, skills, digest, ...(others ? { others } : {}), read: file.read.kind === 'ok' || streamed };
  if (spec.keepInputs) return { ...outcome, inputs };
  // What outlives the file is copied: substrings (line texts, names, quoted matches) would otherwise keep the
  // whole source text alive through V8's sliced strings (10,000 skills held ~140 MB that way).
  return copy ? structuredClone(outcome) : outcome;
}

/** Digests of the package files (not `shown`) that have findings. */
function otherDigests(folder: SkillFolder, diagnostics: readonly Diagnostic[], shown: string | null): [string, FileDigest][] | undefined {
  const elsewhere = new Set(diagnostics.filter((x) => x.file !== shown).map((x) => x.file));
  if (elsewhere.size === 0) return undefined;
  const others: [string, FileDigest][] = [];
  for (const f of folder.files().files) if (elsewhere.has(f.file)) others.push([f.file, digestOf(f.source, diagnostics, f.file)]);
  return others;
}

/**
 * An `.mcp.json` found outside any skill folder (discover.ts): one unit whose only file is that JSON. Only the
 * security rules run (it has no frontmatter, name or body to validate), over the file as a package file of kind
 * `json`, under one target (the first selected, agentskills under auto): MCP configuration is not runtime-specific.
 */
function checkMcpUnit(d: DiscoveredSkill, ctx: CheckContext, copy: boolean): FileOutcome {
  const { spec, display } = ctx;
  const shown = display(d.absPath);
  const folder = skillFolder(d.absDir, { readBound: spec.bound, display, ownsFolder: false, only: [path.basename(d.absPath)], ...(d.tree ? { tree: d.tree } : {}), held: ctx.held });
  const target: TargetId = spec.targets === 'auto' ? 'agentskills' : (spec.targets[0] ?? 'agentskills');
  const pkg = folder.files();
  const read: SkillInput['read'] = pkg.files.length > 0 ? { kind: 'ok', size: pkg.files[0]!.source.byteLength } : readMcpFailure(d, spec.bound, ctx.held);
  const input: SkillInput = {
    file: shown,
    absPath: d.absPath,
    dir: display(d.absDir),
    folderName: path.basename(d.absDir),
    layout: 'mcp',
    target,
    profile: getProfile(target),
    // On the real path, as for skills (skillInputFor).
    ...inputTrust(d, ctx.trustConfig, display, decideTrust),
    read,
    source: null,
    doc: null,
    name: null,
    folder,
  };
  const opts = inShard(shown, spec.shard) ? ctx.check : ctx.outside;
  const diagnostics = checkSkill(input, { ...opts, rules: opts.rules.filter((r) => r.meta.category === 'security' || r.meta.id === 'read-error') });
  const own = pkg.files[0];
  const digest = own ? digestOf(own.source, diagnostics, shown) : null;
  const outcome: FileOutcome = { file: shown, diagnostics, skills: [], digest, read: read.kind === 'ok' };
  // Not kept as an input: explain, select and --fix work on skills; an MCP unit has no frontmatter to show or fix.
  if (spec.keepInputs) return { ...outcome, inputs: [] };
  return copy ? structuredClone(outcome) : outcome;
}

/** Why an `.mcp.json` unit's file was not read (the package reader skips quietly what rules report). */
function readMcpFailure(d: DiscoveredSkill, bound: number, held: HeldDirs): SkillInput['read'] {
  const r = readInTree(d.tree, d.absPath, Math.max(bound, PACKAGE_FILE_BOUND), undefined, held);
  if (r.kind === 'ok') return { kind: 'error', code: 'EBINARY', message: 'not a text file' };
  return r;
}

/** Whether an absolute path is left out by the ignore sets (each relative to its base, default cwd); null: none. */
export function ignoreMatcher(ignore: LintOptions['ignore'], cwd: string): ((absPath: string) => boolean) | null {
  const sets = (ignore === undefined ? [] : Array.isArray(ignore) ? (ignore as readonly IgnoreSet[]) : [ignore as IgnoreSet]).filter((x) => x.patterns.length > 0);
  if (sets.length === 0) return null;
  const compiled = sets.map((set) => ({ base: path.resolve(cwd, set.base ?? '.'), match: compileGlobs(set.patterns) }));
  return (absPath) => compiled.some(({ base, match }) => match(toPosixRelative(base, absPath)));
}

export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const display = (abs: string) => toPosixRelative(cwd, abs);
  const given = options.paths && options.paths.length > 0 ? options.paths : ['.'];
  const paths = given.map((p) => path.resolve(cwd, p));
  const targetSel = options.targets ?? 'auto';
  const ruleOptions = ruleOptionsOf(options);
  const spec: CheckSpec = {
    cwd,
    targets: targetSel,
    bound: Math.max(options.readBound ?? DEFAULT_READ_BOUND, maxByteLimit()),
    gating: options.gating ?? true,
    persona: options.persona ?? 'default',
    severity: options.severity ?? {},
    trust: options.trust ?? [],
    ...(ruleOptions ? { ruleOptions } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
    keepInputs: options.keepInputs ?? true,
    slimInputs: options.slimInputs ?? false,
  };
  const rules = options.rules ?? (await loadDefaultRules());
  const ctx = checkContext(spec, rules, options.host);
  const check = ctx.check;

  // Run in the process's own folder: the shell's spelling of it ($PWD) may show a linked installed_skills on the way.
  const logical = cwd === process.cwd() ? logicalCwd(cwd) : null;
  const logicalPaths = logical ? paths.map((p) => (p === cwd || p.startsWith(cwd + path.sep) ? path.join(logical, path.relative(cwd, p)) : null)) : undefined;
  const found = discover(paths, { ...targetDiscoverHooks(targetSel), ...trustDiscoverHooks(ctx.trustConfig), ...options.discoverHooks, ...(logicalPaths ? { logicalPaths } : {}) });
  let candidates: Candidate[] = found.skills.map((d) => ({ d, symlink: null }));
  for (const ev of found.events) {
    if (ev.kind === 'symlink' && ev.role === 'skill-file') {
      const absDir = path.dirname(ev.absPath);
      const linked = inTreeLinkTarget(ev.absPath, paths);
      candidates.push({ d: { absPath: ev.absPath, absDir, layout: path.basename(absDir) === 'skills' ? 'flat' : 'folder', root: absDir, ...(ev.realDir ? { realDir: ev.realDir } : {}) }, symlink: ev, ...(linked ? { linked } : {}) });
    }
  }
  const ignored = ignoreMatcher(options.ignore, cwd);
  if (ignored) candidates = candidates.filter(({ d }) => !ignored(d.absPath));
  // Sort by display path, computed once per candidate (path.relative in the comparator cost 4% of a 10k-skill run).
  const sortKey = new Map(candidates.map((c) => [c, display(c.d.absPath)]));
  candidates.sort((a, b) => (sortKey.get(a)! < sortKey.get(b)! ? -1 : sortKey.get(a)! > sortKey.get(b)! ? 1 : 0));

  // Worker threads only where they cannot change the result: built-in rules and host (a worker rebuilds them
  // from the spec), no test hooks, no inputs to hand back, and enough skills to pay for starting them. `jobs: 1`
  // on such a run is one worker too: its heap is capped, where this thread's old and young generations would grow
  // with the run (10,000 skills: 270 MB peak RSS in this thread, see docs/decisions/0004-workers-and-jobs-auto.md).
  const jobs = Math.max(1, Math.floor(options.jobs ?? 1));
  const parallel = !spec.keepInputs && !options.rules && !options.host && !options.discoverHooks && candidates.length >= (options.parallelMin ?? PARALLEL_MIN_SKILLS);
  let done = 0;
  const progress = () => options.onProgress?.(++done, candidates.length);
  // The folders above each skill (the root, `skills/`) are held for the next skill too, and closed when the run is
  // done: candidates are in path order, so neighbours share them (a worker's context closes all per skill).
  ctx.held = new HeldDirs(true);
  let outcomes: FileOutcome[];
  try {
    outcomes = parallel
      ? await (await import('./parallel.js')).checkInWorkers(spec, candidates, Math.min(jobs, Math.ceil(candidates.length / WORKER_CHUNK)), WORKER_CHUNK, progress, (c) => checkCandidate(c, ctx))
      : candidates.map((c) => {
          const o = checkCandidate(c, ctx);
          progress();
          return o;
        });
  } finally {
    ctx.held.close();
  }

  const diagnostics: Diagnostic[] = [];
  const projectSkills: ProjectSkill[] = [];
  const inputs: SkillInput[] = [];
  const digests = new Map<string, FileDigest | null>();
  /** The skill file a references/ file's findings belong to (for shards). */
  const owner = new Map<string, string>();
  let files = 0;
  for (const o of outcomes) {
    diagnostics.push(...o.diagnostics);
    projectSkills.push(...o.skills);
    if (o.inputs) inputs.push(...o.inputs);
    if (!digests.has(o.file)) digests.set(o.file, o.digest);
    for (const [f, dg] of o.others ?? []) if (!digests.has(f)) digests.set(f, dg);
    for (const x of o.diagnostics) if (x.file !== o.file && !owner.has(x.file)) owner.set(x.file, o.file);
    if (o.read) files++;
  }
  diagnostics.push(...checkProject(projectSkills, found.events, display, check));
  const lineMaps = new Map<string, Map<number, string>>();
  const lineOf = (f: string, line: number): string => {
    let m = lineMaps.get(f);
    if (!m) lineMaps.set(f, (m = new Map(digests.get(f)?.lines ?? [])));
    return m.get(line) ?? '';
  };
  const inactive = new Set(check.rules.filter((r) => check.severity[r.meta.id] === 'off' || (r.meta.machineDependent && !check.gating)).map((r) => r.meta.id));
  // A finding in a references/ file belongs to its skill's shard: only that shard ran the rules that find it.
  const mine = (file: string) => inShard(owner.get(file) ?? file, options.shard);
  // Inline directives are the skill's own words: honoured only for trusted skills, outside the auditor persona,
  // and unless --no-inline-config. A references/ file goes with its skill; a file of no known skill is not trusted.
  const trustOf = new Map<string, Trust>();
  for (const s of projectSkills) if (!trustOf.has(s.input.file) || trustRank(s.input.trust) < trustRank(trustOf.get(s.input.file)!)) trustOf.set(s.input.file, s.input.trust);
  const inlineIgnored = (file: string): string | null =>
    inlineConfigIgnored(trustOf.get(owner.get(file) ?? file), { ...(options.inlineConfig === false ? { inlineConfig: false } : {}), persona: spec.persona });
  const securityRules = check.rules.filter((r) => r.meta.category === 'security').map((r) => r.meta.id);
  const final = finalizeDiagnostics(
    applySuppressions(
      finalizeDiagnostics(diagnostics).filter((x) => mine(x.file)),
      {
        directivesOf: (f) => digests.get(f)?.directives ?? [],
        lineOf,
        files: [...digests.keys()].filter(mine),
        knownRules: check.rules.map((r) => r.meta.id),
        securityRules: new Set(securityRules),
        inlineIgnored,
        inactiveRules: inactive,
        ...(options.baseline ? { baseline: options.baseline } : {}),
        ...(check.severity.suppression ? { severity: check.severity.suppression } : {}),
      },
    ),
  );
  const keep = projectSkills.map((s) => !options.shard || mine(s.input.file));
  const shown = projectSkills.filter((_, i) => keep[i]);
  // Project rules (duplicate-name) can also decide that a skill is not loaded.
  const rejected = new Set(final.filter((x) => x.rejects).map((x) => `${x.file}\0${x.target ?? ''}`));
  return {
    skills: shown.map((s) => ({
      name: s.input.name,
      file: s.input.file,
      target: s.input.target,
      trust: s.input.trust,
      ...(s.input.trustBecause !== undefined ? { trustBecause: s.input.trustBecause } : {}),
      loads: s.loads && !rejected.has(`${s.input.file}\0${s.input.target}`),
      ...(s.input.trustNote !== undefined ? { trustNote: s.input.trustNote } : {}),
    })),
    diagnostics: final,
    files: options.shard ? new Set(shown.filter((s) => s.input.readOk).map((s) => s.input.file)).size : files,
    missing: found.missing.map((abs) => given[paths.indexOf(abs)] ?? display(abs)),
    inputs: spec.keepInputs ? inputs.filter((_, i) => keep[i]) : [],
    securityRules,
  };
}
