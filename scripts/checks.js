// `npm test`: the build, then every Vitest test, with the type check, the linter and knip beside them
// (`npm run knip`: knip over everything, then `knip --production`, where an export only tests use fails).
// The build is skipped when dist/ is exactly what a build of these same inputs left (build-stamp.js):
// right after `npm ci`, whose prepare script has just built it, it would compile the same tree again.
// The type check and the linter start at once (neither reads dist/: tsconfig.json leaves out bench/,
// plain JavaScript importing dist/); knip and vitest start when dist/ is ready (knip follows
// bench/*.js into dist/, the e2e tests run bin/ over dist/). An e2e file spends much of its time
// waiting on the processes it started, so the checks fill cores the tests leave idle rather than
// holding the tests back. Vitest prints as it runs; each check's output is printed whole when it
// ends. Everything runs to its end, and the exit code is 1 when anything failed, naming what failed.
// Arguments are vitest's: `npm test -- test/e2e/run-scored.test.ts` runs that file after the checks' build.
import { spawn } from 'node:child_process';
import { staleReason } from './build-stamp.js';

function run(command, args, { buffered }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit'],
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('error', (err) => {
      if (buffered) chunks.push(Buffer.from(`${err.message}\n`));
      else console.error(`${command}: ${err.message}`);
    });
    child.on('close', (code) => {
      if (buffered)
        process.stdout.write(
          `\n> ${[command, ...args].join(' ')}\n${Buffer.concat(chunks).toString('utf8')}`,
        );
      resolve({ name: [command, ...args].join(' '), code: code ?? 1 });
    });
  });
}

const script = (name) => run('npm', ['run', '--silent', name], { buffered: true });

const stale = staleReason();
console.log(
  stale === undefined
    ? 'build: skipped, dist/ is up to date (built from these sources by this Node, unchanged since)'
    : `build: ${stale}, so dist/ is rebuilt`,
);
const beside = [script('typecheck'), script('lint')];
const built = stale === undefined ? { name: 'build', code: 0 } : await script('build');
const after =
  built.code === 0
    ? [script('knip'), run('vitest', ['run', ...process.argv.slice(2)], { buffered: false })]
    : [];
const failed = [built, ...(await Promise.all([...beside, ...after]))].filter((r) => r.code !== 0);
if (built.code !== 0) console.error('the build failed, so knip and the tests did not run');
if (failed.length > 0) {
  console.error(`npm test failed: ${failed.map((r) => `${r.name} (exit ${r.code})`).join(', ')}`);
  process.exit(1);
}
