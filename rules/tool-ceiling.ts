// tool-ceiling: an installed skill that declares tools the read-only ceiling strips will not work as written
// (warning); a trusted skill asking for shell access is worth a look (info). Tool sets: src/core/policy/policy-data.json.

import { POLICY_DATA } from '../src/core/policy/data.js';
import { declaredTools, type DeclaredTool } from '../src/core/policy/declared.js';
import { ceilingFor, toolPolicy } from '../src/core/policy/tools.js';
import { defineRule, type SkillContext } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';

function where(ctx: SkillContext, d: DeclaredTool): { offset?: number; endOffset?: number; line?: number; column?: number } {
  const loc = ctx.locate(d.path);
  if (!loc) return { line: 1, column: 1 };
  const src = ctx.skill.source;
  // A plain (unquoted, one-line) string value: point at the entry itself.
  if (d.offsetInValue !== undefined && src && src.normalized.slice(loc.start, loc.end) === ctx.data?.['allowed-tools']) {
    const start = loc.start + d.offsetInValue;
    return { offset: start, endOffset: start + d.entry.length };
  }
  return { offset: loc.start, endOffset: loc.end };
}

export default defineRule({
  meta: {
    id: 'tool-ceiling',
    description: 'Installed skill declaring tools the read-only ceiling strips (it will not work as written); trusted skill asking for shell access (info)',
    severity: 'warning',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.1.0',
    schema: {
      type: 'object',
      properties: {
        readOnlyTools: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          uniqueItems: true,
          description: 'Tools an installed skill keeps under the read-only ceiling (default: the `default` preset; the config key `policy` sets it too).',
        },
      },
      additionalProperties: false,
    },
    examples: {
      bad: [
        { files: { 'installed_skills/w/SKILL.md': '---\nname: w\ndescription: d\nallowed-tools: Read Bash\n---\nBody.\n' } },
        { files: { '.claude/skills/sh/SKILL.md': '---\nname: sh\ndescription: d\nallowed-tools: Bash\n---\nBody.\n' } },
      ],
      good: [
        { files: { 'installed_skills/r/SKILL.md': '---\nname: r\ndescription: d\nallowed-tools: Read Grep\n---\nBody.\n' } },
        { files: { '.claude/skills/g/SKILL.md': '---\nname: g\ndescription: d\nallowed-tools: Read Bash(git status:*)\n---\nBody.\n' } },
      ],
    },
    messages: {
      // A trusted skill under a runtime where allowed-tools is not a key (IronClaw): the trust model keeps its tools.
      trustedScoped: '{{trust}} skill asks for shell access ({{list}}); as a {{trust}} skill it keeps every tool the host offers: review what it runs',
      trustedShell:
        '{{trust}} skill asks for unrestricted shell access ({{list}}); as a {{trust}} skill it keeps every tool the host offers: review what it runs, and narrow {{entry}} to the commands it needs, e.g. {{tool}}(git status:*)',
      // Claude Code (the standard's experimental field) pre-approves the listed tools: no prompt.
      preApprovedScoped: 'allowed-tools pre-approves these shell commands ({{list}}): while the skill is active, Claude Code runs them without asking. Check each is needed',
      preApproved: 'allowed-tools {{entry}} pre-approves every shell command: while the skill is active, Claude Code runs any without asking. Narrow it, e.g. {{tool}}(git status:*)',
      // keeps: "only read-only tools (Read, Grep)", or "no tool" under a ceiling of none.
      stripped:
        '{{trust}} skill declares {{tools}} in allowed-tools, but the {{trust}} tool ceiling keeps {{keeps}}: these are stripped and the skill will not work as written. Drop them, or if you trust this skill, install it as trusted (a trust mapping entry for its path)',
      strippedCommand:
        '{{trust}} skill defines tool {{tool}} that runs a command, but the {{trust}} tool ceiling keeps {{keeps}}: the tool is stripped and the skill will not work as written. Drop them, or if you trust this skill, install it as trusted (a trust mapping entry for its path)',
    },
  },
  checkSkill(ctx) {
    const declared = declaredTools(ctx.data);
    if (declared.length === 0) return;
    const trust = ctx.skill.trust;
    const defaults = toolPolicy();
    const readOnly = (ctx.options.readOnlyTools as readonly string[] | undefined) ?? defaults.readOnlyTools;
    const ceiling = ceilingFor(trust, defaults);
    if (ceiling === 'all') {
      const shell = declared.filter((d) => d.kind === 'allowed-tools' && POLICY_DATA.shellTools.includes(d.tool));
      const first = shell.find((d) => !d.scoped) ?? shell[0];
      if (!first) return;
      const list = shell.map((d) => quote(d.entry)).join(', ');
      ctx.report({
        ...where(ctx, first),
        severity: 'info',
        // Unrestricted shell is certain to matter; a scoped one (Bash(git:*)) only in the auditor persona.
        confidence: shell.some((d) => !d.scoped) ? 'high' : 'low',
        // What allowed-tools means depends on the runtime: where it is not a key (IronClaw), the trust model keeps a
        // trusted skill's tools; Claude Code (the standard's experimental field) pre-approves them: no prompt.
        ...(!ctx.profile.knownFields.includes('allowed-tools')
          ? first.scoped
            ? { messageId: 'trustedScoped', data: { trust, list } }
            : { messageId: 'trustedShell', data: { trust, list, entry: quote(first.entry), tool: first.tool } }
          : first.scoped
            ? { messageId: 'preApprovedScoped', data: { list } }
            : { messageId: 'preApproved', data: { entry: quote(first.entry), tool: first.tool } }),
      });
      return;
    }
    const keeps = ceiling === 'none' ? 'no tool' : `only read-only tools (${readOnly.join(', ')})`;
    const stripped = declared.filter((d) => d.kind === 'allowed-tools' && (ceiling === 'none' || !readOnly.includes(d.tool)));
    if (stripped.length > 0) {
      ctx.report({
        ...where(ctx, stripped[0]!),
        messageId: 'stripped',
        data: { trust, tools: stripped.map((d) => quote(d.entry)).join(', '), keeps },
      });
    }
    for (const d of declared) {
      if (d.kind !== 'cerveau-command') continue;
      ctx.report({
        ...where(ctx, d),
        messageId: 'strippedCommand',
        data: { trust, tool: quote(d.entry), keeps },
      });
    }
  },
});
