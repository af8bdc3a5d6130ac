import { describe, expect, it } from 'vitest';
import { parseRunArgs } from '../../test/support/run-args.js';

const io = { cwd: '/work', env: {} };

describe('parseRunArgs', () => {
  it('reads a stdio target after -- and typed flags', () => {
    const o = parseRunArgs(
      [
        '--tasks',
        '12',
        '--reps-drive',
        '2',
        '--extensions',
        '0',
        '--seed',
        '9',
        '--allow-destructive',
        '--',
        'node',
        's.js',
      ],
      io,
    );
    expect(o.target).toEqual({ kind: 'stdio', argv: ['node', 's.js'], env: {}, secretEnv: {} });
    expect(o).toMatchObject({
      tasks: 12,
      reps: { drive: 2 },
      extensions: 0,
      seed: 9,
      allowDestructive: true,
    });
  });

  it('takes how server processes start from --server-starts, and refuses another mode in one line', () => {
    expect(parseRunArgs(['--', 'node', 's.js'], io).serverStarts).toBeUndefined();
    expect(parseRunArgs(['--server-starts', 'one-at-a-time', '--', 'node', 's.js'], io).serverStarts).toBe(
      'one-at-a-time',
    );
    expect(() => parseRunArgs(['--server-starts', 'pooled', '--', 'node', 's.js'], io)).toThrow(
      "--server-starts must be ahead, one-at-a-time or on-connect, got 'pooled'",
    );
  });

  it('reads an HTTP target with headers and a credential', () => {
    const o = parseRunArgs(
      [
        '--url',
        'http://127.0.0.1:3000/mcp',
        '--header',
        'Authorization: Bearer x',
        '--public-header',
        'Accept-Language: en',
        '--credential',
        'free-key',
        '--budget',
        '45m',
      ],
      io,
    );
    expect(o.target).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      headers: { Authorization: 'Bearer x' },
      publicHeaders: { 'Accept-Language': 'en' },
      credential: 'free-key',
    });
    expect(o.budgetMs).toBe(45 * 60_000);
  });

  it('reads configuration and secret env values apart', () => {
    const o = parseRunArgs(
      ['--env', 'MCP_LOG_LEVEL=error', '--secret-env', 'API_TOKEN=tok-0123456789', '--', 'node'],
      io,
    );
    expect(o.target).toMatchObject({
      env: { MCP_LOG_LEVEL: 'error' },
      secretEnv: { API_TOKEN: 'tok-0123456789' },
    });
  });

  it('refuses a flag that does not apply to the target, naming both', () => {
    expect(() => parseRunArgs(['--header', 'A: b', '--', 'node'], io)).toThrow(
      /^--header does not apply to a stdio command .*; it is for an HTTP target \(--url\)$/,
    );
    expect(() => parseRunArgs(['--env', 'A=b', '--url', 'http://x/mcp'], io)).toThrow(
      /--env does not apply to an HTTP target/,
    );
    expect(() => parseRunArgs(['--cwd', '/tmp', '--url', 'http://x/mcp'], io)).toThrow(
      /--cwd does not apply/,
    );
    expect(() => parseRunArgs(['--server', 'x', '--', 'node'], io)).toThrow(/--server does not apply/);
    expect(() => parseRunArgs(['--budget', 'soon', '--', 'node'], io)).toThrow(
      /^--budget needs a number with its unit \(ms, s, m or h\), such as 90s, 15m or 2h, got 'soon'$/,
    );
  });

  it('reads --budget only with its unit: a bare number is a usage error, not milliseconds', () => {
    expect(() => parseRunArgs(['--budget', '5', '--', 'node'], io)).toThrow(
      /^--budget needs a number with its unit \(ms, s, m or h\), such as 90s, 15m or 2h, got '5'$/,
    );
    for (const [text, ms] of [
      ['90s', 90_000],
      ['15m', 900_000],
      ['2h', 7_200_000],
      ['1500ms', 1500],
    ] as const)
      expect(parseRunArgs(['--budget', text, '--', 'node'], io).budgetMs, text).toBe(ms);
    // Under a second is no run at all; the bound is said in the flag's own unit.
    expect(() => parseRunArgs(['--budget', '5ms', '--', 'node'], io)).toThrow(
      /^--budget must be at least 1s, got 5ms$/,
    );
    expect(() => parseRunArgs(['--budget', '0s', '--', 'node'], io)).toThrow(/^--budget must be positive/);
  });

  it('refuses two targets, unknown flags, non-integers and bad enums with one line', () => {
    expect(() => parseRunArgs(['--url', 'http://x/mcp', '--', 'node'], io)).toThrow(/exactly one target/);
    expect(() => parseRunArgs(['--fast', '--', 'node'], io)).toThrow(/unknown option '--fast'/);
    expect(() => parseRunArgs(['--concurrency', '2.5', '--', 'node'], io)).toThrow(
      /--concurrency needs an integer/,
    );
    expect(() => parseRunArgs(['--generator', 'magic/2', '--', 'node'], io)).toThrow(
      /explore\/2 or judge\/1/,
    );
  });

  it('reads the explore/2 flags: --given (repeatable), --read-only lists, --no-infer-read-only', () => {
    const o = parseRunArgs(
      [
        '--given',
        'repo_path=/srv/repo',
        '--given',
        'branch=main',
        '--read-only',
        'git_log,git_diff',
        '--read-only',
        'git_status',
        '--no-infer-read-only',
        '--',
        'node',
        'git.js',
      ],
      io,
    );
    expect(o.given).toEqual({ repo_path: '/srv/repo', branch: 'main' });
    expect(o.readOnly).toEqual(['git_log', 'git_diff', 'git_status']);
    expect(o.inferReadOnly).toBe(false);
    const plain = parseRunArgs(['--', 'node', 'x.js'], io);
    expect(plain.given).toBeUndefined();
    expect(plain.inferReadOnly).toBeUndefined();
    expect(() => parseRunArgs(['--given', 'nothing', '--', 'node'], io)).toThrow(/--given needs NAME=VALUE/);
    expect(() => parseRunArgs(['--read-only', ',', '--', 'node'], io)).toThrow(
      /--read-only needs at least one/,
    );
    expect(() => parseRunArgs(['--generator', 'explore/1', '--', 'node'], io)).toThrow(
      /replaced by explore\/2/,
    );
  });
});
