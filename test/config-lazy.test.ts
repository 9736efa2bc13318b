// ajv's schema compiler is never loaded by a built run: a config file is validated by the code the build generated
// from the schema (src/node/schemas.ts). A module hook refuses to resolve "ajv" in a spawned CLI.

import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, tempTrees } from './helpers.js';

const tree = tempTrees();
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === 'ajv' || specifier.startsWith('ajv/')) throw new Error('AJV_LOADED');
  return next(specifier, context);
}`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

function run(cwd: string, args = [path.join(REPO, 'bin/skillcheck.js'), '.']): { code: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return { code: r.status, stderr: r.stderr };
}

describe('lazy ajv', () => {
  const skill = { '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: A skill.\n---\nBody.\n' };
  it('a run without a config file never resolves ajv', () => {
    const dir = tree(skill);
    const r = run(dir);
    expect(r.stderr).not.toContain('AJV_LOADED');
    expect(r.code).toBe(0);
  });
  it('the hook notices an import of ajv (so the other tests can fail)', () => {
    const r = run(REPO, ['--input-type=module', '-e', "await import('ajv')"]);
    expect(r.stderr).toContain('AJV_LOADED');
  });
  it('a run with a config file validates it without ajv, and still reports what is wrong', () => {
    const ok = run(tree({ ...skill, '.skillcheckrc.json': '{"persona": "auditor"}' }));
    expect(ok.stderr).not.toContain('AJV_LOADED');
    expect(ok.code).toBe(0);
    const bad = run(tree({ ...skill, '.skillcheckrc.json': '{"persona": "auditr"}' }));
    expect(bad.stderr).not.toContain('AJV_LOADED');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/persona/);
  });
});
