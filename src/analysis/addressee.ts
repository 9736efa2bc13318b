// Who a sentence of prose addresses, and whether it commands. An instruction that turns the agent against its user
// (rules/agent-instruction.ts) is an imperative or a modal addressed to the agent: "Delete the branches without
// asking", "You must not tell the user", "The assistant should push without approval". The same words in a
// description of a product ("the subagent can execute operations without approval", "Claude runs it without
// approval"), a definition ("standard changes are pre-approved"), a prohibition ("never deploy without approval",
// "force push denied without approval") or a gerund naming a habit ("Sending without consent check") command nobody.
//
// The reading is of the clause that holds a phrase: from the last clause boundary before it (a sentence end, a
// semicolon or colon, a table cell, a dash between spaces, a list marker, a paragraph break) to the phrase. What
// opens that clause decides: nothing but fillers, or a verb of the imperative class, is a command; "you", or the
// agent named with a modal ("Claude will …"), is a command; a negation or a verb of refusal is a prohibition;
// another subject (a determiner, a pronoun, a noun phrase followed by a finite verb), a gerund or a subordinate
// clause is a description. Anything else is unclear, which the caller reports at low confidence, never drops.

import { invisibleRegex, isInvisible } from '../core/unicode.js';

/** How a clause reads: an order to the reader, a prohibition, a statement about something, or none of these. */
export type Reading = 'command' | 'prohibited' | 'description' | 'unclear';

/**
 * Verbs that open an imperative addressed to an agent: what it runs, changes, sends, says and decides. A verb class
 * (the agent's actions and its speech), not phrases taken from text.
 */
const VERBS = new Set(
  (
    'run execute exec delete remove rm wipe erase overwrite drop destroy purge prune clean clear truncate reset revert rebase ' +
    'send upload transfer transmit email e-mail mail post push force-push publish deploy release ship pay purchase buy order ' +
    'book charge spend share install uninstall exfiltrate forward grant give provide pass put place make do perform apply ' +
    'commit merge write modify edit change update create add append insert include move rename copy close open call invoke ' +
    'use start launch restart stop kill terminate rotate revoke submit approve accept proceed continue go act handle process ' +
    'fetch download read access collect gather store save sync export import sign answer reply respond complete finish fix ' +
    'patch replace rewrite tell inform notify say report claim state confirm assure reassure hide conceal keep leave let ' +
    'assume treat consider trust skip bypass ignore disable enable turn set configure schedule trigger migrate provision ' +
    'scale cancel archive message text comment label tag assign lock pin unpin force allow authorize authorise queue retry ' +
    'loop build generate output print echo log list show display return get take grab pull clone spawn fork archive mark ' +
    'resolve reopen dismiss close click tap press fill select choose pick enter type paste drag upgrade downgrade wipe ' +
    'disclose reveal mention admit deny pretend lie'
  ).split(' '),
);

/** Words that open a clause without making it a command or a statement: fillers, conjunctions, adverbs of manner. */
const FILLER = /^(?:and|or|but|so|then|also|please|just|now|always|simply|immediately|automatically|directly|first|next|finally|instead|afterwards?|go[ \t]+ahead[ \t]+and|proceed[ \t]+to|make[ \t]+sure[ \t]+to|be[ \t]+sure[ \t]+to|remember[ \t]+to|feel[ \t]+free[ \t]+to|step[ \t]+\d+[.:)]?|important|note|tip|rule|warning)\b[ \t,:]*/i;

/** A clause opened by a negation or a ban: the action is forbidden, not ordered. */
const NEGATION_OPEN = /^(?:never|do[ \t]+not|don'?t|must[ \t]+not|mustn'?t|should[ \t]+not|shouldn'?t|shall[ \t]+not|cannot|can'?t|may[ \t]+not|avoid|no|not|nor)\b/i;
/** A participle or adjective of refusal in the clause ("push denied", "is not allowed"). */
const REFUSAL = /\b(?:denied|blocked|forbidden|prohibited|disallowed|rejected|refused|banned|not[ \t]+(?:allowed|permitted))\b/i;
/** The agent named as the subject; the rest of the clause follows. */
const AGENT = /^(?:(?:the[ \t]+)?(?:ai|llm)(?:[ \t]+(?:assistant|agent|model))?|the[ \t]+(?:assistant|agent|model|bot)|claude(?:[ \t]+code)?|copilot|codex|gemini|chatgpt)\b[ \t]*/i;
const MODAL = /^(?:must|should|shall|will|can|may|need[ \t]+to|needs[ \t]+to|has[ \t]+to|have[ \t]+to|is[ \t]+to|are[ \t]+to|ought[ \t]+to|is[ \t]+(?:allowed|free|expected|required|supposed)[ \t]+to)\b[ \t]*/i;
const NEGATED = /^(?:not|never|n't)\b|^n't/i;
/** Words that open a subject or a subordinate clause: the clause states something, it orders nothing. */
const STATEMENT_OPEN = /^(?:the|a|an|this|that|these|those|it|its|they|their|them|he|she|his|her|we|our|one|each|every|all|some|any|most|many|both|either|neither|which|who|whom|whose|what|there|here|when|whenever|while|where|if|unless|because|since|although|though|whether|until|once|as|than|such|only|even)\b/i;
/** A subordinate or adverbial phrase before a comma ("In AUTORUN mode, …", "If the tests pass, …"): skipped. */
const ADJUNCT_OPEN = /^(?:in|on|at|for|during|after|before|once|when|whenever|if|unless|while|as[ \t]+soon[ \t]+as|since|because|with|by|from|upon|given|where|to|under|within|without)\b[^,]{0,120},[ \t]*/i;
/** A finite verb of a statement anywhere in the clause. */
const FINITE = /\b(?:is|are|was|were|has|have|had|can|could|will|would|should|may|might|must|does|did|isn't|aren't|won't|wouldn't)\b/i;

/**
 * The offset where the clause holding `at` starts: after the last sentence end, semicolon, colon, table cell
 * separator, dash between spaces, opening parenthesis, HTML comment opener or tag end, or the start of a block line
 * (a list item, a heading, a quote, a paragraph). A line that continues a wrapped paragraph does not start a clause.
 */
export function clauseStart(text: string, at: number): number {
  const floor = Math.max(0, at - 400);
  // A parenthesis closed before the phrase is an aside inside the clause ("Delete the files (all of them) without …").
  let depth = 0;
  for (let i = at - 1; i >= floor; i--) {
    const c = text[i]!;
    if (c === ')') depth++;
    if (depth > 0) {
      if (c === '(') depth--;
      if (c !== '\n') continue;
      depth = 0;
    }
    if (c === '\n') {
      // A line break ends the clause when the line it opens is a block of its own, or the line before is blank or
      // ends a sentence; else it is a wrapped line of one paragraph.
      const lineEnd = text.indexOf('\n', i + 1);
      const line = text.slice(i + 1, lineEnd === -1 ? text.length : lineEnd);
      const prevStart = text.lastIndexOf('\n', i - 1) + 1;
      const prev = text.slice(prevStart, i);
      // A wrapped line follows a line that ends in a word, a comma or a closing mark; a rule, a fence, a tag or a
      // sentence end before it closes the clause.
      if (/^[ \t]*(?:[-*+•]|\d{1,9}[.)]|#{1,6}|>|\||[\u274c\u2705\u26d4\u2717\u2718\u2713\u2714]|\u{1f6ab})/u.test(line) || !/[\p{L}\p{N},'"`)*_\]]\s*$/u.test(prev) || /^[ \t]*(?:`{3,}|~{3,}|-{3,}|\*{3,}|_{3,})/.test(prev)) return i + 1;
      continue;
    }
    if (c === ';' || c === '|' || c === '(' || c === '>') return i + 1;
    // A sentence end may be followed by the marks that close a quotation or an emphasis ('*"Done."* Next …').
    if ((c === '.' || c === '!' || c === '?' || c === ':') && /\s/.test(text[afterClosing(text, i + 1)] ?? ' ')) {
      // Not an abbreviation's dot ("e.g. ", "i.e. ", "etc. ", "vs. ").
      if (c === '.' && /\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)$/i.test(text.slice(Math.max(0, i - 6), i))) continue;
      return i + 1;
    }
    if ((c === '-' || c === '\u2014' || c === '\u2013') && text[i + 1] === ' ' && text[i - 1] === ' ') return i + 1;
    if (c === '\u2014' || c === '\u2013') return i + 1;
  }
  return floor;
}

/** The first offset from `i` that is not an invisible character (a zero-width space hides no boundary). */
function afterFormat(text: string, i: number): number {
  while (i < text.length && isInvisible(text.charCodeAt(i))) i++;
  return i;
}
const INVISIBLE = invisibleRegex('g');

/** The first offset from `i` past invisible characters and the marks that close a quotation or an emphasis. */
function afterClosing(text: string, i: number): number {
  for (let k = 0; k < 6; k++) {
    i = afterFormat(text, i);
    if (!/["'”’*_)\]]/.test(text[i] ?? '')) break;
    i++;
  }
  return i;
}

/** The clause text before `at`, flattened and stripped of markup: list markers, emphasis, check marks, fillers. */
export function clausePrefix(text: string, at: number): string {
  let p = text.slice(clauseStart(text, at), at).replace(INVISIBLE, '').replace(/\s+/g, ' ');
  p = p.replace(/<!--/g, ' ').replace(/[*_]{1,3}/g, '').replace(/^[ \t]*(?:[-+•]|\d{1,9}[.)]|#{1,6}|>)[ \t]+/, '').replace(/^\[[ xX]?\][ \t]*/, '');
  p = p.replace(/^[\s\u2705\u2713\u2714"'“‘]+/u, '').trim();
  // A subordinate phrase or a clause joined by "then"/"so"/"and" before the last comma leaves the clause that holds
  // the phrase ("In AUTORUN mode, do not ask …"; "Run the tests, then delete …").
  for (let k = 0; k < 4; k++) {
    const adj = ADJUNCT_OPEN.exec(p);
    if (!adj) break;
    p = p.slice(adj[0].length);
  }
  const joined = /,[ \t]*(?:and[ \t]+then|then|so|and)[ \t]+([^,]*)$/i.exec(p);
  if (joined && (VERBS.has(firstWord(joined[1]!)) || /^you\b/i.test(joined[1]!))) p = joined[1]!;
  for (let k = 0; k < 6; k++) {
    const f = FILLER.exec(p);
    if (!f || f[0] === '') break;
    p = p.slice(f[0].length);
  }
  return p.trim();
}

function firstWord(s: string): string {
  return (/^[A-Za-z][A-Za-z'-]*/.exec(s.trim())?.[0] ?? '').toLowerCase();
}

/** How the clause that holds the phrase starting at `at` reads (see the module comment). */
export function readClause(text: string, at: number): Reading {
  const p = clausePrefix(text, at);
  if (p === '') return 'command';
  if (NEGATION_OPEN.test(p)) return 'prohibited';
  if (REFUSAL.test(p)) return 'prohibited';
  if (/^you\b/i.test(p)) {
    const rest = p.slice(3).trim().replace(MODAL, '');
    return NEGATED.test(rest) || /^(?:do|does|did)[ \t]+not\b|^(?:don'?t|doesn'?t)\b/i.test(rest) ? 'prohibited' : 'command';
  }
  const agent = AGENT.exec(p);
  if (agent) {
    const rest = p.slice(agent[0].length);
    const modal = MODAL.exec(rest);
    if (!modal) return 'unclear';
    return NEGATED.test(rest.slice(modal[0].length)) ? 'prohibited' : 'command';
  }
  // "It is fine to …", "must delete …" with the subject left out: permission or obligation, an order all the same.
  if (/^(?:it(?:'s|[ \t]+is)|this[ \t]+is)[ \t]+(?:ok(?:ay)?|fine|safe|acceptable|allowed|permitted|expected)[ \t]+to\b/i.test(p)) return 'command';
  if (MODAL.test(p)) return 'command';
  let w = firstWord(p);
  // An adverb of manner before the verb ("Quickly delete …").
  if (!VERBS.has(w) && /ly$/.test(w)) w = firstWord(p.slice(w.length));
  if (VERBS.has(w)) return 'command';
  if (STATEMENT_OPEN.test(p)) return 'description';
  if (/^[a-z]{3,}(?:ing|ed)$/.test(w)) return 'description';
  if (FINITE.test(p)) return 'description';
  return 'unclear';
}
