// `npm run bench`: runs every bench/*.bench.js in turn (each imports the built library from dist/,
// so run `npm run build` first). Speed and memory goals live here, never in timed tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.js'))
  .filter((f) => only === undefined || f.includes(only))
  .sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n## ${file}\n`);
  const res = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
if (files.length === 0) process.stdout.write('no benchmarks yet\n');
process.exitCode = failed === 0 ? 0 : 1;
