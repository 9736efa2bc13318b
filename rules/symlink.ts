// symlink: a symlinked SKILL.md, skill folder or entry in a skills root or skill folder. A SKILL.md linked to a regular
// file inside the checked tree is checked there, and loads where the runtime follows it. A symlinked folder in a
// skills root is walked where it really lives (discover), at the lower trust; the finding says what each runtime does.

import { defineRule } from '../src/core/rule.js';
import { quote } from '../src/core/text.js';
import { shownOnTheWay } from '../src/core/paths.js';

export default defineRule({
  meta: {
    id: 'symlink',
    description: 'Symlinked SKILL.md (rejected), trust-bearing folder (installed_skills, skills) or path argument; a symlinked skill folder in a skills root (checked where it lives, at the lower trust; the finding says which runtimes load it); or another symlink inside a skill folder (skipped)',
    severity: 'warning',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    // Symlink examples are created at test time (test/symlink.test.ts); a file map cannot hold one.
    examples: { bad: [], good: [{ files: { 'skills/plain/SKILL.md': '---\nname: plain\n---\nNo links here.\n' } }] },
    messages: {
      swapped:
        '{{path}} was replaced by a symlink{{to}} after the skill was found; skillcheck does not follow it, so the skill file was not read. Replace the link with the real folder or file',
      skillFile: 'skill file is a symlink{{to}}; runtimes reject a symlinked SKILL.md and skillcheck does not follow it. Replace the link with the file itself',
      rootCovered:
        'skills root is a symlink{{to}} to a folder of the same name that was checked; skillcheck does not follow it, so its skills are checked once, where they really live (a runtime that follows it loads them from both places)',
      parentCovered:
        'folder {{name}} on the path given is a symlink{{to}} to a folder of the same name that was checked; skillcheck does not follow it, so its skills are checked once, where they really live (a runtime that follows it loads them from both places)',
      root: 'trust-bearing folder {{name}} is a symlink{{to}}; skillcheck does not follow it, so the skills a runtime loads through it were not checked and their trust cannot be judged from their location. Replace the link with the folder itself, or check the real folder (and map its trust in the config file)',
      parent:
        "folder {{name}} on the path given is a symlink{{to}}; trust is decided on the real path, where this folder's name (and its trust) no longer applies. Replace the link with the folder itself, or check the real folder (and map its trust in the config file)",
      argument: 'path given on the command line is a symlink{{to}}; skillcheck does not follow symlinks, so nothing behind it was checked. Pass the real path instead',
      rootEntry:
        'entry of a skills root is a symlink{{to}} that leads to no folder (it dangles, loops or names a file); no runtime finds a skill through it and skillcheck has nothing to check. Remove the link, or point it at the skill folder',
      folderEntry:
        'entry of a skill folder is a symlink{{to}}; skillcheck does not follow it, so what it leads to was not checked (IronClaw skips it; a runtime that reads the skill\'s files through links reads it). Copy the content into the tree instead of linking',
      loop: 'folder in a skills root is a symlink{{to}} that leads back to the folder it is in or above it, or to a folder already walked through another link; runtimes that follow links meet it again or loop. Not walked again: replace the link with the folder itself',
      followedEmpty: 'folder in a skills root is a symlink{{to}}; it was walked where it really lives ({{real}}) and holds no skill',
      dirFollowed:
        'skill folder is reached through symlink {{link}}{{to}}; {{runtime}} loads it through the link ({{source}}). Its content was checked where it really lives; {{note}}. Use a real folder to keep the skill and its trust in one place',
      dirSkipped:
        'skill folder is reached through symlink {{link}}{{to}}; {{runtime}} skips a symlinked skill folder ({{source}}), so the skill does not load there. Its content was checked where it really lives; replace the link with the folder itself',
      dirUnknown:
        'skill folder is reached through symlink {{link}}{{to}}; whether {{runtime}} loads a symlinked skill folder is not documented, so it was checked as if it did, where it really lives; {{note}}',
    },
  },
  checkSkill(ctx) {
    const r = ctx.skill.read;
    if (r.kind === 'changed' && r.symlink) {
      // Swapped after discovery (a folder on the way, or the file): the link is never followed, the skill not read.
      const to = r.linkTarget !== null ? ` (→ ${quote(r.linkTarget)})` : '';
      ctx.report({
        severity: 'error',
        messageId: 'swapped',
        data: { path: quote(shownOnTheWay(ctx.skill, r.path)), to },
        rejects: true,
      });
      return;
    }
    if (ctx.skill.viaLink !== undefined) {
      // A link to a regular file inside the checked tree: skillcheck read that file in the link's place.
      const to = ctx.skill.viaLink !== null ? ` (→ ${quote(ctx.skill.viaLink)})` : '';
      if (ctx.profile.followsSkillFileLinks) {
        ctx.report({
          message: `skill file is a symlink${to} to a file inside the checked tree; ${ctx.profile.id} reads it through the link (checked here). A copy that drops links loses the skill: use the file itself`,
        });
      } else {
        ctx.report({
          severity: 'error',
          message: `skill file is a symlink${to}; ${ctx.profile.id} skips a symlinked skill file, so the skill does not load. Replace the link with the file itself`,
          rejects: true,
        });
      }
      return;
    }
    const hops = ctx.skill.viaDirLinks;
    if (hops && hops.length > 0) {
      const hop = hops[0]!;
      const p = ctx.profile;
      const data = {
        link: quote(hop.link),
        to: hop.linkTarget !== null ? ` (→ ${quote(hop.linkTarget)})` : '',
        runtime: p.title,
        source: p.skillDirLinksSource,
        note: ctx.skill.trustNote ?? `trust ${ctx.skill.trust}`,
      };
      if (p.followsSkillDirLinks === false) ctx.report({ messageId: 'dirSkipped', data, rejects: true });
      else ctx.report({ messageId: p.followsSkillDirLinks ? 'dirFollowed' : 'dirUnknown', data });
    }
    if (r.kind !== 'symlink-skipped' && r.kind !== 'symlink') return;
    const to = r.kind === 'symlink-skipped' && r.linkTarget !== null ? ` (→ ${quote(r.linkTarget)})` : '';
    ctx.report({
      severity: 'error',
      messageId: 'skillFile',
      data: { to },
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
            ...(ev.role === 'root' ? { messageId: 'rootCovered', data: { to } } : { messageId: 'parentCovered', data: { name, to } }),
          });
          continue;
        }
        // An error: the skills behind it were not seen, or are judged on a real path where this folder's trust does
        // not apply. `skillcheck policy` refuses to answer on this finding.
        ctx.report({
          file: ctx.display(ev.absPath),
          severity: 'error',
          messageId: ev.role === 'root' ? 'root' : 'parent',
          data: { name, to },
        });
        continue;
      }
      if (ev.role === 'followed') {
        // Reported with each skill found through it (checkSkill); a link that led to no skill is said here.
        const below = ctx.display(ev.real ?? ev.absPath);
        if (ctx.skills.some((s) => s.input.file.startsWith(`${below}/`))) continue;
        ctx.report({ file: ctx.display(ev.absPath), severity: 'info', messageId: 'followedEmpty', data: { to, real: quote(ev.real ?? '') } });
        continue;
      }
      if (ev.role === 'loop') {
        ctx.report({ file: ctx.display(ev.absPath), messageId: 'loop', data: { to } });
        continue;
      }
      if (ev.role === 'argument') {
        // An error, so that a CI job pointed at a linked folder cannot pass with nothing checked.
        ctx.report({
          file: ctx.display(ev.absPath),
          severity: 'error',
          messageId: 'argument',
          data: { to },
        });
        continue;
      }
      ctx.report({ file: ctx.display(ev.absPath), messageId: ev.role === 'skill-dir' ? 'rootEntry' : 'folderEntry', data: { to } });
    }
  },
});
