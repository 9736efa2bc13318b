// description: missing or blank where the target requires one; not a string; over the target's length limit.

import { cutCodePoints } from '../src/targets/catalog.js';
import { jsString, nonStringMessage } from '../src/targets/names.js';
import { defineRule } from '../src/core/rule.js';
import type { SkillContext } from '../src/core/rule.js';
import { quote, typeName } from '../src/core/text.js';

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
  const from = r.sideFile ? ` (from ${r.sideFile})` : '';
  ctx.report({
    ...at,
    severity: 'info',
    message: `description${from} is ${[...r.value].length} characters; the ${ctx.profile.id} catalog shows only the first ${max}, cutting after ${quote(kept.slice(-30))} and dropping ${quote(lost, 40)}. Put what decides loading in the first ${max} characters`,
  });
}

export default defineRule({
  meta: {
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
  },
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
      ctx.report({ ...at, severity: 'warning', message: nonStringMessage(ctx.profile.id, 'description', raw, d as string) });
    } else if (typeof d === 'string' && raw !== null && typeof raw === 'object') {
      ctx.report({ ...at, severity: 'warning', message: `"description" is ${typeName(raw)}; ${ctx.profile.id} shows its JSON text ${quote(d.length > 60 ? `${d.slice(0, 59)}…` : d)} and other runtimes reject it. Write it as text` });
    }
    // A runtime with fallbacks (Jern, Creo) describes the skill anyway: the fallback rule says from where.
    const hasFallback = ctx.profile.descriptionSources.length > 1;
    if (d === null && ctx.profile.rejectsNullDescription) {
      ctx.report({ ...at, rejects: true, message: `"description:" has no value (null); ${ctx.profile.id} skips the skill (it takes a string or no key at all). Write a description or remove the key` });
      return;
    }
    if ((d === undefined || d === null) && hasFallback) return;
    if (d === undefined || d === null) {
      if (ctx.profile.descriptionRequired) {
        ctx.report({
          ...at,
          message: `no "description"; ${ctx.profile.id} requires one (it is what the model reads to decide whether to load the skill) and clients skip a skill without it. Add "description: Use when …"`,
          rejects: true,
        });
      } else {
        ctx.report({ ...at, severity: 'info', message: `no "description"; ${ctx.profile.id} shows an empty description in its catalog, so the model has nothing to choose by` });
      }
      return;
    }
    // Claude Code reads a list or map description as no description, and falls back to the body.
    if (typeof d !== 'string' && hasFallback && ctx.profile.frontmatterFailure === 'fallback') return;
    if (typeof d !== 'string') {
      ctx.report({ ...at, message: `"description" is ${typeName(d)}; expected a string. Quote it`, rejects: true });
      return;
    }
    if (d.trim() === '' && hasFallback) return;
    if (d.trim() === '') {
      if (ctx.profile.descriptionRequired) ctx.report({ ...at, message: '"description" is blank; write one line saying when to use the skill', rejects: true });
      else ctx.report({ ...at, severity: 'info', message: '"description" is blank; the catalog entry will be empty' });
      return;
    }
    if (ctx.profile.descriptionOneLine && /[\r\n]/.test(d.trim())) {
      ctx.report({
        ...at,
        rejects: true,
        message: `"description" spans ${d.trim().split(/\r\n|\r|\n/).length} lines; ${ctx.profile.id} requires a one-line description. Put it on one line and move detail into the body`,
      });
    }
    const max = ctx.profile.descriptionMaxLength;
    const len = [...d].length;
    if (max !== null && len > max) {
      ctx.report({ ...at, rejects: ctx.profile.strictValidator, message: `"description" is ${len} characters; ${ctx.profile.id} allows at most ${max}. Shorten it and move detail into the body` });
    }
  },
});
