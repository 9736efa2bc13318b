// Whether a credential-looking match is an illustration: placeholder spellings, example context on its line, and
// how random the value looks (entropy).

const PLACEHOLDER = /x{4,}|X{4,}|\*{3,}|\.{3}|…|<[^>]*>|\{\{|\$\{|example|EXAMPLE|sample|dummy|DUMMY|placeholder|PLACEHOLDER|your|YOUR|redacted|REDACTED|fake|FAKE|test|TEST|0{8,}|1234567|abcdefg/;

/** Words on the same line that mark a value as an illustration. */
const EXAMPLE_CONTEXT = /\b(?:example|e\.g\.|for instance|sample|placeholder|dummy|fake|redacted|format|looks like)\b/i;

/**
 * A credential-looking match that is really an example value ("ghp_xxxx…", "AKIA…EXAMPLE", "AIzaSyA1B2C3D4…"),
 * judged from the value and, when given, the line it is on ("Example: AIza…").
 */
export function looksLikePlaceholder(s: string, line = ''): boolean {
  if (PLACEHOLDER.test(s)) return true;
  // "Example:" or "format" on the line marks an illustration, unless the value itself is as random as a real
  // token: real keys get pasted into docs next to exactly those words.
  if (EXAMPLE_CONTEXT.test(line) && !looksGenerated(s)) return true;
  // Counting sequences (A1B2C3…, 123456, abcdef) are typed by hand, not generated.
  const digits = s.replace(/[^0-9]/g, '');
  const letters = s.replace(/[^A-Za-z]/g, '').toUpperCase();
  if (/12345|23456|34567|45678|56789/.test(digits) && /ABCDE|BCDEF|CDEFG|DEFGH/.test(letters)) return true;
  // Low variety: a real token of 20+ characters uses many distinct characters. Judged on the value (the last long
  // run of token characters), not on a key name the match starts with (`aws_secret_access_key = yyyy…`).
  const value = s.match(/[A-Za-z0-9/+=_.-]{16,}/g)?.pop() ?? s;
  const body = value.replace(/^[A-Za-z]+[_-]/, '');
  return new Set(body).size < Math.min(10, Math.ceil(body.length / 3));
}

/** Shannon entropy in bits per character. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** A value that reads as machine-generated: long, mixed letters and digits, high entropy, no counting runs. */
function looksGenerated(s: string): boolean {
  const body = s.replace(/^[A-Za-z]+[_-](?:[A-Za-z0-9]+[_-])?/, '').replace(/\s+/g, '');
  if (body.length < 20) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(body)).length;
  return classes >= 2 && entropy(body) >= 4;
}
