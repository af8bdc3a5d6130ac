import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createRunDir } from '../../src/run/run-dir.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { readTape } from '../../src/tape/reader.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, loadRun, outDir, server } from './run/helpers.js';

describe('VOID runs and bad input', () => {
  it('SIGINT mid-run leaves a VOID record naming what completed', async () => {
    let sent = false;
    const r = await runFitness({
      seed: 1,
      target: { kind: 'stdio', argv: ['node', ...server('well-made')] },
      outDir: outDir(),
      env: {},
      handleSignals: true,
      progress: (line) => {
        if (!sent && line.startsWith('null-no-tools:')) {
          sent = true;
          process.kill(process.pid, 'SIGINT');
        }
      },
    });
    expect(sent).toBe(true);
    expect(r.outcome).toBe('VOID');
    expect(r.exitCode).toBe(3);
    expect(r.record.void).toMatchObject({ reason: 'aborted', detail: 'interrupted by SIGINT' });
    expect(r.record.void?.completed.stages).toEqual(
      expect.arrayContaining(['connect', 'probes', 'surface', 'generate', 'admit', 'register', 'prereg']),
    );
    expect(r.record.void?.completed.gates).toEqual(['structural', 'answer_leak', 'suite_size', 'plan_power']);
    const { tapes } = await loadRun(r.dir);
    expect(tapes.wire.end?.reason).toBe('VOID');
    const verify = captureIO();
    expect(await main(['verify', r.dir], verify)).toBe(0);
  }, 300_000);

  it('never overwrites a run directory: a second run in the same second gets its own id', () => {
    const out = outDir();
    const at = new Date('2026-11-01T12:00:00Z');
    const first = createRunDir(out, 'acme', at);
    const second = createRunDir(out, 'acme', at);
    expect(existsSync(first.dir)).toBe(true);
    expect(second.dir).not.toBe(first.dir);
  });

  it('an unknown provider, a malformed model and a missing key are usage errors: exit 2, no run directory', async () => {
    for (const [flags, message] of [
      [
        ['--runner', 'acme:x1'],
        /^fitness-report run: MODEL_UNKNOWN_PROVIDER: --runner: unknown model provider 'acme'/,
      ],
      [
        ['--runner', 'anthropic:claude-sonnet-4-5-20250929'],
        /^fitness-report run: MODEL_MISSING_KEY: --runner: .*ANTHROPIC_API_KEY/,
      ],
      [['--judge', 'not a model'], /^fitness-report run: MODEL_[A-Z_]+: --judge: /],
      [
        ['--header', 'Authorization: Bearer abcdefgh'],
        /^fitness-report run: USAGE: --header does not apply to a stdio command/,
      ],
    ] as const) {
      const out = outDir();
      const io = captureIO();
      const code = await main(['run', ...flags, '--out', out, '--', 'node', ...server('good')], io);
      expect(code).toBe(2);
      expect(io.stderr).toHaveLength(1);
      expect(io.stderr[0]).toMatch(message);
      expect(readdirSync(out)).toEqual([]);
    }
  });

  it('a flag that does not apply to an HTTP target, a short secret and an unstated credential are usage errors', async () => {
    for (const [flags, message] of [
      [['--env', 'A=b'], /--env does not apply to an HTTP target/],
      [['--cwd', '/tmp'], /--cwd does not apply to an HTTP target/],
      [
        ['--header', 'Accept-Language: en'],
        /--header Accept-Language: a secret of 2 character\(s\) is too short.*--public-header/,
      ],
      [
        ['--header', 'Authorization: Bearer tok-0123456789'],
        /say whose it is with --credential free-key or --credential owner-key/,
      ],
    ] as const) {
      const out = outDir();
      const io = captureIO();
      expect(await main(['run', ...flags, '--out', out, '--url', 'http://127.0.0.1:9/mcp'], io)).toBe(2);
      expect(io.stderr[0]).toMatch(message);
      expect(readdirSync(out)).toEqual([]);
    }
  });

  it('run --help names every default and the environment variables that change them', async () => {
    const io = captureIO();
    expect(await main(['run', '--help'], io)).toBe(0);
    const help = io.stdout.join('\n');
    for (const text of [
      'ANTHROPIC_API_KEY',
      'OPENAI_API_KEY',
      '(default 16;',
      '(default 2h; at most 168h)',
      '(default 20000; at most 86400000, i.e. 24h)',
      'Exit codes',
      '--secret-env',
      '--public-header',
      '--budget',
    ]) {
      expect(help).toContain(text);
    }
  });

  it('an unreachable model endpoint stops the run as VOID at the screen, at its first answer', async () => {
    // The server is incidental (the model endpoint is what fails): the planted good server in memory.
    const good = plantedInMemory('good');
    const r = await runFitness({
      seed: 1,
      target: good,
      runner: 'openai-compatible:llama3',
      judge: 'heuristic',
      concurrency: 2,
      outDir: outDir(),
      env: { FITNESS_OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1' },
    });
    expect(r.outcome).toBe('VOID');
    expect(r.record.void?.detail).toMatch(/^MODEL_UNREACHABLE/);
    expect(r.record.void?.completed.stages).toContain('admit');
    expect(existsSync(join(r.dir, 'signature.json'))).toBe(true);
    // Only the calls already in flight when the first one failed were made (two at a time), not one
    // per admitted candidate each waiting out the same retries.
    const agent = await readTape(join(r.dir, 'agent.jsonl'));
    const screened = new Set(
      agent.records.flatMap((t) =>
        t.type === 'turn' && String(t.value.corr_id).endsWith('::screen') ? [t.value.corr_id] : [],
      ),
    );
    expect(screened.size).toBeGreaterThan(0);
    expect(screened.size).toBeLessThanOrEqual(2);
    expect((await verifyFitnessRun(r.dir)).problems).toEqual([]);
    await good.closeAll();
  }, 120_000);

  it('a bad flag is a usage error (exit 2)', async () => {
    const io = captureIO();
    expect(await main(['run', '--tasks', 'many', '--', 'node', ...server('good')], io)).toBe(2);
    expect(io.stderr[0]).toBe("fitness-report run: USAGE: --tasks needs an integer, got 'many'");
  });
});
