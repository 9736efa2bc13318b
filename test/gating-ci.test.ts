// Machine-dependent gating describes the machine running the linter. In CI (CI set) that is a build runner, so the
// checks are off by default; --gating or `gating: true` in the config turns them back on.

import { describe, expect, it } from 'vitest';
import { runJson, short, tempTrees } from './helpers.js';

const tree = tempTrees();
const SKILL = {
  'skills/needs-bin/SKILL.md':
    '---\nname: needs-bin\ndescription: Test fixture.\nmetadata:\n  openclaw:\n    requires:\n      bins: [skillcheck-test-no-such-bin]\n---\nBody.\n',
};
const gatingFindings = async (args: string[], dir: string, env: NodeJS.ProcessEnv) =>
  (await runJson(['.', '--target', 'openclaw', ...args], dir, env)).report.diagnostics.filter((d) => d.ruleId === 'gating').map(short);

describe('machine-dependent gating in CI', () => {
  const expected = ['skills/needs-bin/SKILL.md:7:14 warning gating'];

  it('is on outside CI, and when CI is empty, "false" or "0"', async () => {
    const dir = tree(SKILL);
    expect(await gatingFindings([], dir, {})).toEqual(expected);
    for (const CI of ['', 'false', '0']) expect(await gatingFindings([], dir, { CI })).toEqual(expected);
  });

  it('is off when CI is set, unless --gating or the config asks for it', async () => {
    const dir = tree(SKILL);
    expect(await gatingFindings([], dir, { CI: 'true' })).toEqual([]);
    expect(await gatingFindings(['--gating'], dir, { CI: 'true' })).toEqual(expected);
    const withConfig = tree({ ...SKILL, '.skillcheckrc.json': '{"gating": true}' });
    expect(await gatingFindings([], withConfig, { CI: '1' })).toEqual(expected);
    expect(await gatingFindings(['--no-gating'], withConfig, { CI: '1' })).toEqual([]);
  });

  it('--no-gating still switches it off outside CI', async () => {
    expect(await gatingFindings(['--no-gating'], tree(SKILL), {})).toEqual([]);
  });
});
