// scan-limits: a skill the runtime never finds (deeper than the folders it scans below a root) or may drop (past the
// number of skills it loads). Only for runtimes whose limits the runtime's documentation states (IronClaw: depth 3, 100 skills).

import { defineRule, type ProjectContext } from '../src/core/rule.js';
import { catalogOf, depthBelowRoot, fixtureFolder } from '../src/targets/precedence.js';
import { getProfile } from '../src/targets/profiles.js';
import type { TargetId } from '../src/core/types.js';

const deep = (n: number) => `${Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i)).join('/')}`;

export default defineRule({
  meta: {
    id: 'scan-limits',
    description: 'A skill the runtime never finds (a file name it does not open, a dot-folder it skips, deeper below its root than it scans) or may drop (more skills than it loads)',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.2.0',
    examples: {
      bad: [{ files: { [`skills/${deep(4)}/SKILL.md`]: '---\nname: d\n---\nFour folders down.\n' }, args: ['--target', 'ironclaw'] }],
      good: [{ files: { [`skills/${deep(3)}/SKILL.md`]: '---\nname: c\n---\nThree folders down.\n' }, args: ['--target', 'ironclaw'] }],
    },
    messages: {
      fileName: '{{target}} opens only {{names}} (file names are case-sensitive on Linux), so it never finds {{file}}. Rename the file to SKILL.md',
      dotFolder: '{{target}} skips folders whose names start with "." below {{root}}/, so it never finds this skill (in {{folder}}/). Rename the folder',
      nodeModules: '{{target}} skips node_modules folders below {{root}}/, so it never finds this skill. Move the folder out of node_modules',
      tooDeep:
        'this skill is {{depth}} folders below {{root}}/; {{target}} scans at most {{max}} ({{root}}/<name>/SKILL.md is 1), so it never finds this skill. Move the folder up, e.g. to {{root}}/{{name}}/SKILL.md',
      // Project-wide (checkProject): only lint() reaches these.
      insideSkill:
        '{{folder}}/ holds a SKILL.md, and {{target}} takes a folder holding SKILL.md as one skill and does not look inside it, so it never finds this skill. Move this skill\'s folder out beside {{folder}}/, e.g. to {{root}}/{{name}}/SKILL.md',
      tooMany:
        '{{count}} skills load under {{target}}, which loads at most {{max}}: {{dropped}} of them are dropped, and which ones depends on the order the runtime lists folders in (not this file in particular). Remove or merge skills to stay within {{max}}',
      tooManyInCatalog:
        '{{count}} skills load under {{target}} in {{catalog}}/, which loads at most {{max}}: {{dropped}} of them are dropped, and which ones depends on the order the runtime lists folders in (not this file in particular). Remove or merge skills to stay within {{max}}',
    },
  },
  checkSkill(ctx) {
    if (ctx.skill.layout === 'file') return;
    // Test data (a scanner's fixtures, a loader's test cases) is not meant to be found: a runtime not finding it is
    // what its author wants, so depth, dot-folder and count limits say nothing about it.
    if (fixtureFolder(ctx.skill.file) !== null) return;
    const base = ctx.skill.file.slice(ctx.skill.file.lastIndexOf('/') + 1);
    const names = ctx.profile.skillFileNames;
    if (names !== null && !names.includes(base)) {
      ctx.report({
        line: 1,
        column: 1,
        rejects: true,
        messageId: 'fileName',
        data: { target: ctx.profile.id, names: names.join(' or '), file: base },
      });
      return;
    }
    const max = ctx.profile.scanDepth;
    const at = depthBelowRoot(ctx.profile.roots, ctx.skill.file);
    if (at && ctx.profile.skipsDotFolders) {
      const file = `/${ctx.skill.file}`;
      const below = file.slice(file.lastIndexOf(`/${at.root}/`) + at.root.length + 2).split('/').slice(0, -1);
      const dot = below.find((f) => f.startsWith('.'));
      if (dot !== undefined) {
        ctx.report({
          line: 1,
          column: 1,
          rejects: true,
          messageId: 'dotFolder',
          data: { target: ctx.profile.id, root: at.root, folder: dot },
        });
        return;
      }
    }
    if (at && !ctx.profile.readsNodeModules) {
      const file = `/${ctx.skill.file}`;
      const below = file.slice(file.lastIndexOf(`/${at.root}/`) + at.root.length + 2).split('/').slice(0, -1);
      if (below.includes('node_modules')) {
        ctx.report({
          line: 1,
          column: 1,
          rejects: true,
          messageId: 'nodeModules',
          data: { target: ctx.profile.id, root: at.root },
        });
        return;
      }
    }
    if (max === null || !at || at.depth <= max) return;
    ctx.report({
      line: 1,
      column: 1,
      rejects: true,
      messageId: 'tooDeep',
      data: { depth: at.depth, root: at.root, target: ctx.profile.id, max, name: ctx.skill.folderName },
    });
  },
  checkProject(ctx) {
    insideSkill(ctx);
    // Counted per catalog: separate skills roots in a monorepo (packages/a/skills, packages/b/skills) are loaded
    // by separate runs of the runtime.
    const loading = new Map<string, { target: TargetId; catalog: string; files: string[] }>();
    for (const s of ctx.skills) {
      const profile = getProfile(s.input.target);
      if (!s.loads || profile.maxSkills === null || fixtureFolder(s.input.file) !== null) continue;
      const catalog = catalogOf(profile.roots, s.input.file) ?? '';
      const key = `${s.input.target}\0${catalog}`;
      const entry = loading.get(key);
      if (entry) entry.files.push(s.input.file);
      else loading.set(key, { target: s.input.target, catalog, files: [s.input.file] });
    }
    for (const { target, catalog, files } of loading.values()) {
      const max = getProfile(target).maxSkills!;
      const sorted = [...new Set(files)].sort();
      if (sorted.length <= max) continue;
      ctx.report({
        file: sorted[max]!,
        target,
        line: 1,
        column: 1,
        severity: 'warning',
        messageId: catalog ? 'tooManyInCatalog' : 'tooMany',
        data: { count: sorted.length, target, ...(catalog ? { catalog } : {}), max, dropped: sorted.length - max },
      });
    }
  },
});

/** Skills below another skill's folder, for runtimes whose scan stops at a folder holding `SKILL.md`. */
function insideSkill(ctx: ProjectContext): void {
  // Folders holding a file named exactly SKILL.md (what the runtime's lstat finds), whatever the target.
  const skillFolders = new Set<string>();
  for (const s of ctx.skills) {
    const f = s.input.file;
    if (f === 'SKILL.md' || f.endsWith('/SKILL.md')) skillFolders.add(f.slice(0, Math.max(0, f.length - '/SKILL.md'.length)));
  }
  for (const s of ctx.skills) {
    const profile = getProfile(s.input.target);
    if (!profile.stopsAtSkillFolder || fixtureFolder(s.input.file) !== null) continue;
    const at = depthBelowRoot(profile.roots, s.input.file);
    if (!at || at.depth < 2) continue;
    const parts = s.input.file.split('/');
    // The folders strictly between the root and the skill's own folder, outermost first (the scan meets it first).
    const folders = parts.length - 1;
    for (let k = folders - at.depth + 1; k < folders; k++) {
      const folder = parts.slice(0, k).join('/');
      if (!skillFolders.has(folder)) continue;
      ctx.report({
        file: s.input.file,
        target: s.input.target,
        line: 1,
        column: 1,
        rejects: true,
        messageId: 'insideSkill',
        data: { folder, target: s.input.target, root: parts.slice(0, folders - at.depth).join('/'), name: parts[folders - 1]! },
      });
      break;
    }
  }
}
