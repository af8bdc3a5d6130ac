import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseTape, readTape } from './reader.js';
import { tapeStats } from './stats.js';
import { ErrorEntry, ModelStats, SessionStats, ToolStats } from './stats-schema.js';
import { validateTape } from './validate.js';

/**
 * Tapes of another producer (mcp-tape's proxy and its cc-session recorder), written by hand to the
 * format's published description, each with the stats that producer's rules give (counted by hand
 * in `<name>.expected.json`, with the reasoning in its `why`). Our reader must skip nothing valid
 * and our stats must agree.
 */
const DIR = resolve(import.meta.dirname, '../../test/fixtures/mcp-tape');
const NAMES = ['fs-proxy', 'batch-2025-03-26', 'cc-session', 'no-meta'];

/**
 * A `<name>.expected.json`: the part of mcp-tape.stats/1 counted by hand, in the stats schema's own
 * field names (strict, so a misspelt field fails instead of being left unchecked).
 */
const Expected = z.strictObject({
  why: z.string(),
  session: z.strictObject(SessionStats.partial().shape),
  tools: z.array(
    z.strictObject(
      ToolStats.pick({
        name: true,
        calls: true,
        errors: true,
        p50Ms: true,
        p95Ms: true,
        origin: true,
        pending: true,
      }).shape,
    ),
  ),
  models: z.array(z.strictObject(ModelStats.partial().shape)).optional(),
  errors: z.array(z.strictObject(ErrorEntry.pick({ t: true, source: true, name: true }).shape)),
});

const load = (name: string) => ({
  text: readFileSync(join(DIR, `${name}.jsonl`), 'utf8'),
  expected: Expected.parse(JSON.parse(readFileSync(join(DIR, `${name}.expected.json`), 'utf8'))),
});

describe('tapes of another producer', () => {
  for (const name of NAMES) {
    it(`${name}: read with nothing valid skipped; stats agree with the producer's`, async () => {
      const { expected } = load(name);
      const tape = await readTape(join(DIR, `${name}.jsonl`));
      // Only lines that are not JSON may be skipped.
      for (const s of tape.skipped) {
        const raw = readFileSync(join(DIR, `${name}.jsonl`), 'utf8').split('\n')[s.line - 1] ?? '';
        expect(() => JSON.parse(raw), `line ${s.line} was skipped but parses`).toThrow();
      }
      const stats = tapeStats([tape]);
      expect(stats.session).toMatchObject(expected.session);
      for (const key of ['label', 'kind', 'command', 'producer'])
        if (!(key in expected.session)) expect(stats.session).not.toHaveProperty(key);
      const tools = stats.tools.map(({ name, calls, errors, p50Ms, p95Ms, origin, pending }) => ({
        name,
        calls,
        errors,
        p50Ms,
        p95Ms,
        origin,
        pending,
      }));
      expect(tools).toEqual(expected.tools);
      expect(stats.errors.map(({ t, source, name }) => ({ t, source, name }))).toEqual(expected.errors);
      if (expected.models) expect(stats.models?.perModel).toMatchObject(expected.models);
    });
  }

  it('the same answers from the in-memory reader and the streaming file reader', async () => {
    for (const name of NAMES) {
      const { text } = load(name);
      const a = parseTape(text, name);
      const b = await readTape(join(DIR, `${name}.jsonl`));
      expect(b.records).toEqual(a.records);
      expect(b.skipped).toEqual(a.skipped);
    }
  });

  it('fs-proxy is valid mcp-tape v1; the validator names what the others lack', () => {
    expect(validateTape(load('fs-proxy').text)).toMatchObject({ ok: true, errors: [], warnings: [] });
    const batch = validateTape(load('batch-2025-03-26').text);
    expect(batch.ok).toBe(false);
    expect(batch.errors.map((e) => `${e.line} ${e.rule}`)).toEqual([
      '16 jsonl.newline',
      '16 jsonl.json',
      '16 end.last',
    ]);
    expect(batch.warnings.map((w) => `${w.line} ${w.rule}`)).toEqual([
      '7 line.unknown',
      '8 line.unknown',
      '9 line.unknown',
    ]);
    const cc = validateTape(load('cc-session').text);
    expect(cc.errors).toEqual([]);
    expect(cc.warnings.map((w) => w.message)).toEqual([
      "blocks.0: unknown block type 'redacted_thinking'",
      "blocks.1: unknown block type 'image'",
    ]);
    const noMeta = validateTape(load('no-meta').text);
    expect(noMeta.errors.map((e) => `${e.line} ${e.rule}`)).toEqual([
      '1 meta.first',
      '3 jsonl.json',
      '6 end.last',
    ]);
  });

  it('a 100 MB line is read, counted and paired; nothing hangs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tape-huge-'));
    try {
      const big = 'x'.repeat(100 * 1024 * 1024);
      const lines = [
        load('fs-proxy').text.split('\n')[0],
        JSON.stringify({
          t: '2026-08-02T09:00:01.000Z',
          dir: 'in',
          raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'dump' } },
        }),
        JSON.stringify({
          t: '2026-08-02T09:00:02.000Z',
          dir: 'out',
          raw: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: big }] } },
        }),
        JSON.stringify({ t: '2026-08-02T09:00:03.000Z', type: 'end', durationMs: 3000 }),
      ];
      const path = join(dir, 'huge.jsonl');
      writeFileSync(path, `${lines.join('\n')}\n`);
      const stats = tapeStats([await readTape(path)]);
      expect(stats.session.records).toMatchObject({ total: 4, message: 2 });
      expect(stats.tools).toEqual([
        expect.objectContaining({ name: 'dump', calls: 1, errors: 0, pending: 0, p50Ms: 1000 }),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
