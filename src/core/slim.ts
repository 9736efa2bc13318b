// Bounded memory for big runs: once every target has checked a skill, its YAML document is cut down to the
// top-level pairs with scalar values (what project rules locate, e.g. `name`). The parsed data, the source
// text (suppressions, fingerprints, fixes) and the body stay. At 10,000 skills this took peak RSS from
// 556 MB to about 320 MB (docs/decisions/0004-workers-and-jobs-auto.md).

import { isMap, isPair, isScalar, YAMLMap } from 'yaml';
import type { ParsedDocument } from './parse.js';

export function slimParsedDocument(doc: ParsedDocument | null): void {
  const y = doc?.frontmatter?.doc;
  const root = y?.contents;
  if (!y || !isMap(root)) return;
  const slim = new YAMLMap(y.schema);
  slim.range = root.range;
  for (const p of root.items) {
    if (isPair(p) && isScalar(p.key) && (p.value === null || isScalar(p.value))) slim.items.push(p);
  }
  y.contents = slim as typeof y.contents;
}
