// The generator behind `npm run conformance -- --fuzz N --seed S` (and CONFORMANCE_FUZZ=N): skill layouts built
// from a grammar of features, rendered deterministically from (case id, feature list), so that a case is its
// feature list and a disagreement can be minimized by removing features (delta debugging) and then lines.
//
// Pure: no I/O but `writeCase`, which lays a rendered case out under a folder. scripts/conformance.mjs runs the
// cases through every runtime's own loader and through `skillcheck explain`; test/runtime-fuzz.test.ts re-renders
// the recorded fixtures (test/fixtures/conformance-fuzz/) and checks skillcheck against the runtimes' answers.

import * as fs from 'node:fs';
import * as path from 'node:path';
// mulberry32, the benchmarks' seeded PRNG: the same sample on every machine and Node version.
import { prng } from '../bench/corpus.mjs';

/**
 * The grammar: per dimension, the variants a case may take. The first variant of each dimension is the default
 * (what a feature falls back to when delta debugging removes it). A case is `{ id, features }`, `features` a list
 * of `[dimension, variant]` pairs for the dimensions that are not at their default.
 */
export const GRAMMAR = {
  // The declared name. `T` is the unit's token (its folder name).
  name: ['plain', 'missing', 'empty', 'empty-quoted', 'list', 'padded-quoted', 'cyrillic', 'cjk', 'nfd', 'upper', 'spaces-inside'],
  // The description value.
  desc: [
    'plain',
    'missing',
    'null-empty',
    'tilde',
    'null-word',
    'mapping',
    'list',
    'date',
    'float',
    'ws-only',
    'literal',
    'folded',
    'escapes',
    'plain-multiline',
    'merge',
    'alias',
    'tag-custom',
    'tag-str',
    'colon',
    'padded-quoted',
    'angle',
    'long',
  ],
  // Bytes dropped into the file at a given place.
  noise: ['none', 'bel-desc', 'nul-desc', 'del-desc', 'esc-desc', 'vt-desc', 'bom-line2', 'bom-body', 'nul-body', 'ctrl-body', 'cr-body', 'nbsp-desc'],
  // The frontmatter fences.
  fence: ['plain', 'open-comment', 'open-trailing', 'open-indent1', 'close-indent1', 'close-trailing', 'crlf', 'comment-line'],
  // Tabs.
  tabs: ['none', 'after-colon', 'indented-key'],
  // The skill file's name (or a folder named SKILL.md).
  file: ['SKILL.md', 'skill.md', 'Skill.md', 'SKILL.MD'],
  // Where the unit sits, and the units around it.
  layout: ['flat', 'group', 'depth3', 'nested', 'nested-deep', 'skillmd-dir', 'collide-sibling', 'collide-nested'],
  // The file's size in bytes (padded in the body).
  size: ['natural', '999999', '1000000', '1000001', '256000', '256001'],
};

export const DIMENSIONS = Object.keys(GRAMMAR);


/** How often each dimension leaves its default (the rest of the mass is the default). */
const RATE = { name: 0.45, desc: 0.6, noise: 0.25, fence: 0.2, tabs: 0.1, file: 0.1, layout: 0.25, size: 0.04 };

/** `n` cases from `seed`: ids `f0001`.. (fixed width, so no id is a prefix of another's token). */
export function generate(seed, n) {
  const rnd = prng(seed);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const cases = [];
  for (let i = 1; i <= n; i++) {
    const features = [];
    for (const dim of DIMENSIONS) {
      if (rnd() < RATE[dim]) features.push([dim, pick(GRAMMAR[dim].slice(1))]);
    }
    cases.push({ id: `f${String(i).padStart(4, '0')}`, features });
  }
  return cases;
}

const feat = (features, dim) => features.find(([d]) => d === dim)?.[1] ?? GRAMMAR[dim][0];

/** The `name:` line(s) for token T. */
function nameLines(v, T) {
  switch (v) {
    case 'missing':
      return [];
    case 'empty':
      return ['name:'];
    case 'empty-quoted':
      return ['name: ""'];
    case 'list':
      return [`name: [${T}, other]`];
    case 'padded-quoted':
      return [`name: "  ${T}  "`];
    case 'cyrillic':
      return [`name: ${T}-имя`];
    case 'cjk':
      return [`name: ${T}-技能`];
    case 'nfd':
      return [`name: ${T}-cafe\u0301`];
    case 'upper':
      return [`name: ${T.toUpperCase()}-Skill`];
    case 'spaces-inside':
      return [`name: ${T} skill`];
    default:
      return [`name: ${T}`];
  }
}

/** The `description:` line(s); D is a sentence holding the unit's marker `[uid]`. */
function descLines(v, D) {
  switch (v) {
    case 'missing':
      return [];
    case 'null-empty':
      return ['description:'];
    case 'tilde':
      return ['description: ~'];
    case 'null-word':
      return ['description: null'];
    case 'mapping':
      return ['description: {a: b}'];
    case 'list':
      return ['description: [one, two]'];
    case 'date':
      return ['description: 2024-01-15'];
    case 'float':
      return ['description: 1.5e3'];
    case 'ws-only':
      return ['description: "   "'];
    case 'literal':
      return ['description: |', `  ${D}`, '  Second line.'];
    case 'folded':
      return ['description: >', `  ${D}`, '  folded on.'];
    case 'escapes':
      return [`description: "${D}\\twith a tab\\nand a newline"`];
    case 'plain-multiline':
      return [`description: ${D}`, '  continued here.'];
    case 'merge':
      return ['x-base: &base', `  description: ${D}`, '<<: *base'];
    case 'alias':
      return [`x-d: &d ${D}`, 'description: *d'];
    case 'tag-custom':
      return [`description: !custom ${D}`];
    case 'tag-str':
      return [`description: !!str ${D}`];
    case 'colon':
      return [`description: Use when: ${D}`];
    case 'padded-quoted':
      return [`description: "  ${D}  "`];
    case 'angle':
      return [`description: ${D} Reads <input> files.`];
    case 'long':
      return [`description: ${D} ${'Long text. '.repeat(110).trim()}`];
    default:
      return [`description: ${D}`];
  }
}

/** The skill file of one unit as a string (before byte noise and size padding). */
function skillText(features, T, uid, { plain = false } = {}) {
  const D = `Does the ${uid} task [${uid}].`;
  const f = (dim) => (plain && dim !== 'fence' && dim !== 'file' ? GRAMMAR[dim][0] : feat(features, dim));
  const lines = [];
  const fence = f('fence');
  lines.push(fence === 'open-comment' ? '--- # comment' : fence === 'open-trailing' ? '---   ' : fence === 'open-indent1' ? ' ---' : '---');
  if (fence === 'comment-line') lines.push('# a comment line');
  lines.push(...nameLines(f('name'), T));
  const dl = descLines(f('desc'), D);
  const tabs = f('tabs');
  if (tabs === 'after-colon' && dl.length > 0) dl[0] = dl[0].replace(/^description: /, 'description:\t');
  lines.push(...dl);
  if (tabs === 'indented-key') lines.push('metadata:', '\tauthor: someone');
  lines.push(fence === 'close-indent1' ? ' ---' : fence === 'close-trailing' ? '--- ' : '---');
  lines.push('', `# ${T}`, '', 'Body text of the skill.', '');
  let text = lines.join('\n');
  if (fence === 'crlf') text = text.replace(/\n/g, '\r\n');
  return text;
}

/** Byte noise: where it goes and what. */
function addNoise(text, v) {
  // Inside the description's value (every description variant that holds the sentence has " task [").
  const inDesc = (ch) => text.replace(' task [', `${ch} task [`);
  switch (v) {
    case 'bel-desc':
      return inDesc('\x07');
    case 'nul-desc':
      return inDesc('\x00');
    case 'del-desc':
      return inDesc('\x7f');
    case 'esc-desc':
      return inDesc('\x1b');
    case 'vt-desc':
      return inDesc('\x0b');
    case 'nbsp-desc':
      return inDesc('\u00a0');
    case 'bom-line2': {
      const i = text.indexOf('\n');
      return `${text.slice(0, i + 1)}\ufeff${text.slice(i + 1)}`;
    }
    case 'bom-body':
      return text.replace('Body text', '\ufeffBody text');
    case 'nul-body':
      return text.replace('Body text', 'Body\x00text');
    case 'ctrl-body':
      return text.replace('Body text', 'Body\x01\x02text');
    case 'cr-body':
      return text.replace('Body text of', 'Body text\rof');
    default:
      return text;
  }
}

/** Pad `buf` with body lines to exactly `size` bytes. */
function padTo(buf, size) {
  if (buf.length >= size) return buf;
  const line = Buffer.from('Padding line of body text for size.\n');
  const fill = Buffer.alloc(size - buf.length, 0x20);
  for (let i = 0; i + line.length <= fill.length; i += line.length) line.copy(fill, i);
  fill[fill.length - 1] = 0x0a;
  return Buffer.concat([buf, fill]);
}

/**
 * Render a case: its units (folders holding a skill file, each with a token that names it and a marker in its
 * description) and extra folders. `lines`, when given, replaces the primary unit's text with these lines
 * (line-level minimization). Unit ids are the case id plus a letter; folder names start with the unit id.
 */
export function renderCase(c) {
  const { id, features } = c;
  const layout = feat(features, 'layout');
  const file = feat(features, 'file');
  const size = feat(features, 'size');
  const noise = feat(features, 'noise');
  const units = [];
  const dirs = [];
  const primary = (dir, T, uid) => {
    let text = c.lines ? c.lines.join('\n').split(c.linesFrom ?? id).join(id) : addNoise(skillText(features, T, uid), noise);
    let content = Buffer.from(text, 'utf8');
    if (size !== 'natural') content = padTo(content, Number(size));
    return { uid, dir, file, content, token: T };
  };
  const plainUnit = (dir, T, uid, name = T, desc = null) => {
    const D = desc ?? `Does the ${uid} task [${uid}].`;
    return { uid, dir, file: 'SKILL.md', content: Buffer.from(`---\nname: ${name}\ndescription: ${D}\n---\n\n# ${T}\n\nBody text.\n`), token: T };
  };
  const a = `${id}a`;
  switch (layout) {
    case 'group':
      units.push(primary(`g-${a}/${a}`, a, a));
      break;
    case 'depth3':
      units.push(primary(`g-${a}/h/${a}`, a, a));
      break;
    case 'nested':
      units.push(primary(a, a, a));
      units.push(plainUnit(`${a}/${id}b`, `${id}b`, `${id}b`));
      break;
    case 'nested-deep':
      units.push(primary(a, a, a));
      units.push(plainUnit(`${a}/sub/${id}b`, `${id}b`, `${id}b`));
      break;
    case 'skillmd-dir':
      // A folder whose `SKILL.md` is itself a folder, with a real skill below it.
      dirs.push(`${a}/SKILL.md`);
      units.push(primary(`${a}/${id}b`, `${id}b`, `${id}b`));
      break;
    case 'collide-sibling':
      // `x/` and `x-skill/`, both named `x-skill`: the sibling order decides (bytes put `-` before `/`).
      units.push(primary(a, a, a));
      units.push(plainUnit(`${a}-skill`, `${a}-skill`, `${id}b`, `${a}-skill`));
      units[0] = { ...units[0], content: Buffer.from(String(units[0].content).replace(new RegExp(`^name: .*$`, 'm'), `name: ${a}-skill`)) };
      break;
    case 'collide-nested':
      // The same name at `x/` and `grp/x/`.
      units.push(primary(a, a, a));
      units.push(plainUnit(`g-${a}/${a}`, a, `${id}b`, a));
      break;
    default:
      units.push(primary(a, a, a));
  }
  return { id, units, dirs };
}

/** Lay a rendered case out under `root`. */
export function writeCase(root, rendered) {
  for (const d of rendered.dirs) fs.mkdirSync(path.join(root, d), { recursive: true });
  for (const u of rendered.units) {
    fs.mkdirSync(path.join(root, u.dir), { recursive: true });
    fs.writeFileSync(path.join(root, u.dir, u.file), u.content);
  }
}

/** The unit a runtime's record belongs to: by folder (when the runtime gives a path), by the `[uid]` marker in the
 *  description, else by the unit token in the name (tokens are fixed width: `f0001a`). Null when none fits. */
export function unitOf(rec, unitsByDir, unitsByUid, relDir) {
  if (rec.path) {
    const u = unitsByDir.get(relDir(rec.path));
    if (u) return u;
  }
  const d = typeof rec.description === 'string' ? /\[([a-z]\d{4}[a-z])\]/.exec(rec.description) : null;
  if (d && unitsByUid.has(d[1])) return unitsByUid.get(d[1]);
  const n = typeof rec.name === 'string' ? /([a-z]\d{4}[a-z])/i.exec(rec.name) : null;
  if (n && unitsByUid.has(n[1].toLowerCase())) return unitsByUid.get(n[1].toLowerCase());
  return null;
}

/** The lines of a case's primary unit, for line-level minimization. */
export function primaryLines(c) {
  const r = renderCase({ ...c, features: c.features.filter(([d]) => d !== 'size') });
  return r.units[0].content.toString('utf8').split('\n');
}

/** A stable, readable label for a case's features. */
export function label(features) {
  return features.length === 0 ? '(defaults)' : features.map(([d, v]) => `${d}=${v}`).join(' ');
}
