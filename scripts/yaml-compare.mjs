// Compares two yaml Documents as object graphs, for the frontmatter fast path's differential fuzz
// (src/core/yamlfast.ts): same prototype at every object, same own property names (enumerable or not), same
// primitive values (NaN and -0 included), the same symbol-keyed node type, shared objects (a collection's
// schema) shared the same way, functions identical. Returns null when equal, else the first difference's path.

const NODE_TYPE = Symbol.for('yaml.node.type');

export function graphDiff(a, b) {
  const pairs = new Map(); // a object → b object already matched
  const walk = (x, y, at) => {
    if (x === y && typeof x === 'object') return null; // one object (the schema's shared tags): equal to itself
    if (typeof x !== typeof y) return `${at}: ${typeof x} vs ${typeof y}`;
    if (x === null || y === null || typeof x !== 'object') {
      if (typeof x === 'function') return x === y ? null : `${at}: different functions`;
      return Object.is(x, y) ? null : `${at}: ${String(x)} vs ${String(y)}`;
    }
    if (pairs.has(x)) return pairs.get(x) === y ? null : `${at}: shared differently`;
    pairs.set(x, y);
    if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return `${at}: class ${x.constructor?.name} vs ${y.constructor?.name}`;
    if (x instanceof RegExp) return x.source === y.source && x.flags === y.flags ? null : `${at}: regexp`;
    if (x[NODE_TYPE] !== y[NODE_TYPE]) return `${at}: node type`;
    const kx = Object.getOwnPropertyNames(x);
    const ky = Object.getOwnPropertyNames(y);
    if (kx.join('\0') !== ky.join('\0')) return `${at}: keys [${kx}] vs [${ky}]`;
    for (const k of kx) {
      const d = walk(x[k], y[k], `${at}.${k}`);
      if (d) return d;
    }
    return null;
  };
  return walk(a, b, 'doc');
}
