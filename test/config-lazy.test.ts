// ajv is loaded only when a config file exists: in a spawned CLI, a module hook refuses to resolve "ajv" through
// import (the modules in dist/src) and a preloaded script refuses it through require (the bundle, dist/cli.cjs,
// keeps ajv external and requires it).

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

const REFUSE_REQUIRE = `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'ajv' || request.startsWith('ajv/')) throw new Error('AJV_LOADED');
  return resolve.call(this, request, ...rest);
};
`;

function run(cwd: string): { code: number | null; stderr: string } {
  const preload = path.join(tree({ 'refuse-ajv.cjs': REFUSE_REQUIRE }), 'refuse-ajv.cjs');
  const r = spawnSync(process.execPath, ['--require', preload, '--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, path.join(REPO, 'bin/skillcheck.js'), '.'], {
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
  it('a run with a config file does (so the hook above would notice)', () => {
    const dir = tree({ ...skill, '.skillcheckrc.json': '{"persona": "auditor"}' });
    const r = run(dir);
    expect(r.stderr).toContain('AJV_LOADED');
  });
});
