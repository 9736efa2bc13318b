// Reads a .heapsnapshot (bench/retained.mjs with BENCH_SNAPSHOT=...) and prints the shortest strong path from the GC
// roots to the first object whose own property names are exactly `names` (comma-separated, `__proto__` included),
// i.e. what keeps it alive. Not part of `npm run bench`.
//
//   node bench/heap-retainers.mjs /tmp/run.heapsnapshot 'file,diagnostics,skills,digest,read,__proto__'
import * as fs from 'node:fs';

const s = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const nf = s.snapshot.meta.node_fields.length;
const ef = s.snapshot.meta.edge_fields.length;
const ntypes = s.snapshot.meta.node_types[0];
const etypes = s.snapshot.meta.edge_types[0];
const n = s.nodes.length / nf;
const firstEdge = new Int32Array(n + 1);
for (let i = 0, e = 0; i < n; i++) {
  firstEdge[i] = e;
  e += s.nodes[i * nf + 4] * ef;
}
firstEdge[n] = s.edges.length;
const props = (i) => {
  const out = [];
  for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += ef) if (etypes[s.edges[e]] === 'property') out.push(s.strings[s.edges[e + 1]]);
  return out;
};
const desc = (i) => `${ntypes[s.nodes[i * nf]]}:${s.strings[s.nodes[i * nf + 1]]}{${props(i).slice(0, 5)}}`;
let target = -1;
for (let i = 0; i < n && target < 0; i++) if (props(i).join(',') === process.argv[3]) target = i;
if (target < 0) throw new Error(`no object with exactly these properties: ${process.argv[3]}`);
// Breadth-first from the synthetic root (node 0) over strong edges: the first path found is a shortest one.
const parent = new Int32Array(n).fill(-1);
const via = new Array(n);
parent[0] = 0;
const queue = [0];
for (let qi = 0; qi < queue.length; qi++) {
  const i = queue[qi];
  for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += ef) {
    const et = etypes[s.edges[e]];
    if (et === 'weak') continue;
    const to = s.edges[e + 2] / nf;
    if (parent[to] !== -1) continue;
    parent[to] = i;
    via[to] = `${et}:${et === 'element' || et === 'hidden' ? s.edges[e + 1] : s.strings[s.edges[e + 1]]}`;
    queue.push(to);
  }
}
const path = [];
for (let c = target; c > 0; c = parent[c]) path.push(`${via[c]} -> ${desc(c)}`);
console.log(parent[target] === -1 ? 'unreachable (garbage)' : path.reverse().join('\n'));
