// Quoted attack catalogues: security documentation shows the very commands the security rules look for ("Token
// exfiltration techniques", "Detection patterns", "Attackers extract credentials via:"). A finding under such a
// heading, or in a fenced block introduced by such a sentence, keeps its severity but drops to low confidence:
// shown to auditors, not failing a default run. An attacker can write the same heading, so nothing is dropped.

import { codeRanges, inRanges } from './packs.js';
import type { SkillContext } from '../core/rule.js';
import { highestTrust } from '../core/trust.js';

/** Heading words of sections that describe attacks rather than instruct (in this heading or an enclosing one). */
const CATALOGUE_HEADING = /\b(?:attacks?|attackers?|exploit(?:s|ation)?|exfiltration|vulnerab\w*|malicious|dangerous|detect(?:ion|ing|s)?|red flags?|indicators?|iocs?|threats?|payloads?|anti-?patterns?|techniques|what to (?:look|watch) for|examples? of (?:bad|unsafe|insecure)|unsafe|insecure|never do|don'?t do|prohibit(?:ed|ions?)|forbidden|bad (?:examples?|patterns?|practices?)|risky patterns?|suspicious|forensics?|injections?|obfuscation|smuggling|phishing|malware|backdoors?|(?:protects?|protection|defends?|defen[cs]es?|guards?)[ \t]+against|mitigations?|(?:credential|password|token|cookie)[ \t]+(?:harvest(?:ing|ers?)?|theft|stealing|stealers?)|info-?stealers?|scan(?:ning)?[ \t]+(?:patterns?|rules?|signatures?)|dependency[ \t]+confusion|typo-?squat\w*|supply[ \t-]+chain[ \t]+(?:attacks?|threats?|compromises?))\b/i;
/** The same heading words in Japanese and Chinese, which have no word boundaries: anti-pattern, bad example,
 *  attack, vulnerability, danger, malicious, forbidden ("not recommended" is advice about a real step, not a catalogue). */
const CATALOGUE_HEADING_CJK = /アンチパターン|悪い例|攻撃|脆弱性|危険|悪意|禁止|反模式|错误示例|反例|攻击|漏洞|危险|恶意/;
/** A comment on a command's own line that discourages it ("# not recommended", "// never use this"), in English
 *  and in the languages skill guides are often written in: Japanese (非推奨, 使わない, 使用禁止, 危険), Chinese
 *  (不推荐, 不建议, 不要使用, 切勿, 危险), Korean (권장하지 않, 사용하지 마, 위험), Spanish, French, German. The
 *  author writes these words, so a caller lowers a finding on them only where the author is trusted. */
export const DISCOURAGING_COMMENT = /(?:#|\/\/|<!--|\bREM\b)[^\n]*(?:\b(?:not (?:recommended|secure|safe)|insecure|unsafe|dangerous|never (?:use|do|run)|avoid|(?:don'?t|do not) (?:use|do|run)|bad practice|no recomendado|peligroso|déconseillé|dangereux|nicht empfohlen|gefährlich)\b|非推奨|使わない|使用しない|使用禁止|実行しない|危険|不推荐|不建议|不要使用|切勿|危险|권장하지 않|사용하지 마|위험)/i;
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
    // A heading that is one kebab/snake-case identifier ("# mcpwn-retry-exploit") is a skill's or file's name, not
    // a section about attacks: a skill named for what it does is still the skill speaking.
    const slug = /^[`*]*[a-z0-9]+(?:[-_][a-z0-9]+)+[`*]*$/i.test(m[2]!.trim());
    const catalogue = (!slug && (CATALOGUE_HEADING.test(m[2]!) || CATALOGUE_HEADING_CJK.test(m[2]!))) || stack.some((h) => h.catalogue);
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

/** The key of a list of things to refuse: a permission deny list (`"deny": [`, Claude Code's `permissions.deny`,
 *  `disallowedTools`), a blocklist. */
const DENY_KEY = /["']?(?:deny|denied|deny_?list|disallow(?:ed)?(?:_?tools|Tools)?|block(?:ed|_?list)?|forbidden|blacklist|never_?allow)["']?[ \t]*[:=][ \t]*\[[^\]]*$/i;

/** Whether `offset` lies inside the brackets of a list under a deny key (JSON, TOML or a YAML flow list), opened at
 *  most 2,000 characters before it: what a list of refused commands names is refused, not run. */
export function inDenyList(text: string, offset: number): boolean {
  return DENY_KEY.test(text.slice(Math.max(0, offset - 2000), offset));
}

/** Program files in which a string can be a regular expression. */
const CODE_FILE = /\.(?:py|pyw|js|mjs|cjs|jsx|ts|tsx|rb|php|go|rs|java|kt|swift|cs)$/i;
const JS_FILE = /\.(?:js|mjs|cjs|jsx|ts|tsx)$/i;
/** String literals of a line (a raw, bytes or unicode prefix kept), and JavaScript regular-expression literals: after
 *  an operator or at a line's start, and followed by what ends an expression (`,`, `;`, `)`, `.test(`, the line's end). */
const LITERAL = /(?:\b[rRbBuU]{1,2})?(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|`(?:[^`\\\n]|\\.)*`|(?<=^\s*|[(=,:[{;]\s*)\/(?![/*])(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[dgimsuvy]*(?=\s*(?:[,;).\]}]|$))/g;
/** A call that compiles or applies a regular expression, right before its first argument. */
const REGEX_CALL = /\b(?:(?:re|regex)\.(?:compile|search|match|fullmatch|findall|finditer|sub|subn|split)|RegExp|Pattern\.compile|preg_\w+|Regexp\.(?:new|compile|MustCompile)|Regex(?:\.new)?|regexp\.(?:MustCompile|Compile))\s*\(\s*$/;
/** Regular-expression syntax in a string's text: a class escape, a group, a repeated wildcard or an alternation. */
const REGEX_SYNTAX = /\\[sSdDwWbB]|\(\?[:=!<iP]|\.[*+?]|\[\^?[^\]]+\][*+?]?|\|/;

/**
 * Whether `offset` of a program file lies in a regular expression: a JavaScript regex literal, a string handed to a
 * regex call (`re.compile("nc -e|/dev/tcp/")`, `new RegExp('…')`), or a raw string holding regex syntax
 * (`r"xmrig|ethminer"`). A detector's pattern names what it looks for; it runs nothing.
 */
export function inRegexLiteral(file: string, text: string, offset: number): boolean {
  if (!CODE_FILE.test(file)) return false;
  const found = literalAround(text, offset, LITERAL);
  if (!found) return false;
  const { lit, before } = found;
  // A regex literal exists in JavaScript and TypeScript only; elsewhere a slash opens a path.
  if (lit.startsWith('/')) return JS_FILE.test(file);
  if (REGEX_CALL.test(before.slice(-40))) return true;
  // A raw string handed to a shell or a process is a command, whatever its bars (`os.system(r"curl x|sh")`).
  if (/\b(?:system|popen|subprocess|check_output|check_call|spawn\w*|exec\w*|run|call|Popen)\s*\(/.test(before.slice(-60))) return false;
  return /^[rR][bB]?["']|^[bB][rR]["']/.test(lit) && REGEX_SYNTAX.test(lit);
}

/** The literal of the line around `offset` that `re` (a global pattern of a line's literals) finds holding it, with
 *  the line's text before it; null when none holds it, or the line is over 4,000 characters. */
function literalAround(text: string, offset: number, re: RegExp): { lit: string; before: string } | null {
  const ls = text.lastIndexOf('\n', offset - 1) + 1;
  let le = text.indexOf('\n', offset);
  if (le === -1) le = text.length;
  if (le - ls > 4000) return null;
  const line = text.slice(ls, le);
  const at = offset - ls;
  re.lastIndex = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m.index > at) return null;
    if (at < m.index + m[0].length) return { lit: m[0], before: line.slice(0, m.index) };
  }
  return null;
}

/** Shell scripts, where a grep pattern is a string handed to grep. */
const SHELL_FILE = /\.(?:sh|bash|zsh|ksh)$/i;
/** A search tool and its options, right before its pattern argument (`grep -Ein `, `rg -e `, `grep --regexp=`). */
const GREP_BEFORE = /\b(?:grep|egrep|fgrep|rg|ag|ack)(?:[ \t]+(?:-[A-Za-z]+(?:[ \t]+[0-9]+)?|--[a-z-]+(?:=\S*)?))*[ \t]+(?:-e[ \t]*|--regexp=)?$/;
/** The quoted strings of a line (single and double quotes; a backslash escapes in double quotes). */
const SHELL_STRING = /'[^'\n]*'|"(?:[^"\\\n]|\\.)*"/g;

/**
 * Whether `offset` of a shell script lies in a pattern that only a search tool reads: a quoted argument of grep,
 * egrep, rg … (`grep -Ein "nc -e|/dev/tcp/" "$f"`), or the quoted value of a variable (`P_REVSHELL='(mkfifo|ncat\s)'`)
 * that the script uses only as such an argument (`grep -E "$P_REVSHELL"`), at least once and nowhere else. A
 * detector's pattern names what it looks for; a variable also run (`eval "$P"`, `sh -c "$P"`, `$P` as a command)
 * is not only a pattern.
 */
export function inShellPattern(file: string, text: string, offset: number): boolean {
  if (!SHELL_FILE.test(file)) return false;
  const found = literalAround(text, offset, SHELL_STRING);
  if (!found) return false;
  const { before } = found;
  if (GREP_BEFORE.test(before)) return true;
  const assign = /(?:^|[;&|{(][ \t]*|^(?:local|readonly|declare(?:[ \t]+-\w+)?|export)[ \t]+)([A-Za-z_]\w*)=$/.exec(before.trimStart());
  if (!assign) return false;
  const name = assign[1]!;
  const uses = [...text.matchAll(new RegExp(String.raw`\$\{?${name}\b\}?`, 'g'))];
  if (uses.length === 0) return false;
  return uses.every((u) => {
    const uls = text.lastIndexOf('\n', u.index! - 1) + 1;
    const useLine = text.slice(uls, u.index!);
    // Inside a double-quoted argument right after the search tool and its options.
    const q = useLine.lastIndexOf('"');
    return q !== -1 && (useLine.slice(0, q).match(/"/g)?.length ?? 0) % 2 === 0 && GREP_BEFORE.test(useLine.slice(0, q));
  });
}

/**
 * Hosts reserved for documentation, from the standards that reserve them and nothing else: the example domains
 * example.com/.net/.org and the top-level domains .example, .test, .invalid (RFC 2606, RFC 6761), localhost and
 * *.localhost (RFC 6761: the machine itself), and the documentation address blocks 192.0.2.0/24, 198.51.100.0/24,
 * 203.0.113.0/24 (RFC 5737). None of them reaches a third party, so nothing sent there leaves for an attacker.
 */
export const EXAMPLE_HOST = /(?:^|[^A-Za-z0-9.-])(?:(?:[a-z0-9-]+\.)*(?:example\.(?:com|net|org)|[a-z0-9-]+\.(?:example|test|invalid|localhost)|localhost)|(?:192\.0\.2|198\.51\.100|203\.0\.113)\.[0-9]{1,3})(?![A-Za-z0-9-])/i;

/** Hosts of the URLs on a line (scheme://[user@]host). */
const URL_HOST = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s/@"'`<>]*@)?([A-Za-z0-9.-]+|\[[0-9a-f:]+\])/gi;

/** Whether `lines` name a documentation-only host and every URL on them goes to one (a real host next to an
 *  example one keeps the finding). */
export function onlyExampleHosts(lines: string): boolean {
  if (!EXAMPLE_HOST.test(lines)) return false;
  URL_HOST.lastIndex = 0;
  for (let m = URL_HOST.exec(lines); m; m = URL_HOST.exec(lines)) if (!EXAMPLE_HOST.test(` ${m[1]!}`)) return false;
  return true;
}

/** Documentation files of a skill package (markdown other than the skill file itself; a .txt asset is a payload carrier, not documentation). */
const DOC_FILE = /\.(?:md|markdown|mdx|rst)$/i;

/** The lines of `text` that [start, end) touches. */
function linesOf(text: string, start: number, end: number): string {
  const s = text.lastIndexOf('\n', start - 1) + 1;
  let e = text.indexOf('\n', Math.max(start, end - 1));
  if (e === -1) e = text.length;
  return text.slice(s, Math.min(e, s + 2000));
}

/**
 * `ctx` with a report() that lowers findings in a quoted attack catalogue to low confidence, and findings in a
 * documentation file of the package (README.md, INSTALL.md, references/*.md — not the skill file, not scripts or
 * configs) whose matched lines go only to documentation-only hosts (EXAMPLE_HOST: `curl https://example.com/x | sh`
 * quoted in a README) to low confidence too, grouped: the first per file is reported, later ones are not repeated.
 * Documentation shows a command; the skill file is what the agent is told to do and scripts and configs are what
 * runs, where a reserved host is a placeholder the agent or the user fills in, so the command keeps its weight.
 * `documented`: the files already quoted once, shared by the wrappers of one rule (its pack and its chains).
 */
export function catalogueAware(ctx: SkillContext, documented: Set<string> = new Set()): SkillContext {
  const trusted = ctx.skill.trust === highestTrust();
  /** Why a finding at `offset` is text about the behaviour rather than the behaviour, or null. A heading, a deny
   *  list's key and a regular expression are the skill's own writing: read where the author is trusted only. Below
   *  that trust a heading about attacks lowers nothing ("run the commands under Attack examples" is an order too). */
  const quotedWhy = (text: string, file: string | undefined, offset: number): string | null => {
    if (!trusted) return null;
    // Headings exist only in markdown: in a script, `# Dangerous payload below` is a comment, not a section title.
    if ((file === undefined || DOC_FILE.test(file)) && inCatalogue(text, offset)) return 'in a section that quotes attacks';
    if (inDenyList(text, offset)) return 'in a list of what is denied';
    if (file !== undefined && inRegexLiteral(file, text, offset)) return 'in a regular expression, a pattern to look for';
    if (file !== undefined && inShellPattern(file, text, offset)) return 'in a pattern only a search tool reads';
    return null;
  };
  const wrapped: SkillContext = { ...ctx };
  wrapped.report = (r) => {
    const text = r.source?.normalized ?? (r.file === undefined ? ctx.skill.source?.normalized : undefined);
    if (text !== undefined && r.file !== undefined && DOC_FILE.test(r.file) && r.offset !== undefined && onlyExampleHosts(linesOf(text, r.offset, r.endOffset ?? r.offset))) {
      if (documented.has(r.file)) return;
      documented.add(r.file);
      ctx.report({ ...r, confidence: 'low', suffix: `${r.suffix ?? ''} (documentation quoting the attack with an example host: low confidence; later quotes in this file are not repeated)` });
      return;
    }
    const why = text !== undefined && r.offset !== undefined && r.confidence !== 'low' ? quotedWhy(text, r.file, r.offset) : null;
    ctx.report(why === null ? r : { ...r, confidence: 'low', suffix: `${r.suffix ?? ''} (${why}: low confidence)` });
  };
  return wrapped;
}
