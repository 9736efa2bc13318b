// `skillcheck explain` snapshots: corpus/explain/<case>/ holds a tree, case.yaml (args) and the expected output in
// explain.txt and explain.json. UPDATE_SNAPSHOTS=1 rewrites them (then read the diff: never accept it unread).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CORPUS, runCli } from './helpers.js';

const dir = path.join(CORPUS, 'explain');
const cases = fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, 'case.yaml'))).sort();
const update = process.env.UPDATE_SNAPSHOTS === '1';

function check(file: string, got: string) {
  if (update) fs.writeFileSync(file, got);
  expect(got).toBe(fs.readFileSync(file, 'utf8'));
}

describe('explain snapshots', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(4);
  });
  for (const name of cases) {
    const cwd = path.join(dir, name);
    const args = (parse(fs.readFileSync(path.join(cwd, 'case.yaml'), 'utf8')) as { args?: string[] }).args ?? [];
    it(`${name} (text)`, async () => {
      const r = await runCli(['explain', ...args, '--no-gating', '.'], cwd);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      check(path.join(cwd, 'explain.txt'), r.stdout);
    });
    it(`${name} (json)`, async () => {
      const r = await runCli(['explain', ...args, '--no-gating', '--format', 'json', '.'], cwd);
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as { tool: { version: string } };
      doc.tool.version = '<version>';
      check(path.join(cwd, 'explain.json'), `${JSON.stringify(doc, null, 2)}\n`);
    });
  }
});

describe('explain', () => {
  it('a missing path is a usage error', async () => {
    const r = await runCli(['explain', 'no/such/path'], CORPUS);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('path not found');
  });
});
