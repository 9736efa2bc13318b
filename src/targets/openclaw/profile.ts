// OpenClaw: IronClaw's structure (layout, YAML, name pattern, BOM/CRLF handling), OpenClaw's own gating.
// IronClaw's byte limit, activation block and token budget are IronClaw v1 facts and are not assumed here.

import type { TargetProfile } from '../../core/profile-types.js';
import { clientName, gitProvenance, npxSkillsProvenance } from '../../core/profile-types.js';
import { IRONCLAW } from '../ironclaw/profile.js';

export const OPENCLAW: TargetProfile = {
  ...IRONCLAW,
  id: 'openclaw',
  followsSkillDirLinks: true,
  skillDirLinksSource: 'measured by npm run conformance against the pinned openclaw package (edge e-symdir: a skill folder linked out of the root loads)',
  title: 'OpenClaw',
  autoPathCues: ['.openclaw'],
  // Measured against openclaw@2026.9.6 (`openclaw skills list --json`, scripts/conformance.mjs): no name
  // pattern, a YAML retry that re-quotes values holding ": ", name from the folder when missing, a required
  // description (trimmed), numbers read as text, only `SKILL.md`, dot-folders skipped, 6 levels scanned,
  // 256,000 bytes at most, invalid UTF-8 read with replacement characters, the later folder wins a collision.
  byteLimit: 256000,
  name: clientName(Number.MAX_SAFE_INTEGER),
  frontmatterParser: 'openclaw',
  // coerceYamlFrontmatterValue: a list or mapping value is its JSON text.
  structuredAsJson: true,
  nameRequired: false,
  nameSources: ['frontmatter', 'folder'],
  descriptionRequired: true,
  coercesScalars: true,
  nameTrim: true,
  blankName: 'fallback',
  // discoverSkillCandidates: `skillCandidates.toSorted((a, b) => a.name.localeCompare(b.name))`, `name` the path
  // below the root; one list for the whole root, so `x/` and `grp/x/` of one name collide.
  collisionOrder: 'locale',
  // Control characters other than tab and line breaks are removed from the description (measured: VT, ESC, DEL, NUL).
  descriptionControl: 'strip',
  collisionScope: 'root',
  descriptionWhitespace: 'trim',
  skillFileNames: ['SKILL.md'],
  skipsDotFolders: true,
  // dist/skill-root-discovery-*.mjs, discoverSkillCandidates: a folder for which hasSkillFileCandidate (an lstat of
  // `<folder>/SKILL.md`) succeeds is taken as a skill and the scan `continue`s without listing its subfolders.
  stopsAtSkillFolder: true,
  // A symlinked SKILL.md whose real path stays inside the root loads (realpath containment check).
  followsSkillFileLinks: true,
  scanDepth: 6,
  rejectsInvalidUtf8: false,
  collisionWinner: 'last',
  checkedAgainst: 'openclaw@2026.9.6',
  sources: ['openclaw@2026.9.6: `openclaw skills list --json` and dist/skill-root-discovery-*.mjs (scripts/conformance.mjs)'],
  docs: {
    layout: '`skills/**/SKILL.md`, 6 levels, no dot-folders or `node_modules`; exactly `SKILL.md`',
    naming: 'frontmatter (numbers read as text) → folder; description required, trimmed',
    facts: 'no name pattern; the description re-quoted at a YAML error; list or map values read as JSON text; a `metadata` JSON string gates; 256,000-byte limit; invalid UTF-8 read; the later of two folders with one name wins; gating from `metadata.openclaw`: `bins`, `anyBins`, `env` non-empty, `config` dot-paths in the OpenClaw config (`--openclaw-config FILE`), `os`',
  },
  versionPattern: null,
  knownFields: [
    'name',
    'description',
    'metadata',
    'homepage',
    'user-invocable',
    'disable-model-invocation',
    'command-dispatch',
    'command-tool',
    'command-arg-mode',
    'requires',
  ],
  activation: null,
  tokenBudget: null,
  rejectsEmptyBody: false,
  gating: 'openclaw',
  // openclaw@2026.9.6: resolveOpenClawManifestRequires reads bins, anyBins, env, config (os only from the block
  // itself, resolveOpenClawManifestOs); MANIFEST_KEY then LEGACY_MANIFEST_KEYS; normalizeCsvOrLooseStringList;
  // DEFAULT_CONFIG_VALUES (dist/config-*.mjs) for config paths the user's config does not set.
  gatingFacts: {
    requiresKeys: ['bins', 'anyBins', 'env', 'config'],
    metadataKeys: ['openclaw', 'clawdbot'],
    splitsCommaStrings: true,
    blankEnvIsUnset: true,
    configDefaults: { 'browser.enabled': true, 'browser.evaluateEnabled': true },
    // resolveOpenClawManifestRequires reads the lists from any object and ignores anything else (2026.9.6).
    ignoresNonMappingRequires: true,
    // parseInstallSpec (dist/frontmatter-*.mjs, 2026.9.6): kinds brew, node, go, uv, download; brew reads formula
    // then cask, node and uv package, go module, download url (http/https); an entry without its field is dropped.
    installerFields: { brew: ['formula', 'cask'], node: ['package'], uv: ['package'], go: ['module'], download: ['url'] },
  },
  catalog: { descriptionMax: null, envelope: 'plain', order: 'discovery' },
  roots: [
    { path: 'skills', trust: 'trusted' },
    { path: '.openclaw/skills', trust: 'trusted' },
  ],
  maxSkills: null,
  // ClawHub (`clawhub install <slug>`) unpacks into <workdir>/skills/<slug>, records it in
  // <workdir>/.clawhub/lock.json and writes <skill>/.clawhub/origin.json (both `.clawdhub` before the rename).
  provenance: [
    {
      kind: 'marker',
      id: 'clawhub-origin',
      files: ['.clawhub/origin.json', '.clawdhub/origin.json'],
      because: 'installed from ClawHub (its installer writes this file)',
      source: 'openclaw/clawhub packages/clawdhub/src/skills.ts (writeSkillOrigin, readSkillOrigin) at 11ffef4; docs/cli.md (install)',
    },
    ...['.clawhub/lock.json', '.clawdhub/lock.json'].map((lock) => ({
      kind: 'lockfile' as const,
      id: 'clawhub-lock',
      lock,
      anchor: 'project' as const,
      folders: ['skills'],
      key: 'skills',
      because: 'installed from ClawHub (the workdir lock lists it)',
      source: 'openclaw/clawhub packages/clawdhub/src/skills.ts (readLockfile: <workdir>/.clawhub/lock.json, `skills` keyed by slug) at 11ffef4',
    })),
    ...npxSkillsProvenance(['.agents/skills', '.openclaw/skills'], ['.agents/skills', 'skills']),
    gitProvenance(['skills', '.openclaw/skills']),
  ],
};
