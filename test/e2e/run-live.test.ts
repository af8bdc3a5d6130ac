/**
 * `fitness-report run`'s live display end to end: on a real pseudo-terminal (util-linux `script`)
 * the status block is drawn, redrawn and erased, and the final lines remain; with --plain on a
 * terminal, and on pipes, the output is exactly the plain progress lines the library reports.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { outcomeLine } from '../../src/run/outcome-line.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { outDir, ROOT, server } from './run/helpers.js';

const exec = promisify(execFile);
const BIN = join(ROOT, 'bin/fitness-report.js');
const SCRIPT = '/usr/bin/script';
// A planted run that reaches trial phases quickly; one trial at a time so every line is deterministic.
const FLAGS = ['--seed', '7', '--concurrency', '1'];
const TARGET = ['--', 'node', ...server('constant-answers')];

/** The environment of the CLI: this one (the test's publisher key) with no model key, so offline. */
function offlineEnv(): NodeJS.ProcessEnv {
  const { ANTHROPIC_API_KEY: _a, OPENAI_API_KEY: _o, ...rest } = process.env;
  return { ...rest, TERM: 'xterm', COLUMNS: '200' };
}

/** Run ids carry the start time, each run has its own parent directory, and policy.json names its run. */
function normalise(text: string, out: string): string {
  return text
    .replaceAll(out, '<out>')
    .replace(/\d{8}T\d{6}Z(-\d+)?/g, '<t>')
    .replace(/policy\.json [0-9a-f]{12}/, 'policy.json <sha>');
}

/** The CLI on a pseudo-terminal: stdout and stderr both a TTY, as a user's shell gives them. */
async function onTerminal(extra: readonly string[]): Promise<{ text: string; out: string }> {
  const out = outDir();
  const argv = [BIN, 'run', ...FLAGS, ...extra, '--out', out, ...TARGET];
  const command = argv.map((a) => `'${a}'`).join(' ');
  // A refusal exits 1 (script -e passes the exit code on): the output is what is checked.
  const { stdout } = await exec(SCRIPT, ['-qfec', `node ${command}`, '/dev/null'], {
    env: offlineEnv(),
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: { stdout: string; code: number }) => {
    expect(err.code).toBe(1);
    return err;
  });
  // The terminal turns each \n into \r\n.
  return { text: stdout.replaceAll('\r\n', '\n'), out };
}

async function library(): Promise<{ text: string; out: string }> {
  const out = outDir();
  const lines: string[] = [];
  const result = await runFitness({
    target: { kind: 'stdio', argv: ['node', ...server('constant-answers')] },
    seed: 7,
    concurrency: 1,
    outDir: out,
    env: {},
    progress: (line) => lines.push(line),
  });
  return { text: `${lines.join('\n')}\n${outcomeLine(result.record)}\nrun: ${result.dir}\n`, out };
}

describe.skipIf(!existsSync(SCRIPT))('run: live display on a terminal, plain lines elsewhere', () => {
  it('draws the block on a TTY, erases it, and keeps the plain lines; --plain and pipes print exactly the library lines', async () => {
    const [live, plain, piped, lib] = await Promise.all([
      onTerminal([]),
      onTerminal(['--plain']),
      (async () => {
        const out = outDir();
        const { stdout, stderr } = await exec('node', [BIN, 'run', ...FLAGS, '--out', out, ...TARGET], {
          env: offlineEnv(),
          maxBuffer: 64 * 1024 * 1024,
        }).catch((err: { stdout: string; stderr: string; code: number }) => {
          expect(err.code).toBe(1);
          return err;
        });
        return { text: `${stderr}${stdout}`, out };
      })(),
      library(),
    ]);
    const expected = normalise(lib.text, lib.out);
    expect(expected).toMatch(/^DEGENERATE at null_baseline/m);

    // Pipes and --plain: byte for byte the lines the library reports, no escape sequence.
    expect(normalise(piped.text, piped.out)).toBe(expected);
    expect(normalise(plain.text, plain.out)).toBe(expected);

    // The terminal: the block was drawn with the phase, counts, ETA, calls and spend, and redrawn in place.
    const tty = live.text;
    expect(tty).toContain('\x1b[2F\x1b[J');
    expect(tty).toMatch(/null-no-tools: \d+\/16 trials · \d+ passed, \d+ failed · ETA /);
    expect(tty).toMatch(/elapsed \d+s · model calls [1-9]\d* · spend \$0\.00\n/);
    // Erased at the end: what the screen keeps after the last erase is the plain lines, then the final two.
    const rest = tty.slice(tty.lastIndexOf('\x1b[J') + 3);
    expect(rest).not.toMatch(/elapsed|model calls/);
    const tail = normalise(rest, live.out).trimEnd().split('\n').slice(-2);
    expect(tail).toEqual(expected.trimEnd().split('\n').slice(-2));
    // Every plain line is printed above the block, in order.
    const printed = normalise(tty, live.out)
      .split('\x1b[J')
      .flatMap((chunk) => chunk.split('\n'))
      .filter((l) => expected.includes(`${l}\n`) && l !== '');
    expect([...new Set(printed)]).toEqual(expected.trimEnd().split('\n'));
  }, 600_000);
});
