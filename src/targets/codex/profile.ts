// The three clients below were measured with `npm run conformance` (scripts/conformance.mjs) against the pinned
// packages; the facts come from their own loaders' answers and code (docs/conformance.md lists the remaining
// differences with the code that explains each).

import type { TargetProfile } from '../../core/profile-types.js';
import { BASE, clientName, gitProvenance, npxSkillsProvenance } from '../../core/profile-types.js';

/** Codex 0.171.0 (@openai/codex): `.agents/skills` (and `.codex/skills`) scanned up to 6 levels, no symlinks. */
export const CODEX: TargetProfile = {
  ...BASE,
  id: 'codex',
  followsSkillDirLinks: true,
  skillDirLinksSource: 'openai/codex codex-rs/core/src/skills/loader.rs: "Follow symlinked directories for user, admin, and repo skills" (canonicalized, visited set); @openai/codex@0.171.0 lists e-symdir in npm run conformance',
  title: 'Codex',
  autoPathCues: ['.agents', '.codex'],
  frontmatterParser: 'codex',
  nameRequired: false,
  nameSources: ['frontmatter', 'folder'],
  coercesScalars: true,
  nameTrim: true,
  blankName: 'fallback',
  descriptionWhitespace: 'collapse',
  metadataMustBeMap: true,
  name: clientName(64),
  skillFileNames: ['SKILL.md'],
  knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
  normalizesLineEndings: true,
  rejectsInvalidUtf8: true,
  roots: [
    { path: '.agents/skills', trust: 'trusted' },
    { path: '.codex/skills', trust: 'trusted' },
  ],
  // `npx skills` installs Codex skills into .agents/skills (project) and ~/.codex/skills (global).
  provenance: [...npxSkillsProvenance(['.agents/skills', '.codex/skills'], ['.agents/skills']), gitProvenance(['.agents/skills', '.codex/skills'])],
  scanDepth: 6,
  skipsDotFolders: true,
  readsNodeModules: true,
  collisionWinner: 'all',
  rejectsBom: true,
  rejectsLoneCr: true,
  checkedAgainst: '@openai/codex@0.171.0',
  sources: ['@openai/codex@0.171.0: app-server skills/list (scripts/conformance.mjs)'],
  docs: {
    layout: '`.agents/skills/**/SKILL.md` (and `.codex/skills`), 6 levels, no dot-folders; exactly `SKILL.md`',
    naming: 'frontmatter (numbers read as text) → folder; frontmatter description required',
    facts: 'unquoted `: ` values load; an indented `---` closes the frontmatter; a BOM, lone CR line endings, a symlinked SKILL.md or a name over 64 characters stop the skill; `node_modules` read; whitespace in descriptions collapsed; both copies of a shared name listed',
  },
};
