// Creo: lenient YAML; name and description fallbacks; a catalog that cuts descriptions.

import type { TargetProfile } from '../../core/profile-types.js';
import { BASE, FREE_NAME } from '../../core/profile-types.js';

export const CREO: TargetProfile = {
  ...BASE,
  id: 'creo',
  title: 'Creo',
  autoPathCues: ['.creo'],
  name: FREE_NAME,
  frontmatterParser: 'yaml-lenient',
  frontmatterRequired: false,
  nameRequired: false,
  descriptionRequired: false,
  nameSources: ['frontmatter', 'h1', 'meta-slug', 'folder'],
  descriptionSources: ['frontmatter', 'after-h1', 'skill-card', 'default'],
  sideFiles: ['_meta.json', 'skill-card.md'],
  knownFields: ['name', 'description'],
  catalog: { descriptionMax: 200, envelope: 'plain', order: 'discovery' },
  docs: {
    layout: '`.creo/autoskills`, `.creo/skills`, `.claude/skills`, `.opencode/skills` (that precedence)',
    naming: 'frontmatter → `# H1` → `_meta.json` slug → folder; frontmatter → line after the H1 → `skill-card.md` → `Skill: <folder>`',
    facts: 'lenient YAML retry (values with colons quoted); catalog cuts descriptions at 200 characters',
  },
  // Precedence, highest first, from the documented "autoskill beats regular, native beats external"
  // (the project side; global ~/.config/creo/skills comes after project roots: "project beats global").
  roots: [
    { path: '.creo/autoskills', trust: 'trusted' },
    { path: '.creo/skills', trust: 'trusted' },
    { path: '.claude/skills', trust: 'trusted' },
    { path: '.opencode/skills', trust: 'trusted' },
    { path: '.config/creo/skills', trust: 'trusted' },
  ],
};
