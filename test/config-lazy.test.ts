// ajv's schema compiler is never loaded by a built run: a config file is validated by the code the build generated
// from the schema (src/node/schemas.ts), which needs only ajv's small runtime helpers (ajv/dist/runtime/*). In a
// spawned CLI, a module hook refuses the rest of ajv through import (the modules in dist/src) and a preloaded
// script refuses it through require (the bundle, dist/cli.cjs, keeps ajv external and requires it).

import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, tempTrees } from './helpers.js';

const tree = tempTrees();
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === 'ajv' || (specifier.startsWith('ajv/') && !specifier.startsWith('ajv/dist/runtime/'))) throw new Error('AJV_LOADED');
  return next(specifier, context);
}`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

const REFUSE_REQUIRE = `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'ajv' || (request.startsWith('ajv/') && !request.startsWith('ajv/dist/runtime/'))) throw new Error('AJV_LOADED');
  return resolve.call(this, request, ...rest);
};
`;

function run(cwd: string, args = [path.join(REPO, 'bin/skillcheck.js'), '.']): { code: number | null; stderr: string } {
  const preload = path.join(tree({ 'refuse-ajv.cjs': REFUSE_REQUIRE }), 'refuse-ajv.cjs');
  const r = spawnSync(process.execPath, ['--require', preload, '--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, ...args], {
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
  it('the hooks notice ajv through import and through require (so the other tests can fail)', () => {
    expect(run(REPO, ['--input-type=module', '-e', "await import('ajv')"]).stderr).toContain('AJV_LOADED');
    expect(run(REPO, ['-e', "require('ajv')"]).stderr).toContain('AJV_LOADED');
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
