// Credential harvesting: one piece of code that walks the credential stores of several services and reads each (a
// list of their paths looped over, mapped or copied), or that reads the passwords a browser saved. No tool needs the
// keys of two services at once, and no ordinary tool reads the browser's saved passwords: gathering them is how an
// infostealer starts, and the send may come from another file or a later step (ATT&CK T1552.001 credentials in
// files, T1555.003 credentials from web browsers). A list of paths that is only checked (exists, stat, permissions)
// or matched against file names reads nothing and is not reported.

import { secretPath } from './paths.js';
import type { Chain, Snippet, Step } from './types.js';

/** Calls that read or copy a file's content, in program code. */
const CODE_READ = /\bopen\s*\(|\.read(?:_text|_bytes|lines)?\s*\(|\breadFile(?:Sync)?\s*\(|\bcopy(?:file|2|tree|FileSync)?\s*\(|\bcopyFile\s*\(|\b(?:File|IO)\.(?:read|binread)\s*\(|\bfile_get_contents\s*\(|\bGet-Content\b|\bCopy-Item\b|\bslurp\b/;
/** A loop or a map over a list, in program code. */
const CODE_LOOP = /\bfor\b|\.map\s*\(|\.forEach\s*\(|\.each\b|\bforeach\b|\bForEach-Object\b|%\s*\{/;
/** Shell commands that read or copy a file's content. */
const SHELL_READ = /(?:^|[\s;|&(`])(?:cat|cp|tar|zip|7z|base64|base32|xxd|od|head|tail|rsync|scp|gpg|openssl|strings)\b/;
/** What a browser stores its saved passwords in, and what reads them decrypted: the password column of Chromium's
 *  "Login Data" database, Firefox's logins.json with its key database key4.db. */
const BROWSER_PASSWORDS = /\bpassword_value\b|\blogins\.json\b[\s\S]{0,2000}\bkey4\.db\b|\bkey4\.db\b[\s\S]{0,2000}\blogins\.json\b/;

/** The credential store a written path names, with a key for the service (`~/.aws/credentials` → .aws). A bare
 *  relative name (`.aws/credentials`, `.ssh/id_rsa`) counts when it starts with a dot folder, as code joins it to the
 *  home folder; a bare file name (`id_rsa`, `.env`, `.npmrc`) is a pattern a scanner matches, not a store. */
function store(raw: string): { what: string; key: string } | null {
  const v = raw.trim();
  if (v.length === 0 || v.length > 300) return null;
  let p = /^\.[\w-]+\/\S/.test(v) ? secretPath(`~/${v}`) : null;
  p ??= secretPath(v);
  if (!p || p.browser) return p ? { what: p.what, key: 'browser' } : null;
  if (!p.what.startsWith('~/')) return null;
  // The key is the store's first folder or file under home: .ssh, .aws, .config/gcloud, .netrc.
  const rel = p.what.slice(2);
  const key = /^\.config\/[^/]+/.exec(rel)?.[0] ?? rel.split('/')[0]!;
  // Public halves and client settings hold no secret.
  if (/\.pub$|known_hosts|authorized_keys|\.ssh\/config$|\.aws\/config$/.test(rel)) return null;
  return { what: p.what, key };
}

interface Found {
  listAt: [number, number];
  readAt: [number, number];
  stores: string[];
  how: string;
}

/** Groups of string literals written one after another in a list (separated by commas, blanks, newlines). */
function literalLists(text: string): { items: string[]; start: number; end: number }[] {
  const out: { items: string[]; start: number; end: number }[] = [];
  const re = /(?:[rbfu]{0,2})("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\\n$]|\\.)*`)/g;
  let cur: { items: string[]; start: number; end: number } | null = null;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const q = m[1]!;
    const at = m.index + m[0].length - q.length;
    if (cur && /^[\s,]*$/.test(text.slice(cur.end, at)) && text.slice(cur.end, at).includes(',')) {
      cur.items.push(q.slice(1, -1));
      cur.end = at + q.length;
    } else {
      if (cur && cur.items.length >= 2) out.push(cur);
      cur = { items: [q.slice(1, -1)], start: at, end: at + q.length };
    }
  }
  if (cur && cur.items.length >= 2) out.push(cur);
  return out;
}

function distinct(items: readonly string[]): { what: string[]; keys: Set<string> } {
  const what: string[] = [];
  const keys = new Set<string>();
  for (const it of items) {
    const s = store(it);
    if (!s) continue;
    keys.add(s.key);
    if (!what.includes(s.what)) what.push(s.what);
  }
  return { what, keys };
}

function findCode(text: string): Found | null {
  for (const l of literalLists(text)) {
    const { what, keys } = distinct(l.items);
    if (keys.size < 2) continue;
    // The list is walked and each path read within the code that follows it.
    // The list is walked (a loop or map after it, or a loop it is written in) and a read follows within a few lines.
    const after = text.slice(l.end, Math.min(text.length, l.end + 800));
    const around = text.slice(Math.max(0, l.start - 200), l.start);
    if (!CODE_LOOP.test(after) && !CODE_LOOP.test(around)) continue;
    const r = CODE_READ.exec(after);
    if (!r) continue;
    return { listAt: [l.start, l.end], readAt: [l.end + r.index, l.end + r.index + r[0].length], stores: what, how: r[0].replace(/\s*\($/, '').replace(/^\./, '') };
  }
  return null;
}

function findShell(text: string): Found | null {
  const re = /\bfor[ \t]+([A-Za-z_]\w*)[ \t]+in[ \t]+([^;\n]+?)[ \t]*(?:;|\n)[ \t\n]*do\b([\s\S]{0,2000}?)\bdone\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const words = m[2]!.split(/\s+/).map((w) => w.replace(/^["']|["']$/g, ''));
    const { what, keys } = distinct(words);
    if (keys.size < 2) continue;
    const body = m[3]!;
    const v = m[1]!;
    const uses = new RegExp(`\\$\\{?${v}\\b`);
    const line = body.split('\n').find((ln) => uses.test(ln) && SHELL_READ.test(ln));
    if (!line) continue;
    const bodyAt = m.index + m[0].length - 4 - body.length;
    const r = bodyAt + body.indexOf(line);
    const listAt = m.index + m[0].indexOf(m[2]!);
    return { listAt: [listAt, listAt + m[2]!.length], readAt: [r, r + line.length], stores: what, how: SHELL_READ.exec(line)![0].trim().replace(/^[;|&(`]/, '') };
  }
  return null;
}

/** The harvesting chains of one piece of code (at most one of each kind). */
export function harvestChains(sn: Snippet): Chain[] {
  const text = sn.text.slice(sn.start, sn.end);
  if (text.length > 512 * 1024) return [];
  const at = (a: number, b: number) => sn.place(sn.start + a, sn.start + b);
  const out: Chain[] = [];
  const f = sn.lang === 'shell' ? findShell(text) : findCode(text);
  if (f) {
    const steps: Step[] = [
      { at: at(f.listAt[0], f.listAt[1]), what: `lists the credential stores of ${f.stores.length} services (${f.stores.slice(0, 4).join(', ')}${f.stores.length > 4 ? ', …' : ''})` },
      { at: at(f.readAt[0], f.readAt[1]), what: `reads each one (${f.how})` },
    ];
    out.push({ rule: 'exfiltration', kind: 'secret-harvest', severity: 'warning', confidence: 'medium', steps, impact: 'no task needs the keys of several services at once: gathering them in one program is how a credential stealer starts, and the send can come from another file or a later step', fix: 'Remove it; let each tool read its own credential where it is kept' });
  }
  const b = BROWSER_PASSWORDS.exec(text);
  if (b && /Login Data|logins\.json|key4\.db/.test(text)) {
    out.push({ rule: 'exfiltration', kind: 'secret-harvest', severity: 'warning', confidence: 'high', steps: [{ at: at(b.index, b.index + b[0].length), what: "reads the passwords the browser saved (its logins store)" }], impact: "the user's saved passwords for every site come out of the browser, which keeps them encrypted for the user alone: no skill's task needs them", fix: 'Remove it' });
  }
  return out;
}
