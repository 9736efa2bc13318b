// Quoted attack catalogues: security documentation shows the very commands the security rules look for ("Token
// exfiltration techniques", "Detection patterns", "Attackers extract credentials via:"). A finding under such a
// heading, or in a fenced block introduced by such a sentence, keeps its severity but drops to low confidence:
// shown to auditors, not failing a default run. An attacker can write the same heading, so nothing is dropped.

import { codeRanges, inRanges } from './packs.js';
import type { SkillContext } from '../core/rule.js';

/** Heading words of sections that describe attacks rather than instruct (in this heading or an enclosing one). */
const CATALOGUE_HEADING = /\b(?:attacks?|attackers?|exploit(?:s|ation)?|exfiltration|vulnerab\w*|malicious|dangerous|detect(?:ion|ing|s)?|red flags?|indicators?|iocs?|threats?|payloads?|anti-?patterns?|techniques|what to (?:look|watch) for|examples? of (?:bad|unsafe|insecure)|unsafe|insecure|never do|don'?t do|bad (?:examples?|patterns?|practices?)|risky patterns?|suspicious|forensics?|injections?|obfuscation|smuggling|phishing|malware|backdoors?)\b/i;
/** The sentence right before a fenced block that says what follows is an attack. */
const CATALOGUE_LEAD = /\b(?:attackers?|adversar(?:y|ies)|malicious|exploit\w*|vulnerable|insecure|unsafe|dangerous|would (?:run|execute|send)|flags|detects?)\b/i;

interface Outline {
  /** Offsets of markdown headings (outside code) and whether each names a catalogue. */
  headings: { at: number; catalogue: boolean }[];
  code: [number, number][];
}

const cache = new Map<string, Outline>();

function outline(text: string): Outline {
  const hit = cache.get(text);
  if (hit) return hit;
  const code = codeRanges(text);
  const headings: { at: number; catalogue: boolean }[] = [];
  const re = /^[ \t]{0,3}(#{1,6})[ \t]+([^\n]*)$/gm;
  // A section belongs to a catalogue when its heading or any enclosing one names it ("# Dangerous code patterns"
  // > "### Subprocess-based").
  const stack: { level: number; catalogue: boolean }[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (inRanges(code, m.index)) continue;
    const level = m[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
    const catalogue = CATALOGUE_HEADING.test(m[2]!) || stack.some((h) => h.catalogue);
    stack.push({ level, catalogue });
    headings.push({ at: m.index, catalogue });
  }
  const o = { headings, code };
  cache.set(text, o);
  if (cache.size > 8) cache.delete(cache.keys().next().value!);
  return o;
}

/** Whether `offset` of a markdown text lies in a quoted attack catalogue (see the module comment). */
export function inCatalogue(text: string, offset: number): boolean {
  const o = outline(text);
  let lo = 0;
  let hi = o.headings.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (o.headings[mid]!.at <= offset) {
      last = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (last !== -1 && o.headings[last]!.catalogue) return true;
  // Inside a fenced block: the last prose line before the fence.
  const block = o.code.find(([s, e]) => offset >= s && offset < e);
  if (block) {
    let end = block[0] - 1;
    for (let k = 0; k < 3 && end > 0; k++) {
      const start = text.lastIndexOf('\n', end - 1) + 1;
      const line = text.slice(start, end).trim();
      if (line !== '') return CATALOGUE_LEAD.test(line) && !/^#/.test(line);
      end = start - 1;
    }
  }
  return false;
}

/** `ctx` with a report() that lowers findings in a quoted attack catalogue to low confidence. */
export function catalogueAware(ctx: SkillContext): SkillContext {
  const wrapped: SkillContext = { ...ctx };
  wrapped.report = (r) => {
    const text = r.source?.normalized ?? (r.file === undefined ? ctx.skill.source?.normalized : undefined);
    if (text !== undefined && r.offset !== undefined && r.confidence !== 'low' && inCatalogue(text, r.offset)) {
      ctx.report({ ...r, confidence: 'low', suffix: `${r.suffix ?? ''} (in a section that quotes attacks: low confidence)` });
    } else ctx.report(r);
  };
  return wrapped;
}
