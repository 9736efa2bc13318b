// name: missing, non-string, or not matching the target's pattern; lookalike characters named.

import { findLookalikes, skeleton } from '../src/analysis/confusables.js';
import { defineRule, type SkillContext } from '../src/core/rule.js';
import { quote, typeName } from '../src/core/text.js';
import { jsString, nonStringMessage } from '../src/targets/names.js';
import { nameFolderFacts } from '../src/targets/profiles.js';

function describeLookalikes(name: string): string {
  const found = findLookalikes(name);
  if (found.length === 0) return '';
  const parts = found.map((l) => `${l.codePoint} "${l.char}" (${l.script}) looks like Latin "${l.looksLike}"`);
  return `; it contains ${parts.join(', ')}, so it reads as ${quote(skeleton(name))} but is a different name`;
}

/** Which runtimes reject a name that differs from its folder and which load it (profile data). */
function folderVerdict(): string {
  const { rejects, loads } = nameFolderFacts();
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : (xs[0] ?? ''));
  return `${list(rejects)} ${rejects.length > 1 ? 'reject' : 'rejects'} it (the standard requires them equal)${loads.length > 0 ? `; ${list(loads)} load it` : ''}`;
}

function checkAgentskillsShape(ctx: SkillContext, name: string, at: { offset: number; endOffset: number }) {
  const rule = ctx.profile.name;
  const problems: string[] = [];
  if ([...name].length > rule.maxLength) problems.push(`is ${[...name].length} characters, over ${rule.maxLength}`);
  if (!new RegExp(rule.pattern, 'u').test(name) && /[^a-z0-9-]/u.test(name)) {
    const bad = [...new Set([...name].filter((c) => !/[a-z0-9-]/.test(c)))].map((c) => quote(c)).join(', ');
    problems.push(`has characters outside a-z, 0-9 and "-" (${bad})`);
  }
  if (rule.hyphenRules && (name.startsWith('-') || name.endsWith('-'))) problems.push('starts or ends with a hyphen');
  if (rule.hyphenRules && name.includes('--')) problems.push('has two hyphens in a row');
  // One cause, one finding: a name written as a title ("Clockify Automation") both breaks the charset and differs
  // from its folder; say both in one error and suggest the folder's name when that one is valid.
  const folder = ctx.skill.layout === 'folder' ? ctx.skill.folderName : null;
  const mismatch = rule.mustMatchFolder && folder !== null && name !== folder;
  const folderValid = folder !== null && new RegExp(rule.pattern, 'u').test(folder) && [...folder].length <= rule.maxLength;
  if (problems.length > 0) {
    const lower = skeleton(name).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-|-$/g, '').slice(0, rule.maxLength);
    const message =
      mismatch && folderValid
        ? `name ${quote(name)} ${problems.join(', ')} and differs from its folder; use the folder's name: name: ${folder}`
        : `name ${quote(name)} ${problems.join(', ')}${mismatch ? ` and differs from its folder ${quote(folder)}` : ''}; expected ${rule.expected}${lower ? ` (for example ${quote(lower)})` : ''}`;
    ctx.report({ ...at, rejects: ctx.profile.strictValidator, message: `${message}${describeLookalikes(name)}` });
    return;
  }
  if (mismatch) {
    ctx.report({
      ...at,
      rejects: ctx.profile.strictValidator,
      message: `name ${quote(name)} does not match its folder ${quote(folder)}: ${folderVerdict()}. Rename the folder or the name${describeLookalikes(name)}`,
    });
  }
}

export default defineRule({
  meta: {
    id: 'name',
    description: "Skill name missing, not a string, or not matching the target's pattern (IronClaw regex; agentskills charset and folder name); lookalike characters named",
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/x/SKILL.md': '---\ndescription: No name.\n---\nBody.\n' }, args: ['--target', 'ironclaw'] },
        { files: { 'skills/x/SKILL.md': '---\nname: -bad name\n---\nBody.\n' }, args: ['--target', 'ironclaw'] },
        { files: { '.github/skills/my-skill/SKILL.md': '---\nname: My_Skill\ndescription: Wrong case.\n---\nBody.\n' } },
        { files: { '.claude/skills/deploy/SKILL.md': '---\nname: dеploy\ndescription: Cyrillic e.\n---\nBody.\n' } },
      ],
      good: [
        { files: { 'skills/x/SKILL.md': '---\nname: My.Skill_2\n---\nBody.\n' }, args: ['--target', 'ironclaw'] },
        { files: { '.claude/skills/my-skill/SKILL.md': '---\nname: my-skill\ndescription: Right.\n---\nBody.\n' } },
      ],
    },
  },
  checkSkill(ctx) {
    const data = ctx.data;
    if (!data) return;
    const loc = ctx.locate(['name']);
    const at = loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 };
    const stringified = ctx.profile.stringifiesValues && Object.prototype.hasOwnProperty.call(data, 'name') && typeof data.name !== 'string';
    if (!stringified && (!Object.prototype.hasOwnProperty.call(data, 'name') || data.name === null)) {
      if (!ctx.profile.nameRequired) return;
      ctx.report({ ...at, message: `no "name" in the frontmatter; ${ctx.profile.id} requires one. Add "name: ${ctx.skill.layout === 'file' ? (ctx.skill.file.split('/').pop() ?? '').replace(/\.md$/i, '') : ctx.skill.folderName}"`, rejects: true });
      return;
    }
    const name = stringified ? jsString(data.name) : ctx.profile.coercesScalars && (typeof data.name === 'number' || typeof data.name === 'boolean') ? String(data.name) : data.name;
    // skills-ref 0.1.5: validate checks String(metadata.name); readProperties throws on a non-string.
    if (stringified) ctx.report({ ...at, severity: 'warning', message: nonStringMessage(ctx.profile.id, 'name', data.name, name as string) });
    if (typeof name !== 'string') {
      ctx.report({ ...at, message: `"name" is ${typeName(name)}; expected a string. Quote it: name: "${String(name)}"`, rejects: true });
      return;
    }
    if (name.trim() === '') {
      ctx.report({ ...at, message: `"name" is blank; expected ${ctx.profile.name.expected}`, rejects: true });
      return;
    }
    if (ctx.profile.name.mustMatchFolder || ctx.profile.name.hyphenRules) {
      checkAgentskillsShape(ctx, name, at as { offset: number; endOffset: number });
      return;
    }
    if (!new RegExp(ctx.profile.name.pattern, 'u').test(name)) {
      ctx.report({ ...at, message: `name ${quote(name)} does not match ${ctx.profile.name.expected}; ${ctx.profile.id} rejects the skill${describeLookalikes(name)}`, rejects: true });
    } else if (findLookalikes(name).length > 0) {
      ctx.report({ ...at, message: `name ${quote(name)}${describeLookalikes(name)}`, severity: 'warning' });
    }
  },
});
