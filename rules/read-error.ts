// read-error: a skill file or folder that could not be read, or a part of the tree the walk did not enter.

import { shownOnTheWay } from '../src/core/paths.js';
import { defineRule } from '../src/core/rule.js';
import { quote, thousands } from '../src/core/text.js';

export default defineRule({
  meta: {
    id: 'read-error',
    description: 'A skill file or folder that cannot be read (permissions, not a regular file) or a walk limit reached',
    severity: 'error',
    confidence: 'high',
    category: 'validator',
    fixable: false,
    since: '0.1.0',
    examples: { bad: [], good: [{ files: { 'skills/ok/SKILL.md': '---\nname: ok\ndescription: Fine.\n---\nBody.\n' } }] },
    messages: {
      cannotRead: 'cannot read the file ({{code}}): {{error}}. Check its permissions',
      fileChanged: 'the skill file changed after the skill was found (now {{what}}); it was not read. Run the check again once the tree is stable',
      folderChanged: 'the folder {{path}} changed after the skill was found (now {{what}}); it was not read. Run the check again once the tree is stable',
      notRegular: 'skill file is {{what}}, not a regular file; it was not opened. Replace it with a regular file',
      folderName: 'folder name is not valid UTF-8 (invalid bytes shown as \\xNN); it was not opened, so skills below it were not checked. Rename it to valid UTF-8',
      fileName: 'file name is not valid UTF-8 (invalid bytes shown as \\xNN); it was not opened. Rename it to valid UTF-8',
      folderDenied: 'cannot read folder (permission denied); skills below it were not checked',
      ioError: 'cannot read ({{code}}); skills below it were not checked',
      notRegularPath: 'path is {{what}}; it was not opened',
      depthLimit: "folder is {{depth}} levels deep, past the walk's depth bound; skills below it were not checked",
      entryLimit: 'the walk stopped after {{limit}} directory entries; later skills were not checked',
    },
  },
  checkSkill(ctx) {
    const r = ctx.skill.read;
    if (r.kind === 'error') {
      ctx.report({ messageId: 'cannotRead', data: { code: r.code, error: r.message }, rejects: true });
    } else if (r.kind === 'changed' && !r.symlink) {
      ctx.report({
        ...(r.path === ctx.skill.absPath ? { messageId: 'fileChanged', data: { what: r.what } } : { messageId: 'folderChanged', data: { path: quote(shownOnTheWay(ctx.skill, r.path)), what: r.what } }),
        rejects: true,
      });
    } else if (r.kind === 'not-regular') {
      ctx.report({ messageId: 'notRegular', data: { what: r.what }, rejects: true });
    }
  },
  checkProject(ctx) {
    for (const ev of ctx.events) {
      const file = ctx.display(ev.absPath);
      if (ev.kind === 'io-error' && ev.code === 'EILSEQ') {
        const folder = ev.message.startsWith('folder');
        ctx.report({
          file,
          ...(folder ? {} : { severity: 'warning' as const }),
          messageId: folder ? 'folderName' : 'fileName',
        });
      } else if (ev.kind === 'io-error') {
        ctx.report({ file, ...(ev.code === 'EACCES' || ev.code === 'EPERM' ? { messageId: 'folderDenied' } : { messageId: 'ioError', data: { code: ev.code } }) });
      } else if (ev.kind === 'not-regular') {
        ctx.report({ file, messageId: 'notRegularPath', data: { what: ev.what } });
      } else if (ev.kind === 'depth-limit') {
        ctx.report({ file, severity: 'warning', messageId: 'depthLimit', data: { depth: ev.depth } });
      } else if (ev.kind === 'entry-limit') {
        ctx.report({ file, severity: 'warning', messageId: 'entryLimit', data: { limit: thousands(ev.limit) } });
      }
    }
  },
});
