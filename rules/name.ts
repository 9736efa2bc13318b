// name: missing, non-string, or not matching the target's pattern; lookalike characters named.

import { findLookalikes, skeleton } from '../src/analysis/confusables.js';
import { defineRule, reportMessage, type MessageData, type RuleMeta, type SkillContext } from '../src/core/rule.js';
import { quote, typeName } from '../src/core/text.js';
import { jsString, nonStringData } from '../src/targets/names.js';
import { nameFolderFacts } from '../src/targets/profiles.js';

const meta: RuleMeta = {
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
  // Reported ids, then the parts some of them hold (rendered into their data: {{lookalikes}}, {{problems}}, …).
  messages: {
    missing: 'no "name" in the frontmatter; {{target}} requires one. Add "name: {{suggestion}}"',
    notString: '"name" is {{type}}; expected a string. Quote it: name: "{{value}}"',
    blank: '"name" is blank; expected {{expected}}',
    blankKept: '"name" is blank; {{target}} registers the skill under the empty name, which no one can ask for by name. Write a name',
    pattern: 'name {{name}} does not match {{expected}}; {{target}} rejects the skill{{lookalikes}}',
    lookalike: 'name {{name}}{{lookalikes}}',
    shapeUseFolder: "name {{name}} {{problems}} and differs from its folder; use the folder's name: name: {{folder}}{{lookalikes}}",
    shape: 'name {{name}} {{problems}}{{mismatch}}; expected {{expected}}{{example}}{{lookalikes}}',
    folderMismatch: 'name {{name}} does not match its folder {{folder}}: {{rejecters}} {{verb}} it (the standard requires them equal){{loaders}}. Rename the folder or the name{{lookalikes}}',
    stringified:
      '"name" is {{type}}; {{target}} (skills-ref validate) checks its String(), {{text}}, but skills-ref\'s readProperties throws on it and the standard asks for text. Write it as text{{writeAs}}',
    // Parts.
    writeAs: ': name: "{{value}}"',
    lookalikes: '; it contains {{chars}}, so it reads as {{skeleton}} but is a different name',
    lookalikeChar: '{{codePoint}} "{{char}}" ({{script}}) looks like Latin "{{looksLike}}"',
    tooLong: 'is {{length}} characters, over {{max}}',
    badChars: 'has characters outside the letters skills-ref allows, digits and "-" ({{chars}})',
    hyphenEnds: 'starts or ends with a hyphen',
    doubleHyphen: 'has two hyphens in a row',
    differsFromFolder: ' and differs from its folder {{folder}}',
    forExample: ' (for example {{example}})',
    loaders: '; {{runtimes}} load it',
  },
};

const part = (messageId: string, data: MessageData = {}): string => reportMessage(meta, { messageId, data });

/** The lookalike characters of a name, as the {{lookalikes}} part ('' when there are none). */
function lookalikes(name: string): string {
  const found = findLookalikes(name);
  if (found.length === 0) return '';
  const chars = found.map((l) => part('lookalikeChar', { codePoint: l.codePoint, char: l.char, script: l.script, looksLike: l.looksLike })).join(', ');
  return part('lookalikes', { chars, skeleton: quote(skeleton(name)) });
}

/** Which runtimes reject a name that differs from its folder and which load it (profile data). */
function folderVerdict(): { rejecters: string; verb: string; loaders: string } {
  const { rejects, loads } = nameFolderFacts();
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : (xs[0] ?? ''));
  return { rejecters: list(rejects), verb: rejects.length > 1 ? 'reject' : 'rejects', loaders: loads.length > 0 ? part('loaders', { runtimes: list(loads) }) : '' };
}

function checkAgentskillsShape(ctx: SkillContext, written: string, at: { offset: number; endOffset: number }) {
  const rule = ctx.profile.name;
  // skills-ref validateName: the name trimmed and NFKC-normalized, compared with the folder's NFKC form.
  const name = written.trim().normalize('NFKC');
  const problems: string[] = [];
  if ([...name].length > rule.maxLength) problems.push(part('tooLong', { length: [...name].length, max: rule.maxLength }));
  const allowed = new RegExp(`^${rule.chars ?? '[a-z0-9-]'}$`, 'u');
  if (!new RegExp(rule.pattern, 'u').test(name) && [...name].some((c) => !allowed.test(c))) {
    const bad = [...new Set([...name].filter((c) => !allowed.test(c)))].map((c) => quote(c)).join(', ');
    problems.push(part('badChars', { chars: bad }));
  }
  if (rule.hyphenRules && (name.startsWith('-') || name.endsWith('-'))) problems.push(part('hyphenEnds'));
  if (rule.hyphenRules && name.includes('--')) problems.push(part('doubleHyphen'));
  // One cause, one finding: a name written as a title ("Clockify Automation") both breaks the charset and differs
  // from its folder; say both in one error and suggest the folder's name when that one is valid.
  const folder = ctx.skill.layout === 'folder' ? ctx.skill.folderName.normalize('NFKC') : null;
  const mismatch = rule.mustMatchFolder && folder !== null && name !== folder;
  const folderValid = folder !== null && new RegExp(rule.pattern, 'u').test(folder) && [...folder].length <= rule.maxLength;
  if (problems.length > 0) {
    const lower = skeleton(name).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-|-$/g, '').slice(0, rule.maxLength);
    const common = { name: quote(name), problems: problems.join(', '), lookalikes: lookalikes(name) };
    ctx.report({
      ...at,
      rejects: ctx.profile.strictValidator,
      ...(mismatch && folderValid
        ? { messageId: 'shapeUseFolder', data: { ...common, folder: folder! } }
        : {
            messageId: 'shape',
            data: {
              ...common,
              mismatch: mismatch ? part('differsFromFolder', { folder: quote(folder!) }) : '',
              expected: rule.expected,
              example: lower ? part('forExample', { example: quote(lower) }) : '',
            },
          }),
    });
    return;
  }
  if (mismatch) {
    ctx.report({ ...at, rejects: ctx.profile.strictValidator, messageId: 'folderMismatch', data: { name: quote(name), folder: quote(folder!), ...folderVerdict(), lookalikes: lookalikes(name) } });
  }
}

export default defineRule({
  meta,
  checkSkill(ctx) {
    const data = ctx.data;
    if (!data) return;
    const loc = ctx.locate(['name']);
    const at = loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 };
    const stringified = ctx.profile.stringifiesValues && Object.prototype.hasOwnProperty.call(data, 'name') && typeof data.name !== 'string';
    if (!stringified && (!Object.prototype.hasOwnProperty.call(data, 'name') || data.name === null)) {
      if (!ctx.profile.nameRequired) return;
      const suggestion = ctx.skill.layout === 'file' ? (ctx.skill.file.split('/').pop() ?? '').replace(/\.md$/i, '') : ctx.skill.folderName;
      ctx.report({ ...at, messageId: 'missing', data: { target: ctx.profile.id, suggestion }, rejects: true });
      return;
    }
    const name = stringified || (ctx.profile.nameStringified && data.name !== null && typeof data.name === 'object') ? jsString(data.name) : ctx.profile.structuredAsJson && data.name !== null && typeof data.name === 'object' ? JSON.stringify(data.name) : ctx.profile.coercesScalars && (typeof data.name === 'number' || typeof data.name === 'boolean') ? String(data.name) : data.name;
    // skills-ref 0.1.5: validate checks String(metadata.name); readProperties throws on a non-string.
    if (stringified) {
      const { scalar, ...facts } = nonStringData(ctx.profile.id, data.name, name as string);
      ctx.report({ ...at, severity: 'warning', messageId: 'stringified', data: { ...facts, writeAs: scalar ? part('writeAs', { value: name as string }) : '' } });
    }
    if (typeof name !== 'string') {
      ctx.report({ ...at, messageId: 'notString', data: { type: typeName(name), value: String(name) }, rejects: true });
      return;
    }
    if (name.trim() === '') {
      // Claude Code, Codex and OpenClaw name the skill from its folder; OpenCode registers it under "".
      if (ctx.profile.blankName === 'fallback') return;
      const kept = ctx.profile.blankName === 'kept';
      ctx.report({ ...at, messageId: kept ? 'blankKept' : 'blank', data: { expected: ctx.profile.name.expected, target: ctx.profile.id }, rejects: !kept, ...(kept ? { severity: 'warning' as const } : {}) });
      return;
    }
    if (ctx.profile.name.mustMatchFolder || ctx.profile.name.hyphenRules) {
      checkAgentskillsShape(ctx, name, at as { offset: number; endOffset: number });
      return;
    }
    if (!new RegExp(ctx.profile.name.pattern, 'u').test(name)) {
      ctx.report({
        ...at,
        messageId: 'pattern',
        data: { name: quote(name), expected: ctx.profile.name.expected, target: ctx.profile.id, lookalikes: lookalikes(name) },
        rejects: true,
      });
    } else if (findLookalikes(name).length > 0) {
      ctx.report({ ...at, messageId: 'lookalike', data: { name: quote(name), lookalikes: lookalikes(name) }, severity: 'warning' });
    }
  },
});
