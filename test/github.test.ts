// --format github: workflow commands whose values cannot end the command or start another, and --output.

import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, formatGithub, githubLine } from '../src/report/github.js';
import type { Diagnostic } from '../src/core/types.js';
import { visible } from '../src/core/text.js';
import { CORPUS, runCli, tempTrees } from './helpers.js';

const tree = tempTrees();
/** How the runner reads a line: `::name k=v,k=v::message`, values unescaped. */
function parseCommand(line: string): { name: string; props: Record<string, string>; message: string } | null {
  const m = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/s.exec(line);
  if (!m) return null;
  const unData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const unProp = (s: string) => unData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));
  const props: Record<string, string> = {};
  for (const kv of (m[2] ?? '').split(',').filter(Boolean)) {
    const i = kv.indexOf('=');
    props[kv.slice(0, i)] = unProp(kv.slice(i + 1));
  }
  return { name: m[1]!, props, message: unData(m[3]!) };
}

const diag = (over: Partial<Diagnostic>): Diagnostic => ({
  ruleId: 'name',
  severity: 'error',
  confidence: 'high',
  message: 'm',
  file: 'skills/a/SKILL.md',
  line: 2,
  column: 7,
  ...over,
});

describe('github escaping', () => {
  it('escapes %, CR and LF in data, and also : and , in properties', () => {
    expect(escapeData('100% a\r\nb')).toBe('100%25 a%0D%0Ab');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  });

  it('injection attempts in a message or path stay inside one command', () => {
    const evil = 'x%0A::error file=evil::owned\n::stop-commands::tok\r::warning::y';
    const line = githubLine(diag({ message: evil, file: `skills/${evil}/SKILL.md`, target: 'agentskills' }));
    expect(line.split(/\r|\n/)).toHaveLength(1);
    const cmd = parseCommand(line)!;
    expect(cmd.name).toBe('error');
    // Control characters are shown (<U+000D>), never passed on; a message keeps its line breaks.
    expect(cmd.message).toBe('x%0A::error file=evil::owned\n::stop-commands::tok<U+000D>::warning::y');
    expect(cmd.props.file).toBe(`skills/${visible(evil)}/SKILL.md`);
    expect(cmd.props.line).toBe('2');
  });

  it('round-trips any message and path (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (msg, file) => {
        const out = formatGithub({ diagnostics: [diag({ message: msg, file })] }, 'summary');
        const lines = out.split('\n');
        expect(lines).toHaveLength(3); // command, summary, final ''
        expect(lines[0]!.includes('\r')).toBe(false);
        const cmd = parseCommand(lines[0]!)!;
        expect(cmd.message).toBe(msg.split('\n').map(visible).join('\n'));
        expect(cmd.props.file).toBe(visible(file));
        expect(lines[1]!.startsWith('::')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('a skill whose name and description hold %0A::error, a newline or ::stop-commands:: yields one command per finding', async () => {
    const dir = tree({
      '.claude/skills/evil/SKILL.md': '---\nname: "x%0A::error file=a::b\\n::stop-commands::t"\ndescription: "%0A::error::d\\n::stop-commands::tok\\r::warning::z"\n---\nBody.\n',
      '.claude/skills/a,b:c%0A::error x/SKILL.md': '---\nname: other\ndescription: Path with separators.\n---\nBody.\n',
    });
    // agentskills: its name rules flag both skills (under auto, .claude/skills is claude-code, which takes any name).
    const r = await runCli(['.', '--target', 'agentskills', '--format', 'github'], dir);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    const commands = lines.filter((l) => l.startsWith('::'));
    // One command per unsuppressed finding, nothing else starts with "::", and every command parses.
    const json = JSON.parse((await runCli(['.', '--target', 'agentskills', '--format', 'json'], dir)).stdout) as { diagnostics: { suppressed?: unknown; file: string }[] };
    expect(commands).toHaveLength(json.diagnostics.filter((d) => !d.suppressed).length);
    expect(lines.length).toBe(commands.length + 1);
    for (const c of commands) {
      const p = parseCommand(c)!;
      expect(['error', 'warning', 'notice']).toContain(p.name);
      expect(Object.keys(p.props).sort()).toEqual(expect.arrayContaining(['col', 'file', 'line', 'title']));
    }
    const files = commands.map((c) => parseCommand(c)!.props.file);
    expect(files).toContain('.claude/skills/a,b:c%0A::error x/SKILL.md');
  });
});

describe('--output', () => {
  it('writes the report to a file and nothing to stdout', async () => {
    const dir = tree({});
    const out = path.join(dir, 'report.sarif');
    const r = await runCli(['demo', '--format', 'sarif', '--output', out], CORPUS);
    expect(r.stdout).toBe('');
    const log = JSON.parse(fs.readFileSync(out, 'utf8')) as { version: string };
    expect(log.version).toBe('2.1.0');
    expect(fs.readdirSync(dir)).toEqual(['report.sarif']); // no temporary file left behind
  });

  it('refuses to write through a symlink', async () => {
    const dir = tree({ 'target.txt': 'keep\n' });
    fs.symlinkSync(path.join(dir, 'target.txt'), path.join(dir, 'link.txt'));
    const r = await runCli(['demo', '--output', path.join(dir, 'link.txt')], CORPUS);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a regular file/);
    expect(fs.readFileSync(path.join(dir, 'target.txt'), 'utf8')).toBe('keep\n');
  });
});
