import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createRunDir } from '../../src/run/run-dir.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { captureIO, loadRun, outDir, server } from './run/helpers.js';

describe('VOID runs and bad input', () => {
  it('SIGINT mid-run leaves a VOID record naming what completed', async () => {
    let sent = false;
    const r = await runFitness({
      target: { kind: 'stdio', argv: ['node', server('well-made')] },
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

  it('never overwrites a run directory', () => {
    const out = outDir();
    const at = new Date('2026-11-01T12:00:00Z');
    const first = createRunDir(out, 'acme', at);
    expect(existsSync(first.dir)).toBe(true);
    expect(() => createRunDir(out, 'acme', at)).toThrow(
      /already exists; a run directory is never overwritten/,
    );
  });

  it('an unknown provider is a one-line VOID reason, not a stack trace', async () => {
    const io = captureIO();
    const code = await main(
      ['run', '--runner', 'acme:x1', '--out', outDir(), '--', 'node', server('good')],
      io,
    );
    expect(code).toBe(3);
    expect(io.stdout[0]).toMatch(/^VOID \(crashed\): MODEL_UNKNOWN_PROVIDER: unknown model provider 'acme'/);
    expect(io.stderr.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('a missing key names the variable', async () => {
    const r = await runFitness({
      target: { kind: 'stdio', argv: ['node', server('good')] },
      runner: 'anthropic:claude-sonnet-4-5-20250929',
      outDir: outDir(),
      env: {},
    });
    expect(r.outcome).toBe('VOID');
    expect(r.record.void?.detail).toMatch(/MODEL_MISSING_KEY: .*ANTHROPIC_API_KEY/);
  });

  it('an unreachable model endpoint stops the run as VOID at the screen', async () => {
    const r = await runFitness({
      target: { kind: 'stdio', argv: ['node', server('good')] },
      runner: 'openai-compatible:llama3',
      judge: 'heuristic',
      outDir: outDir(),
      env: { FITNESS_OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1' },
    });
    expect(r.outcome).toBe('VOID');
    expect(r.record.void?.detail).toMatch(/^MODEL_UNREACHABLE/);
    expect(r.record.void?.completed.stages).toContain('admit');
    expect(existsSync(join(r.dir, 'signature.json'))).toBe(true);
  }, 120_000);

  it('a bad flag is a usage error (exit 2)', async () => {
    const io = captureIO();
    expect(await main(['run', '--tasks', 'many', '--', 'node', server('good')], io)).toBe(2);
    expect(io.stderr[0]).toBe("fitness-report run: USAGE: --tasks needs an integer, got 'many'");
  });
});
