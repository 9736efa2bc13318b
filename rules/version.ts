// version: IronClaw `version` must be a string matching ^[a-zA-Z0-9._\-+~]{1,32}$ (it goes into an XML attribute).

import { defineRule } from '../src/core/rule.js';
import { quote, typeName } from '../src/core/text.js';
import { originalOffset } from '../src/core/source.js';

export default defineRule({
  meta: {
    id: 'version',
    description: 'IronClaw `version` not a string matching ^[a-zA-Z0-9._\\-+~]{1,32}$',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: true,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/v/SKILL.md': '---\nname: v\nversion: 1.0 beta\n---\nBody.\n' }, args: ['--target', 'ironclaw'] },
        { files: { 'skills/v/SKILL.md': '---\nname: v\nversion: 1.0\n---\nBody.\n' }, args: ['--target', 'ironclaw'] },
      ],
      good: [{ files: { 'skills/v/SKILL.md': '---\nname: v\nversion: "1.0.0-rc.1+build~2"\n---\nBody.\n' }, args: ['--target', 'ironclaw'] }],
    },
  },
  checkSkill(ctx) {
    const pattern = ctx.profile.versionPattern;
    if (!pattern || !ctx.data || !Object.prototype.hasOwnProperty.call(ctx.data, 'version')) return;
    const v = ctx.data.version;
    const loc = ctx.locate(['version']);
    const at = loc ? { offset: loc.start, endOffset: loc.end } : { line: 1, column: 1 };
    if (v === null) return; // YAML null: the runtime falls back to "0.0.0"
    if (typeof v !== 'string') {
      const src = ctx.skill.source;
      const raw = loc && src ? src.normalized.slice(loc.start, loc.end) : String(v);
      const fixable = loc && src && /^[a-zA-Z0-9._\-+~]{1,32}$/.test(raw);
      ctx.report({
        ...at,
        message: `"version" is ${typeName(v)} (${raw}); ${ctx.profile.id} expects a string and rejects the skill. Quote it: version: "${raw}"`,
        rejects: true,
        ...(fixable && src && loc
          ? { fix: { description: 'quote the version', edits: [{ start: originalOffset(src, loc.start), end: originalOffset(src, loc.end), text: `"${raw}"` }] } }
          : {}),
      });
      return;
    }
    if (!new RegExp(pattern).test(v)) {
      ctx.report({
        ...at,
        message: `version ${quote(v)} does not match ${pattern}; ${ctx.profile.id} writes it into an XML attribute and rejects the skill. Use letters, digits and . _ - + ~ (at most 32)`,
        rejects: true,
      });
    }
  },
});
