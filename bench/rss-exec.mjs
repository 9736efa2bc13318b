// Fallback for peak RSS when /usr/bin/time is missing: run a Node script in this very process and, at exit,
// write this process's maxRSS (kB) to $RSS_OUT. Usage: node bench/rss-exec.mjs <script.js> [args...]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const [script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], path.resolve(script), ...args];
process.on('exit', () => {
  if (process.env.RSS_OUT) fs.writeFileSync(process.env.RSS_OUT, `${process.resourceUsage().maxRSS}\n`);
});
await import(pathToFileURL(path.resolve(script)).href);
