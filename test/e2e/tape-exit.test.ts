import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTape } from '../../src/tape/reader.js';

const WRITER = pathToFileURL(resolve('dist/tape/writer.js')).href;
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('tapes open when the process exits', () => {
  it('a process that exits with twelve tapes open leaves each one whole, and Node warns of no listener leak', () => {
    dir = mkdtempSync(join(tmpdir(), 'fitness-tape-exit-'));
    // A real process: twelve tapes open (a roster's runs side by side hold that many), one line each
    // still waiting for its batch, then process.exit before the batch timer fires.
    const script = `
      const { TapeWriter } = await import(${JSON.stringify(WRITER)});
      const meta = { label: 'exit', command: ['node', 'server.js'], kind: 'mcp' };
      for (let i = 0; i < 12; i += 1) {
        const tape = TapeWriter.open({ path: ${JSON.stringify(dir)} + '/t' + i + '.jsonl', meta });
        tape.event('fitness.process', { exitCode: i });
      }
      // Node reports a listener leak on the next tick; exit after it, still before the 20 ms batch.
      setImmediate(() => process.exit(0));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.status).toBe(0);
    expect(child.stderr).not.toMatch(/MaxListenersExceededWarning/);
    for (let i = 0; i < 12; i += 1) {
      const tape = parseTape(readFileSync(join(dir, `t${i}.jsonl`), 'utf8'));
      expect(tape.records.map((r) => r.type)).toEqual(['meta', 'event']);
    }
  });
});
