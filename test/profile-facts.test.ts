// Runtime facts live only in the profiles: the tables derived from them (the catalog, explain's
// activation summary, Cuca's search, the docs) read the profile, so changing the profile changes them. Each case
// changes one profile value for the duration of the test and restores it.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lint } from '../src/node/lint.js';
import { explain } from '../src/node/explain.js';
import { renderCatalog } from '../src/targets/catalog.js';
import { cucaSearch } from '../src/targets/cuca/activation.js';
import { getProfile } from '../src/targets/profiles.js';
import { autoTarget } from '../src/targets/resolve.js';
import { parseSkillDocument } from '../src/core/parse.js';
import { decodeSource } from '../src/core/source.js';

const restore: (() => void)[] = [];
function set<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): void {
  const old = obj[key];
  obj[key] = value;
  restore.push(() => {
    obj[key] = old;
  });
}
afterEach(() => {
  while (restore.length) restore.pop()!();
});

describe('derived tables read the profiles', () => {
  it("the catalog cuts descriptions at the profile's descriptionMax", () => {
    const skills = [{ name: 'a', description: 'abcdefghij' }];
    expect(renderCatalog(skills, { target: 'creo' })).toBe('- a: abcdefghij');
    set(getProfile('creo').catalog, 'descriptionMax', 4);
    expect(renderCatalog(skills, { target: 'creo' })).toBe('- a: abcd');
    set(getProfile('jern').catalog, 'descriptionMax', 2);
    expect(renderCatalog(skills, { target: 'jern' })).toBe('- a: ab');
  });

  it("the catalog lists in the profile's order", () => {
    const skills = [{ name: 'b', description: 'x' }, { name: 'a', description: 'y' }];
    expect(renderCatalog(skills, { target: 'cuca' })).toBe('- a: y\n- b: x');
    set(getProfile('cuca').catalog, 'order', 'discovery');
    expect(renderCatalog(skills, { target: 'cuca' })).toBe('- b: x\n- a: y');
  });

  it("Cuca's search scores with the profile's weights", () => {
    const skills = [{ name: 'pdf', description: 'x', instructions: 'pdf pdf' }];
    expect(cucaSearch(skills, 'pdf', 5)[0]?.score).toBe(3 + 2);
    set(getProfile('cuca'), 'search', { name: 1, description: 0, instructions: 10 });
    expect(cucaSearch(skills, 'pdf', 5)[0]?.score).toBe(1 + 20);
  });

  it("explain's activation summaries quote the profile's scores and weights", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillcheck-facts-'));
    try {
      fs.mkdirSync(path.join(dir, 's'));
      fs.writeFileSync(path.join(dir, 's', 'SKILL.md'), '---\nname: s\ndescription: does s\nactivation:\n  keywords: [alpha, beta]\n---\nBody.\n');
      const summary = async (target: 'ironclaw' | 'cuca') => explain(await lint({ paths: [dir], targets: [target], keepInputs: true, gating: false }))[0]!.activation.summary;
      expect(await summary('ironclaw')).toContain('keyword +10 whole word');
      set(getProfile('ironclaw').activation!.selection!, 'keywordWord', 7);
      expect(await summary('ironclaw')).toContain('keyword +7 whole word');
      expect(await summary('cuca')).toContain('scores 3 per occurrence in the name');
      set(getProfile('cuca'), 'search', { name: 9, description: 2, instructions: 1 });
      expect(await summary('cuca')).toContain('scores 9 per occurrence in the name');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--target auto reads OpenClaw's metadata keys from its profile", () => {
    const auto = (text: string) => autoTarget({ layout: 'folder' }, 'x/s/SKILL.md', parseSkillDocument(decodeSource(Buffer.from(text))));
    const legacy = '---\nname: s\ndescription: d\nmetadata:\n  clawdbot: {}\n---\nBody.\n';
    const other = '---\nname: s\ndescription: d\nmetadata:\n  somebot: {}\n---\nBody.\n';
    expect(auto(legacy)).toBe('openclaw');
    expect(auto(other)).toBe('agentskills');
    set(getProfile('openclaw').gatingFacts!, 'metadataKeys', ['openclaw', 'somebot']);
    expect(auto(other)).toBe('openclaw');
    expect(auto(legacy)).toBe('agentskills');
  });
});
