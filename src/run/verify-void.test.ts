import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../record/io.js';
import type { RunRecord } from '../record/run.js';
import { VoidDetails } from '../record/void.js';
import { parseTape } from '../tape/reader.js';
import { unreachableCheck } from './verify-void.js';

const FIXTURE = join(import.meta.dirname, '../record/fixtures/v2-void.json');
const older = parseRecord(readFileSync(FIXTURE, 'utf8'), FIXTURE);
const nothingDone = { stages: [], gates: [], trials: {} };
const unreachable: RunRecord = {
  ...older,
  void: {
    ...(older.void ?? { at: '2026-11-01T12:00:00Z' }),
    reason: 'unreachable',
    detail: 'x',
    completed: nothingDone,
  },
};

const meta = JSON.stringify({
  v: 1,
  type: 'meta',
  startedAt: '2026-11-01T12:00:00Z',
  label: 'x',
  kind: 'mcp',
});
const connect = (raw: object) =>
  JSON.stringify({
    t: '2026-11-01T12:00:01Z',
    dir: 'event',
    kind: 'fitness.connect',
    raw,
    corr_id: 'connect',
  });
const tape = (...lines: string[]) => parseTape([meta, ...lines].join('\n'));
const refused = tape(connect({ phase: 'start' }), connect({ phase: 'failed', code: 'CONNECTION_REFUSED' }));

describe('verify re-derives a VOID unreachable from the wire tape', () => {
  it('accepts it when the main session never connected and its failure says nothing answered', () => {
    expect(unreachableCheck(unreachable, refused)).toMatchObject([{ check: 'void reason', ok: true }]);
  });

  it('refuses it when the tape shows an answer: a timeout, a connected session, no connect at all', () => {
    const timedOut = tape(connect({ phase: 'failed', code: 'CONNECT_TIMEOUT' }));
    const connected = tape(
      connect({ phase: 'connected' }),
      connect({ phase: 'failed', code: 'SERVER_EXITED' }),
    );
    for (const t of [timedOut, connected, tape()])
      expect(unreachableCheck(unreachable, t)).toMatchObject([{ check: 'void reason', ok: false }]);
  });

  it('reads an older record of the same tape (target_died) as written before the reason existed', () => {
    expect(older.void?.reason).toBe('target_died');
    const [row] = unreachableCheck(older, refused);
    expect(row).toMatchObject({ ok: true });
    expect(row?.detail).toContain('written before the reason unreachable');
    expect(unreachableCheck(older, tape(connect({ phase: 'connected' })))).toEqual([]);
  });

  it('a record says unreachable only when nothing completed', () => {
    const base = { reason: 'unreachable', detail: 'x', at: '2026-11-01T12:00:00Z' };
    expect(VoidDetails.safeParse({ ...base, completed: nothingDone }).success).toBe(true);
    const connected = { ...nothingDone, stages: ['connect'] };
    expect(VoidDetails.safeParse({ ...base, completed: connected }).success).toBe(false);
  });
});
