// One skill file, checked under each target it is checked as: the per-file core lint() and verify() share. It is
// given the file as read and the reads it may still need (side files, the head of a large file): the disk's from
// node/lint.ts, memory's from verify().

import * as path from 'node:path';
import type { DiscoveredSkill, SkillFolder } from '../core/contracts.js';
import { parseSkillDocument, type ParsedDocument } from '../core/parse.js';
import { explainTrust, trustReason, type TrustConfig, type TrustDecision } from '../core/policy/trust.js';
import { TRUST_LEVELS, trustRank } from '../core/trust.js';
import type { SkillInput } from '../core/rule.js';
import type { SourceText } from '../core/source.js';
import type { Diagnostic, TargetId, Trust } from '../core/types.js';
import { parseForTarget } from '../targets/frontmatter.js';
import { resolveSkill } from '../targets/names.js';
import { getProfile } from '../targets/profiles.js';
import { isAutoFallback, targetsFor, type AutoFacts, type TargetSelection } from '../targets/resolve.js';

/** A skill file as read: its bytes' fate, text and document, and what the per-target inputs computed from it once. */
export interface ReadFile {
  read: SkillInput['read'];
  source: SourceText | null;
  doc: ParsedDocument | null;
  /** Per-parser documents (Cuca strict, Creo lenient), computed once per file. */
  parsed?: Map<string, ParsedDocument>;
  /** Side files read for fallbacks, by path relative to the skill folder. */
  side?: Map<string, string | null>;
  /** Read through a symlinked skill file that leads inside the checked tree: the link's text. */
  viaLink?: string | null;
  /** Over the read bound: the first `bound` bytes, read once for the name and description (a runtime with no
   *  size limit reads them from the frontmatter at the top); null when it could not be read. */
  head?: SourceText | null;
}

/** Reads one skill's check may need besides the file: a side file by path relative to the skill folder (bounded;
 *  null when absent or unreadable), the first `bound` bytes of a file over the read bound, and how trust is decided. */
export interface FileReaders {
  side(rel: string): string | null;
  head(bound: number): SourceText | null;
  /** How trust is decided (default: the location rules and the mapping alone; the disk adds provenance). */
  trust?: TrustResolver;
}


/**
 * The per-file core lint() and verify() share: one rule input per target the file is checked as (`auto` detection
 * and its fallback mark included), each checked by `run`. lint() passes a file and folder read from disk (and runs
 * the shard's options and the streaming pass in `run`); verify() passes them from memory.
 */
export function checkTargets(
  d: DiscoveredSkill,
  file: ReadFile,
  targets: TargetSelection,
  folder: SkillFolder,
  display: (abs: string) => string,
  trustConfig: TrustConfig,
  run: (input: SkillInput) => Diagnostic[],
  readers: FileReaders,
  /** What `auto` knows from the file system (lint(): a Claude Code plugin manifest above the skill). */
  facts: AutoFacts = {},
): { input: SkillInput; diagnostics: Diagnostic[] }[] {
  const shown = display(d.absPath);
  const out: { input: SkillInput; diagnostics: Diagnostic[] }[] = [];
  for (const target of targetsFor(targets, d, shown, file.doc, facts)) {
    const input = skillInputFor(d, file, target, display, readers, trustConfig, folder);
    if (targets === 'auto' && isAutoFallback(target, d, shown, file.doc, facts)) input.autoFallback = true;
    out.push({ input, diagnostics: run(input) });
  }
  return out;
}

/** Build the rule input for one target, applying the target's own byte limit. */
export function skillInputFor(
  d: DiscoveredSkill,
  file: ReadFile,
  target: TargetId,
  display: (abs: string) => string,
  readers: FileReaders,
  trustConfig: TrustConfig = {},
  folder?: SkillFolder,
): SkillInput {
  const profile = getProfile(target);
  let { read, source, doc } = file;
  if (read.kind === 'ok' && profile.byteLimit !== null && read.size > profile.byteLimit) {
    read = { kind: 'too-large', size: read.size, limit: profile.byteLimit };
    source = null;
    doc = null;
  }
  if (source && doc && profile.frontmatterParser !== 'yaml') {
    file.parsed ??= new Map();
    let p = file.parsed.get(profile.frontmatterParser);
    if (!p) {
      p = parseForTarget(profile.frontmatterParser, source, doc);
      file.parsed.set(profile.frontmatterParser, p);
    }
    doc = p;
  }
  const folderName = path.basename(d.absDir);
  // Side files belong to a skill folder; a flat layout's folder is the shared root.
  const sideOk = d.layout === 'folder';
  // Over skillcheck's read bound, under the runtime's limit (or it has none): the runtime reads the name and the
  // description from the top of the file, so they come from its first bytes when the frontmatter closes there.
  let named = doc;
  if (read.kind === 'too-large' && (profile.byteLimit === null || read.size <= profile.byteLimit)) {
    if (file.head === undefined) file.head = readers.head(read.limit);
    if (file.head) {
      const h = profile.frontmatterParser !== 'yaml' ? parseForTarget(profile.frontmatterParser, file.head, parseSkillDocument(file.head)) : parseSkillDocument(file.head);
      if (!h.unterminated) named = h;
    }
  }
  const resolved = resolveSkill(profile, named, folderName, (rel) => (sideOk && read.kind === 'ok' ? readers.side(rel) : null));
  return {
    file: display(d.absPath),
    absPath: d.absPath,
    dir: display(d.absDir),
    folderName,
    layout: d.layout,
    target,
    profile,
    // On the real path (discover: the root's parent chain resolved), never the spelling or the working directory.
    ...inputTrust(d, trustConfig, display, readers.trust),
    read,
    source,
    doc,
    name: resolved.name?.value ?? null,
    resolved,
    ...(folder ? { folder } : {}),
    ...(d.tree ? { tree: d.tree } : {}),
    ...(file.viaLink !== undefined ? { viaLink: file.viaLink } : {}),
  };
}

const posixOf = (p: string) => p.split(path.sep).join('/');

/** How a run decides the trust of a skill file at a real path: the location rules and the user's mapping
 *  (explainTrust, what verify() uses), lowered on the disk by provenance (node/provenance.ts). */
export type TrustResolver = (realFile: string, config: TrustConfig) => TrustDecision;

/**
 * A skill's trust for its rule input, on its real path (never the spelling or the working directory), with the
 * reason. Reached through symlinked folders (DiscoveredSkill.via): the lowest of the trust where it really lives
 * and the trust of each link's own location, and where it lives counts as the lowest level when no rule names it
 * (outside every known root) unless the walk also found it there without a link (DiscoveredSkill.direct): then it
 * counts as what that finding gets, so a link never gives a skill more than it has found directly, nor less than the
 * lowest of that and the links' locations. The note says why, for `policy` and `hook`.
 */
export function inputTrust(
  d: DiscoveredSkill,
  trustConfig: TrustConfig,
  display: (abs: string) => string,
  decide: TrustResolver = explainTrust,
): { trust: Trust; trustBecause: string; trustNote?: string; viaDirLinks?: SkillInput['viaDirLinks'] } {
  const real = posixOf(path.join(d.realDir ?? d.absDir, path.basename(d.absPath)));
  const at = decide(real, trustConfig);
  const trustBecause = trustReason(at);
  if (!d.via || d.via.length === 0) return { trust: at.level, trustBecause };
  const outside = at.source === 'default' && d.direct !== true;
  const targetTrust = outside ? TRUST_LEVELS[0]! : at.level;
  let trust = targetTrust;
  const links = d.via.map((hop) => ({ hop, trust: decide(posixOf(path.join(hop.linkReal, path.basename(d.absPath))), trustConfig).level }));
  for (const l of links) if (trustRank(l.trust) < trustRank(trust)) trust = l.trust;
  const first = links[0]!;
  const where = outside ? `outside every known skills root (${targetTrust})` : at.source === 'default' ? `${targetTrust}, as found in the checked tree without a link` : targetTrust;
  const trustNote = `reached through symlink ${display(first.hop.link)} → ${first.hop.real}: trust ${trust} (the link's location: ${links.map((l) => l.trust).join(', ')}; where it leads: ${where})`;
  return { trust, trustBecause, trustNote, viaDirLinks: d.via.map((h) => ({ link: display(h.link), linkTarget: h.linkTarget, real: h.real })) };
}
