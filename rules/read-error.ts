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
  },
  checkSkill(ctx) {
    const r = ctx.skill.read;
    if (r.kind === 'error') {
      ctx.report({ message: `cannot read the file (${r.code}): ${r.message}. Check its permissions`, rejects: true });
    } else if (r.kind === 'changed' && !r.symlink) {
      ctx.report({ message: `${r.path === ctx.skill.absPath ? 'the skill file' : `the folder ${quote(shownOnTheWay(ctx.skill, r.path))}`} changed after the skill was found (now ${r.what}); it was not read. Run the check again once the tree is stable`, rejects: true });
    } else if (r.kind === 'not-regular') {
      ctx.report({ message: `skill file is ${r.what}, not a regular file; it was not opened. Replace it with a regular file`, rejects: true });
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
          message: `${folder ? 'folder' : 'file'} name is not valid UTF-8 (invalid bytes shown as \\xNN); it was not opened${folder ? ', so skills below it were not checked' : ''}. Rename it to valid UTF-8`,
        });
      } else if (ev.kind === 'io-error') {
        ctx.report({ file, message: `cannot read ${ev.code === 'EACCES' || ev.code === 'EPERM' ? 'folder (permission denied)' : `(${ev.code})`}; skills below it were not checked` });
      } else if (ev.kind === 'not-regular') {
        ctx.report({ file, message: `path is ${ev.what}; it was not opened` });
      } else if (ev.kind === 'depth-limit') {
        ctx.report({ file, severity: 'warning', message: `folder is ${ev.depth} levels deep, past the walk's depth bound; skills below it were not checked` });
      } else if (ev.kind === 'entry-limit') {
        ctx.report({ file, severity: 'warning', message: `the walk stopped after ${thousands(ev.limit)} directory entries; later skills were not checked` });
      }
    }
  },
});
