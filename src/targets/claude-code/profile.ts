// The three clients below were measured with `npm run conformance` (scripts/conformance.mjs) against the pinned
// packages; the facts come from their own loaders' answers and code (docs/conformance.md lists the remaining
// differences with the code that explains each).

import type { TargetProfile } from '../profile-types.js';
import { BASE, clientName } from '../profile-types.js';

/** Claude Code 2.1.332 (@anthropic-ai/claude-code): project skills are `.claude/skills/<name>/SKILL.md`, one level. */
export const CLAUDE_CODE: TargetProfile = {
  ...BASE,
  id: 'claude-code',
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
