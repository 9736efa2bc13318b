import { describe, expect, it } from 'vitest';
import { installerSpecs } from '../src/analysis/installers.js';
import { PROFILES } from '../src/targets/profiles.js';

// The runtime's facts, as its profile states them.
const KEYS = PROFILES.openclaw.gatingFacts!;

describe("OpenClaw's installer specs", () => {
  it('reads each kind by the field it needs, in order, with a valid digest', () => {
    const sha = 'a'.repeat(64);
    const data = { metadata: { openclaw: { install: [
      { kind: 'brew', formula: 'gemini-cli' },
      { kind: 'node', package: 'prettier' },
      { type: 'UV', package: 'ruff' },
      { kind: 'go', module: 'example.com/tool@v1.2.3' },
      { kind: 'download', url: 'https://h.example/t.tgz', sha256: sha.toUpperCase() },
      { kind: 'download', url: 'https://h.example/u.tgz', sha256: 'not-a-digest' },
    ] } } };
    expect(installerSpecs(data, KEYS)).toEqual([
      { key: 'openclaw', index: 0, kind: 'brew', field: 'formula', value: 'gemini-cli' },
      { key: 'openclaw', index: 1, kind: 'node', field: 'package', value: 'prettier' },
      { key: 'openclaw', index: 2, kind: 'uv', field: 'package', value: 'ruff' },
      { key: 'openclaw', index: 3, kind: 'go', field: 'module', value: 'example.com/tool@v1.2.3' },
      { key: 'openclaw', index: 4, kind: 'download', field: 'url', value: 'https://h.example/t.tgz', sha256: sha },
      { key: 'openclaw', index: 5, kind: 'download', field: 'url', value: 'https://h.example/u.tgz' },
    ]);
  });

  it('drops entries OpenClaw drops: unknown kinds, a missing field, non-objects', () => {
    const data = { metadata: { openclaw: { install: [{ kind: 'apt', package: 'x' }, { kind: 'node' }, 'node:x', null, [1]] } } };
    expect(installerSpecs(data, KEYS)).toEqual([]);
  });

  it('reads the legacy clawdbot block when openclaw is absent, and nothing from other shapes', () => {
    expect(installerSpecs({ metadata: { clawdbot: { install: [{ kind: 'node', package: 'x' }] } } }, KEYS)).toHaveLength(1);
    expect(installerSpecs({ metadata: { openclaw: { install: { kind: 'node', package: 'x' } } } }, KEYS)).toEqual([]);
    expect(installerSpecs({ metadata: 'openclaw' }, KEYS)).toEqual([]);
    expect(installerSpecs(null, KEYS)).toEqual([]);
  });
});
