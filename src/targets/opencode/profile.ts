// The three clients below were measured with `npm run conformance` (scripts/conformance.mjs) against the pinned
// packages; the facts come from their own loaders' answers and code (docs/conformance.md lists the remaining
// differences with the code that explains each).

import type { TargetProfile } from '../../core/profile-types.js';
import { BASE, clientName, gitProvenance, npxSkillsProvenance } from '../../core/profile-types.js';

/** OpenCode 1.18.33 (opencode-ai): `.opencode/skills/**\/SKILL.md`, YAML with a colon-sanitizing retry. */
export const OPENCODE: TargetProfile = {
  ...BASE,
  id: 'opencode',
  followsSkillDirLinks: true,
  skillDirLinksSource: 'opencode-ai@1.18.33: SkillV2.load globs `{*.md,**/SKILL.md}` with `symlink: true` (bundled binary); measured by npm run conformance (edge e-symdir)',
  title: 'OpenCode',
  autoPathCues: ['.opencode'],
  // gray-matter's js-yaml 3 (`qq`: `v0.default(q)`, retried on `Jq(q)`, its colon sanitizer).
  frontmatterParser: 'opencode',
  descriptionRequired: false,
  rejectsNullDescription: true,
  // `name: ""` is registered under the empty name; a whitespace-only description is kept.
  blankName: 'kept',
  keepsBlankDescription: true,
  // The prompt builder lists `filter(d => d.description !== undefined)`: a skill without one is never shown.
  missingDescriptionHidden: true,
  // One glob over the whole root: `x/` and `grp/x/` of one name race.
  collisionScope: 'root',
  followsSkillFileLinks: true,
  readsNodeModules: true,
  name: clientName(Number.MAX_SAFE_INTEGER),
  skillFileNames: ['SKILL.md'],
  knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
  normalizesLineEndings: true,
  rejectsInvalidUtf8: false,
  roots: [{ path: '.opencode/skills', trust: 'trusted' }],
  // OpenCode also reads ~/.config/opencode/skill(s) and the Claude Code and .agents folders; `npx skills` installs
  // OpenCode skills into .agents/skills (project) and ~/.config/opencode/skills (global).
  provenance: [
    ...npxSkillsProvenance(['.agents/skills', '.config/opencode/skills', '.claude/skills'], ['.agents/skills', '.opencode/skills', '.claude/skills']),
    gitProvenance(['.opencode/skills', '.opencode/skill', '.config/opencode/skills', '.config/opencode/skill', '.agents/skills', '.claude/skills']),
  ],
  skipsDotFolders: true,
  rejectsLoneCr: true,
  collisionWinner: 'race',
  checkedAgainst: 'opencode-ai@1.18.33',
  sources: ['opencode-ai@1.18.33: `opencode debug skill --pure` (scripts/conformance.mjs)'],
  docs: {
    layout: '`.opencode/{skill,skills}/**/SKILL.md`, any depth, no dot-folders; exactly `SKILL.md`',
    naming: '`name` required; description optional (registered empty)',
    facts: 'a YAML retry that quotes colon values; js-yaml 3 reads a key on a tab-indented line as a top-level key; `description:` with no value skips the skill; lone CR files skipped; invalid UTF-8 read; `node_modules` read; a shared name is decided by a race (no winner predicted)',
  },
};
