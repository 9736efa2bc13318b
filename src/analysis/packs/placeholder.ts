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
  if (failsGitHubChecksum(s) || truncatedKeyBlock(s, line)) return true;
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

// ---------------------------------------------------------------------------------------------------------------
// Values that cannot be the credential they look like, by the credential's own structure.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
let crcTable: Uint32Array | null = null;

/** CRC-32 (the ISO-HDLC / zlib one) of an ASCII string. */
export function crc32(s: string): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < s.length; i++) c = crcTable[(c ^ s.charCodeAt(i)) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A GitHub token of the 2021 format (ghp_, gho_, ghu_, ghr_ and 36 characters) whose last six characters are not
 * the checksum GitHub puts there: the CRC-32 of the 30 characters before them, in base 62 (digits, upper, lower),
 * left-padded with zeros. GitHub issues no token that fails it, so the value is made up (documentation's example
 * responses, hand-typed samples). ghs_ installation tokens are left out: not every one is known to carry it.
 */
export function failsGitHubChecksum(s: string): boolean {
  const m = /^gh[pour]_([A-Za-z0-9]{30})([A-Za-z0-9]{6})$/.exec(s);
  if (!m) return false;
  let n = crc32(m[1]!);
  let sum = '';
  for (let k = 0; k < 6; k++) {
    sum = BASE62[n % 62]! + sum;
    n = Math.floor(n / 62);
  }
  return sum !== m[2];
}

/** The value of a base64 character. */
const b64 = (c: string): number => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(c);

/**
 * A private key block whose body stops at an ellipsis (`MIIEvQIBADAN…AoIBAQC...`) before it holds a whole key, as
 * documentation abbreviates one: `s` is the match (header and the body's first characters), `line` the text it was
 * matched in. A body that starts with a DER header (PKCS#1, PKCS#8 and SEC1 keys all do: a SEQUENCE and its length)
 * is cut short when it holds fewer bytes than the header declares; another body when it holds fewer than 64
 * characters, less than the smallest key encoding (an Ed25519 PKCS#8 key is 48 bytes, 64 characters). A whole key
 * followed by an ellipsis, or an ellipsis only on a later line, stays a key.
 */
export function truncatedKeyBlock(s: string, line: string): boolean {
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY/.test(s)) return false;
  const at = line.indexOf(s);
  if (at === -1) return false;
  const cut = /^([A-Za-z0-9+/]*)(?:\.{2,}|…)/.exec(line.slice(at + s.length));
  if (!cut) return false;
  const body = (/[A-Za-z0-9+/]+$/.exec(s)?.[0] ?? '') + cut[1]!;
  const v = [...body.slice(0, 8)].map(b64);
  const bytes: number[] = [];
  for (let k = 0; k + 3 < v.length; k += 4) bytes.push((v[k]! << 2) | (v[k + 1]! >> 4), ((v[k + 1]! & 15) << 4) | (v[k + 2]! >> 2), ((v[k + 2]! & 3) << 6) | v[k + 3]!);
  const have = Math.floor((body.length * 3) / 4);
  if (bytes[0] === 0x30 && bytes.length >= 4) {
    const l = bytes[1]!;
    const total = l < 0x80 ? 2 + l : l === 0x81 ? 3 + bytes[2]! : l === 0x82 ? 4 + ((bytes[2]! << 8) | bytes[3]!) : Infinity;
    return have < total;
  }
  return body.length < 64;
}
