// description: missing or blank where the target requires one; not a string; over the target's length limit.

import { cutCodePoints } from '../src/targets/catalog.js';
import { jsString, nonStringData } from '../src/targets/names.js';
import { defineRule, reportMessage, type MessageData, type RuleMeta, type SkillContext } from '../src/core/rule.js';
import { quote, typeName } from '../src/core/text.js';

const meta: RuleMeta = {
  id: 'description',
  description: 'Description missing or blank where the target requires it, not a string, or over the length limit (agentskills: 1,024 characters)',
  severity: 'error',
  confidence: 'high',
  category: 'validator',
  fixable: false,
  since: '0.1.0',
  examples: {
    bad: [
      { files: { '.github/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nBody.\n' } },
      { files: { '.github/skills/long/SKILL.md': `---\nname: long\ndescription: ${'word '.repeat(210)}\n---\nBody.\n` } },
    ],
    good: [
      { files: { '.claude/skills/fine/SKILL.md': '---\nname: fine\ndescription: Use when the user asks for a fine thing.\n---\nBody.\n' } },
      { files: { 'skills/ic/SKILL.md': '---\nname: ic\ndescription: IronClaw allows any length.\n---\nBody.\n' }, args: ['--target', 'ironclaw'] },
    ],
  },
  messages: {
    catalogCut:
      'description{{from}} is {{length}} characters; the {{target}} catalog shows only the first {{max}}, cutting after {{kept}} and dropping {{lost}}. Put what decides loading in the first {{max}} characters',
    structured: '"description" is {{type}}; {{target}} shows its JSON text {{json}} and other runtimes reject it. Write it as text',
    nullValue: '"description:" has no value (null); {{target}} skips the skill (it takes a string or no key at all). Write a description or remove the key',
    missing:
      'no "description"; {{target}} requires one (it is what the model reads to decide whether to load the skill) and clients skip a skill without it. Add "description: Use when …"',
    hidden:
      'no "description"; {{target}} registers the skill but leaves it out of the list the model sees, so the model never loads it. Add "description: Use when …"',
    missingInfo: 'no "description"; {{target}} shows an empty description in its catalog, so the model has nothing to choose by',
    notString: '"description" is {{type}}; expected a string. Quote it',
    blank: '"description" is blank; write one line saying when to use the skill',
    blankInfo: '"description" is blank; the catalog entry will be empty',
    multiline: '"description" spans {{lines}} lines; {{target}} requires a one-line description. Put it on one line and move detail into the body',
    tooLong: '"description" is {{length}} characters; {{target}} allows at most {{max}}. Shorten it and move detail into the body',
    stringified:
      '"description" is {{type}}; {{target}} (skills-ref validate) checks its String(), {{text}}, but skills-ref\'s readProperties throws on it and the standard asks for text. Write it as text{{writeAs}}',
    // Parts: of catalogCut ({{from}}), of stringified ({{writeAs}}: a number or boolean, quoted as written).
    fromFile: ' (from {{file}})',
    writeAs: ': description: "{{value}}"',
  },
};

/** The `stringified` report of a description that is not a string (skills-ref checks its String()). */
function nonString(target: string, raw: unknown, text: string): { messageId: string; data: MessageData } {
  const { scalar, ...data } = nonStringData(target, raw, text);
  return { messageId: 'stringified', data: { ...data, writeAs: scalar ? reportMessage(meta, { messageId: 'writeAs', data: { value: text } }) : '' } };
}

/** Where the runtime's catalog cuts the description (Creo: 200 characters), shown as info. */
function catalogCut(ctx: SkillContext): void {
  const max = ctx.profile.catalog.descriptionMax;
  const r = ctx.skill.resolved?.description;
  if (max === null || !r) return;
  const kept = cutCodePoints(r.value, max);
  if (kept === r.value) return;
  const lost = r.value.slice(kept.length);
  let at: { offset?: number; endOffset?: number; line?: number; column?: number } = { line: 1, column: 1 };
  const src = ctx.skill.source;
  if (r.source === 'frontmatter') {
    const loc = ctx.locate(['description']);
    const raw = loc && src ? src.normalized.slice(loc.start, loc.end) : '';
    const i = raw.indexOf(kept);
    at = loc && i >= 0 ? { offset: loc.start + i + kept.length, endOffset: loc.end } : loc ? { offset: loc.start, endOffset: loc.end } : at;
  } else if (r.offset !== undefined) {
    at = { offset: r.offset + kept.length, endOffset: r.offset + r.value.length };
  }
  const from = r.sideFile ? reportMessage(meta, { messageId: 'fromFile', data: { file: r.sideFile } }) : '';
  ctx.report({
    ...at,
    severity: 'info',
    messageId: 'catalogCut',
    data: { from, length: [...r.value].length, target: ctx.profile.id, max, kept: quote(kept.slice(-30)), lost: quote(lost, 40) },
  });
}

export default defineRule({
  meta,
  checkSkill(ctx) {
    catalogCut(ctx);
    const data = ctx.data;
    if (!data) return;
    const loc = ctx.locate(['description']);
    const at = loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 };
    const raw = data.description;
    const stringified = ctx.profile.stringifiesValues && raw !== undefined && typeof raw !== 'string';
    const d = stringified
      ? jsString(raw)
      : ctx.profile.coercesScalars && (typeof raw === 'number' || typeof raw === 'boolean')
        ? String(raw)
        : ctx.profile.structuredAsJson && raw !== null && typeof raw === 'object'
          ? JSON.stringify(raw)
          : raw;
    if (stringified) {
      // skills-ref 0.1.5: validate checks String(metadata.description); readProperties throws on a non-string.
      ctx.report({ ...at, severity: 'warning', ...nonString(ctx.profile.id, raw, d as string) });
    } else if (typeof d === 'string' && raw !== null && typeof raw === 'object') {
      ctx.report({ ...at, severity: 'warning', messageId: 'structured', data: { type: typeName(raw), target: ctx.profile.id, json: quote(d.length > 60 ? `${d.slice(0, 59)}…` : d) } });
    }
    // A runtime with fallbacks (Jern, Creo) describes the skill anyway: the fallback rule says from where.
    const hasFallback = ctx.profile.descriptionSources.length > 1;
    if (d === null && ctx.profile.rejectsNullDescription) {
      ctx.report({ ...at, rejects: true, messageId: 'nullValue', data: { target: ctx.profile.id } });
      return;
    }
    if ((d === undefined || d === null) && hasFallback) return;
    if (d === undefined || d === null) {
      if (ctx.profile.missingDescriptionHidden && d === undefined) {
        ctx.report({ ...at, messageId: 'hidden', data: { target: ctx.profile.id }, rejects: true });
      } else if (ctx.profile.descriptionRequired) {
        ctx.report({ ...at, messageId: 'missing', data: { target: ctx.profile.id }, rejects: true });
      } else {
        ctx.report({ ...at, severity: 'info', messageId: 'missingInfo', data: { target: ctx.profile.id } });
      }
      return;
    }
    // Claude Code reads a list or map description as no description, and falls back to the body.
    if (typeof d !== 'string' && hasFallback && ctx.profile.frontmatterFailure === 'fallback') return;
    if (typeof d !== 'string') {
      ctx.report({ ...at, messageId: 'notString', data: { type: typeName(d) }, rejects: true });
      return;
    }
    if (d.trim() === '' && hasFallback) return;
    // OpenCode keeps a whitespace-only description: the skill is shown with it.
    if (d.trim() === '' && d !== '' && ctx.profile.keepsBlankDescription) {
      ctx.report({ ...at, severity: 'info', messageId: 'blankInfo' });
      return;
    }
    if (d.trim() === '') {
      if (ctx.profile.descriptionRequired) ctx.report({ ...at, messageId: 'blank', rejects: true });
      else ctx.report({ ...at, severity: 'info', messageId: 'blankInfo' });
      return;
    }
    if (ctx.profile.descriptionOneLine && /[\r\n]/.test(d.trim())) {
      ctx.report({ ...at, rejects: true, messageId: 'multiline', data: { lines: d.trim().split(/\r\n|\r|\n/).length, target: ctx.profile.id } });
    }
    const max = ctx.profile.descriptionMaxLength;
    const len = [...d].length;
    if (max !== null && len > max) {
      ctx.report({ ...at, rejects: ctx.profile.strictValidator, messageId: 'tooLong', data: { length: len, target: ctx.profile.id, max } });
    }
  },
});
