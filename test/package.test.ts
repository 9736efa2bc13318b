// package.json is ready to publish, and the shipped types stand alone (no @types/node): a user's tsc loads every
// .d.ts reachable from the entry points, so none of them may name a Node type. Runs on dist/ (npm test builds it).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers.js';

const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Record<string, unknown> & {
  exports: Record<string, string | Record<string, string>>;
  files: string[];
};

/** Every .d.ts reachable by relative imports from `entry`. */
function reachableDts(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      todo.push(path.resolve(path.dirname(f), m[1]!.replace(/\.js$/, '.d.ts')));
    }
  }
  return [...seen].sort();
}

describe('package.json', () => {
  it('has what a registry page and npm need', () => {
    for (const k of ['repository', 'homepage', 'bugs', 'files', 'engines', 'license']) expect(pkg[k], k).toBeDefined();
    expect(pkg.license).toBe('MIT');
    expect(fs.readFileSync(path.join(REPO, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(fs.existsSync(path.join(REPO, 'CHANGELOG.md'))).toBe(true);
  });

  it('lets CommonJS require both entry points (a default condition beside import)', () => {
    for (const k of ['.', './policy']) {
      const e = pkg.exports[k] as Record<string, string>;
      expect(Object.keys(e)[0], `${k}: types first`).toBe('types');
      expect(e.default, k).toBe(e.import);
    }
  });
});

describe('shipped types', () => {
  const entries = ['.', './policy'].map((k) => path.join(REPO, (pkg.exports[k] as Record<string, string>).types!));
  const files = [...new Set(entries.flatMap(reachableDts))];
  it('reach the whole public API', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) expect(fs.existsSync(f), f).toBe(true);
  });
  it('name no Node type (Buffer, NodeJS.*, node: modules) so users need no @types/node', () => {
    const leaks = files.flatMap((f) =>
      fs.readFileSync(f, 'utf8').split('\n').flatMap((line, i) => (/\bBuffer\b|\bNodeJS\.|['"]node:|['"](fs|path|os|stream|url)['"]/.test(line) ? [`${path.relative(REPO, f)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(leaks).toEqual([]);
  });
});
