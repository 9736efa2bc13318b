// Cerveau: flat `.md` skills with triggers and tool definitions.

import type { TargetProfile } from '../../core/profile-types.js';
import { BASE, FREE_NAME } from '../../core/profile-types.js';

export const CERVEAU: TargetProfile = {
  ...BASE,
  id: 'cerveau',
  title: 'Cerveau (flat .md skills)',
  skillFiles: 'flat-md',
  flatRoots: ['.crv/skills'],
  autoPathCues: ['.crv'],
  name: FREE_NAME,
  descriptionOneLine: true,
  uniqueNames: true,
  triggersField: 'triggers',
  toolsField: 'tools',
  knownFields: ['name', 'description', 'triggers', 'tools'],
  // Cerveau escapes exactly `<system-reminder>` and `</system-reminder>` to entities before wrapping.
  catalog: { descriptionMax: null, envelope: 'system-reminder', order: 'discovery', escape: { pattern: '</?system-reminder>', caseInsensitive: false } },
  roots: [{ path: '.crv/skills', trust: 'trusted' }],
  scanDepth: 0,
  docs: {
    layout: 'flat `.crv/skills/*.md` (and `skills/*.md` with `--target cerveau`)',
    naming: '`name` required and unique, one-line `description`',
    facts: '`triggers` (none: never auto-loaded), `tools` with a schema that compiles under ajv strict mode; `<system-reminder>` envelope',
  },
  // Names must be unique: two files with one name is a broken install, not a shadowing.
  severities: { 'duplicate-name': 'error' },
};
