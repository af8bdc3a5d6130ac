// Prints the closing line CI reads. A failure outside vitest (install, build, lint, typecheck)
// counts as one failed check so a red stage can never print "0 failed".
import { existsSync, readFileSync } from 'node:fs';

const [installRc, testRc] = process.argv.slice(2).map(Number);
const report = 'test-output/vitest.json';
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = Number(json.numPassedTests ?? 0);
  failed = Number(json.numFailedTests ?? 0);
  // A file that fails to load has no failed tests of its own; count it once.
  if (failed === 0 && Number(json.numFailedTestSuites ?? 0) > 0) failed = Number(json.numFailedTestSuites);
}
if ((installRc !== 0 || testRc !== 0) && failed === 0) failed = 1;
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = installRc !== 0 || testRc !== 0 || failed > 0 ? 1 : 0;
