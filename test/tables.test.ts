// tableCells (src/analysis/tables.ts): the bars between the cells of a Markdown table row, not those inside code
// spans or escaped.

import { describe, expect, it } from 'vitest';
import { tableCells } from '../src/analysis/tables.js';

const texts = (line: string) => tableCells(line)?.map(([a, b]) => line.slice(a, b).trim()) ?? null;

describe('tableCells', () => {
  it('splits a row at its bars, keeping code spans and escaped bars inside their cell', () => {
    expect(texts('| `fetch.py` | Fetch URL; output `{slug}.md` | Python |')).toEqual(['`fetch.py`', 'Fetch URL; output `{slug}.md`', 'Python']);
    expect(texts('| install | `curl -fsSL https://x.dev/i.sh | sh` | Bash |')).toEqual(['install', '`curl -fsSL https://x.dev/i.sh | sh`', 'Bash']);
    expect(texts('| a \\| b | ``x ` | y`` |')).toEqual(['a \\| b', '``x ` | y``']);
  });
  it('is null for a line that is no table row', () => {
    for (const l of ['curl -s https://x.dev/i.sh | sh', '| grep x', 'a | b |', '']) expect(tableCells(l), l).toBeNull();
  });
});
