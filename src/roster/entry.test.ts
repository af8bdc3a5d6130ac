import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRosterArgs } from './args.js';
import { parseRoster } from './entry.js';
import { runOptionsFor } from './job.js';
import { entryTarget, serveCommand } from './target.js';

const dollar = (name: string) => ['${', name, '}'].join('');

describe('a roster is an mcpServers file with optional roster fields', () => {
  it('parses each entry on its own: one bad entry is reported by name, the rest stay', () => {
    const parsed = parseRoster(
      {
        mcpServers: {
          good: { command: 'node', args: ['a.js'], attempts: 2, given: { repo: '/x' }, readOnly: ['list'] },
          both: { command: 'node', url: 'http://127.0.0.1:1/mcp' },
          neither: { env: {} },
          sse: { type: 'sse', url: 'http://127.0.0.1:1/sse' },
          serveNoUrl: { command: 'node', serve: { command: 'node' } },
          badRun: { command: 'node', run: { tasks: 'many' } },
          unknownRun: { command: 'node', run: { taskz: 3 } },
        },
      },
      'r.json',
    );
    if ('fault' in parsed) throw new Error(parsed.fault);
    expect(parsed.entries.map((e) => e.name)).toEqual(['good']);
    expect(Object.fromEntries(parsed.errors.map((e) => [e.name, e.message]))).toEqual({
      both: 'entry: needs exactly one of "command" or "url"',
      neither: 'entry: needs exactly one of "command" or "url"',
      sse: 'type: the deprecated HTTP+SSE transport is not supported',
      serveNoUrl: 'serve: "serve" needs the "url" it will answer on',
      badRun: 'run.tasks: Invalid input: expected number, received string',
      unknownRun: 'run: Unrecognized key: "taskz"',
    });
    expect(parseRoster({ other: 1 }, 'r.json')).toEqual({ fault: 'r.json: no "mcpServers" entries' });
    expect(parseRoster([], 'r.json')).toEqual({ fault: 'r.json: not an mcpServers object' });
  });

  it('expands the job’s port, data copy and roster folder; a stdio entry runs in the roster folder', () => {
    const rosterDir = mkdtempSync(join(tmpdir(), 'roster-'));
    const file = join(rosterDir, 'r.json');
    const stdio = entryTarget(
      'fs',
      { command: 'node', args: ['server.js', dollar('DATA')], env: { KEY: dollar('SECRET_X') } },
      file,
      { SECRET_X: 'value' },
      { rosterDir, data: '/tmp/copy/harbour' },
    );
    expect(stdio).toEqual({
      kind: 'stdio',
      argv: ['node', 'server.js', '/tmp/copy/harbour'],
      env: {},
      // A variable whose name says key is a secret (scrubbed from tapes), sent all the same.
      secretEnv: { KEY: 'value' },
      cwd: rosterDir,
    });
    const http = entryTarget(
      'h',
      { url: `http://127.0.0.1:${dollar('PORT')}/mcp` },
      file,
      {},
      { rosterDir, port: 4321 },
    );
    expect(http).toMatchObject({ kind: 'http', url: 'http://127.0.0.1:4321/mcp' });
    const serve = serveCommand(
      'h',
      {
        command: 'node',
        args: ['s.js', '--port', dollar('PORT')],
        env: { PORT: dollar('PORT') },
        readyTimeoutMs: 100,
      },
      file,
      {},
      {
        rosterDir,
        port: 4321,
      },
    );
    expect(serve).toEqual({
      argv: ['node', 's.js', '--port', '4321'],
      env: { PORT: '4321' },
      cwd: rosterDir,
    });
    expect(() => entryTarget('x', { command: dollar('NOPE') }, file, {}, { rosterDir })).toThrow(
      /needs environment variable NOPE/,
    );
  });

  it('an entry’s run options win over the roster’s, and its given context and assertions are forwarded', () => {
    const options = runOptionsFor(
      {
        command: 'node',
        credential: 'free-key',
        given: { repo: '/r' },
        readOnly: ['list_x'],
        run: { tasks: 8, repsDrive: 1 },
      },
      { tasks: 16, seed: 3, repsNulls: 2 },
    );
    expect(options).toEqual({
      tasks: 8,
      seed: 3,
      reps: { nulls: 2, drive: 1 },
      credential: 'free-key',
      given: { repo: '/r' },
      readOnly: ['list_x'],
    });
  });

  it('command-line flags of the roster', () => {
    const a = parseRosterArgs(
      [
        'r.json',
        '--resume',
        '--concurrency',
        '3',
        '--only',
        'a,b',
        '--only',
        'c',
        '--tasks',
        '8',
        '--no-conformance',
        '--runner',
        'heuristic',
      ],
      '/w',
    );
    expect(a).toMatchObject({
      roster: '/w/r.json',
      out: '/w/fitness-runs',
      site: '/w/fitness-site',
      resume: true,
      concurrency: 3,
      only: ['a', 'b', 'c'],
      conformance: { enabled: false },
      defaults: { tasks: 8, runner: 'heuristic' },
    });
    expect(() => parseRosterArgs([], '/w')).toThrow(/name a roster file/);
    expect(() => parseRosterArgs(['r.json', '--concurrency', '0'], '/w')).toThrow(
      /--concurrency must be at least 1/,
    );
    expect(() => parseRosterArgs(['r.json', '--generator', 'explore/9'], '/w')).toThrow(/generator/);
    expect(() => parseRosterArgs(['r.json', '--frobnicate'], '/w')).toThrow(/unknown option '--frobnicate'/);
  });
});
