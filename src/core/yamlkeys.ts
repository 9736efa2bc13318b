// Duplicate-key detection in linear time. The yaml library's own check (`uniqueKeys: true`) compares each new
// key with every earlier key of the map: 20,000 keys took 16 s. This walk keeps a Set per map and reports the
// same problem (code DUPLICATE_KEY, at the repeated key) with the library's semantics: scalar keys are equal
// when their values are ===, other keys only when they are the same node. Iterative: nesting depth is unbounded.

import { isAlias, isMap, isPair, isScalar, isSeq, type Document } from 'yaml';

export interface DuplicateKey {
  /** Offset of the repeated key in the YAML text. */
  start: number;
  end: number;
  key: unknown;
}

export function findDuplicateKeys(doc: Document.Parsed): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || isAlias(node) || isScalar(node)) continue;
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const item of node.items) {
        if (!isPair(item)) continue;
        const k = item.key;
        if (isScalar(k)) {
          const v = k.value;
          // NaN !== NaN for the library: never a duplicate. Other scalar values compare with === (Set semantics,
          // except NaN, which is excluded here).
          if (!(typeof v === 'number' && Number.isNaN(v))) {
            if (seen.has(v)) {
              const at = k.range?.[0] ?? 0;
              out.push({ start: at, end: at + 1, key: v });
            } else seen.add(v);
          }
        } else if (k) stack.push(k);
        stack.push(item.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
