// fallback: the runtime names or describes the skill from a fallback (folder, first line, H1, _meta.json,
// skill-card.md); info, so the author knows what the catalog will show.

import { defineRule, reportMessage, type RuleMeta } from '../src/core/rule.js';
import { SOURCE_LABEL } from '../src/targets/names.js';
import { quote } from '../src/core/text.js';

const meta: RuleMeta = {
  id: 'fallback',
  description: 'Name or description taken from a fallback (Jern: folder, first line; Creo: H1, _meta.json slug, folder, skill-card.md, "Skill: <folder>"): which one, and the value',
  severity: 'info',
  confidence: 'high',
  category: 'validator',
  fixable: false,
  since: '0.2.0',
  examples: {
    bad: [{ files: { '.jern/skills/deploy/SKILL.md': 'Deploys the service to staging.\n\nSteps follow.\n' } }],
    good: [{ files: { '.jern/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys the service to staging.\n---\nSteps follow.\n' } }],
  },
  messages: {
    name: '{{why}} "name"; {{target}} names the skill {{value}} from {{source}}. Add "name: {{name}}" to the frontmatter to make it explicit',
    description: '{{why}} "description"; {{target}} describes the skill as {{value}} ({{source}}). Add a "description: Use when …" line to the frontmatter',
    // Parts: why the frontmatter gives none ({{why}}).
    whyNoUsable: 'the frontmatter has no usable',
    whyNoFrontmatter: 'there is no frontmatter, so no',
  },
};

/** "its folder name", but "the runtime's default" (not "its the runtime's default"). */
const sourcePhrase = (label: string): string => (label.startsWith('the ') ? label : `its ${label}`);

export default defineRule({
  meta,
  checkSkill(ctx) {
    const r = ctx.skill.resolved;
    const p = ctx.profile;
    if (!r || (p.nameSources.length < 2 && p.descriptionSources.length < 2)) return;
    // Only a document the runtime can read falls back; a broken frontmatter is the frontmatter rule's finding.
    if (ctx.skill.doc?.frontmatter && !ctx.data) return;
    if (!ctx.skill.doc) return;
    const why = reportMessage(meta, { messageId: ctx.skill.doc.frontmatter ? 'whyNoUsable' : 'whyNoFrontmatter' });
    if (r.name && r.name.source !== 'frontmatter') {
      ctx.report({
        ...(r.name.offset !== undefined ? { offset: r.name.offset, endOffset: r.name.offset + r.name.value.length } : { line: 1, column: 1 }),
        messageId: 'name',
        data: { why, target: p.id, value: quote(r.name.value), source: sourcePhrase(SOURCE_LABEL[r.name.source]), name: r.name.value },
      });
    }
    if (r.description && r.description.source !== 'frontmatter') {
      ctx.report({
        ...(r.description.offset !== undefined ? { offset: r.description.offset, endOffset: r.description.offset + r.description.value.length } : { line: 1, column: 1 }),
        messageId: 'description',
        data: { why, target: p.id, value: quote(r.description.value), source: sourcePhrase(SOURCE_LABEL[r.description.source]) },
      });
    }
  },
});
