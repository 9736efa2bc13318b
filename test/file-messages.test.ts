// Messages describe the file as it is: a file with no frontmatter is not told about a
// "---\r" line or a BOM hiding its frontmatter; a file with one still is.

import { describe, expect, it } from 'vitest';
import { runJson, tempTrees } from './helpers.js';

const tree = tempTrees();
const message = async (dir: string, rule: string) =>
  (await runJson(['.', '--target', 'cuca'], dir)).report.diagnostics.find((d) => d.ruleId === rule)?.message ?? '';

describe('encoding and line-endings messages', () => {
  it('a file with no frontmatter: no "---\\r" line, no hidden frontmatter', async () => {
    const dir = tree({ 'skills/plain/SKILL.md': '\ufeff# Notes\r\n\r\nBody.\r\n' });
    expect(await message(dir, 'line-endings')).toMatch(/opens with no "---" frontmatter/);
    expect(await message(dir, 'line-endings')).not.toMatch(/"---\\r" line/);
    expect(await message(dir, 'encoding')).toMatch(/opens no "---" frontmatter the mark could hide/);
  });

  it('a file with frontmatter keeps the parser-specific explanation', async () => {
    const dir = tree({ 'skills/fm/SKILL.md': '\ufeff---\r\nname: fm\r\ndescription: A skill.\r\n---\r\nBody.\r\n' });
    expect(await message(dir, 'line-endings')).toMatch(/strict parser reads a "---\\r" line/);
    expect(await message(dir, 'encoding')).toMatch(/the first line is not exactly "---"/);
  });
});
