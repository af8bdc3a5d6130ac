/**
 * The JSON the CLI prints, read back through the one schema that describes it: `tape stats --json`
 * (`TapeStats`, mcp-tape.stats/1), `tape validate --json` (`Validation`) and `findings --json`
 * (`FindingsReport`), over the tapes and records of the shared planted audit's runs. Parsing drops
 * every field a schema does not declare, so a parse equal to the output means the schema describes
 * all of it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLANTED } from '../../src/audit/index.js';
import { main } from '../../src/cli/main.js';
import { FINDINGS_REPORT_SCHEMA, FindingsReport } from '../../src/findings/report.js';
import { RUN_FILES } from '../../src/tape/file-names.js';
import { STATS_SCHEMA, TapeStats } from '../../src/tape/stats-schema.js';
import { Validation } from '../../src/tape/validate.js';
import { captureIO } from './run/helpers.js';
import { auditedRun } from './shared/planted-audit.js';

const dirs = new Map<string, string>();

beforeAll(async () => {
  for (const p of PLANTED) dirs.set(p.id, (await auditedRun(p.id)).dir);
}, 1_200_000);

async function printed(argv: string[]): Promise<{ code: number; json: unknown }> {
  const io = captureIO();
  const code = await main(argv, io);
  return { code, json: JSON.parse(io.stdout.join('\n')) };
}

function tapesOf(dir: string): string[] {
  return [RUN_FILES.wire, RUN_FILES.agent, RUN_FILES.judge]
    .map((f) => join(dir, f))
    .filter((path) => existsSync(path));
}

describe('tape stats --json reads back as TapeStats', () => {
  it('every tape of every planted run, one at a time and merged', async () => {
    let merged = 0;
    for (const [id, dir] of dirs) {
      const tapes = tapesOf(dir);
      expect(tapes.length, id).toBeGreaterThan(0);
      for (const tape of tapes) {
        const { code, json } = await printed(['tape', 'stats', tape, '--json']);
        expect(code, tape).toBe(0);
        const stats = TapeStats.parse(json);
        expect(stats, tape).toEqual(json);
        expect(stats.schema).toBe(STATS_SCHEMA);
        expect(stats.file).toBe(tape);
      }
      if (tapes.length < 2) continue;
      const { json } = await printed(['tape', 'stats', ...tapes, '--json']);
      const stats = TapeStats.parse(json);
      expect(stats, id).toEqual(json);
      expect(stats.planes?.map((p) => p.file)).toEqual(tapes);
      merged += 1;
    }
    expect(merged).toBeGreaterThan(0);
  });

  it('is not so loose that a wrong block passes', async () => {
    const [tape] = tapesOf(dirs.get('well-made') ?? '');
    const { json } = await printed(['tape', 'stats', tape ?? '', '--json']);
    const stats = TapeStats.parse(json);
    expect(TapeStats.safeParse({ ...stats, schema: 'mcp-tape.stats/2' }).success).toBe(false);
    expect(TapeStats.safeParse({ ...stats, tools: [{ name: 'x', calls: -1 }] }).success).toBe(false);
  });
});

describe('tape validate --json reads back as Validation', () => {
  it('one file, and several as an array, for every planted run', async () => {
    for (const [id, dir] of dirs) {
      const tapes = tapesOf(dir);
      const [first] = tapes;
      const one = await printed(['tape', 'validate', first ?? '', '--profile', 'fitness-report', '--json']);
      expect(one.code, id).toBe(0);
      expect(Validation.parse(one.json), id).toEqual(one.json);
      const all = await printed(['tape', 'validate', ...tapes, '--json']);
      const parsed = Validation.array().parse(all.json);
      expect(parsed, id).toEqual(all.json);
      expect(parsed.map((v) => v.ok)).toEqual(tapes.map(() => true));
    }
  });
});

describe('findings --json reads back as FindingsReport', () => {
  it('every planted run: the block when it drove, why not when it did not', async () => {
    const kinds = new Set<string>();
    for (const [id, dir] of dirs) {
      const { code, json } = await printed(['findings', dir, '--json']);
      const report = FindingsReport.parse(json);
      expect(report, id).toEqual(json);
      expect(report.schema).toBe(FINDINGS_REPORT_SCHEMA);
      expect(code, id).toBe('none' in report ? 1 : 0);
      kinds.add('none' in report ? 'none' : 'findings');
    }
    expect([...kinds].sort()).toEqual(['findings', 'none']);
  });
});
