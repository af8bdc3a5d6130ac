// `npm test`'s checks before vitest: the build, the linter, the type check, then knip. The build
// and the type check are each one single-threaded tsc, so they run side by side (on two cores that
// halves their wall time); the linter runs beside them. The type check never reads dist/ while the
// build rewrites it: tsconfig.json leaves out bench/ (plain JavaScript importing dist/, which
// `checkJs: false` never checked). knip comes after the build: it follows bench/*.js into dist/. Each command's output is printed whole when it ends; the first phase with a
// failure stops here, exiting 1 and naming what failed, like `a && b && c` would.
import { spawn } from 'node:child_process';

const PHASES = [['build', 'typecheck', 'lint'], ['knip']];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      process.stdout.write(`\n> npm run ${script}\n${Buffer.concat(chunks).toString('utf8')}`);
      resolve({ script, code: code ?? 1 });
    });
  });
}

for (const phase of PHASES) {
  const failed = (await Promise.all(phase.map(run))).filter((r) => r.code !== 0);
  if (failed.length > 0) {
    console.error(`checks failed: ${failed.map((r) => `npm run ${r.script} (exit ${r.code})`).join(', ')}`);
    process.exit(1);
  }
}
