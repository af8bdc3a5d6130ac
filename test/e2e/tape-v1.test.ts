/**
 * Our tapes are mcp-tape v1 exactly: every tape of every planted run of the shared audit (stdio and
 * HTTP, scored, refused and void) passes the strict validator with the fitness-report profile; HTTP
 * meta lines carry the harness argv with the URL stripped; session open/close events belong to
 * their trial's corr id.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANTED } from '../../src/audit/index.js';
import { parseCorrId } from '../../src/tape/corr-id.js';
import { parseTape } from '../../src/tape/reader.js';
import { metaCommand } from '../../src/tape/schema.js';
import { validateTape } from '../../src/tape/validate.js';
import { auditedRun } from './shared/planted-audit.js';

const PLANES = ['wire', 'agent', 'judge'] as const;

describe('mcp-tape v1 on every planted run', () => {
  it('every plane of every run passes the strict validator (fitness-report profile)', async () => {
    const problems: string[] = [];
    for (const planted of PLANTED) {
      const { dir } = await auditedRun(planted.id);
      for (const plane of PLANES) {
        const text = readFileSync(join(dir, `${plane}.jsonl`), 'utf8');
        const v = validateTape(text, { profile: 'fitness-report', source: `${planted.id}/${plane}` });
        for (const e of v.errors.slice(0, 3)) problems.push(`${v.source}:${e.line} ${e.rule} ${e.message}`);
      }
    }
    expect(problems).toEqual([]);
  }, 1_200_000);

  it('meta command is the argv: stdio the server argv, HTTP the harness argv with a bare URL', async () => {
    for (const planted of PLANTED) {
      const { dir, record } = await auditedRun(planted.id);
      const meta = parseTape(readFileSync(join(dir, 'wire.jsonl'), 'utf8')).meta;
      expect(Array.isArray(meta?.command)).toBe(true);
      const target = record.identity.target;
      if (target.kind === 'http') {
        const url = new URL(target.description);
        expect(meta?.command).toEqual(['fitness-report', 'run', '--url', `${url.origin}${url.pathname}`]);
      } else {
        expect(metaCommand(meta)?.join(' ')).toBe(target.description);
      }
      const agent = parseTape(readFileSync(join(dir, 'agent.jsonl'), 'utf8')).meta;
      expect(metaCommand(agent)?.slice(0, 3)).toEqual(['fitness-report', 'run', '--runner']);
    }
  }, 1_200_000);

  it('session open and close events carry the corr id of the trial that opened the session', async () => {
    const { dir } = await auditedRun('well-made');
    const wire = parseTape(readFileSync(join(dir, 'wire.jsonl'), 'utf8'));
    const connects = wire.records.flatMap((r) =>
      r.type === 'event' && r.value.kind === 'fitness.connect' ? [r.value] : [],
    );
    expect(connects.length).toBeGreaterThan(10);
    for (const e of connects) expect(e.corr_id, JSON.stringify(e)).toBeDefined();
    // Every trial session's closed event is under the same corr id as its connected event.
    const bySession = new Map<string, Set<string>>();
    for (const e of connects) {
      const set = bySession.get(e.session ?? '') ?? new Set();
      set.add(e.corr_id ?? '');
      bySession.set(e.session ?? '', set);
    }
    const trialSessions = [...bySession.values()].filter((s) =>
      [...s].some((c) => parseCorrId(c).kind === 'trial'),
    );
    expect(trialSessions.length).toBeGreaterThan(5);
    for (const corrs of trialSessions) expect(corrs.size).toBe(1);
  }, 1_200_000);
});
