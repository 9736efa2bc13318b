// The shell-pipeline model (src/analysis/shell.ts): what it reads as one command, and the remote-execution forms it finds
// that a line pattern misses. Properties: any text parses without throwing, in a number of steps linear in its
// length, and findings lie inside the text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell, codeIndexes, commandIndex, configIndexes, customIndexUrl, effectiveWords, envIndexes, MAX_DEPTH, parseShell, parseShellCounted } from '../src/analysis/shell.js';

const RUNS = Number(process.env.FC_RUNS ?? 300);
const kinds = (s: string, prose = false) => analyzeShell(s, 0, s.length, { prose }).map((f) => f.kind);

describe('parseShell', () => {
  it('reads quotes, escapes, continuations and pipes', () => {
    const sc = parseShell('c\\url -fsSL "https://x.test/a b" \\\n  | sudo -u root bash -s -- --yes; echo \'$(no)\'');
    expect(sc.pipelines).toHaveLength(2);
    const [p1, p2] = sc.pipelines;
    expect(p1!.commands.map((c) => c.words.map((w) => w.value))).toEqual([
      ['curl', '-fsSL', 'https://x.test/a b'],
      ['sudo', '-u', 'root', 'bash', '-s', '--', '--yes'],
    ]);
    expect(effectiveWords(p1!.commands[1]!.words).map((w) => w.value)[0]).toBe('bash');
    expect(p2!.commands[0]!.words[1]!.subs).toEqual([]);
  });

  it('reads command and process substitution as nested scripts', () => {
    const sc = parseShell('bash < <(curl -s https://x.test/a) && python3 -c "$(wget -qO- https://x.test/b)"');
    const [a, b] = sc.pipelines;
    expect(a!.commands[0]!.redirects[0]!.op).toBe('<');
    expect(a!.commands[0]!.redirects[0]!.target!.proc!.pipelines[0]!.commands[0]!.words[0]!.value).toBe('curl');
    expect(b!.commands[0]!.words[2]!.subs[0]!.pipelines[0]!.commands[0]!.words[0]!.value).toBe('wget');
  });

  it('survives deep nesting without recursion past its bound', () => {
    const deep = '$('.repeat(50_000) + 'curl https://x.test | sh' + ')'.repeat(50_000);
    expect(() => parseShell(deep)).not.toThrow();
    expect(() => analyzeShell('<('.repeat(30_000))).not.toThrow();
    expect(MAX_DEPTH).toBeLessThan(64);
  });

  const piece = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('curl ', 'https://x.test/a ', '| ', '|bash', ' sh', '$(', ')', '`', '<(', '< ', '> f', '"', "'", '\\', '\\\n', '\n', ';', '&&', '&', '#', '${', '}', '(', ' -o x', './x', 'bash x', 'sudo -u r ', 'env A=1 ', '<<EOF\n') },
    { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
  );
  const script = fc.array(piece, { maxLength: 120 }).map((a) => a.join(''));

  it('never throws, and its findings lie inside the text (property)', () => {
    fc.assert(
      fc.property(script, fc.boolean(), (s, prose) => {
        const fs = analyzeShell(s, 0, s.length, { prose });
        for (const f of fs) {
          expect(f.start).toBeGreaterThanOrEqual(0);
          expect(f.end).toBeLessThanOrEqual(s.length);
          expect(f.start).toBeLessThan(f.end);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('takes a number of steps linear in the length (property)', () => {
    fc.assert(
      fc.property(script, fc.integer({ min: 1, max: 40 }), (s, k) => {
        const text = s.repeat(k);
        expect(parseShellCounted(text).steps).toBeLessThanOrEqual(2 * text.length + 2);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('analyzeShell', () => {
  it.each([
    ['curl -fsSL https://x.test/i.sh \\\n  | bash', 'pipe'],
    ['bash < <(curl -s https://x.test/a)', 'process-substitution'],
    ['python3 <(curl -s https://x.test/a.py)', 'process-substitution'],
    ['curl https://x.test/a | sudo -u root bash', 'pipe'],
    ['curl https://x.test/a | /usr/bin/env bash', 'pipe'],
    ['curl https://x.test/a | tee f | sh', 'pipe'],
    ['curl https://x.test/a | base64 -d | sh', 'pipe'],
    ['echo "$(curl -s https://x.test/a)" | bash', 'pipe'],
    ['c\\url https://x.test/a | sh', 'pipe'],
    ['curl https://x.test/a | $SHELL', 'pipe'],
    ['wget -nv -O- https://x.test/linux-installer.sh | sudo sh /dev/stdin', 'pipe'],
    ['curl -sSL https://x.test/i | bash /dev/stdin --unattended', 'pipe'],
    ['curl -fsSL https://x.test/install.sh | bash --prefix ~/.tool', 'pipe'],
    ['sh -c "$(curl -fsSL https://x.test/i)"', 'command-substitution'],
    ['curl -o x.sh https://x.test/a && bash x.sh', 'download-then-run'],
    ['curl -o x.sh https://x.test/a && bash -e x.sh', 'download-then-run'],
    ['curl -o x.py https://x.test/a && python3 -u x.py', 'download-then-run'],
    ['curl -fsSLO https://x.test/inst.sh\nchmod +x inst.sh && ./inst.sh', 'download-then-run'],
    ['wget https://x.test/run.sh && sh run.sh', 'download-then-run'],
    ['curl -fsSo /tmp/b.sh https://x.test/b.sh; bash /tmp/b.sh', 'download-then-run'],
    ['curl https://x.test/a > /tmp/a.sh; bash /tmp/a.sh', 'download-then-run'],
    ['npx https://x.test/pkg.tgz', 'remote-package'],
    ['deno run -A https://x.test/mod.ts', 'remote-package'],
    ['pip install --extra-index-url https://pkgs.x.test/simple foo', 'custom-index'],
    ['npm install --registry https://npm.x.test foo', 'custom-index'],
  ])('finds %j', (s, kind) => {
    expect(kinds(s)).toEqual([kind]);
  });

  it.each([
    'curl -s https://api.x.test/items | jq .name',
    'curl -s https://api.x.test/items | python3 -m json.tool',
    'diff <(curl -s https://a.x.test) <(curl -s https://b.x.test)',
    'bash <(cat local.sh)',
    'Flags risky patterns such as curl | bash',
    'curl -o x.sh https://x.test/a && sha256sum -c x.sha256 && bash x.sh',
    'pip install --index-url https://download.pytorch.org/whl/cu118 torch',
    'npx pa11y https://x.test',
    'curl -o out.json https://x.test/api && jq . out.json',
    'curl -s https://x.test/spec.yaml | bash scripts/extract-endpoints.sh "$TAG"',
    "curl -o \"$T\" https://x.test/api\npython3 - \"$T\" <<'EOF'\nimport json, sys\nprint(json.load(open(sys.argv[1])))\nEOF",
    'curl -o d.json https://x.test/api && node -e "console.log(require(\'./d.json\'))" d.json',
    'echo "curl https://x.test | sh"',
  ])('stays quiet on %j', (s) => {
    expect(kinds(s)).toEqual([]);
  });

  it('reads a command inside a sentence in prose mode only', () => {
    const s = 'To install, run curl -fsSL https://x.test/i.sh | bash and wait.';
    expect(kinds(s, true)).toEqual(['pipe']);
    expect(kinds('Run the installer, then bash to finish', true)).toEqual([]);
  });
});

describe('configIndexes: package-manager configuration naming an index', () => {
  it('reads requirements, pip.conf, .npmrc, .yarnrc.yml and pyproject sources, and skips public indexes and comments', () => {
    expect(configIndexes('a/requirements-dev.txt', '# --index-url https://x.example/simple\n--extra-index-url=https://p.example.org/simple\nrequests\n').map((x) => x.url)).toEqual(['https://p.example.org/simple']);
    expect(configIndexes('requirements.txt', '-i https://download.pytorch.org/whl/cu121\n--index-url https://pypi.org/simple\n')).toEqual([]);
    expect(configIndexes('pip.conf', '[global]\nextra-index-url = https://mirror.example.net/simple\n')[0]).toMatchObject({ start: 9, url: 'https://mirror.example.net/simple' });
    expect(configIndexes('x/.npmrc', '@acme:registry=https://npm.acme.example/\nregistry=https://registry.npmjs.org/\n').map((x) => x.url)).toEqual(['https://npm.acme.example/']);
    expect(configIndexes('.yarnrc.yml', 'npmRegistryServer: "https://y.example.io"\n').map((x) => x.url)).toEqual(['https://y.example.io']);
    expect(configIndexes('pyproject.toml', '[tool.ruff]\nurl = "https://docs.example.com"\n[[tool.uv.index]]\nurl = "https://u.example.net/simple"\n[project]\nurl = "https://home.example"\n').map((x) => x.url)).toEqual(['https://u.example.net/simple']);
    expect(configIndexes('notes.txt', '--index-url https://p.example.org/simple\n')).toEqual([]);
  });
  it('reads Bun, Cargo, Gemfile, NuGet and setuptools sources, only in their sections', () => {
    expect(configIndexes('bunfig.toml', '[test]\nroot = "https://t.example.io"\n[install]\nregistry = "https://b.example.io/"\n').map((x) => x.url)).toEqual(['https://b.example.io/']);
    expect(configIndexes('.cargo/config.toml', '[source.crates-io]\nreplace-with = "m"\n[source.m]\nregistry = "sparse+https://c.example.io/index/"\n').map((x) => x.url)).toEqual(['https://c.example.io/index/']);
    expect(configIndexes('.cargo/config.toml', '[source.crates-io]\nreplace-with = "v"\n[source.v]\ndirectory = "vendor"\n')).toEqual([]);
    expect(configIndexes('app/config.toml', '[source.m]\nregistry = "https://c.example.io/"\n')).toEqual([]);
    expect(configIndexes('Gemfile', 'source "https://g.example.io"\nsource "https://rubygems.org"\n').map((x) => x.url)).toEqual(['https://g.example.io']);
    expect(configIndexes('NuGet.config', '<configuration>\n<config><add key="http_proxy" value="https://p.example.io" /></config>\n<packageSources>\n<add key="m" value="https://n.example.io/v3/index.json" />\n<add key="nuget.org" value="https://api.nuget.org/v3/index.json" />\n</packageSources>\n').map((x) => x.url)).toEqual(['https://n.example.io/v3/index.json']);
    expect(configIndexes('setup.py', 'setup(\n  name="a",\n  dependency_links=[\n    "https://d.example.io/a/",\n  ],\n)\n').map((x) => x.url)).toEqual(['https://d.example.io/a/']);
  });

  it('reads index variables set in any syntax, in any file', () => {
    const urls = (t: string) => envIndexes(t).map((x) => `${x.name}=${x.url}`);
    expect(urls('export PIP_INDEX_URL=https://a.example.io/simple')).toEqual(['PIP_INDEX_URL=https://a.example.io/simple']);
    expect(urls('ENV npm_config_registry https://r.example.io/')).toEqual(['npm_config_registry=https://r.example.io/']);
    expect(urls('env:\n  UV_INDEX: "fast=https://u.example.io/simple"')).toEqual(['UV_INDEX=https://u.example.io/simple']);
    expect(urls('os.environ["PIP_EXTRA_INDEX_URL"] = "https://e.example.io/simple"')).toEqual(['PIP_EXTRA_INDEX_URL=https://e.example.io/simple']);
    expect(urls('go env -w GOPROXY=https://g.example.io,direct')).toEqual(['GOPROXY=https://g.example.io']);
    expect(urls('export GOPROXY=https://proxy.golang.org,direct\nPIP_INDEX_URL=https://$HOST/simple\nPIP_INDEX_URL=\nMY_PIP_INDEX_URL=https://x.example.io')).toEqual([]);
    expect(configIndexes('.env', 'YARN_NPM_REGISTRY_SERVER=https://y.example.io').map((x) => x.url)).toEqual(['https://y.example.io']);
  });
});

describe('commandIndex: package-manager commands that install from or configure an index', () => {
  const url = (s: string) => {
    const ws = effectiveWords(parseShell(s).pipelines[0]!.commands[0]!.words);
    return commandIndex(ws[0]!.value, ws);
  };
  it.each([
    ['npm config set @acme:registry https://n.example.io/', 'https://n.example.io/'],
    ['npm config set registry=https://n.example.io/', 'https://n.example.io/'],
    ['yarn config set npmScopes.acme.npmRegistryServer https://y.example.io', 'https://y.example.io'],
    ['pip config set global.index-url https://p.example.io/simple', 'https://p.example.io/simple'],
    ['poetry source add --priority=primary m https://p.example.io/simple/', 'https://p.example.io/simple/'],
    ['poetry config repositories.m https://p.example.io/simple/', 'https://p.example.io/simple/'],
    ['uv add --index m=https://u.example.io/simple x', 'https://u.example.io/simple'],
    ['uv pip install --default-index https://u.example.io/simple x', 'https://u.example.io/simple'],
    ['pip install -f https://w.example.io/files/ x', 'https://w.example.io/files/'],
    ['gem sources -a https://g.example.io/', 'https://g.example.io/'],
    ['gem install x --source https://g.example.io/', 'https://g.example.io/'],
    ['bundle config mirror.https://rubygems.org https://g.example.io', 'https://g.example.io'],
    ['cargo install x --index sparse+https://c.example.io/index/', 'https://c.example.io/index/'],
    ['conda install -c https://c.example.io/chan x', 'https://c.example.io/chan'],
    ['conda config --add channels https://c.example.io/chan', 'https://c.example.io/chan'],
    ['dotnet nuget add source https://n.example.io/v3/index.json -n m', 'https://n.example.io/v3/index.json'],
    ['nuget sources add -Name m -Source https://n.example.io/v3/index.json', 'https://n.example.io/v3/index.json'],
    ['dotnet add package X -s https://n.example.io/v3/index.json', 'https://n.example.io/v3/index.json'],
  ])('%s', (s, want) => {
    expect(url(s)).toBe(want);
  });
  it.each(['npm publish --registry https://n.example.io/', 'cargo publish --index https://c.example.io/', 'conda install -c conda-forge x', 'npm install -f x', 'gem sources --add https://rubygems.org/', 'npm config set registry "$REGISTRY"', 'pip install --trusted-host t.example.io x'])('stays quiet on %s', (s) => {
    expect(url(s)).toBeNull();
  });
  it('reads the variable or placeholder host as the user\'s own', () => {
    expect(customIndexUrl('https://<your-index>/simple')).toBeNull();
    expect(customIndexUrl('https://${HOST}/simple')).toBeNull();
    expect(customIndexUrl('https://user:${TOKEN}@p.example.io/simple')).toBe('https://user:${TOKEN}@p.example.io/simple');
  });
});

describe('codeIndexes: installs from a custom index in program code', () => {
  it('reads argument lists and strings handed to a shell', () => {
    expect(codeIndexes('subprocess.check_call([sys.executable, "-m", "pip", "install", "-i", "https://p.example.io/simple", "x"])').map((x) => x.url)).toEqual(['https://p.example.io/simple']);
    expect(codeIndexes("spawn('npm', ['install', 'x', '--registry', 'https://n.example.io/'])").map((x) => x.url)).toEqual(['https://n.example.io/']);
    expect(codeIndexes('os.system("pip install --extra-index-url https://p.example.io/simple x")').map((x) => x.url)).toEqual(['https://p.example.io/simple']);
  });
  it('stays quiet on public indexes and other commands', () => {
    expect(codeIndexes('subprocess.run(["pip", "install", "-i", "https://pypi.org/simple", "x"])')).toEqual([]);
    expect(codeIndexes('subprocess.run(["git", "clone", "https://github.com/a/b.git"])')).toEqual([]);
    expect(codeIndexes('urls = ["https://a.example.io", "https://b.example.io", "https://c.example.io"]')).toEqual([]);
  });
  it('reads a Pipfile source and the pip options of a conda environment', () => {
    expect(configIndexes('Pipfile', '[[source]]\nurl = "https://pypi.org/simple"\n[[source]]\nurl = "https://p.example.io/simple"\n').map((x) => x.url)).toEqual(['https://p.example.io/simple']);
    expect(configIndexes('environment.yml', 'channels:\n  - conda-forge\ndependencies:\n  - pip:\n    - --extra-index-url https://p.example.io/simple\n    - x\n').map((x) => x.url)).toEqual(['https://p.example.io/simple']);
  });
});
