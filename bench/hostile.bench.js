// Harness memory against hostile servers: the max RSS of one run (in a process of its own) against
// a 50 MB tool result, a 5,000-tool list and a 500,000-value enum, over stdio and HTTP, each served
// by the hostile proxy (test/e2e/fixtures/hostile/proxy.js) in front of the well-made server.
// Goal: every run ends (a record, within its 45 s budget) with max RSS <= 300 MB. Run `npm run build` first.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const GOAL_MB = 300;
const SCENARIOS = [
  ['huge:50', 'a 50 MB tool result'],
  ['tools:5000', 'a 5,000-tool list'],
  ['enum:500000', 'a 500,000-value enum'],
];

process.stdout.write(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
process.stdout.write(
  '| scenario | transport | outcome | max RSS | goal <= 300 MB | wall |\n|---|---|---|---|---|---|\n',
);
let allMet = true;
for (const [mode, label] of SCENARIOS) {
  for (const transport of ['stdio', 'http']) {
    const res = spawnSync(process.execPath, [join(here, 'hostile-run.child.js'), mode, transport], {
      encoding: 'utf8',
      timeout: 180_000,
    });
    const line = (res.stdout ?? '').trim().split('\n').at(-1) ?? '';
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      r = undefined;
    }
    if (r === undefined) {
      allMet = false;
      process.stdout.write(
        `| ${label} | ${transport} | no record (${res.status ?? res.signal}) | - | not met | - |\n`,
      );
      continue;
    }
    const met = r.maxRssMb <= GOAL_MB;
    allMet &&= met;
    process.stdout.write(
      `| ${label} | ${transport} | ${r.outcome}${r.reason ? ` ${r.reason}` : ''} | ${r.maxRssMb} MB | ${met ? 'met' : 'not met'} (${(r.maxRssMb / GOAL_MB).toFixed(2)}x) | ${r.wallS} s |\n`,
    );
  }
}
process.stdout.write(allMet ? 'all memory goals met\n' : 'some memory goals not met\n');
