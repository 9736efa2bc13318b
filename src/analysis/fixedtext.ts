// Text a program fixed: whether an expression spliced into a string (an SQL statement, in unsafe-code) can carry a
// value from outside the program, read from the source of one Python or JavaScript file. Nothing here runs code: it
// reads assignments, list and object writes, parameter annotations and defaults, within the function that holds the
// splice. Every answer is "fixed" only when each path the text can take is a literal, a placeholder, a number or a
// name the program chose; anything the reader cannot follow is a value.

import { lowerBound } from '../core/sorted.js';

/** A string literal without splices (the whole expression). */
export const PLAIN_LITERAL = /^(?:"[^"\\\n{}]*"|'[^'\\\n{}]*'|`[^`\\$]*`)$/;

/** A string literal holding only query placeholders and separators (`'?'`, `", "`, `"%s"`, `'$1'`). */
const PH = String.raw`(?:"(?:[?,\s]|%s|\$\d+)*"|'(?:[?,\s]|%s|\$\d+)*'|\x60(?:[?,\s]|%s|\$\d+)*\x60)`;
/** A plain literal, as a pattern part. */
const LIT = String.raw`(?:"[^"\\\n{}]*"|'[^'\\\n{}]*'|\x60[^\x60\\$]*\x60)`;
/** The idioms that build a list of fixed text, one element per item, whose elements never hold the items:
 *  `ids.map(() => '?').join(',')`, `Array(n).fill('?').join(',')`, `",".join("?" for _ in ids)`,
 *  `", ".join(["%s"] * len(ids))`, `", ".join("?" * n)`, `terms.map(() => '(a LIKE ? OR b LIKE ?)').join(' AND ')`,
 *  and the placeholder literal alone. */
const PLACEHOLDER_LIST = new RegExp(
  [
    String.raw`${PH}`,
    String.raw`[\w$.\[\]]+\.map\(\s*(?:\(\s*(?:_\w*(?:\s*,\s*\w+)?)?\s*\)|_\w*)\s*=>\s*${LIT}\s*\)\.join\(\s*(?:${LIT})?\s*\)`,
    String.raw`(?:new\s+)?Array\([\w$.()]*\)\.fill\(\s*${LIT}\s*\)\.join\(\s*(?:${LIT})?\s*\)`,
    String.raw`${LIT}\.join\(\s*\[?\s*${LIT}\s+for\s+\w+\s+in\s+[\w.()\[\]:, ]+?\]?\s*\)`,
    String.raw`${LIT}\.join\(\s*(?:\[\s*${LIT}\s*\]|${PH})\s*\*\s*[\w.()\[\], ]+\s*\)`,
  ].map((x) => `^(?:${x})$`).join('|'),
);

/** A function's header line: a Python `def`, a JavaScript `function`, a method (`async name(a, b) {`), or a function
 *  assigned to a name (`const f = (a) =>`, `const f = async function`). Group 1 is its indentation. */
const HEADER = /^([ \t]*)(?:export[ \t]+)?(?:default[ \t]+)?(?:async[ \t]+)?(?:def[ \t]+\w+|function\b|(?:static[ \t]+)?(?:async[ \t]+)?(?!(?:if|for|while|switch|catch|with|return|elif|else)\b)[A-Za-z_$][\w$]*[ \t]*\([^()\n]*\)[ \t]*\{[ \t]*$|(?:const|let|var)[ \t]+[\w$]+[ \t]*=[ \t]*(?:async[ \t]*)?(?:function\b|\([^()\n]*\)[ \t]*=>|[\w$]+[ \t]*=>))/gm;

/** The function headers of the last text read (offset, indentation), found once per text. */
let headersOf: { text: string; at: number[]; indent: number[] } | null = null;
function headers(text: string): { at: number[]; indent: number[] } {
  if (headersOf?.text !== text) {
    const at: number[] = [];
    const indent: number[] = [];
    HEADER.lastIndex = 0;
    for (let m = HEADER.exec(text); m; m = HEADER.exec(text)) {
      at.push(m.index);
      indent.push(m[1]!.length);
    }
    headersOf = { text, at, indent };
  }
  return headersOf;
}

/** The extent [start, end) of the function that holds offset `at`: from the last header before it to the next header
 *  at the same or a lower indentation; from the file's start when no header comes before. */
export function enclosingFunction(text: string, at: number): [number, number] {
  const h = headers(text);
  // The last header at or before `at`.
  const k = lowerBound(h.at, at + 1) - 1;
  if (k < 0) return [0, text.length];
  const indent = h.indent[k]!;
  for (let j = k + 1; j < h.at.length; j++) if (h.indent[j]! <= indent) return [h.at[k]!, h.at[j]!];
  return [h.at[k]!, text.length];
}

/** The characters the readings below may still scan before the caller's next fixedBudget (a file's worth): past it,
 *  nothing more is taken as fixed, so the caller reports the splice as a value. The cost stays linear in the file's
 *  size whatever the file holds (thousands of functions, one function of thousands of queries). */
let budget = Number.POSITIVE_INFINITY;
export function fixedBudget(chars: number): void {
  budget = chars;
}
function spend(chars: number): boolean {
  budget -= chars;
  return budget >= 0;
}
/** What an exhausted budget leaves in place of a value: text no reading takes as fixed. */
const SPENT = '?budget';

/** Scans of the last text, kept by what they looked for and where (a name in one function is read once however many
 *  splices use it). */
let memoOf: { text: string; map: Map<string, unknown> } | null = null;
function memo<T>(text: string, key: string, compute: () => T): T {
  if (memoOf?.text !== text) memoOf = { text, map: new Map() };
  if (memoOf.map.has(key)) return memoOf.map.get(key) as T;
  const v = compute();
  memoOf.map.set(key, v);
  return v;
}

/** The end of a quoted string opening at `i` (one past its closing quote), or the text's end. Python's triple quotes
 *  and a backslash escape are followed; a template's holes are skipped with the string. */
function skipString(text: string, i: number): number {
  const q = text[i]!;
  const triple = (q === '"' || q === "'") && text.startsWith(q.repeat(3), i);
  const close = triple ? q.repeat(3) : q;
  let k = i + close.length;
  while (k < text.length) {
    const c = text[k]!;
    if (c === '\\') k += 2;
    else if (text.startsWith(close, k)) return k + close.length;
    else if (c === '\n' && !triple && q !== '`') return k;
    else k++;
  }
  return text.length;
}

/** The expression that starts at `from` and runs to the end of its statement: a newline or `;` outside brackets and
 *  strings, or a closing bracket that no bracket after `from` opened. With `inside`, `from` is just inside a bracket
 *  and only its closing bracket ends the text (the arguments of a call, across lines). At most 4,000 characters are
 *  read. */
export function statementAt(text: string, from: number, inside = false): string {
  return text.slice(from, statementEnd(text, from, inside)).trim();
}

/** Where the text statementAt reads ends: the offset of the newline, `;` or closing bracket that ends it. */
export function statementEnd(text: string, from: number, inside = false): number {
  let depth = 0;
  const stop = Math.min(text.length, from + 4000);
  let k = from;
  while (k < stop) {
    const c = text[k]!;
    if (c === '"' || c === "'" || c === '`') {
      k = skipString(text, k);
      continue;
    }
    if (c === '#' && depth === 0 && !inside && /\s/.test(text[k - 1] ?? ' ')) break;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) break;
      depth--;
    } else if ((c === '\n' || c === ';') && depth === 0 && !inside) break;
    else if (c === '\\' && text[k + 1] === '\n') k++;
    k++;
  }
  return k;
}

/** `expr` cut at `sep` where no bracket or string encloses it. */
export function splitTop(expr: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let last = 0;
  let k = 0;
  while (k < expr.length) {
    const c = expr[k]!;
    if (c === '"' || c === "'" || c === '`') {
      k = skipString(expr, k);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && expr.startsWith(sep, k)) {
      parts.push(expr.slice(last, k));
      last = k + sep.length;
      k = last;
      continue;
    }
    k++;
  }
  parts.push(expr.slice(last));
  return parts.map((p) => p.trim());
}

/** The inside of `expr` when brackets `open`…`close` enclose all of it, else null. */
function enclosed(expr: string, open: string, close: string): string | null {
  if (!expr.startsWith(open) || !expr.endsWith(close)) return null;
  let depth = 0;
  for (let k = 0; k < expr.length; k++) {
    const c = expr[k]!;
    if (c === '"' || c === "'" || c === '`') {
      k = skipString(expr, k) - 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0 && k < expr.length - 1) return null;
    }
  }
  return expr.slice(open.length, -close.length);
}

const esc = (name: string) => name.replace(/[$.]/g, (c) => `\\${c}`);

/** Every assignment to `name` in `text` between `from` and `to`, as [offset of the value, the value]: `name = v`,
 *  `const name = v`, `name: T = v`, and one element of a tuple assignment (`a, name, b = [], [], []`). Augmented
 *  assignments (`+=`) come back with the value marked by a leading `+=`. */
function assignments(text: string, name: string, from: number, to: number): Array<[number, string]> {
  // Read once for the function that starts at `from` (or the whole file, from 0), then cut to the range.
  const [fs, fe] = from === 0 ? [0, text.length] : enclosingFunction(text, from);
  const all = memo(text, `a:${name}:${fs}:${fe}`, () => scanAssignments(text, name, fs, Math.max(fe, to)));
  if (all.length === 1 && all[0]![1] === SPENT) return [[from, SPENT]];
  return all.filter(([off]) => off >= from && off <= to);
}
function scanAssignments(text: string, name: string, from: number, to: number): Array<[number, string]> {
  if (!spend(2 * (to - from))) return [[from, SPENT]];
  const scope = text.slice(from, to);
  const out: Array<[number, string]> = [];
  const n = esc(name);
  const one = new RegExp(String.raw`(?:^|;)[ \t]*(?:(?:const|let|var)[ \t]+)?(?:this\.|self\.)?${n}[ \t]*(?::[^=\n]*)?(\+)?=(?!=)[ \t]*`, 'gm');
  for (let m = one.exec(scope); m; m = one.exec(scope)) {
    const at = from + m.index + m[0].length;
    out.push([at, (m[1] ? '+=' : '') + statementAt(text, at)]);
  }
  const tuple = new RegExp(String.raw`^[ \t]*((?:[A-Za-z_]\w*[ \t]*,[ \t]*)*)${n}((?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)[ \t]*=(?!=)[ \t]*`, 'gm');
  for (let m = tuple.exec(scope); m; m = tuple.exec(scope)) {
    if (!m[1] && !m[2]) continue;
    const at = from + m.index + m[0].length;
    const values = splitTop(statementAt(text, at), ',');
    const idx = m[1] ? splitTop(m[1].replace(/,\s*$/, ''), ',').length : 0;
    out.push([at, values.length === splitTop(`${m[1]}x${m[2]}`, ',').length ? values[idx]! : '?unknown']);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Whether `name` holds a number: annotated `int`, `float` or `number` as a parameter or variable of its function, a
 *  parameter whose default is a number, an argparse option declared `type=int`/`float` (for `args.name`), or
 *  assigned only numbers or `int(…)`/`len(…)`-like results in its function. A number has no quote to break out of a
 *  query with. */
function numericName(text: string, name: string, at: number, depth: number): boolean {
  const bare = name.replace(/^(?:\w+)\./, '');
  if (/^\w+\.\w+$/.test(name)) {
    // An option of the file's argument parser, looked up once per text and name.
    if (argOptions?.text !== text) argOptions = { text, numeric: new Map() };
    let known = argOptions.numeric.get(bare);
    if (known === undefined) {
      if (!spend(text.length)) return false;
      known = new RegExp(String.raw`add_argument\(\s*(?:["']-\w["']\s*,\s*)?["']--${esc(bare).replace(/_/g, '[-_]')}["'][^()]*?\btype\s*=\s*(?:int|float)\b`).test(text);
      argOptions.numeric.set(bare, known);
    }
    return known;
  }
  // The function's own text: its parameters (annotations, defaults) and assignments.
  const [from, to] = enclosingFunction(text, at);
  const declared = memo(text, `n:${name}:${from}:${to}`, () => {
    if (!spend(2 * (to - from))) return false;
    const scope = text.slice(from, to);
    const n = esc(name);
    return new RegExp(String.raw`[(,][ \t]*${n}[ \t]*:[ \t]*(?:int|float|number)\b`).test(scope) || new RegExp(String.raw`[(,][ \t]*${n}[ \t]*(?::[ \t]*\w+[ \t]*)?=[ \t]*-?\d+(?:\.\d+)?[ \t]*[,)]`).test(scope);
  });
  if (declared) return true;
  const set = assignments(text, name, from, at);
  return set.length > 0 && set.every(([off, v]) => !v.startsWith('+=') && numberExpr(text, v, off, depth + 1));
}
/** The argparse options read as numbers in the last text (numericName). */
let argOptions: { text: string; numeric: Map<string, boolean> } | null = null;

/** A numeric result: a number, a call that returns one (`int(x)`, `len(x)`, `Number(x)`, `Math.min(a, b)`), or
 *  arithmetic over numbers and names that hold numbers. */
function numberExpr(text: string, expr: string, at: number, depth: number): boolean {
  if (depth > 4) return false;
  const e = expr.trim().replace(/;$/, '');
  if (/^-?\d+(?:\.\d+)?$/.test(e)) return true;
  const call = /^(?:int|len|float|round|abs|Number|parseInt|parseFloat|Math\.\w+)\(/.exec(e);
  if (call && enclosed(e.slice(call[0].length - 1), '(', ')') !== null) return true;
  const inner = enclosed(e, '(', ')');
  if (inner !== null) return numberExpr(text, inner, at, depth + 1);
  if (/^(?:self\.|this\.)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_]\w*)?$/.test(e)) return numericName(text, e.replace(/^(?:self|this)\./, ''), at, depth);
  // Arithmetic: operands separated by + - * / // % and each a number.
  if (!/^[\w$.\s+\-*/%()]+$/.test(e) || !/[+\-*/%]/.test(e)) return false;
  const operands = e.split(/[+\-*/%()]+/).map((s) => s.trim()).filter(Boolean);
  return operands.length > 0 && operands.every((o) => numberExpr(text, o, at, depth + 1));
}

/** Whether the list named `name` holds only fixed text where it is used at `at`: declared in its function as `[]` or a
 *  list of fixed items (a tuple element included), written only by append/push/unshift/insert/extend/`+=` of fixed
 *  items, never by index or another mutator. */
function listFixed(text: string, name: string, at: number, depth: number): boolean {
  const [from, to] = enclosingFunction(text, at);
  return memo(text, `L:${name}:${from}:${to}`, () => listFixedIn(text, name, at, depth, from, to));
}
function listFixedIn(text: string, name: string, at: number, depth: number, from: number, to: number): boolean {
  const decls = assignments(text, name, from, to);
  if (decls.length === 0) return false;
  const items = (v: string): boolean => {
    const inner = enclosed(v.replace(/^\+=\s*/, ''), '[', ']');
    if (inner === null) return false;
    return inner.trim() === '' || splitTop(inner, ',').filter((p) => p !== '').every((p) => fixedExpr(text, p, at, depth + 1));
  };
  if (!decls.every(([, v]) => items(v))) return false;
  if (!spend(2 * (to - from))) return false;
  const scope = text.slice(from, to);
  const n = esc(name);
  if (new RegExp(String.raw`(?<![\w$.])${n}[ \t]*\[[^\]\n]*\][ \t]*=(?!=)`).test(scope)) return false;
  const calls = new RegExp(String.raw`(?<![\w$.])${n}\.(\w+)\(`, 'g');
  for (let m = calls.exec(scope); m; m = calls.exec(scope)) {
    const method = m[1]!;
    const args = statementAt(scope, m.index + m[0].length, true);
    const here = from + m.index;
    if (/^(?:push|append|unshift)$/.test(method)) {
      if (!splitTop(args, ',').every((p) => fixedExpr(text, p, here, depth + 1))) return false;
    } else if (method === 'insert') {
      const parts = splitTop(args, ',');
      if (parts.length !== 2 || !fixedExpr(text, parts[1]!, here, depth + 1)) return false;
    } else if (method === 'extend') {
      if (!items(args)) return false;
    } else if (/^(?:splice|fill|add|update|copyWithin|__setitem__)$/.test(method)) {
      return false;
    }
  }
  return true;
}

/** Whether the keys of the object or dict named `name` are names the program wrote: declared in its function as `{}`,
 *  a literal with only literal keys (identifier keys in JavaScript), or a Python comprehension over `.items()` of
 *  such a dict; written only through literal keys (`d["k"] =`, `o.k =`), never through a computed key, `.update(`,
 *  `Object.assign(` or a spread. */
export function keysFixed(text: string, name: string, at: number, depth = 0): boolean {
  if (depth > 4) return false;
  const [from, to] = enclosingFunction(text, at);
  return memo(text, `K:${name}:${from}:${to}`, () => keysFixedIn(text, name, at, depth, from, to));
}
function keysFixedIn(text: string, name: string, at: number, depth: number, from: number, to: number): boolean {
  const decls = assignments(text, name, from, to);
  if (decls.length === 0) return false;
  const js = /\b(?:const|let|var)\b|=>|===/.test(text.slice(from, to));
  const literalKeys = (v: string): boolean => {
    const comp = /^\{\s*(\w+)\s*:\s*\w+\s+for\s+\1\s*,\s*\w+\s+in\s+(\w+)\.items\(\)(?:\s+if\s([^{}]*))?\}$/.exec(v);
    if (comp) {
      // Filtered to the keys of a fixed collection (`if k in allowed`, `allowed = {"title", "tags"}`): those keys only.
      const member = comp[3] ? new RegExp(String.raw`^${comp[1]}\s+in\s+(\w+)\s*(?:and\b|$)`).exec(comp[3].trim()) : null;
      if (member && iterationFixed(text, { at, iterable: member[1]!, count: 1, index: 0 }, depth + 1)) return true;
      return keysFixed(text, comp[2]!, at, depth + 1);
    }
    const inner = enclosed(v, '{', '}');
    if (inner === null) return false;
    if (inner.trim() === '') return true;
    return splitTop(inner, ',').filter((p) => p !== '').every((p) => {
      if (p.startsWith('...') || p.startsWith('**')) return false;
      const key = splitTop(p, ':')[0]!;
      if (PLAIN_LITERAL.test(key)) return true;
      return js && /^[A-Za-z_$][\w$]*$/.test(key);
    });
  };
  if (!decls.every(([, v]) => literalKeys(v))) return false;
  if (!spend(2 * (to - from))) return false;
  const scope = text.slice(from, to);
  const n = esc(name);
  if (new RegExp(String.raw`(?<![\w$.])${n}\.(?:update|setdefault)\(|Object\.assign\(\s*${n}\b|\.\.\.${n}\b`).test(scope)) return false;
  const subs = new RegExp(String.raw`(?<![\w$.])${n}[ \t]*\[([^\]\n]*)\][ \t]*=(?!=)`, 'g');
  for (let m = subs.exec(scope); m; m = subs.exec(scope)) if (!PLAIN_LITERAL.test(m[1]!.trim()) && !fixedExpr(text, m[1]!, from + m.index, depth + 1)) return false;
  return true;
}

/**
 * Whether the code of a splice (`expr`, at offset `at` of `text`) adds text the program fixed, so no value reaches the
 * query through it: a plain literal or a placeholder list (PLACEHOLDER_LIST); a number (numberExpr); a choice between
 * fixed texts (`"a" if full else "b"`, `x ? 'a' : 'b'`); a `+` of fixed parts; the join of a list the function fills
 * only with fixed text (listFixed); or a name every assignment of which in its function is one of these (a module
 * constant when the function assigns none). Anything else, a function call included, is a value.
 */
export function fixedExpr(text: string, expr: string, at: number, depth = 0): boolean {
  if (depth > 6) return false;
  const e = expr.trim().replace(/;$/, '').trim();
  if (e === '') return false;
  if (PLACEHOLDER_LIST.test(e) || PLAIN_LITERAL.test(e)) return true;
  if (numberExpr(text, e, at, depth)) return true;
  const inner = enclosed(e, '(', ')');
  if (inner !== null) return fixedExpr(text, inner, at, depth + 1);
  const py = splitTop(e, ' if ');
  if (py.length === 2) {
    const rest = splitTop(py[1]!, ' else ');
    return rest.length === 2 && fixedExpr(text, py[0]!, at, depth + 1) && fixedExpr(text, rest[1]!, at, depth + 1);
  }
  const q = splitTop(e, '?');
  if (q.length === 2 && !/^[\w$.]*$/.test(q[1]!)) {
    const alt = splitTop(q[1]!, ':');
    return alt.length === 2 && fixedExpr(text, alt[0]!, at, depth + 1) && fixedExpr(text, alt[1]!, at, depth + 1);
  }
  if (indexTemplateList(e)) return true;
  const holes = interpolation(e);
  if (holes) return holes.every((h) => fixedExpr(text, h, at, depth + 1));
  const plus = splitTop(e, '+');
  if (plus.length > 1) return plus.every((p) => fixedExpr(text, p, at, depth + 1));
  // `list.join(sep)` (JavaScript) and `sep.join(list)` (Python) of a list that holds fixed text.
  const joined = /^([A-Za-z_$][\w$]*)\.join\(\s*(?:"[^"\n]*"|'[^'\n]*')?\s*\)$/.exec(e) ?? /^(?:"[^"\n]*"|'[^'\n]*')\.join\(\s*([A-Za-z_$][\w$]*)\s*\)$/.exec(e);
  if (joined) return listFixed(text, joined[1]!, at, depth + 1);
  if (/^[A-Za-z_$][\w$]*$/.test(e)) {
    const [from] = enclosingFunction(text, at);
    let set = assignments(text, e, from, at);
    const loops = loopsOver(text, e, from, at);
    if (set.length === 0 && loops.length === 0) set = assignments(text, e, 0, at).slice(-1);
    if (set.length === 0 && loops.length === 0) return false;
    return set.every(([off, v]) => fixedExpr(text, v.replace(/^\+=/, ''), off, depth + 1)) && loops.every((l) => iterationFixed(text, l, depth + 1));
  }
  return false;
}

/** The holes of an f-string (`f"{a} = ?"`) or a template literal (`\`${a} = ?\``) that is the whole expression, or null
 *  when `expr` is not one. */
function interpolation(expr: string): string[] | null {
  const py = /^[fF][rR]?(?:"([^"\\\n]*)"|'([^'\\\n]*)')$/.exec(expr);
  if (py) return [...(py[1] ?? py[2]!).replace(/\{\{|\}\}/g, '').matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!.replace(/![rsa]$|:[^:]*$/, ''));
  const js = /^\x60([^\x60\\]*)\x60$/.exec(expr);
  if (js) return [...js[1]!.matchAll(/\$\{([^{}]*)\}/g)].map((m) => m[1]!);
  return null;
}

/** One `for` loop that binds a name: the iterable's text, the loop's names, and which of them is the name. */
interface Loop {
  at: number;
  iterable: string;
  count: number;
  index: number;
}

/** The `for` loops between `from` and `to` that bind `name` (`for k in …:`, `for a, k in ….items():`,
 *  `for (const k of …)`, `for (const [a, k] of …)`). */
function loopsOver(text: string, name: string, from: number, to: number): Loop[] {
  const [fs, fe] = from === 0 ? [0, text.length] : enclosingFunction(text, from);
  const all = memo(text, `l:${name}:${fs}:${fe}`, () => scanLoops(text, name, fs, Math.max(fe, to)));
  return all.filter((l) => l.iterable === SPENT || (l.at >= from && l.at <= to));
}
function scanLoops(text: string, name: string, from: number, to: number): Loop[] {
  if (!spend(to - from)) return [{ at: from, iterable: SPENT, count: 1, index: 0 }];
  const out: Loop[] = [];
  const scope = text.slice(from, to);
  const re = /\bfor\s*(\(\s*(?:(?:const|let|var)\s+)?)?\[?\s*([A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*)\s*\]?\s+(in|of)\s+/g;
  for (let m = re.exec(scope); m; m = re.exec(scope)) {
    const names = m[2]!.split(',').map((x) => x.trim());
    const index = names.indexOf(name);
    if (index < 0) continue;
    // `for k in x` of JavaScript walks keys; only Python's `in` and JavaScript's `of` walk items.
    if (m[1] && m[3] === 'in') {
      out.push({ at: from + m.index, iterable: '?unknown', count: names.length, index });
      continue;
    }
    const start = from + m.index + m[0].length;
    const iterable = statementAt(text, start, Boolean(m[1])).replace(/:\s*$/, '').trim();
    out.push({ at: start, iterable, count: names.length, index });
  }
  return out;
}

/** Whether every value a loop gives its name is fixed: a literal list, tuple or set of fixed items (of tuples, for
 *  several names), `.items()`, `.keys()` or `.values()` of a dict literal, or a name assigned one of these. */
function iterationFixed(text: string, loop: Loop, depth: number): boolean {
  if (depth > 6) return false;
  let it = loop.iterable;
  const view = /^([\s\S]+?)\.(items|keys|values)\(\)$/.exec(it);
  if (view) it = view[1]!;
  if (/^[A-Za-z_$][\w$]*$/.test(it)) {
    // The collection assigned in the loop's function (each assignment), else the file's one assignment of it.
    const [from] = enclosingFunction(text, loop.at);
    const local = assignments(text, it, from, loop.at);
    const set = local.length > 0 ? local : assignments(text, it, 0, text.length);
    if (set.length === 0 || (local.length === 0 && set.length > 1)) return false;
    return set.every(([off, v]) => iterationFixed(text, { ...loop, at: off, iterable: view ? `${v}.${view[2]}()` : v }, depth + 1));
  }
  const inner = enclosed(it, '[', ']') ?? enclosed(it, '(', ')') ?? enclosed(it, '{', '}');
  if (inner === null) return false;
  const entries = splitTop(inner, ',').filter((p) => p !== '');
  const dict = it.startsWith('{') && entries.every((p) => splitTop(p, ':').length === 2);
  const pick = (entry: string): string | null => {
    if (dict) {
      const [k, v] = splitTop(entry, ':') as [string, string];
      if (view?.[2] === 'items') return loop.count === 2 ? (loop.index === 0 ? k : v) : null;
      if (view?.[2] === 'values') return loop.count === 1 ? v : null;
      return loop.count === 1 ? k : null;
    }
    if (view) return null;
    if (loop.count === 1) return entry;
    const tuple = enclosed(entry, '(', ')') ?? enclosed(entry, '[', ']');
    const parts = tuple === null ? [] : splitTop(tuple, ',').filter((p) => p !== '');
    return parts.length === loop.count ? parts[loop.index]! : null;
  };
  return entries.every((entry) => {
    const value = pick(entry);
    return value !== null && fixedExpr(text, value, loop.at, depth + 1);
  });
}

/** Whether the names held by `name` are keys the program wrote (keysFixed): the object itself, or every assignment
 *  of `name` in its function takes them from one (`Object.keys(o)`, `list(d)`, `d.keys()`, `sorted(d)`). */
export function namesFromFixedKeys(text: string, name: string, at: number): boolean {
  if (keysFixed(text, name, at)) return true;
  const [from] = enclosingFunction(text, at);
  const set = assignments(text, name, from, at);
  return set.length > 0 && set.every(([, v]) => {
    const m = /^(?:Object\.keys\(\s*(\w+)\s*\)|(?:list|sorted|set|tuple)\(\s*(\w+)(?:\.keys\(\))?\s*\)|(\w+)\.keys\(\))$/.exec(v.trim().replace(/;$/, ''));
    const o = m?.[1] ?? m?.[2] ?? m?.[3];
    return o !== undefined && keysFixed(text, o, at);
  });
}

/** A JavaScript map over items that ignores the item and yields a template whose holes are arithmetic on the index
 *  (`keys.map((_, i) => \`a = $\${i + 1}\`).join(' AND ')`): each element is fixed text and a number. */
export function indexTemplateList(expr: string): boolean {
  const m = /^[\w$.\[\]()]+\.map\(\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*=>\s*\x60([^\x60\\]*)\x60\s*,?\s*\)\.join\(\s*(?:"[^"\n]*"|'[^'\n]*')?\s*\)$/.exec(expr.trim());
  if (!m) return false;
  const [, item, index, body] = m as unknown as [string, string, string, string];
  const holes = [...body.matchAll(/\$\{([^{}]*)\}/g)].map((h) => h[1]!.trim());
  return holes.every((h) => /^[\d\s+\-*()]*$/.test(h.split(index).join('0'))) && !new RegExp(`\\b${esc(item)}\\b`).test(body);
}

/** The characters a character class or a literal set admits hold no letter, underscore or escape that stands for
 *  them (`\w`, `\S`, `\D`, `\W`): text made of them (digits, operators, brackets, spaces) cannot name a
 *  variable, a function or an attribute, so evaluating it can only compute arithmetic. */
function nameless(chars: string, regexClass: boolean): boolean {
  const rest = chars.replace(/\\[dsnt.+\-*/()^%\[\]]/g, '');
  if (rest.length === 0 || /[A-Za-z_\\]/.test(rest)) return false;
  // In a class, a range (`!-~`) admits every character between its ends, letters included.
  if (regexClass) {
    for (const r of rest.matchAll(/(.)-(.)/g)) {
      const [lo, hi] = [r[1]!.charCodeAt(0), r[2]!.charCodeAt(0)];
      if (lo <= 122 && hi >= 65) return false;
    }
  }
  return true;
}

/** Whether the function holding offset `at` restricts `name` to characters that cannot name anything (nameless)
 *  before `at`: `if not all(c in S for c in name)` with `S` a literal (or `set("…")`, or a name assigned one), a full
 *  match against a class (`re.fullmatch(r"[-+/*0-9 ]+", name)`, `re.match(r"^[…]+$", name)`, `/^[…]+$/.test(name)`),
 *  or the name rebuilt from only those characters (`name = re.sub(r"[^-+/*0-9 ]", "", name)`,
 *  `name = name.replace(/[^-+/*0-9 ]/g, '')`). */
export function charsetGuarded(text: string, name: string, at: number): boolean {
  const [from] = enclosingFunction(text, at);
  if (!spend(4 * (at - from))) return false;
  const scope = text.slice(from, at);
  const n = esc(name);
  const setOf = (expr: string): string | null => {
    const e = expr.trim();
    const lit = /^(?:set\(\s*)?(?:r?"([^"\n]*)"|r?'([^'\n]*)')\s*\)?$/.exec(e);
    if (lit) return lit[1] ?? lit[2]!;
    if (!/^[A-Za-z_]\w*$/.test(e)) return null;
    const set = assignments(text, e, from, at);
    const all = set.length > 0 ? set : assignments(text, e, 0, at).slice(-1);
    if (all.length !== 1) return null;
    return setOf(all[0]![1]);
  };
  const all = new RegExp(String.raw`\ball\(\s*(\w+)\s+in\s+([^()\n]+?|set\([^()\n]*\))\s+for\s+\1\s+in\s+${n}\s*\)`, 'g');
  // A test decides only on a line that branches on it (`if not all(…)`, `assert …`, `if (!/^[…]+$/.test(x))`).
  const onTest = (off: number) => /\b(?:if|elif|assert|while)\b|\?|&&|\|\|/.test(scope.slice(scope.lastIndexOf('\n', off) + 1, off));
  for (let m = all.exec(scope); m; m = all.exec(scope)) {
    if (!onTest(m.index)) continue;
    const chars = setOf(m[2]!);
    if (chars !== null && nameless(chars, false)) return true;
  }
  const match = new RegExp(String.raw`(?:re\.fullmatch\(\s*r?["']\^?\[([^\]\n]+)\][+*]\$?["']|re\.match\(\s*r?["']\^?\[([^\]\n]+)\][+*]\$["']|\/\^\[([^\]\n]+)\][+*]\$\/\w*\.test\()\s*,?\s*${n}\s*[,)]`, 'g');
  for (let m = match.exec(scope); m; m = match.exec(scope)) {
    if (!onTest(m.index)) continue;
    const chars = m[1] ?? m[2] ?? m[3]!;
    if (!chars.startsWith('^') && nameless(chars, true)) return true;
  }
  const rebuilt = new RegExp(String.raw`^[ \t]*${n}[ \t]*=[ \t]*(?:re\.sub\(\s*r?["']\[\^([^\]\n]+)\]\+?["']\s*,\s*r?(?:""|'')\s*,\s*${n}\s*\)|${n}\.replace\(\s*\/\[\^([^\]\n]+)\]\+?\/g\w*\s*,\s*(?:""|''|\x60\x60)\s*\))`, 'gm');
  for (let m = rebuilt.exec(scope); m; m = rebuilt.exec(scope)) {
    if (nameless(m[1] ?? m[2]!, true)) return true;
  }
  return false;
}
