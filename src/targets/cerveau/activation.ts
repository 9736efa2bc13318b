// Activation in Cerveau: a skill loads when one of its triggers appears in the conversation. It works from parsed
// frontmatter data, so it does not depend on how a target parses its files.

export interface CerveauSkill {
  name: string;
  /** Frontmatter `triggers`; none means the skill is never loaded automatically. */
  triggers?: readonly unknown[] | null;
}

export interface TriggerResult {
  name: string;
  loads: boolean;
  matched: string[];
  /** Entries that are not non-empty strings (they can never match). */
  ignored: unknown[];
}

/**
 * Cerveau: a skill loads when one of its triggers appears in the conversation. skillcheck reads "appears" as a
 * case-insensitive substring (Unicode lowercase) of the text; a skill without triggers never loads by itself.
 */
export function cerveauTriggers(skills: readonly CerveauSkill[], conversation: string): TriggerResult[] {
  const lower = conversation.toLowerCase();
  return skills.map((s) => {
    const matched: string[] = [];
    const ignored: unknown[] = [];
    for (const t of s.triggers ?? []) {
      if (typeof t !== 'string' || t.trim() === '') {
        ignored.push(t);
        continue;
      }
      if (lower.includes(t.toLowerCase())) matched.push(t);
    }
    return { name: s.name, loads: matched.length > 0, matched, ignored };
  });
}

