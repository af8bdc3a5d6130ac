#!/usr/bin/env node
// The package is ESM TypeScript compiled to dist/ by `npm run build` (run by `prepare` on install).
import { main } from '../dist/cli/main.js';

// A reader that stops early (`verify DIR | head`) closes the pipe. The command goes on to its end
// quietly (a run still writes its record) and exits with its own code, never an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

process.exitCode = await main(process.argv.slice(2));
