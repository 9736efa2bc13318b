// gating: the machine is given to verify() as a host (binaries on PATH, environment, files, platform), and the
// OpenClaw config as the rule's option, so every message is a RuleTester case. Only what a real machine answers
// stays a lint() test below: the system host looks binaries up on the real PATH. Whether gating is on at all (CI,
// --gating, --no-gating) is the CLI's choice: test/gating-ci.test.ts.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Host } from '../src/node/host.js';
import { systemHost } from '../src/node/host.js';
import { lint } from '../src/node/lint.js';
import { RuleTester } from '../src/testing.js';
import { tempTrees } from '../test/helpers.js';
import rule from './gating.js';

RuleTester.describe = describe;
RuleTester.it = it;

/** A machine with `sh` and `git` on PATH, the given environment and files, on Linux unless told. */
const machine = (o: { bins?: string[]; env?: Record<string, string>; files?: string[]; platform?: string } = {}): Host => ({
  which: (b) => (o.bins ?? ['sh', 'git']).includes(b),
  env: (n) => (Object.prototype.hasOwnProperty.call(o.env ?? {}, n) ? o.env![n] : undefined),
  exists: (p) => (o.files ?? []).includes(p),
  platform: o.platform ?? 'linux',
  cwd: '/',
});
const tester = new RuleTester({ path: 'skills/g/SKILL.md', targets: ['ironclaw'], gating: true, host: machine() });
/** IronClaw's top-level requires; lines 5 on. */
const IC = (req: string) => `---\nname: g\ndescription: d\nrequires:\n${req}---\nBody.\n`;
/** OpenClaw's metadata.openclaw block; lines 6 on. */
const OC = (meta: string) => `---\nname: g\ndescription: d\nmetadata:\n  openclaw:\n${meta}---\nBody.\n`;
const openclaw = { targets: ['openclaw' as const] };
const MD = { severity: 'warning' as const, rejects: true };

tester.run(rule, {
  valid: [
    { name: 'every requirement met on this machine', code: IC('  bins: [sh]\n  env: [HOME]\n  config: [/etc/app.json]\n'), host: machine({ env: { HOME: '/root' }, files: ['/etc/app.json'] }) },
    { name: 'IronClaw: an empty variable is set', code: IC('  env: [EMPTY]\n'), host: machine({ env: { EMPTY: '' } }) },
    { name: 'a runtime without gating reads no requires', code: IC('  bins: docker\n'), targets: ['agentskills'] },
    { name: '--no-gating: nothing is looked up', code: IC('  bins: [docker]\n  env: [TOKEN]\n  config: [/etc/app.json]\n'), gating: false },
    { name: 'OpenClaw: always: true loads the skill without checking', code: OC('    always: true\n    os: [darwin]\n    requires:\n      bins: [docker]\n'), ...openclaw },
    { name: 'OpenClaw splits a string at commas', code: OC('    requires:\n      bins: "sh, git"\n'), ...openclaw },
    { name: 'OpenClaw: one of anyBins is enough', code: OC('    requires:\n      anyBins: [docker, git]\n'), ...openclaw },
    { name: 'OpenClaw: the legacy clawdbot block is read too', code: '---\nname: g\ndescription: d\nmetadata:\n  clawdbot:\n    os: [linux]\n    requires:\n      bins: [sh]\n---\nBody.\n', ...openclaw },
    {
      name: 'OpenClaw: a truthy dot-path in the given config, and a path the config leaves to its default',
      code: OC('    requires:\n      config: [tools.exec, browser.enabled]\n'),
      ...openclaw,
      openclawConfig: { tools: { exec: true } },
    },
    { name: 'OpenClaw: the platform is allowed', code: OC('    os: [linux, darwin]\n'), ...openclaw },
    { name: 'a null requires gates nothing', code: '---\nname: g\ndescription: d\nrequires:\n---\nBody.\n' },
    { name: 'OpenClaw: an empty requires list means no requirement', code: OC('    requires: []\n'), ...openclaw },
  ],
  invalid: [
    {
      name: 'topLevelRequires: OpenClaw reads only metadata.openclaw.requires',
      code: IC('  bins: [sh]\n'),
      ...openclaw,
      errors: [
        {
          line: 5,
          column: 3,
          severity: 'warning',
          rejects: false,
          target: 'openclaw',
          messageId: 'topLevelRequires',
          message: 'top-level "requires" is IronClaw\'s gating key; openclaw reads only "metadata.openclaw.requires", so this gates nothing there. Move it under metadata.openclaw',
        },
      ],
      output: null,
    },
    {
      name: 'topLevelRequiresBoth: both are set',
      code: '---\nname: g\ndescription: d\nrequires:\n  bins: [sh]\nmetadata:\n  openclaw:\n    requires:\n      bins: [sh]\n---\nBody.\n',
      ...openclaw,
      errors: [
        {
          line: 5,
          severity: 'warning',
          messageId: 'topLevelRequiresBoth',
          message:
            'top-level "requires" is IronClaw\'s gating key; openclaw reads only "metadata.openclaw.requires", so this gates nothing there. Move it under metadata.openclaw (both are set: openclaw uses the metadata one)',
        },
      ],
    },
    {
      name: 'legacyBoth: IronClaw reads the top-level block and ignores the legacy one',
      code: '---\nname: g\ndescription: d\nrequires:\n  bins: [sh]\nmetadata:\n  openclaw:\n    requires:\n      bins: [sh]\n---\nBody.\n',
      errors: [
        {
          line: 9,
          column: 7,
          severity: 'info',
          rejects: false,
          target: 'ironclaw',
          messageId: 'legacyBoth',
          message: 'both top-level "requires" and legacy "metadata.openclaw.requires" are set; newer IronClaw reads the top-level one and ignores the legacy key. Keep one',
        },
      ],
    },
    {
      name: 'notMapping: requires is not a mapping; the keys are the runtime\'s',
      code: '---\nname: g\ndescription: d\nrequires: docker\n---\nBody.\n',
      errors: [
        {
          line: 4,
          column: 11,
          endColumn: 17,
          severity: 'error',
          rejects: true,
          messageId: 'notMapping',
          data: { name: 'requires', type: 'a string', keys: 'bins, env, config' },
          message: '"requires" is a string; expected a mapping with bins, env, config',
        },
      ],
    },
    {
      name: 'notMappingIgnored: OpenClaw ignores a requires that is not a mapping, and loads the skill',
      code: OC('    requires: [sh]\n'),
      ...openclaw,
      errors: [
        {
          line: 6,
          column: 15,
          severity: 'warning',
          rejects: false,
          target: 'openclaw',
          messageId: 'notMappingIgnored',
          data: { name: 'metadata.openclaw.requires', type: 'a list', keys: 'bins, anyBins, env, config' },
          message:
            '"metadata.openclaw.requires" is a list, so it gates nothing: openclaw reads requirements only from a mapping with bins, anyBins, env, config and loads the skill with none checked. Write it as a mapping, e.g. bins: [tool]',
        },
      ],
    },
    {
      name: 'notMappingIgnored for a string too',
      code: OC('    requires: docker\n'),
      ...openclaw,
      errors: [{ line: 6, column: 15, severity: 'warning', rejects: false, messageId: 'notMappingIgnored', data: { name: 'metadata.openclaw.requires', type: 'a string', keys: 'bins, anyBins, env, config' } }],
    },
    {
      name: 'unknownKeyGuess (a likely typo: warning) and unknownKey (info)',
      code: IC('  bin: [sh]\n  mcp: [x]\n'),
      errors: [
        {
          line: 5,
          column: 8,
          severity: 'warning',
          rejects: false,
          messageId: 'unknownKeyGuess',
          data: { name: 'requires', key: 'bin', target: 'ironclaw', guess: '"bins"' },
          message: '"requires.bin" is not a gating key ironclaw reads, so it gates nothing; did you mean "bins"?',
        },
        {
          line: 6,
          column: 8,
          severity: 'info',
          rejects: false,
          messageId: 'unknownKey',
          data: { name: 'requires', key: 'mcp', target: 'ironclaw', keys: 'bins, env, config' },
          message: '"requires.mcp" is not a gating key ironclaw reads, so it gates nothing; ironclaw reads bins, env, config',
        },
      ],
    },
    {
      name: 'per target: anyBins is a key OpenClaw reads, not IronClaw',
      code: IC('  anyBins: [sh]\n'),
      errors: [{ line: 5, severity: 'info', messageId: 'unknownKey', data: { name: 'requires', key: 'anyBins', target: 'ironclaw', keys: 'bins, env, config' } }],
    },
    {
      name: 'notList: IronClaw does not split a string',
      code: IC('  bins: docker\n'),
      errors: [
        {
          line: 5,
          column: 9,
          severity: 'error',
          rejects: true,
          messageId: 'notList',
          data: { name: 'requires', key: 'bins', type: 'a string', example: '"docker"' },
          message: '"requires.bins" is a string; expected a list of strings, e.g. bins: ["docker"]',
        },
      ],
    },
    {
      name: 'listEntries: a list with a number',
      code: IC('  env: [1, TOKEN]\n'),
      gating: false,
      errors: [
        {
          line: 5,
          column: 8,
          rejects: true,
          messageId: 'listEntries',
          data: { name: 'requires', key: 'env', example: '"1"' },
          message: '"requires.env" is a list with non-string entries; expected a list of strings, e.g. env: ["1"]',
        },
      ],
    },
    {
      name: 'notCommand: a path or a blank entry is not a command name',
      code: IC('  bins: [/usr/bin/sh, " "]\n'),
      errors: [
        {
          line: 5,
          column: 10,
          endColumn: 21,
          severity: 'error',
          rejects: true,
          messageId: 'notCommand',
          data: { key: 'bins', entry: '"/usr/bin/sh"' },
          message: 'bins entry "/usr/bin/sh" is not a command name; give the bare name looked up on PATH (no "/")',
        },
        // One cause, one finding: the blank entry is not also reported as missing from PATH.
        { line: 5, column: 23, rejects: true, messageId: 'notCommand', data: { key: 'bins', entry: '" "' } },
      ],
    },
    {
      name: 'configDotPath: IronClaw reads config entries as files (and this one does not exist here)',
      code: IC('  config: [browser.enabled]\n'),
      errors: [
        {
          line: 5,
          column: 12,
          endColumn: 27,
          severity: 'warning',
          rejects: false,
          messageId: 'configDotPath',
          data: { config: '"browser.enabled"' },
          message:
            'config "browser.enabled" looks like an OpenClaw dot-path (a key in the OpenClaw config), but ironclaw reads each config entry as a file path that must exist (no "~" expansion), so the skill is skipped unless a file named "browser.enabled" exists. Use a file path for IronClaw',
        },
        {
          line: 5,
          column: 12,
          ...MD,
          messageId: 'configMissing',
          data: { config: '"browser.enabled"' },
          message: 'on this machine, config path "browser.enabled" does not exist (IronClaw does not expand "~"); the skill is skipped (machine-dependent: --no-gating)',
        },
      ],
    },
    {
      name: 'configFilePath: OpenClaw reads config entries as dot-paths',
      code: OC('    requires:\n      config: [./settings.json]\n'),
      ...openclaw,
      gating: false,
      errors: [
        {
          line: 7,
          column: 16,
          severity: 'warning',
          rejects: false,
          messageId: 'configFilePath',
          data: { config: '"./settings.json"' },
          message:
            'config "./settings.json" looks like a file path (IronClaw\'s kind), but openclaw reads each config entry as a dot-path in its config file that must be truthy (e.g. "browser.enabled"), so this never matches. Use a dot-path for OpenClaw',
        },
      ],
    },
    {
      name: 'osType: os is not a list of platforms',
      code: OC('    os: 3\n'),
      ...openclaw,
      errors: [
        {
          line: 6,
          column: 9,
          severity: 'error',
          rejects: true,
          messageId: 'osType',
          data: { path: 'metadata.openclaw.os', type: 'a number' },
          message: '"metadata.openclaw.os" is a number; expected a list of platforms, e.g. os: ["darwin", "linux"]',
        },
      ],
    },
    {
      name: 'osUnknown and osUnknownGuess: names OpenClaw does not know (not checked against this machine: one is allowed)',
      code: OC('    os: [linux, macos, linx]\n'),
      ...openclaw,
      errors: [
        {
          line: 6,
          column: 17,
          severity: 'warning',
          rejects: false,
          messageId: 'osUnknown',
          data: { os: '"macos"', platforms: 'darwin, linux, win32' },
          message: 'os "macos" is not a platform openclaw knows (darwin, linux, win32)',
        },
        {
          line: 6,
          column: 24,
          severity: 'warning',
          messageId: 'osUnknownGuess',
          data: { os: '"linx"', platforms: 'darwin, linux, win32', guess: '"linux"' },
          message: 'os "linx" is not a platform openclaw knows (darwin, linux, win32); did you mean "linux"?',
        },
      ],
    },
    {
      name: 'osInRequires: OpenClaw reads os only from its metadata block',
      code: OC('    requires:\n      os: [linux]\n'),
      ...openclaw,
      errors: [
        {
          line: 7,
          column: 11,
          severity: 'warning',
          rejects: false,
          messageId: 'osInRequires',
          data: { name: 'metadata.openclaw.requires', osPath: '"metadata.openclaw.os"' },
          message: '"metadata.openclaw.requires.os" gates nothing: openclaw reads os only from "metadata.openclaw.os". Move it up one level',
        },
      ],
    },
    {
      name: 'osSkipped: this machine is not an allowed platform (machine-dependent)',
      code: OC('    os: darwin\n'),
      ...openclaw,
      host: machine({ platform: 'win32' }),
      errors: [
        {
          line: 6,
          column: 9,
          ...MD,
          messageId: 'osSkipped',
          data: { platform: 'win32', allowed: '"darwin"' },
          message: 'on this machine (win32), OpenClaw skips the skill: "os" allows only "darwin" (machine-dependent: --no-gating)',
        },
      ],
    },
    {
      name: 'binMissing: a required bin is not on PATH',
      code: IC('  bins: [sh, docker]\n'),
      errors: [
        {
          line: 5,
          column: 14,
          endColumn: 20,
          ...MD,
          target: 'ironclaw',
          messageId: 'binMissing',
          data: { bin: '"docker"', runtime: 'IronClaw' },
          message: 'on this machine, "docker" is not on PATH; IronClaw skips the skill where a required bin is missing (machine-dependent: --no-gating)',
        },
      ],
    },
    {
      name: 'binMissing under OpenClaw, from a comma string (located at the string)',
      code: OC('    requires:\n      bins: "sh, docker"\n'),
      ...openclaw,
      errors: [{ line: 7, column: 13, ...MD, messageId: 'binMissing', data: { bin: '"docker"', runtime: 'OpenClaw' } }],
    },
    {
      name: 'anyBinsMissing: none of them is on PATH',
      code: OC('    requires:\n      anyBins: [docker, podman]\n'),
      ...openclaw,
      errors: [
        {
          line: 7,
          column: 16,
          ...MD,
          messageId: 'anyBinsMissing',
          data: { bins: '"docker", "podman"', runtime: 'OpenClaw' },
          message: 'on this machine, none of "docker", "podman" is on PATH; OpenClaw needs at least one (machine-dependent: --no-gating)',
        },
      ],
    },
    {
      name: 'envIronClaw: an unset variable',
      code: IC('  env: [TOKEN]\n'),
      errors: [
        {
          line: 5,
          column: 9,
          ...MD,
          messageId: 'envIronClaw',
          data: { env: '"TOKEN"', state: 'unset' },
          message: 'on this machine, environment variable "TOKEN" is unset; IronClaw skips the skill (it must be set, even empty) (machine-dependent: --no-gating)',
        },
      ],
    },
    {
      name: 'envOpenClaw: a blank value counts as unset',
      code: OC('    requires:\n      env: [TOKEN, OTHER]\n'),
      ...openclaw,
      host: machine({ env: { TOKEN: ' ' } }),
      errors: [
        {
          line: 7,
          column: 13,
          ...MD,
          messageId: 'envOpenClaw',
          data: { env: '"TOKEN"', state: 'empty' },
          message: 'on this machine, environment variable "TOKEN" is empty; OpenClaw skips the skill (it must be non-empty) (machine-dependent: --no-gating)',
        },
        { line: 7, column: 20, ...MD, messageId: 'envOpenClaw', data: { env: '"OTHER"', state: 'unset' } },
      ],
    },
    {
      name: 'configMissing: IronClaw does not expand "~"',
      code: IC('  config: [~/app.json]\n'),
      host: machine({ files: ['/root/app.json'] }),
      errors: [{ line: 5, column: 12, ...MD, messageId: 'configMissing', data: { config: '"~/app.json"' } }],
    },
    {
      name: 'configUnread: without the OpenClaw config, a dot-path cannot be checked (info)',
      code: OC('    requires:\n      config: [tools.exec]\n'),
      ...openclaw,
      errors: [
        {
          line: 7,
          column: 16,
          severity: 'info',
          rejects: false,
          messageId: 'configUnread',
          data: { config: '"tools.exec"' },
          message:
            'config "tools.exec" is a dot-path in the OpenClaw config file, which skillcheck has not read; OpenClaw skips the skill unless it is truthy there. Pass --openclaw-config FILE to check it (machine-dependent)',
        },
      ],
    },
    {
      name: 'configNotSet and configFalsy: the given OpenClaw config (the rule option)',
      code: OC('    requires:\n      config: [tools.exec, browser.enabled, a.b]\n'),
      ...openclaw,
      ruleOptions: { gating: { openclawConfig: { tools: { exec: false }, browser: { enabled: 0 } } } },
      errors: [
        {
          line: 7,
          column: 16,
          ...MD,
          messageId: 'configFalsy',
          data: { config: '"tools.exec"', value: 'false' },
          message: 'config "tools.exec" is false (falsy) in the given OpenClaw config; OpenClaw skips the skill (machine-dependent: --no-gating)',
        },
        { line: 7, column: 28, ...MD, messageId: 'configFalsy', data: { config: '"browser.enabled"', value: '0' } },
        {
          line: 7,
          column: 45,
          ...MD,
          messageId: 'configNotSet',
          data: { config: '"a.b"' },
          message: 'config "a.b" is not set in the given OpenClaw config; OpenClaw skips the skill (machine-dependent: --no-gating)',
        },
      ],
    },
  ],
});

const tree = tempTrees();
describe('gating on this machine (lint with the system host)', () => {
  it('binaries are looked up on the real PATH, never run', async () => {
    const bin = tree({ 'bin/skillcheck-test-tool': '#!/bin/sh\nexit 1\n' });
    fs.chmodSync(path.join(bin, 'bin/skillcheck-test-tool'), 0o755);
    const dir = tree({ 'skills/g/SKILL.md': IC('  bins: [skillcheck-test-tool, skillcheck-no-such-binary-xyz]\n') });
    const r = await lint({ cwd: dir, targets: ['ironclaw'], rules: [rule], host: systemHost(dir, { PATH: path.join(bin, 'bin') }) });
    expect(r.diagnostics.map((d) => ({ line: d.line, column: d.column, machineDependent: !!d.machineDependent, messageId: d.messageId }))).toEqual([
      { line: 5, column: 32, machineDependent: true, messageId: 'binMissing' },
    ]);
  });
});
