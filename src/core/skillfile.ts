// The names a skill file goes by.

/** Names of a skill file the walker recognises. Exact `SKILL.md` is the standard spelling. */
export const SKILL_FILE_NAMES: readonly string[] = ['SKILL.md', 'skill.md', 'Skill.md'];

export function isSkillFileName(name: string): boolean {
  return SKILL_FILE_NAMES.includes(name);
}
