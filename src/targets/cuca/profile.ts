// Cuca's Rust SkillsPlugin: a strict `key: value` frontmatter; search weights.

import type { TargetProfile } from '../../core/profile-types.js';
import { BASE, FREE_NAME } from '../../core/profile-types.js';

export const CUCA: TargetProfile = {
  ...BASE,
  id: 'cuca',
  title: 'Cuca (Rust SkillsPlugin)',
  name: FREE_NAME,
  frontmatterParser: 'strict-kv',
  listsReferences: true,
  knownFields: ['name', 'description'],
  collisionWinner: 'last',
  catalog: { descriptionMax: null, envelope: 'plain', order: 'name' },
  search: { name: 3, description: 2, instructions: 1 },
  roots: [],
  docs: {
    layout: '`<folder>/<name>/SKILL.md`, `references/` listed',
    naming: '`name`, `description` required',
    facts: 'strict `---` / `key: value` / `---` format: BOM, CRLF, nested YAML, block scalars fail; the later of two names wins; catalog sorted by name',
  },
  // The strict parser fails on a "---\r" first line: construction fails, so CRLF is an error here.
  severities: { 'line-endings': 'error' },
};
