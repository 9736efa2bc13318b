// Fuzzing (fast-check): arbitrary bytes as SKILL.md, mutated valid skills, and random trees (symlinks, loops,
// FIFOs, deep nesting) never make skillcheck throw, hang, or print anything but a valid report: the JSON
// validates against schemas/report.schema.json, the text report keeps one finding per line, and no rule fails
// (a rule exception would surface as an `internal-error` finding).
// The suite runs a few thousand cases; `npm run fuzz` sets FUZZ_SCALE to run 100,000+.

import Ajv from 'ajv';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProject, checkSkill, finalizeDiagnostics, type CheckOptions } from '../src/engine/check.js';
import { systemHost } from '../src/node/host.js';
import { lint, loadDefaultRules, skillInputFor, skillRef, type LintResult } from '../src/node/lint.js';
import { parseSkillDocument } from '../src/core/parse.js';
import { formatJson } from '../src/report/json.js';
import { formatText } from '../src/report/text.js';
import type { ProjectSkill, SkillInput } from '../src/core/rule.js';
import { decodeSource } from '../src/core/source.js';
import { TARGET_IDS } from '../src/targets/profiles.js';
import { targetsFor, type TargetSelection } from '../src/targets/resolve.js';
import type { Diagnostic } from '../src/core/types.js';
import { REPO, tempTrees } from './helpers.js';

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const params = (n: number) => ({ numRuns: runs(n), ...(SEED !== undefined ? { seed: SEED } : {}) });
const TIMEOUT = 120_000 * SCALE;

const ajv = new Ajv({ allErrors: true, strict: false });
const validateReport = ajv.compile(JSON.parse(fs.readFileSync(path.join(REPO, 'schemas', 'report.schema.json'), 'utf8')) as object);
const TOOL = { name: 'skillcheck', version: '0.0.0-fuzz' };
const ROW = /^\S.*:\d+:\d+ {2}(error|warning|info) /;
const SUMMARY = /^\d+ errors?, \d+ warnings?, \d+ infos?( \(\d+ suppressed\))? in \d+ skills? \(\d+ of \d+ load as checked(; \d+ of them held back only by this machine \(gating\))?\)$/;

/** The report contract, checked on every case. */
function assertValidReport(result: LintResult): void {
  const internal = result.diagnostics.filter((d) => d.ruleId === 'internal-error');
  if (internal.length > 0) throw new Error(`a rule threw: ${internal.map((d) => d.message).join('; ')}`);
  const json = formatJson(result, TOOL);
  const doc: unknown = JSON.parse(json);
  if (!validateReport(doc)) throw new Error(`report does not match the schema: ${ajv.errorsText(validateReport.errors)}\n${json.slice(0, 2000)}`);
  const lines = formatText(result, { color: false }).split('\n');
  if (lines.pop() !== '') throw new Error('text report does not end with a newline');
  if (!SUMMARY.test(lines.pop() ?? '')) throw new Error('text report lacks its summary line');
  for (const l of lines) if (l !== '' && !ROW.test(l)) throw new Error(`text report line breaks the format: ${JSON.stringify(l)}`);
}

let checkOpts: CheckOptions;
async function opts(): Promise<CheckOptions> {
  checkOpts ??= { rules: await loadDefaultRules(), host: systemHost(REPO, { PATH: process.env.PATH }), gating: true, persona: 'auditor', severity: {} };
  return checkOpts;
}

/** The per-skill pipeline in memory (decode → parse → check under each target → project rules → finalize). */
function checkBytes(bytes: Uint8Array, rel: string, sel: TargetSelection, o: CheckOptions): LintResult {
  const source = decodeSource(bytes);
  const doc = parseSkillDocument(source);
  const absPath = path.join('/fuzz', rel);
  const d = { absPath, absDir: path.dirname(absPath), layout: 'folder' as const, root: '/fuzz' };
  const display = (abs: string) => path.relative('/fuzz', abs);
  const diagnostics: Diagnostic[] = [];
  const skills: ProjectSkill[] = [];
  const inputs: SkillInput[] = [];
  for (const target of targetsFor(sel, d, rel, doc)) {
    const input: SkillInput = skillInputFor(d, { read: { kind: 'ok', size: bytes.length }, source, doc }, target, display, { side: () => null, head: () => null });
    const diags = checkSkill(input, o);
    diagnostics.push(...diags);
    skills.push({ input: skillRef(input), loads: !diags.some((x) => x.rejects) });
    inputs.push(input);
  }
  diagnostics.push(...checkProject(skills, [], display, o));
  const final = finalizeDiagnostics(diagnostics);
  return {
    skills: skills.map((s) => ({ name: s.input.name, file: s.input.file, target: s.input.target, trust: s.input.trust, loads: s.loads })),
    diagnostics: final,
    files: 1,
    missing: [],
    inputs,
  } as LintResult;
}

const targetSel: fc.Arbitrary<TargetSelection> = fc.oneof(fc.constant('auto' as const), fc.subarray([...TARGET_IDS], { minLength: 1 }));
const relPath = fc.constantFrom('skills/a/SKILL.md', '.claude/skills/a-b/SKILL.md', 'skills/SKILL.md', '.ironclaw/installed_skills/x/SKILL.md', 'a\nb/SKILL.md');

// Valid skills to mutate.
const SEEDS = [
  '---\nname: deploy-helper\ndescription: Deploys the app. Use when asked to deploy.\nlicense: MIT\nmetadata:\n  author: me\n---\n# Deploy\n\nRun `make deploy`.\n',
  '---\nname: release\nversion: "1.2.0"\ndescription: Release notes\nactivation:\n  keywords: [release, notes, changelog]\n  exclude_keywords: [draft]\n  tags: [docs]\n  patterns:\n    - "(?i)release\\\\s+notes"\n  max_context_tokens: 2000\nrequires:\n  bins: [git]\n  env: [HOME]\nmetadata:\n  openclaw:\n    requires:\n      bins: [node]\n---\n# Release\n\nSee [guide](references/guide.md) and <https://example.com>.\n\n```bash\ngit tag v1\n```\n',
  '---\nname: "quoted"\ndescription: >\n  Folded text\n  over lines.\nallowed-tools: [Read, Grep]\n---\n\nBody with é, 日本語, 🚀.\n',
];
const FRAGMENTS = [
  '\r\n', '\r', '\n', '\uFEFF', '\0', ':', ': ', '- ', '  ', '\t', '{', '}', '[', ']', ',', '&a ', '*a', '<<: *a', '!!binary ', '!tag ', '? ',
  '"', "'", '#', '|', '>', '---', '\n---\n', '...', '%YAML 1.2\n', 'é', '🚀', '\u202E', '\u200B', '\u2028', 'а', '\uD800', '\\', '${HOME}',
  'name: x\n', 'description: \n', 'activation:\n  patterns: ["(a+)+$", "(?<=x)"]\n', 'requires: {bins: 3}\n', 'version: 1.0\n',
  'keywords: [a, bb]\n', '[link](../../etc/passwd)', '```\n', '<!-- skillcheck-disable -->', 'x'.repeat(300),
];
const mutation = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  del: fc.nat({ max: 8 }),
  ins: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) }),
});
const mutated = fc
  .record({
    seed: fc.constantFrom(...SEEDS),
    muts: fc.array(mutation, { maxLength: 12 }),
    eol: fc.constantFrom('\n', '\r\n', '\r', 'mixed'),
    enc: fc.constantFrom('utf8', 'utf8', 'utf8', 'latin1', 'utf16le'),
  })
  .map(({ seed, muts, eol, enc }) => {
    let s = seed;
    for (const m of muts) {
      const i = Math.floor(m.at * s.length);
      s = s.slice(0, i) + m.ins + s.slice(i + m.del);
    }
    if (eol === 'mixed') s = s.replace(/\n/g, (_, i: number) => (i % 3 === 0 ? '\r\n' : i % 3 === 1 ? '\r' : '\n'));
    else if (eol !== '\n') s = s.replace(/\n/g, eol);
    return Buffer.from(s, enc as BufferEncoding);
  });
const framedBytes = fc
  .tuple(fc.uint8Array({ maxLength: 400 }), fc.uint8Array({ maxLength: 800 }))
  .map(([a, b]) => Buffer.concat([Buffer.from('---\n'), a, Buffer.from('\n---\n'), b]));
const anyBytes = fc.oneof(fc.uint8Array({ maxLength: 2000 }), framedBytes, fc.string({ unit: 'grapheme', maxLength: 500 }).map((s) => Buffer.from(`---\n${s}`)));

const tree = tempTrees();
const scratch = () => tree({});

describe('the fuzz oracle can fail', () => {
  it('rejects a rule exception, a schema violation and a broken text line', () => {
    const base = { skills: [], diagnostics: [], files: 0, missing: [], inputs: [] } as unknown as LintResult;
    expect(() => assertValidReport(base)).not.toThrow();
    const d = { ruleId: 'x', severity: 'error', confidence: 'high', message: 'm', file: 'f', line: 1, column: 1 } as Diagnostic;
    expect(() => assertValidReport({ ...base, diagnostics: [{ ...d, ruleId: 'internal-error' }] })).toThrow(/a rule threw/);
    expect(() => assertValidReport({ ...base, diagnostics: [{ ...d, line: 0 }] })).toThrow(/schema/);
    expect(() => assertValidReport({ ...base, diagnostics: [{ ...d, file: ' leading-space' }] })).toThrow(/text report line/);
  });
});

describe('fuzz: one SKILL.md in memory (decode, parse, every rule, both formatters)', () => {
  it(
    'arbitrary bytes',
    async () => {
      const o = await opts();
      fc.assert(fc.property(anyBytes, relPath, targetSel, (bytes, rel, sel) => assertValidReport(checkBytes(bytes, rel, sel, o))), params(1500));
    },
    TIMEOUT,
  );
  it(
    'mutated valid skills (frontmatter, Unicode, line endings, encodings)',
    async () => {
      const o = await opts();
      fc.assert(fc.property(mutated, relPath, targetSel, (bytes, rel, sel) => assertValidReport(checkBytes(bytes, rel, sel, o))), params(1500));
    },
    TIMEOUT,
  );
});

describe('fuzz: the whole pipeline on disk', () => {
  it(
    'arbitrary and mutated SKILL.md through lint()',
    async () => {
      const dir = scratch();
      const file = path.join(dir, 'skills', 'a', 'SKILL.md');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await fc.assert(
        fc.asyncProperty(fc.oneof(anyBytes, mutated), targetSel, async (bytes, sel) => {
          fs.writeFileSync(file, bytes);
          assertValidReport(await lint({ paths: ['.'], cwd: dir, targets: sel, persona: 'auditor' }));
        }),
        params(200),
      );
    },
    TIMEOUT,
  );

  const SEG = fc.constantFrom('a', 'b', 'skills', 'SKILL.md', 'skill.md', 'references', '.claude', '.git', 'x y', 'é', 'a\nb', 'installed_skills', 'n');
  const entry = fc.record({
    segs: fc.oneof({ weight: 4, arbitrary: fc.array(SEG, { minLength: 1, maxLength: 5 }) }, { weight: 1, arbitrary: fc.nat({ max: 22 }).map((n) => [...Array(n).fill('d'), 'SKILL.md']) }),
    kind: fc.constantFrom('file', 'file', 'file', 'dir', 'symlink', 'symlink', 'fifo'),
    content: fc.oneof(fc.constantFrom(...SEEDS), mutated.map((b) => b.toString('latin1'))),
    link: fc.constantFrom('.', '..', '../..', '/', '/etc', 'SKILL.md', 'missing', 'a', '../a/SKILL.md'),
  });
  it(
    'random trees (symlinks, loops, links to /, FIFOs, deep nesting) through lint()',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(entry, { maxLength: 12 }), fc.constantFrom<TargetSelection>('auto', ['ironclaw'], ['agentskills']), async (entries, sel) => {
          const dir = scratch();
          for (const e of entries) {
            const p = path.join(dir, ...e.segs);
            try {
              fs.mkdirSync(path.dirname(p), { recursive: true });
              if (e.kind === 'dir') fs.mkdirSync(p, { recursive: true });
              // 'wx': never write through an existing entry (opening a FIFO for writing would block the harness).
              else if (e.kind === 'file') fs.writeFileSync(p, e.content, { encoding: 'latin1', flag: 'wx' });
              else if (e.kind === 'symlink') fs.symlinkSync(e.link, p);
              else execFileSync('mkfifo', [p], { stdio: 'ignore' });
            } catch {
              /* a parent is a file or the entry exists: the tree is what it is */
            }
          }
          try {
            assertValidReport(await lint({ paths: ['.'], cwd: dir, targets: sel, persona: 'auditor' }));
          } finally {
            fs.rmSync(dir, { recursive: true, force: true });
          }
        }),
        params(60),
      );
    },
    TIMEOUT,
  );
});
