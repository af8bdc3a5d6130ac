#!/usr/bin/env node
// The package is ESM TypeScript compiled to dist/ by `npm run build` (run by `prepare` on install).
import { main } from '../dist/cli/main.js';

// A reader that stops early (`verify DIR | head`) closes the pipe (EPIPE); a terminal that closed
// (SIGHUP) fails every later write (EIO). The command goes on to its end quietly (a run still
// writes its record and signature) and exits with its own code, never a stack trace.
const GONE = new Set(['EPIPE', 'EIO']);
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (!GONE.has(err.code)) throw err;
  });
}

process.exitCode = await main(process.argv.slice(2));
