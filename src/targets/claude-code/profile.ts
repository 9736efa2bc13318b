// The three clients below were measured with `npm run conformance` (scripts/conformance.mjs) against the pinned
// packages; the facts come from their own loaders' answers and code (docs/conformance.md lists the remaining
// differences with the code that explains each).

import type { TargetProfile } from '../../core/profile-types.js';
import { BASE, clientName, gitProvenance, npxSkillsProvenance } from '../../core/profile-types.js';

/** Claude Code 2.1.332 (@anthropic-ai/claude-code): project skills are `.claude/skills/<name>/SKILL.md`, one level. */
export const CLAUDE_CODE: TargetProfile = {
  ...BASE,
  id: 'claude-code',
  followsSkillDirLinks: true,
  skillDirLinksSource: '@anthropic-ai/claude-code@2.1.332: the skills folder loader keeps entries that are `isDirectory() || isSymbolicLink()` (bundled cli); measured by npm run conformance (edge e-symdir)',
  title: 'Claude Code',
  autoPathCues: ['.claude'],
  // A YAML error is retried with colon-holding values quoted; a frontmatter that still fails (or is missing,
  // or never closed) is dropped and the skill loads with the folder name and the first line of the body.
  frontmatterParser: 'yaml-lenient-first-dashes',
  frontmatterFailure: 'fallback',
  frontmatterRequired: false,
  nameRequired: false,
  descriptionRequired: false,
  nameSources: ['frontmatter', 'folder'],
  // `GIe(m.description) ?? Ize(content, "Skill")`: the first non-blank line (a heading's text), cut at 100, else "Skill".
  descriptionSources: ['frontmatter', 'first-line', 'default'],
  defaultDescription: 'Skill',
  firstLineMax: 100,
  coercesScalars: true,
  // `Lyn`: String() of any name that is not null; the loader trims it and names a blank one from the folder.
  nameStringified: true,
  nameTrim: true,
  blankName: 'fallback',
  // Control characters in a description are shown as spaces (measured: BEL, VT, DEL, a tab).
  descriptionControl: 'space',
  // A SKILL.md of 1,000,001 bytes is not listed; 1,000,000 is (measured).
  byteLimit: 1_000_000,
  byteLimitBySize: true,
  descriptionWhitespace: 'trim-lines',
  escapesAngleBrackets: true,
  followsSkillFileLinks: true,
  name: clientName(Number.MAX_SAFE_INTEGER),
  skillFileNames: ['SKILL.md'],
  knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools', 'argument-hint', 'disable-model-invocation', 'user-invocable', 'model', 'when_to_use', 'version', 'hooks', 'context', 'agent', 'effort', 'paths', 'shell'],
  normalizesLineEndings: true,
  stripsBom: true,
  rejectsInvalidUtf8: false,
  roots: [{ path: '.claude/skills', trust: 'trusted' }],
  // Third-party skills: plugin skills (a plugin's skills/ folder, loaded from the plugin cache or, for a marketplace
  // declared as a local folder, in place), and `npx skills` installs into .claude/skills (linked or copied).
  provenance: [
    {
      kind: 'under',
      id: 'claude-plugin',
      folders: ['~/.claude/plugins', '~/.claude/cowork_plugins'],
      env: 'CLAUDE_CODE_PLUGIN_CACHE_DIR',
      because: 'a Claude Code plugin or marketplace folder (cache/<marketplace>/<plugin>/<version>/, marketplaces/<name>/): installed from a marketplace',
      source: '@anthropic-ai/claude-code@2.1.332: the plugins folder is CLAUDE_CODE_PLUGIN_CACHE_DIR, else plugins/ (cowork_plugins/ in Cowork mode) in the config folder; https://code.claude.com/docs/en/plugins-reference (plugin caching)',
    },
    {
      kind: 'registry',
      id: 'claude-installed-plugins',
      file: '~/.claude/plugins/installed_plugins.json',
      format: 'claude-installed-plugins',
      env: 'CLAUDE_CODE_PLUGIN_CACHE_DIR',
      because: 'a folder Claude Code recorded as an installed plugin',
      source: '@anthropic-ai/claude-code@2.1.332: installed_plugins.json (V2: plugins → [{ installPath, version, gitCommitSha, … }])',
    },
    {
      kind: 'registry',
      id: 'claude-known-marketplaces',
      file: '~/.claude/plugins/known_marketplaces.json',
      format: 'claude-known-marketplaces',
      env: 'CLAUDE_CODE_PLUGIN_CACHE_DIR',
      because: 'a marketplace folder Claude Code recorded (a local marketplace\'s plugins load in place from it)',
      source: '@anthropic-ai/claude-code@2.1.332: known_marketplaces.json (name → { source, installLocation }); "its plugins load in place from the declared path"',
    },
    ...npxSkillsProvenance(['.agents/skills', '.claude/skills'], ['.agents/skills', '.claude/skills']),
    gitProvenance(['.claude/skills']),
  ],
  scanDepth: 1,
  collisionWinner: 'all',
  checkedAgainst: '@anthropic-ai/claude-code@2.1.332',
  sources: ['@anthropic-ai/claude-code@2.1.332: the SDK initialize reply (scripts/conformance.mjs)'],
  docs: {
    layout: '`.claude/skills/<folder>/SKILL.md`, one level (no nested or grouped skills); exactly `SKILL.md`',
    naming: 'frontmatter (numbers read as text) → folder; frontmatter → first line of the body',
    facts: 'loads without frontmatter, with YAML errors (a retry quotes values and turns leading tabs into spaces, else the frontmatter is dropped), unterminated frontmatter, missing name or description; the block ends at the first `---`; duplicate keys: the later wins; descriptions trimmed, lines joined; both copies of a shared name listed',
  },
};
