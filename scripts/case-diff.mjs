// Show, per corpus case, the findings that differ from case.yaml (a tool for writing cases; the test is test/corpus.test.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs'; import path from 'node:path'; import { parse } from 'yaml';
const dir = 'corpus/cases';
for (const c of fs.readdirSync(dir).sort()) {
  const spec = parse(fs.readFileSync(path.join(dir, c, 'case.yaml'), 'utf8'));
  let out; try { out = execFileSync('node', [path.resolve('bin/skillcheck.js'), ...(spec.args ?? []), '.', '--format', 'json'], { cwd: path.join(dir, c) }).toString(); } catch (e) { out = e.stdout.toString(); }
  const r = JSON.parse(out);
  const got = r.diagnostics.map(d => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}`).sort();
  const exp = [...(spec.expect ?? [])].sort();
  if (JSON.stringify(got) !== JSON.stringify(exp)) {
    console.log(`== ${c}`);
    for (const g of got) if (!exp.includes(g)) console.log('  + ' + g + '   ' + r.diagnostics.find(d => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}` === g).message.slice(0, 150));
    for (const e of exp) if (!got.includes(e)) console.log('  - ' + e);
  }
}
