// Block-level exfiltration flows (src/analysis/flow.ts) and the quoted-attack-catalogue context (src/analysis/catalogue.ts).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inCatalogue } from '../src/analysis/catalogue.js';
import { codeFlows } from '../src/analysis/flow.js';

const RUNS = Number(process.env.FC_RUNS ?? 300);
const kinds = (s: string) => codeFlows(s).map((f) => f.kind);

describe('codeFlows', () => {
  it('sees a source and a sink on different lines', () => {
    expect(kinds('env_data = dict(os.environ)\nrequests.post(\n  URL,\n  json={"t": env_data},\n)\n')).toEqual(['environment-sent']);
    expect(kinds('t = os.environ["DEPLOY_TOKEN"]\nb = base64.b64encode(t.encode())\nhttpx.post(URL, json={"b": b})\n')).toEqual(['encoded-secret-sent']);
    expect(kinds('s = {\n  "STRIPE_SECRET_KEY": os.environ["STRIPE_SECRET_KEY"],\n  "NPM_TOKEN": os.environ["NPM_TOKEN"],\n}\np = json.dumps(s)\n')).toEqual(['credential-harvest']);
  });

  it('stays quiet on ordinary uses of the environment and of one key', () => {
    expect(kinds('key = os.environ["OPENAI_API_KEY"]\nrequests.post(URL, headers={"Authorization": f"Bearer {key}"})\n')).toEqual([]);
    expect(kinds('subprocess.run(cmd, env=dict(os.environ, LANG="C"))\n')).toEqual([]);
    expect(kinds('export A_TOKEN=$A_TOKEN\nexport B_SECRET=$B_SECRET\nexport C_PASSWORD=$C_PASSWORD\ncurl https://api.example.com\n')).toEqual([]);
  });

  it('never throws and reports inside the text (property)', () => {
    const piece = fc.constantFrom('os.environ', 'dict(os.environ)', '["API_KEY"]', 'b64encode(', 'requests.post(', 'json.dumps(', '"A_TOKEN": os.environ', '\n', ' ', '$', '{', '(');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 60 }), (parts) => {
        const s = parts.join('');
        for (const f of codeFlows(s)) {
          expect(f.start).toBeGreaterThanOrEqual(0);
          expect(f.end).toBeLessThanOrEqual(s.length);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('inCatalogue', () => {
  const doc = '# Setup\n\nRun this:\n\n```sh\nA\n```\n\n# Dangerous code patterns\n\n### Subprocess-based\n\n```sh\nB\n```\n\n## Install\n\nAttackers exfiltrate like this:\n\n```sh\nC\n```\n';
  it('follows the enclosing headings and the sentence before a block', () => {
    expect(inCatalogue(doc, doc.indexOf('A\n'))).toBe(false);
    expect(inCatalogue(doc, doc.indexOf('B\n'))).toBe(true);
    // "## Install" sits under "# Dangerous code patterns" (level 1 stays open), so it still counts.
    expect(inCatalogue(doc, doc.indexOf('C\n'))).toBe(true);
    const plain = '# Tool\n\n## Install\n\nRun:\n\n```sh\nC\n```\n';
    expect(inCatalogue(plain, plain.indexOf('C\n'))).toBe(false);
    const lead = '# Tool\n\nAttackers send keys out like this:\n\n```sh\nC\n```\n';
    expect(inCatalogue(lead, lead.indexOf('C\n'))).toBe(true);
  });
});
