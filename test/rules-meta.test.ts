// Meta-tests over the rule registry: docs pages, ids, good/bad examples, and the rules index (docs/rules.md).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { REPO, runJson, tempTrees } from './helpers.js';

/**
 * Rules whose bad case cannot be written as a file map (a symlink, an unreadable file), with the test file that
 * covers them instead. A rule with no bad example must be listed here.
 */
const NO_BAD_EXAMPLES: Record<string, string> = {
  symlink: 'test/symlink.test.ts',
  'read-error': 'test/bounds.test.ts',
};

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const tree = tempTrees();
describe('rule registry', () => {
  it('has rules', () => {
    expect(ALL_RULES.length).toBeGreaterThanOrEqual(15);
  });

  it('ids are unique and kebab-case', () => {
    const ids = ALL_RULES.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(KEBAB);
  });

  it('every rule module is registered, and every registered rule has a module and a docs page beside it', () => {
    const ids = new Set(ALL_RULES.map((r) => r.meta.id));
    const modules = fs
      .readdirSync(path.join(REPO, 'rules'))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3));
    expect(modules.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(fs.existsSync(path.join(REPO, 'rules', `${id}.md`)), `rules/${id}.md`).toBe(true);
    }
  });

  it('every rules/<id>.test.ts tests a rule that exists, with the RuleTester', () => {
    const ids = new Set(ALL_RULES.map((r) => r.meta.id));
    const tests = fs.readdirSync(path.join(REPO, 'rules')).filter((f) => f.endsWith('.test.ts'));
    expect(tests.length).toBeGreaterThan(0);
    for (const f of tests) {
      expect(ids.has(f.slice(0, -'.test.ts'.length)), f).toBe(true);
      expect(fs.readFileSync(path.join(REPO, 'rules', f), 'utf8'), f).toMatch(/new RuleTester\(/);
    }
  });

  it('has no docs page without a rule', () => {
    const ids = new Set(ALL_RULES.map((r) => r.meta.id));
    const pages = fs.readdirSync(path.join(REPO, 'rules')).filter((f) => f.endsWith('.md'));
    for (const p of pages) expect(ids.has(p.slice(0, -3)), `rules/${p} has no rule`).toBe(true);
  });

  it('metadata is complete', () => {
    for (const { meta } of ALL_RULES) {
      expect(meta.description.trim().length, meta.id).toBeGreaterThan(10);
      expect(['error', 'warning', 'info']).toContain(meta.severity);
      expect(['high', 'medium', 'low']).toContain(meta.confidence);
      expect(['validator', 'security']).toContain(meta.category);
      expect(typeof meta.fixable).toBe('boolean');
      expect(meta.since, meta.id).toMatch(/^\d+\.\d+\.\d+$/);
      expect(meta.examples.good.length, `${meta.id} has no good example`).toBeGreaterThan(0);
    }
  });
});

/** Cells of the first table under the H1 of a docs page, as a map from header/first column to value. */
function headerTable(md: string): Map<string, string> {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (let i = start; i >= 0 && i < lines.length && lines[i]!.startsWith('|'); i++) {
    rows.push(
      lines[i]!
        .slice(1, lines[i]!.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((c) => c.trim().replace(/^`|`$/g, '')),
    );
  }
  const out = new Map<string, string>();
  // A two-row horizontal table: header, separator, values.
  if (rows.length >= 3 && /^-+$/.test(rows[1]![0]!.replace(/:/g, ''))) {
    rows[0]!.forEach((h, i) => out.set(h.toLowerCase(), rows[2]![i] ?? ''));
  }
  return out;
}

describe('docs pages', () => {
  for (const { meta } of ALL_RULES) {
    it(`rules/${meta.id}.md follows the outline and matches the metadata`, () => {
      const md = fs.readFileSync(path.join(REPO, 'rules', `${meta.id}.md`), 'utf8');
      expect(md.split('\n', 1)[0]).toBe(`# ${meta.id}`);
      const t = headerTable(md);
      expect(t.get('id')).toBe(meta.id);
      expect(t.get('default severity')).toBe(meta.severity);
      expect(t.get('confidence')).toBe(meta.confidence);
      expect(t.get('category')).toBe(meta.category);
      expect(t.get('fixable')).toBe(meta.fixable ? 'yes' : 'no');
      expect(t.get('since')).toBe(meta.since);
      // The outline: what, why, a bad and a good example, how to fix (headings may be worded freely).
      const headings = md.split('\n').filter((l) => l.startsWith('## ')).map((l) => l.toLowerCase());
      for (const word of ['what', 'why', 'bad', 'good', 'fix']) {
        expect(headings.some((h) => h.includes(word)), `rules/${meta.id}.md has no "## …${word}…" section`).toBe(true);
      }
    });
  }
});

describe('rule examples', () => {
  for (const { meta } of ALL_RULES) {
    if (meta.examples.bad.length === 0) {
      it(`${meta.id}: no bad example, so an allowlisted test covers it`, () => {
        const file = NO_BAD_EXAMPLES[meta.id];
        expect(file, `${meta.id} has no bad example and is not in NO_BAD_EXAMPLES`).toBeDefined();
        const text = fs.readFileSync(path.join(REPO, file!), 'utf8');
        expect(text).toContain(`'${meta.id}'`);
      });
    } else {
      it(`${meta.id}: is not allowlisted (it has bad examples)`, () => {
        expect(NO_BAD_EXAMPLES[meta.id]).toBeUndefined();
      });
    }
    meta.examples.bad.forEach((ex, i) => {
      it(`${meta.id}: bad example ${i + 1} produces a ${meta.id} finding`, async () => {
        const dir = tree(ex.files);
        const { report } = await runJson([...(ex.args ?? []), '.'], dir);
        expect(report.diagnostics.filter((d) => d.ruleId === meta.id).length).toBeGreaterThan(0);
        expect(report.diagnostics.filter((d) => d.ruleId === 'internal-error')).toEqual([]);
      });
    });
    meta.examples.good.forEach((ex, i) => {
      it(`${meta.id}: good example ${i + 1} produces no ${meta.id} finding`, async () => {
        const dir = tree(ex.files);
        const { report } = await runJson([...(ex.args ?? []), '.'], dir);
        expect(report.skills.length).toBeGreaterThan(0);
        expect(report.diagnostics.filter((d) => d.ruleId === meta.id).map((d) => d.message)).toEqual([]);
        expect(report.diagnostics.filter((d) => d.ruleId === 'internal-error')).toEqual([]);
      });
    });
  }
});

describe('the rules index (docs/rules.md)', () => {
  it('lists exactly the registered rules with their default severity and description, each linking to its page', () => {
    const readme = fs.readFileSync(path.join(REPO, 'docs/rules.md'), 'utf8');
    const start = readme.indexOf('<!-- rules:start -->');
    const end = readme.indexOf('<!-- rules:end -->');
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const rows = readme
      .slice(start, end)
      .split('\n')
      .filter((l) => /^\|\s*\[`/.test(l))
      .map((l) => {
        // Split on unescaped pipes; `\|` stays inside a cell.
        const cells = l.slice(1, l.endsWith('|') ? -1 : undefined).split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
        const link = /^\[`([^`]+)`\]\(\.\.\/rules\/([^)]+)\.md\)$/.exec(cells[0]!);
        expect(link, cells[0]).not.toBeNull();
        expect(link![2]).toBe(link![1]);
        return { id: link![1]!, severity: cells[1], description: cells[2] };
      });
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    expect(rows.sort(byId)).toEqual(ALL_RULES.map((r) => ({ id: r.meta.id, severity: r.meta.severity, description: r.meta.description })).sort(byId));
  });
});

/** Every `{{…}}` in a template: what reportMessage interpolates must be a plain identifier (no paths, no spaces). */
const ANY_PLACEHOLDER = /\{\{(.*?)\}\}/gs;
const IDENTIFIER = /^\s*[A-Za-z_][A-Za-z0-9_]*\s*$/;

/**
 * Rules whose messages moved to meta.messages and whose rules/<id>.test.ts asserts each message id with its whole
 * text. Message ids a RuleTester case cannot reach (a race, a bound too large to create in a
 * test) are listed with where they are checked instead, or `null` where only the template itself is checked.
 */
const MESSAGES_ASSERTED: Record<string, Record<string, string | null>> = {
  'line-endings': {},
  'activation-limits': {},
  'activation-pattern': {},
  'regex-redos': {},
  'empty-body': {},
  encoding: {},
  version: {},
  'token-budget': {},
  triggers: {},
  symlink: { swapped: 'test/swap.test.ts', parent: 'test/trust-path.test.ts' },
  'read-error': { fileChanged: 'test/swap.test.ts', folderChanged: 'test/swap.test.ts', notRegular: null, ioError: null, entryLimit: null },
  'not-scanned': {},
  suppression: {},
  'tool-schema': {},
  'file-too-large': { tail: null, streamFailed: null },
  'tool-ceiling': {},
  'scan-limits': {},
  'tag-breakout': {},
  reference: {},
  gating: {},
  name: {},
  description: {},
  frontmatter: {},
  'unknown-field': {},
  fallback: {},
  'encoded-payload': {},
  // Project rules: their ids are asserted on real trees through lint() in their rules/<id>.test.ts.
  'duplicate-name': {},
  'loose-file': {},
  // Security rules.
  'hidden-unicode': {},
  lookalike: {},
  typosquat: {},
  'capability-mismatch': {},
  'mcp-server': {},
  // Pattern-pack rules: one message id per pack entry (rules/packs/<id>.yaml), plus the ids of what the hybrid
  // rules report from code.
  'crypto-miner': {},
  exfiltration: {},
  'injection-phrase': {},
  'agent-instruction': {},
  'malware-lure': {},
  persistence: {},
  'privilege-change': {},
  'remote-exec': {},
  'reverse-shell': {},
  secret: {},
  'system-tamper': {},
  'tool-command': {},
  'unsafe-code': {},
};

/** The test file's text with JS string escapes of quotes and backslashes undone, so a template's text can be found. */
function unescaped(text: string): string {
  return text.replace(/\\(["'`\\])/g, '$1');
}

describe('rule messages', () => {
  it('every template interpolates identifiers only', () => {
    for (const { meta } of ALL_RULES) {
      for (const [id, template] of Object.entries(meta.messages ?? {})) {
        // An identifier, or a pattern pack's entry id (kebab-case): a pack entry's findings carry its id as messageId.
        expect(id, `${meta.id}: message id`).toMatch(/^(?:[A-Za-z][A-Za-z0-9]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)$/);
        for (const m of template.matchAll(ANY_PLACEHOLDER)) expect(m[1], `${meta.id}.${id}: {{${m[1]}}}`).toMatch(IDENTIFIER);
        // No stray "{{" a reader would take for a placeholder that is left as text.
        expect(template.split('{{').length - 1, `${meta.id}.${id}`).toBe([...template.matchAll(ANY_PLACEHOLDER)].length);
      }
    }
  });

  it('the placeholder check fails on a bad template', () => {
    expect('{{a.b}}'.replace(ANY_PLACEHOLDER, (_m, n: string) => (IDENTIFIER.test(n) ? 'ok' : 'bad'))).toBe('bad');
    expect('{{ name }}'.replace(ANY_PLACEHOLDER, (_m, n: string) => (IDENTIFIER.test(n) ? 'ok' : 'bad'))).toBe('ok');
  });

  it('every rule reports by message id and is in the table above, with one rules/<id>.test.ts', () => {
    const ids = ALL_RULES.map((r) => r.meta.id).sort();
    expect(Object.keys(MESSAGES_ASSERTED).sort()).toEqual(ids);
    for (const id of ids) expect(fs.existsSync(path.join(REPO, 'rules', `${id}.test.ts`)), `rules/${id}.test.ts`).toBe(true);
  });

  // A case that asserts only { messageId, data } passes whatever the template says (the tester renders the same
  // template the rule does). A changed template fails a case only where the case states the text: so for each
  // message id, its rules/<id>.test.ts must name the id and hold every literal part of the template.
  for (const [ruleId, elsewhere] of Object.entries(MESSAGES_ASSERTED)) {
    it(`${ruleId}: every message id is asserted, with its text, in rules/${ruleId}.test.ts`, () => {
      const rule = ALL_RULES.find((r) => r.meta.id === ruleId);
      expect(rule, ruleId).toBeDefined();
      const messages = rule!.meta.messages ?? {};
      expect(Object.keys(messages).length, `${ruleId} has meta.messages`).toBeGreaterThan(0);
      for (const id of Object.keys(elsewhere)) expect(Object.keys(messages), `${ruleId}: listed id ${id}`).toContain(id);
      const text = fs.readFileSync(path.join(REPO, 'rules', `${ruleId}.test.ts`), 'utf8');
      expect(text).toMatch(/new RuleTester\(/);
      const plain = unescaped(text);
      for (const [id, template] of Object.entries(messages)) {
        if (Object.prototype.hasOwnProperty.call(elsewhere, id)) {
          const where = elsewhere[id];
          if (where) expect(fs.readFileSync(path.join(REPO, where), 'utf8'), `${ruleId}.${id} in ${where}`).toContain(ruleId === 'symlink' ? 'symlink' : 'read-error');
          continue;
        }
        expect(text, `${ruleId}: no case names messageId '${id}'`).toMatch(new RegExp(`messageId: '${id}'`));
        for (const part of template.split(ANY_PLACEHOLDER).filter((_p, i) => i % 2 === 0)) {
          if (part.trim() === '') continue;
          expect(plain.includes(part), `${ruleId}.${id}: the test file does not state ${JSON.stringify(part)}`).toBe(true);
        }
      }
    });
  }
});
