// What a pack finding says: each entry's id is a message id and its `message` the template, a secret is shown
// masked, and the scope names where in the skill it was found.

import type { RuleMeta } from '../../core/rule.js';
import { quote, visible } from '../../core/text.js';
import { loadPack, type Pack, type PackEntry, type Scope } from './schema.js';

export const WHERE: Record<Scope, string> = {
  body: 'in the body',
  code: 'in a code block',
  frontmatter: 'in the frontmatter',
  'tool-command': 'in a Cerveau tool command',
  references: 'in a references/ file',
  markdown: 'in a markdown file',
  shell: 'in a shell script',
  python: 'in a Python file',
  javascript: 'in a JavaScript file',
  powershell: 'in a PowerShell script',
  json: 'in a JSON file',
  other: 'in a file of the skill',
};

/** Show a credential without printing it: kind prefix kept, the rest masked. */
export function maskSecret(s: string): string {
  const firstLine = s.split('\n')[0]!;
  if (firstLine.startsWith('-----')) return firstLine;
  const prefix = /^[A-Za-z]+[_-](?:[A-Za-z]+[_-])?/.exec(firstLine)?.[0] ?? firstLine.slice(0, 4);
  const keep = Math.min(prefix.length, Math.max(0, firstLine.length - 8));
  return `${firstLine.slice(0, keep)}${'*'.repeat(Math.min(8, firstLine.length - keep))}… (${firstLine.length} characters)`;
}

/**
 * The message id of an entry's findings is the entry's id, and its template the entry's `message` with the pack's
 * `{match}` / `{where}` written as `{{match}}` / `{{where}}` (checkPackSemantics keeps other "{{" out of pack
 * messages). Every finding a pack reports carries that id, with `data: { match, where }`.
 */
export function packTemplate(entry: PackEntry): string {
  return entry.message.replace(/\{(match|where)\}/g, '{{$1}}');
}

/** The meta.messages of a pack: entry id → template. */
export function packMessages(pack: Pack): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of pack.rules) out[e.id] = packTemplate(e);
  return out;
}

/**
 * `meta` with `messages` read from the pack rules/packs/<meta.id>.yaml at first use (the pack is loaded lazily,
 * through the registered pack source), merged with `own`: the messages the rule reports from code. An own id that
 * is also an entry id is a rule bug and throws.
 */
export function withPackMessages<M extends RuleMeta>(meta: M, own: Readonly<Record<string, string>> = {}): M {
  let messages: Readonly<Record<string, string>> | null = null;
  Object.defineProperty(meta, 'messages', {
    enumerable: true,
    configurable: true,
    get(): Readonly<Record<string, string>> {
      if (!messages) {
        const fromPack = packMessages(loadPack(meta.id));
        for (const id of Object.keys(own)) if (Object.prototype.hasOwnProperty.call(fromPack, id)) throw new Error(`rule ${meta.id}: message id ${id} is also an entry of its pack`);
        messages = Object.freeze({ ...fromPack, ...own });
      }
      return messages;
    },
  });
  return meta;
}

/** What a pack finding carries: the entry's message id and the values of its template. */
export function render(entry: PackEntry, text: string, where: string): { messageId: string; data: { match: string; where: string } } {
  const shown = entry.mask ? JSON.stringify(visible(maskSecret(text))) : quote(text.replace(/\n[\s\S]*$/, ''), 120);
  return { messageId: entry.id, data: { match: shown, where } };
}
