// privilege-change: permission and privilege changes (chmod 777 / a+rwx, setuid bits, chown root on system paths, sudoers edits) and erasing logs or shell history (pattern pack rules/packs/privilege-change.yaml, then the behaviour model's chains, src/analysis/behaviour/).
// A command whose own line carries a comment discouraging it ("chmod 777 /x  # not recommended for production")
// is shown as what not to do. Those words are the skill's own text, which an attacker writes: as for the model's
// chains (Chain.lowered), they lower the finding to info only in a skill at the highest trust. So does a command
// written as data: an element of a list or tuple of strings (a blocklist, test inputs, a guard's (pattern,
// description) pairs), a string of a record that also holds a regular expression matching one of its strings (a
// guard's pattern table: {"pattern": "chmod\\s+777", "example": "chmod 777 /etc"}), or one form of a usage
// synopsis (`history -c` among `history [N]`, `history -d OFFSET`). It is data unless something runs it, and
// whether something does is more than a line can tell, so the lowering is kept to the highest trust too.
// A sentence of Markdown prose that warns against the command ("Never run `chmod 777 /srv`", a checklist's "NO chmod
// 777") is lowered the same way, read as the behaviour model reads its prose commands.
// The comment may be in another language (非推奨, 不推荐, nicht empfohlen: DISCOURAGING_COMMENT in
// src/analysis/catalogue.ts); a command reference whose lines each end in a comment saying what the form does counts
// as a synopsis.
// Reviews that read what the command does, whoever wrote it: `history -a; history -c; history -r` saves the history
// before clearing the list in memory (the idiom sharing history between terminals): nothing is erased, not
// reported; a path in the user's home folder handed to root is the chown-root-user-files entry's (a warning), not
// also chown-root-system's; root taking a service definition (a systemd unit, a launchd plist) is what systemd and
// launchd require of one, and a Dockerfile's RUN line (or a continuation line of it) changes the image being built,
// not the machine of the user: both drop to info.

import type { SkillContext } from '../src/core/rule.js';
import { packAndChainsRule, type Taken } from '../src/analysis/behaviour/report.js';
import { lineText } from '../src/core/fingerprint.js';
import { positionAt } from '../src/core/source.js';
import { DISCOURAGING_COMMENT } from '../src/analysis/catalogue.js';
import { compileRe2, disposeRe2 } from '../src/analysis/re2.js';
import { highestTrust } from '../src/core/trust.js';
import { warnsAgainst } from '../src/analysis/behaviour/model.js';
import { inMarkdownProse } from '../src/analysis/operand.js';

/** A string literal (Python's r/b/u prefixes allowed). */
const STR = String.raw`[rRbBuU]{0,2}(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')`;
/** A line that is only elements of a list or tuple of strings (`"rm -rf /", "chmod -R 777 /",`, `(r'chmod\s+777',
 *  'Chmod 777 on /etc'),`, optionally `NAME = [` before and `]` after): a blocklist, test inputs or patterns a tool
 *  matches against, data rather than a command run. A config value (`"setup": "chmod 777 /x"`) is not one: it has
 *  a key; nor is a lone string (at least one element is followed by a comma). */
const LIST_ELEMENTS = new RegExp(String.raw`^\s*(?:[\w.$]+\s*[:=]\s*)?(?:[\[(]\s*)*(?:${STR}\s*(?:[)\]]\s*)*,\s*(?:[\[(]\s*)*)+(?:${STR}\s*)?(?:[)\]]\s*)*[,;]?\s*(?:(?:#|\/\/).*)?$`);
/** A service definition: a systemd unit or a launchd property list. */
const SERVICE_FILE = /\.(?:service|socket|timer|path|mount|target|plist)$/;

/** Whether the JSON object around `offset` is a pattern record: one of its strings, written as a regular expression,
 *  matches another of its strings. */
function patternRecord(text: string, offset: number): boolean {
  const open = text.lastIndexOf('{', offset);
  const close = text.indexOf('}', offset);
  if (open === -1 || close === -1 || close - open > 4000) return false;
  let rec: unknown;
  try {
    rec = JSON.parse(text.slice(open, close + 1));
  } catch {
    return false;
  }
  if (!rec || typeof rec !== 'object' || Array.isArray(rec)) return false;
  const strs = Object.values(rec).filter((v): v is string => typeof v === 'string');
  for (const p of strs) {
    if (!/\\[sSbdw]|\.[*+]/.test(p)) continue;
    const c = compileRe2(p, 'i');
    if (!c.ok) continue;
    try {
      if (strs.some((x) => x !== p && c.regex.test(x))) return true;
    } finally {
      disposeRe2(c.regex);
    }
  }
  return false;
}

/** Whether the line at `offset` is one form of a usage synopsis or of a command reference: two more lines near it
 *  start with the same command and write their operands as metasyntax ([OPTIONAL], UPPERCASE placeholders), or
 *  they and this line each end in a comment saying what that form does (`history -c   # clear the list`). */
function synopsisLine(text: string, offset: number, line: string): boolean {
  const cmd = /^\s*([a-z][\w-]*)\s/.exec(line)?.[1];
  if (!cmd) return false;
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const around = text.slice(Math.max(0, start - 400), Math.min(text.length, start + line.length + 400)).split('\n');
  const described = (l: string) => /\s#[ \t]*\S/.test(l);
  const forms = around.filter((l) => l.trimStart().startsWith(`${cmd} `) && l !== line && (/\[[^\]\n]*\]/.test(l) || /\s[A-Z][A-Z_-]{1,}\b/.test(l) || (described(line) && described(l))));
  return forms.length >= 2;
}

/** `history -c` after `history -a` or `-w` on the line: the session's history is saved to the file first, then the
 *  list in memory is cleared (and, with `-r`, read back): the idiom that shares history between terminals. Nothing
 *  is erased. */
const HISTORY_SAVED_FIRST = /\bhistory[ \t]+-[a-z]*[aw][a-z]*\b[^\n]*?\bhistory[ \t]+-c\b/;
/** Other ways to erase traces on a line, which the saved history does not excuse. */
const OTHER_ERASURE = /\/var\/log|HISTFILE|HISTSIZE|_history\b|wevtutil|Clear-EventLog/i;
/** A path in the user's home folder handed to root: the chown-root-user-files entry's, which says more. */
const USER_FILES = /\bchown[ \t]+(?:-[A-Za-z]+[ \t]+)*root(?::[\w-]*)?[ \t]+["']?(?:~|\$HOME\b|\$\{HOME\}|\/home\/|\/Users\/)/i;

/** The first line of the logical line the finding's line belongs to: back over lines ending in a backslash (a shell
 *  or Dockerfile continuation), at most 50 lines. */
function logicalLine(ctx: SkillContext, t: Taken, line: string): string {
  const src = t.report.source ?? ctx.skill.source;
  if (!src || t.report.offset === undefined) return line;
  let n = positionAt(src, t.report.offset).line;
  for (let k = 0; k < 50 && n > 1 && /\\[ \t]*$/.test(lineText(src, n - 1)); k++) n--;
  return lineText(src, n);
}

const info = <T extends { report: object }>(t: T): T => ({ ...t, report: { ...t.report, severity: 'info', confidence: 'low' } });

/**
 * Programs that give a root shell or write any file when sudo runs them (the classes of GTFOBins' "Sudo" functions:
 * shells, interpreters, editors and pagers with a shell escape, file copiers and writers, archivers, finders that
 * run commands, privilege tools, container and package tools): a rule that lets a user run one of them is root.
 */
const ROOT_EQUIVALENT = /^(?:(?:ba|da|z|k|c|tc|fi)?sh|env|exec|python[0-9.]*|perl|ruby|node|php|lua|awk|gawk|mawk|nawk|vim?|nvim|nano|emacs|ed|less|more|man|find|xargs|tee|cp|mv|dd|install|rsync|tar|zip|unzip|chmod|chown|ln|sudo|su|doas|docker|podman|kubectl|systemctl|service|apt|apt-get|yum|dnf|pip[0-9.]*|npm|git|ssh|scp|journalctl|script|nmap|make|gdb|strace|crontab|visudo)$/;

/** The programs a sudoers rule on `line` lets run without a password, when every one is an absolute path to a
 *  program that is not root-equivalent (ROOT_EQUIVALENT) and no wildcard or ALL is among them; otherwise null. */
function scopedRule(line: string): string | null {
  const m = /\bNOPASSWD[ \t]*:[ \t]*([^'"\n]*)/.exec(line);
  if (!m) return null;
  const cmds = m[1]!.split(',').map((c) => c.trim()).filter((c) => c !== '');
  if (cmds.length === 0) return null;
  const progs: string[] = [];
  for (const c of cmds) {
    const prog = c.split(/[ \t]+/)[0]!;
    if (!/^\/[\w./-]+$/.test(prog) || /[*?]/.test(c) || /\bALL\b/.test(c)) return null;
    const name = prog.slice(prog.lastIndexOf('/') + 1);
    if (ROOT_EQUIVALENT.test(name)) return null;
    if (!progs.includes(prog)) progs.push(prog);
  }
  return progs.join(', ');
}

/** A container runtime's command that runs the rest of the line inside a container (exec into a running one, or a
 *  new one), up to a command separator. */
const CONTAINER_RUN = /\b(?:(?:docker|podman|nerdctl)(?:[ \t]+compose)?[ \t]+(?:exec|run)|kubectl[ \t]+exec)\b([^;&|\n]*)$/;
/** Options that hand a container the host's files, devices or privileges: what it changes may be the host's. */
const HOST_ACCESS = /(?:^|[ \t])(?:-v|--volume|--mount|--privileged|--pid[ =]host|--device|-[a-zA-Z]*v)(?:[ \t=]|$)/;

/** Whether the match at column `col` of `line` runs inside a container (CONTAINER_RUN before it on the line, with no
 *  separator in between and no host access). */
function inContainer(line: string, col: number): boolean {
  const m = CONTAINER_RUN.exec(line.slice(0, Math.max(0, col)));
  return m !== null && !HOST_ACCESS.test(m[1]!);
}


export default packAndChainsRule(
  {
    id: 'privilege-change',
    description: 'Permission and privilege changes (chmod 777 / a+rwx, setuid bits, chown root on system paths, sudoers edits) and erasing logs or shell history',
    severity: 'warning',
    confidence: 'high',
    category: 'security',
    fixable: false,
    since: '0.2.0',
    examples: {
      bad: [{ files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\n```sh\nchmod 777 /opt/shared && sudo chown -R root:root /opt/shared\n```\n' } }],
      good: [{ files: { 'skills/x/SKILL.md': '---\nname: x\ndescription: Helper.\n---\n```sh\nchmod 755 bin/tool\n```\n' } }],
    },
  },
  (ctx, t, line) => {
    const id = t.report.messageId;
    // Root taking a service definition it is about to load (the install itself is persistence's finding).
    const operands = id === 'chown-root-system' ? /\bchown[ \t]+(?:-\w+[ \t]+)*\S+[ \t]+([^;&|#\n]+)/.exec(line)?.[1]?.trim().split(/[ \t]+/) : undefined;
    if (operands && operands.length > 0 && operands.every((o) => SERVICE_FILE.test(o.replace(/["']/g, '')))) return info(t);
    // A Dockerfile instruction: the change is the image's (a sudo rule for a container's own user, `chmod 777 /tmp`
    // before `USER app`), not the host's. The line may continue a RUN instruction (`RUN adduser … \` then `&& echo … >
    // /etc/sudoers`).
    if (/^\s*RUN\s/.test(logicalLine(ctx, t, line))) return info(t);
    // A command a container runs (`docker exec -u root app chmod -R 777 /var/lib/x`, `kubectl exec pod -- …`) changes
    // the container's files, not the host's, unless the container was given host paths or privileges.
    const text = (t.report.source ?? ctx.skill.source)?.normalized ?? '';
    const at = Math.min(t.report.offset ?? 0, text.length);
    if (inContainer(line, at - (text.lastIndexOf('\n', at - 1) + 1))) return info(t);
    if (id === 'erase-traces' && HISTORY_SAVED_FIRST.test(line) && !OTHER_ERASURE.test(line)) return null;
    // A rule written into sudoers that lets a user run named programs without a password, none of them a way to a root
    // shell: passwordless sudo for those programs, not root for everything. A warning, one step down from the error.
    const scoped = id === 'sudoers' ? scopedRule(line) : null;
    if (scoped && t.report.severity !== 'info') {
      const r = t.report as { severity?: string; suffix?: string };
      return { ...t, report: { ...t.report, severity: 'warning', suffix: `${r.suffix ?? ''} (the rule names only ${scoped}, none a way to a root shell: root for those commands, not for everything: a warning)` } };
    }
    // A rule the line shows being written (`echo "admin ALL=(ALL) ALL" >> /etc/sudoers`) without NOPASSWD: sudo asks
    // that user for their password. It grants root through sudo, the common way to stop using root directly: a
    // warning, one step down from the error a passwordless rule or a rule not shown keeps.
    if (id === 'sudoers' && t.report.severity === 'error' && /\b(?:echo|printf)\b[^|>\n]*=[ \t]*\([^)\n]*\)/.test(line) && !/\bNOPASSWD\b/i.test(line)) {
      const r = t.report as { severity?: string; suffix?: string };
      return { ...t, report: { ...t.report, severity: 'warning', suffix: `${r.suffix ?? ''} (the rule it writes asks for the user's password: sudo rights for that user, not passwordless root: a warning)` } };
    }
    if (id === 'chown-root-system' && USER_FILES.test(line)) return null;
    if (ctx.skill.trust !== highestTrust()) return t;
    if (DISCOURAGING_COMMENT.test(line) || LIST_ELEMENTS.test(line) || patternRecord(text, at) || synopsisLine(text, at, line)) return info(t);
    // A sentence of Markdown prose that warns against the command ("Never run `chmod 777 /srv`", "- [ ] NO chmod 777"),
    // read as the behaviour model reads its prose commands (src/analysis/behaviour/model.ts).
    if (inMarkdownProse(t.report.file ?? ctx.skill.file, text, at) && warnsAgainst(line, at - (text.lastIndexOf('\n', at - 1) + 1))) {
      return { ...t, report: { ...t.report, severity: 'info', confidence: 'low', suffix: `${t.report.suffix ?? ''} (its sentence warns against it)` } };
    }
    return t;
  },
);
