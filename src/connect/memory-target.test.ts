import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueServer } from '../../examples/servers/lib/catalogue-server.js';
import { memoryServer } from '../../test/support/memory-server.js';
import { validateTape } from '../tape/validate.js';
import { openSession } from './open-session.js';
import { openWireTape } from './tape.js';
import { parseNamedTarget, parseTarget } from './target.js';

const target = memoryServer('catalogue', () => () => catalogueServer('fixture-good'));
afterAll(() => target.closeAll());

describe('an in-memory target', () => {
  it('opens a session on a server object in this process and records every frame on a valid tape', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'memory-target-')), 'wire.jsonl');
    const tape = openWireTape(path, target);
    const session = await openSession(target, { tape });
    expect(session.serverInfo?.name).toBe('fixture-good');
    expect(session.transportShape).toBe('memory');
    const { tools } = await session.listTools();
    expect(tools.length).toBeGreaterThan(0);
    const called = await session.callTool('search_books', { query: 'sea' });
    expect(called.kind).toBe('result');
    await session.close();
    await tape.close('done');
    const text = readFileSync(path, 'utf8');
    const validation = validateTape(text, { profile: 'fitness-report' });
    expect(validation.errors, JSON.stringify(validation)).toEqual([]);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // The meta line says the transport: no process, no URL.
    expect(lines[0]).toMatchObject({ type: 'meta', label: 'memory:catalogue' });
    expect(lines[0].command).toEqual(['fitness-report', 'run', 'memory:catalogue']);
    const methods = lines.filter((l) => l.dir === 'in').map((l) => l.raw?.method);
    expect(methods).toEqual(expect.arrayContaining(['tools/list', 'tools/call']));
    // Every request that went out has its answer on the tape.
    const answered = new Set(
      lines.filter((l) => l.dir === 'out' && l.raw?.id !== undefined).map((l) => l.raw.id),
    );
    for (const l of lines.filter((l) => l.dir === 'in' && l.raw?.id !== undefined && l.raw?.method))
      expect(answered.has(l.raw.id), JSON.stringify(l.raw)).toBe(true);
  });

  it('cannot be named by a flag, a config file, a roster or a record: only code makes one', () => {
    expect(() => parseTarget({ kind: 'memory', name: 'catalogue' })).toThrow(
      'invalid target: connect: an in-memory target is made in code (a function), never read from a flag or file',
    );
    expect(() => parseNamedTarget({ kind: 'memory', name: 'catalogue', connect: target.connect })).toThrow(
      /^invalid target: kind: /,
    );
  });
});
