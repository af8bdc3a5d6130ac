import { describe, expect, it } from 'vitest';
import { makeRunId, parseRunId, RunId } from './run-id.js';

describe('run ids', () => {
  it('builds run ids as <slug>-<UTC time> that the schema accepts', () => {
    const id = makeRunId('acme-notes', new Date('2026-11-01T12:00:05.123Z'));
    expect(id).toBe('acme-notes-20261101T120005Z');
    expect(RunId.safeParse(id).success).toBe(true);
    expect(RunId.safeParse('Acme-20261101T120005Z').success).toBe(false);
    expect(RunId.safeParse('acme-20261101T1200Z').success).toBe(false);
  });

  it('reads back the slug and the start time it was made from, to the second or the millisecond', () => {
    const at = new Date('2026-11-01T12:00:05.123Z');
    expect(parseRunId(makeRunId('acme-notes', at))).toEqual({
      slug: 'acme-notes',
      startedAt: '2026-11-01T12:00:05.000Z',
    });
    const ms = makeRunId('acme-notes', at, 'ms');
    expect(RunId.safeParse(ms).success).toBe(true);
    expect(parseRunId(ms)).toEqual({ slug: 'acme-notes', startedAt: at.toISOString() });
  });

  it('reads a name that starts with a run id, and nothing from one without a time', () => {
    expect(parseRunId('acme-20261201T100000Z-2')).toEqual({
      slug: 'acme',
      startedAt: '2026-12-01T10:00:00.000Z',
    });
    expect(parseRunId('acme-notes')).toBeUndefined();
    expect(parseRunId('acme-2026-12-01')).toBeUndefined();
  });
});
