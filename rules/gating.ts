// gating: `requires` (or legacy `metadata.openclaw.requires`): malformed is an error; unmet requirements on
// this machine are reported as machine-dependent (looked up, never executed) and switched off by --no-gating.

import { defineRule, type SkillContext } from '../src/rule.js';
import { didYouMean, quote, typeName } from '../src/text.js';

const LIST_KEYS: Record<'ironclaw' | 'openclaw', readonly string[]> = {
  ironclaw: ['bins', 'env', 'config'],
  openclaw: ['bins', 'anyBins', 'env', 'config', 'os'],
};

function requiresBlock(ctx: SkillContext): { value: unknown; path: string[] } | null {
  const data = ctx.data;
  if (!data) return null;
  const meta = data.metadata;
  const legacy =
    meta && typeof meta === 'object' && !Array.isArray(meta) && (meta as Record<string, unknown>).openclaw && typeof (meta as Record<string, unknown>).openclaw === 'object'
      ? ((meta as Record<string, Record<string, unknown>>).openclaw as Record<string, unknown>).requires
      : undefined;
  if (data.requires !== undefined) {
    if (legacy !== undefined) {
      const loc = ctx.locate(['metadata', 'openclaw', 'requires']);
      ctx.report({
        offset: loc?.start,
        endOffset: loc?.end,
        severity: 'info',
        message: 'both top-level "requires" and legacy "metadata.openclaw.requires" are set; newer IronClaw reads the top-level one and ignores the legacy key. Keep one',
      });
    }
    return { value: data.requires, path: ['requires'] };
  }
  if (legacy !== undefined) return { value: legacy, path: ['metadata', 'openclaw', 'requires'] };
  return null;
}

export default defineRule({
  meta: {
    id: 'gating',
    description: 'Malformed `requires` gating (error); binaries, environment variables or config paths missing on this machine (machine-dependent, --no-gating turns them off)',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: {
      bad: [
        { files: { 'skills/g/SKILL.md': '---\nname: g\nrequires:\n  bins: docker\n---\nBody.\n' } },
        { files: { 'skills/g/SKILL.md': '---\nname: g\nrequires:\n  bins: [skillcheck-no-such-binary-xyz]\n---\nBody.\n' } },
      ],
      good: [
        { files: { 'skills/g/SKILL.md': '---\nname: g\nrequires:\n  bins: [node]\n---\nBody.\n' } },
        { files: { 'skills/g/SKILL.md': '---\nname: g\nrequires:\n  bins: [skillcheck-no-such-binary-xyz]\n---\nBody.\n' }, args: ['--no-gating'] },
      ],
    },
  },
  checkSkill(ctx) {
    const kind = ctx.profile.gating;
    if (!kind) return;
    const block = requiresBlock(ctx);
    if (!block || block.value === null) return;
    const loc = ctx.locate(block.path);
    const name = block.path.join('.');
    if (typeof block.value !== 'object' || Array.isArray(block.value)) {
      ctx.report({ offset: loc?.start, endOffset: loc?.end, rejects: true, message: `"${name}" is ${typeName(block.value)}; expected a mapping with ${LIST_KEYS[kind].join(', ')}` });
      return;
    }
    const req = block.value as Record<string, unknown>;
    const lists: Record<string, string[]> = {};
    for (const [key, v] of Object.entries(req)) {
      const kLoc = ctx.locate([...block.path, key]);
      if (!LIST_KEYS[kind].includes(key)) {
        // The runtime ignores other keys: a likely typo is a warning, anything else (e.g. `mcp`) only info.
        const guess = didYouMean(key, LIST_KEYS[kind]);
        ctx.report({
          offset: kLoc?.start,
          endOffset: kLoc?.end,
          severity: guess ? 'warning' : 'info',
          message: `"${name}.${key}" is not a gating key ${kind} reads, so it gates nothing${guess ? `; did you mean ${quote(guess)}?` : `; ${kind} reads ${LIST_KEYS[kind].join(', ')}`}`,
        });
        continue;
      }
      if (v === null) continue;
      if (!Array.isArray(v) || v.some((e) => typeof e !== 'string')) {
        ctx.report({
          offset: kLoc?.start,
          endOffset: kLoc?.end,
          rejects: true,
          message: `"${name}.${key}" is ${Array.isArray(v) ? 'a list with non-string entries' : typeName(v)}; expected a list of strings, e.g. ${key}: [${quote(String(Array.isArray(v) ? v[0] : v))}]`,
        });
        continue;
      }
      lists[key] = v as string[];
      if (key === 'bins' || key === 'anyBins') {
        v.forEach((b: string, i: number) => {
          if (b.includes('/') || b.trim() === '') {
            const eLoc = ctx.locate([...block.path, key, i]);
            ctx.report({ offset: eLoc?.start, endOffset: eLoc?.end, rejects: true, message: `${key} entry ${quote(b)} is not a command name; give the bare name looked up on PATH (no "/")` });
          }
        });
      }
    }
    if (!ctx.gating) return;
    const md = { severity: 'warning' as const, machineDependent: true, rejects: true };
    const runtime = kind === 'ironclaw' ? 'IronClaw' : 'OpenClaw';
    (lists.bins ?? []).forEach((b, i) => {
      if (b.includes('/') || ctx.host.which(b)) return;
      const l = ctx.locate([...block.path, 'bins', i]);
      ctx.report({ ...md, offset: l?.start, endOffset: l?.end, message: `on this machine, ${quote(b)} is not on PATH; ${runtime} skips the skill where a required bin is missing (machine-dependent: --no-gating)` });
    });
    if (lists.anyBins && lists.anyBins.length > 0 && !lists.anyBins.some((b) => ctx.host.which(b))) {
      const l = ctx.locate([...block.path, 'anyBins']);
      ctx.report({ ...md, offset: l?.start, endOffset: l?.end, message: `on this machine, none of ${lists.anyBins.map((b) => quote(b)).join(', ')} is on PATH; ${runtime} needs at least one (machine-dependent: --no-gating)` });
    }
    (lists.env ?? []).forEach((e, i) => {
      const val = ctx.host.env(e);
      const unmet = kind === 'ironclaw' ? val === undefined : !val;
      if (!unmet) return;
      const l = ctx.locate([...block.path, 'env', i]);
      ctx.report({ ...md, offset: l?.start, endOffset: l?.end, message: `on this machine, environment variable ${quote(e)} is ${val === undefined ? 'unset' : 'empty'}; ${runtime} skips the skill (${kind === 'ironclaw' ? 'it must be set, even empty' : 'it must be non-empty'}) (machine-dependent: --no-gating)` });
    });
    if (kind === 'ironclaw') {
      (lists.config ?? []).forEach((c, i) => {
        if (ctx.host.exists(c)) return;
        const l = ctx.locate([...block.path, 'config', i]);
        ctx.report({ ...md, offset: l?.start, endOffset: l?.end, message: `on this machine, config path ${quote(c)} does not exist (IronClaw does not expand "~"); the skill is skipped (machine-dependent: --no-gating)` });
      });
    }
  },
});
