#!/usr/bin/env node
// The package is ESM TypeScript compiled to dist/ by `npm run build` (run by `prepare` on install).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
