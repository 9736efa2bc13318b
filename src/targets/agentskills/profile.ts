// The Agent Skills standard, as its reference validator skills-ref accepts it.

import type { NameRule, TargetProfile } from '../../core/profile-types.js';
import { BASE } from '../../core/profile-types.js';

// skills-ref 0.1.5 dist/validator.js validateName: the name trimmed and NFKC-normalized; each character a letter
// of isLetter (Basic Latin, Latin-1 and Latin Extended-A/B from U+00C0, combining marks, Cyrillic, CJK and CJK
// Extension A), a digit or "-"; the whole equal to its toLowerCase(); at most 64 characters.
const AGENTSKILLS_CHARS = '[a-z0-9\\u00C0-\\u024F\\u0300-\\u036F\\u0400-\\u04FF\\u3400-\\u4DBF\\u4E00-\\u9FFF-]';
const AGENTSKILLS_NAME: NameRule = {
  pattern: `^(?!.*\\p{Lu})${AGENTSKILLS_CHARS}{1,64}$`,
  chars: AGENTSKILLS_CHARS,
  expected: '1-64 lowercase letters (Latin, Cyrillic, CJK), digits and hyphens, no leading, trailing or double hyphen',
  maxLength: 64,
  mustMatchFolder: true,
  hyphenRules: true,
};

export const AGENTSKILLS: TargetProfile = {
  ...BASE,
  id: 'agentskills',
  followsSkillDirLinks: true,
  skillDirLinksSource: 'skills-ref@0.1.5: a linked skill folder is read through the link (npm run conformance, edge e-symdir)',
  title: 'Agent Skills standard (what the reference validator skills-ref accepts)',
  // skills-ref 0.1.5 (parser.js findSkillMd, validator.js): SKILL.md or skill.md; a BOM fails the "---" check;
  // every name rule, unknown key and over-long description makes the skill invalid; descriptions are trimmed.
  strictValidator: true,
  frontmatterParser: 'skills-ref',
  // validator.js validateMetadata: `validateName(String(metadata.name))`, `validateDescription(String(metadata.description))`.
  stringifiesValues: true,
  // validateName and readProperties trim the name (a quoted "  x  " is x).
  nameTrim: true,
  // readFile follows a symlinked SKILL.md (parser.js findSkillMd only checks that the path exists).
  followsSkillFileLinks: true,
  readsNodeModules: true,
  skillFileNames: ['SKILL.md', 'skill.md'],
  rejectsBom: true,
  descriptionWhitespace: 'trim',
  rejectsInvalidUtf8: false,
  checkedAgainst: 'skills-ref@0.1.5',
  sources: ['skills-ref@0.1.5: dist/parser.js (findSkillMd, parseFrontmatter), dist/validator.js (validate)'],
  docs: {
    layout: '`<root>/<name>/SKILL.md` (or `skill.md`)',
    naming: 'frontmatter, required',
    facts: 'what the reference validator `skills-ref` accepts: name 1–64 of `a-z0-9-` equal to the folder; description ≤ 1,024 characters; standard keys only (an unknown key is an error); a BOM is an error; a name or description that is not a string is checked as its `String()` text (a warning: `readProperties` throws on it)',
  },
  name: AGENTSKILLS_NAME,
  recommendedBodyLines: 500,
  descriptionMaxLength: 1024,
  knownFields: ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
  unknownFields: 'rejected-by-validator',
  roots: [
    { path: '.claude/skills', trust: 'trusted' },
    { path: '.opencode/skills', trust: 'trusted' },
    { path: '.agents/skills', trust: 'trusted' },
    { path: '.github/skills', trust: 'trusted' },
  ],
  // The client guide recommends bounding the scan at depth 4–6: a recommendation clients differ on, not a limit.
  scanDepth: null,
};
