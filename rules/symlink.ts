// symlink: a symlinked SKILL.md, skill folder or entry in a skills root or skill folder. Never followed.

import { defineRule } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';
import { shownOnTheWay } from '../src/core/paths.js';

export default defineRule({
  meta: {
    id: 'symlink',
    description: 'Symlinked SKILL.md (rejected), trust-bearing folder (installed_skills, skills) or path argument; or a symlink inside a skills root or skill folder (skipped by the runtime)',
    severity: 'warning',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    // Symlink examples are created at test time (test/symlink.test.ts); a file map cannot hold one.
    examples: { bad: [], good: [{ files: { 'skills/plain/SKILL.md': '---\nname: plain\n---\nNo links here.\n' } }] },
  },
  checkSkill(ctx) {
    const r = ctx.skill.read;
    if (r.kind === 'changed' && r.symlink) {
      // Swapped after discovery (a folder on the way, or the file): the link is never followed, the skill not read.
      const to = r.linkTarget !== null ? ` (→ ${quote(r.linkTarget)})` : '';
      ctx.report({
        severity: 'error',
        message: `${quote(shownOnTheWay(ctx.skill, r.path))} was replaced by a symlink${to} after the skill was found; skillcheck does not follow it, so the skill file was not read. Replace the link with the real folder or file`,
        rejects: true,
      });
      return;
    }
    if (r.kind !== 'symlink-skipped' && r.kind !== 'symlink') return;
    const to = r.kind === 'symlink-skipped' && r.linkTarget !== null ? ` (→ ${quote(r.linkTarget)})` : '';
    ctx.report({
      severity: 'error',
      message: `skill file is a symlink${to}; runtimes reject a symlinked SKILL.md and skillcheck does not follow it. Replace the link with the file itself`,
      rejects: true,
    });
  },
  checkProject(ctx) {
    for (const ev of ctx.events) {
      if (ev.kind !== 'symlink' || ev.role === 'skill-file') continue;
      const to = ev.linkTarget !== null ? ` (→ ${quote(ev.linkTarget)})` : '';
      if (ev.role === 'root' || ev.role === 'parent') {
        const name = quote(ev.absPath.split(/[\\/]/).pop() ?? '');
        if (ev.covered) {
          // `.agents/skills -> ../skills`: it leads to a folder of the same name that was checked; nothing hidden.
          ctx.report({
            file: ctx.display(ev.absPath),
            severity: 'info',
            message: `${ev.role === 'root' ? 'skills root' : `folder ${name} on the path given`} is a symlink${to} to a folder of the same name that was checked; skillcheck does not follow it, so its skills are checked once, where they really live (a runtime that follows it loads them from both places)`,
          });
          continue;
        }
        // An error: the skills behind it were not seen, or are judged on a real path where this folder's trust does
        // not apply. `skillcheck policy` refuses to answer on this finding.
        ctx.report({
          file: ctx.display(ev.absPath),
          severity: 'error',
          message:
            ev.role === 'root'
              ? `trust-bearing folder ${name} is a symlink${to}; skillcheck does not follow it, so the skills a runtime loads through it were not checked and their trust cannot be judged from their location. Replace the link with the folder itself, or check the real folder (and map its trust in the config file)`
              : `folder ${name} on the path given is a symlink${to}; trust is decided on the real path, where this folder's name (and its trust) no longer applies. Replace the link with the folder itself, or check the real folder (and map its trust in the config file)`,
        });
        continue;
      }
      if (ev.role === 'argument') {
        // An error, so that a CI job pointed at a linked folder cannot pass with nothing checked.
        ctx.report({
          file: ctx.display(ev.absPath),
          severity: 'error',
          message: `path given on the command line is a symlink${to}; skillcheck does not follow symlinks, so nothing behind it was checked. Pass the real path instead`,
        });
        continue;
      }
      const what =
        ev.role === 'skill-dir'
          ? 'entry of a skills root is a symlink'
          : 'entry of a skill folder is a symlink';
      ctx.report({
        file: ctx.display(ev.absPath),
        message: `${what}${to}; the runtime skips it and skillcheck does not follow it. Copy the content into the tree instead of linking`,
      });
    }
  },
});
