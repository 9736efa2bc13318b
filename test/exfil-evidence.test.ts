// The exfiltration rule's severity from evidence, end to end: every fixture of corpus/exfil-evidence/ (expected.tsv)
// is linted; the benign look-alikes get no exfiltration finding at warning or error, the malicious twins get one at
// least as severe as listed.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/node/lint.js';

const ROOT = path.join(import.meta.dirname, '..', 'corpus', 'exfil-evidence');
const rows = fs.readFileSync(path.join(ROOT, 'expected.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t') as [string, string]);
const rank = { info: 0, warning: 1, error: 2 } as const;

describe('exfiltration: severity from evidence', () => {
  it.each(rows)('%s → %s', async (fixture, want) => {
    const r = await lint({ paths: ['.'], cwd: path.join(ROOT, fixture), targets: ['agentskills'] });
    const got = r.diagnostics.filter((d) => d.ruleId === 'exfiltration' && d.severity !== 'info');
    if (want === 'quiet') {
      expect(got.map((d) => `${d.severity} ${d.line}: ${d.message}`)).toEqual([]);
    } else {
      const worst = Math.max(-1, ...got.map((d) => rank[d.severity as keyof typeof rank]));
      expect(worst).toBeGreaterThanOrEqual(rank[want as keyof typeof rank]);
    }
  });
});
