#!/usr/bin/env node
// Thin entry point: everything lives in the compiled library (dist/), built by `npm ci` (prepare).
import { main } from '../dist/src/cli.js';

process.exitCode = await main(process.argv.slice(2));
