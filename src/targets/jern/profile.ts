// Jern: frontmatter optional; name and description fallbacks.

import type { TargetProfile } from '../../core/profile-types.js';
import { BASE, FREE_NAME } from '../../core/profile-types.js';

export const JERN: TargetProfile = {
  ...BASE,
  id: 'jern',
  title: 'Jern',
  looseFileRoots: ['.jern/skills'],
  autoPathCues: ['.jern'],
  name: FREE_NAME,
  frontmatterRequired: false,
  nameRequired: false,
  descriptionRequired: false,
  nameSources: ['frontmatter', 'folder'],
  descriptionSources: ['frontmatter', 'first-line'],
  knownFields: ['name', 'description'],
  roots: [{ path: '.jern/skills', trust: 'trusted' }],
  docs: { layout: '`.jern/skills/<folder>/SKILL.md`; loose files ignored', naming: 'frontmatter → folder; frontmatter → first line of text', facts: 'no frontmatter needed' },
};
