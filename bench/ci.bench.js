// `npm run bench -- ci`: the test time of the last vitest run (test-output/vitest.json, which .ci/run
// and every `npx vitest run` write) against the CI goal: the whole suite under 5 minutes on a
// 2-core machine. Nothing is timed here; the report is read, validated and summed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = join(ROOT, 'test-output', 'vitest.json');
const GOAL_S = 300;

const Report = z.looseObject({
  startTime: z.number(),
  success: z.boolean(),
  numTotalTests: z.number(),
  numFailedTests: z.number(),
  testResults: z.array(z.looseObject({ name: z.string(), startTime: z.number(), endTime: z.number() })),
});

/** Every test file the suite has (src/ and test/), as vitest.config.ts includes them. */
function testFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...testFiles(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

if (!existsSync(REPORT)) {
  process.stdout.write(
    'no vitest report at test-output/vitest.json: run .ci/run (or npx vitest run) first\n',
  );
} else {
  const parsed = Report.safeParse(JSON.parse(readFileSync(REPORT, 'utf8')));
  if (!parsed.success) {
    process.stdout.write(
      `test-output/vitest.json: not a vitest JSON report (${parsed.error.issues[0]?.message})\n`,
    );
    process.exitCode = 1;
  } else {
    const report = parsed.data;
    const files = report.testResults;
    const end = Math.max(report.startTime, ...files.map((f) => f.endTime));
    const wallS = (end - report.startTime) / 1000;
    const all = [...testFiles(join(ROOT, 'src')), ...testFiles(join(ROOT, 'test'))].length;
    const full = files.length >= all;
    process.stdout.write(
      `vitest report of ${new Date(report.startTime).toISOString()}: ${files.length} of ${all} test files, ${report.numTotalTests} tests, ${report.numFailedTests} failed\n`,
    );
    process.stdout.write(`test time (wall, first file start to last file end): ${wallS.toFixed(1)} s\n`);
    const slowest = [...files]
      .sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime))
      .slice(0, 5);
    for (const f of slowest)
      process.stdout.write(
        `  ${((f.endTime - f.startTime) / 1000).toFixed(1).padStart(7)} s  ${relative(ROOT, f.name)}\n`,
      );
    const verdict = !full
      ? 'not measured: the report covers only part of the suite'
      : wallS < GOAL_S
        ? 'met'
        : 'NOT met';
    process.stdout.write(
      `goal: CI under ${GOAL_S / 60} minutes on a 2-core machine (this machine: ${availableParallelism()} cores): ${verdict}\n`,
    );
  }
}
