import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../record/io.js';
import type { RunRecord } from '../record/run.js';
import {
  CorpusServer,
  goalLines,
  goals,
  missingRow,
  SPLITS,
  splitGoalLines,
  topKey,
  type YieldRow,
  yieldRow,
  yieldTable,
} from './yield.js';

const fixture = (name: string): RunRecord =>
  parseRecord(readFileSync(new URL(`../record/fixtures/${name}.json`, import.meta.url), 'utf8'), name);

const dev = { split: 'dev' as const, readableData: true };
const tasks = (...keys: unknown[]) => ({ tasks: keys.map((answerKey) => ({ answerKey })) });

describe('yieldRow', () => {
  it('reads the counts of a SCORED record from its suite summary and surface', () => {
    const record = fixture('v2-scored');
    const row = yieldRow('notes', dev, record, undefined);
    const suite = record.suite;
    expect(suite).toBeDefined();
    expect(row).toMatchObject({
      server: 'notes',
      outcome: 'SCORED',
      tools: record.surface?.toolCount,
      candidates: suite?.candidates,
      admitted: (suite?.candidates ?? 0) - (suite?.rejected.total ?? 0),
      registered: suite?.registered,
    });
    expect(row.reason).toBeUndefined();
    // No exploration ledger (not explore/2) and no key basis on this record: absent, not zero.
    expect(row.explorable).toBeUndefined();
    expect(row.discriminating).toBeUndefined();
  });

  it('takes the reason of a refusal and of a VOID', () => {
    const refused = fixture('v2-insufficient-surface');
    expect(yieldRow('a', dev, refused, undefined).reason).toBe(refused.refusal?.reason);
    const dead = fixture('v2-void');
    expect(yieldRow('b', dev, dead, undefined)).toMatchObject({ outcome: 'VOID', reason: dead.void?.reason });
  });

  it('computes the discriminating share when the record counts the key basis', () => {
    const record = fixture('v2-scored');
    const registered = record.suite?.registered ?? 0;
    const withBasis = parseRecord(
      {
        ...record,
        suite: { ...record.suite, keyBasis: { discriminating: registered / 2, singleton: registered / 2 } },
      },
      'with basis',
    );
    expect(yieldRow('c', dev, withBasis, undefined).discriminating).toBe(0.5);
    const allSingleton = parseRecord(
      { ...record, suite: { ...record.suite, keyBasis: { singleton: registered } } },
      'all singleton',
    );
    expect(yieldRow('d', dev, allSingleton, undefined).discriminating).toBe(0);
    expect(yieldRow('e', dev, record, undefined).discriminating).toBeUndefined();
  });
});

describe('topKey', () => {
  it('finds the key most tasks share, keeping 1 and "1" apart', () => {
    expect(topKey(tasks('main', 'main', 1, '1', 'x').tasks)).toEqual({ key: '"main"', tasks: 2 });
    expect(topKey(tasks(1, '1', 1).tasks)).toEqual({ key: '1', tasks: 2 });
    expect(topKey([])).toBeUndefined();
  });
});

describe('goals', () => {
  const scored = (server: string, registered: number, keys: unknown[]): YieldRow => ({
    ...yieldRow(server, dev, fixture('v2-scored'), tasks(...keys)),
    registered,
  });

  it('counts SCORED among servers with readable data and flags a key over a quarter of the tasks', () => {
    const spread = scored('spread', 8, ['a', 'b', 'c', 'd', 'e', 'f', 'a', 'b']); // 2 of 8: 25%, not over
    const piled = scored('piled', 8, ['main', 'main', 'main', 'x', 'y', 'z', 'w', 'v']); // 3 of 8
    const refused = yieldRow('refused', dev, fixture('v2-insufficient-surface'), undefined);
    const scratch = { ...missingRow('scratch', { split: 'dev', readableData: false }, 'not run') };
    const g = goals([spread, piled, refused, scratch]);
    expect(g).toEqual({ readable: 3, scored: 2, concentrated: ['piled'] });
    expect(goalLines([spread, piled, refused, scratch])).toEqual([
      'SCORED among servers whose answers hold readable data: 2 of 3 (67%; goal at least 70%)',
      'SCORED suites with one key over 25% of their tasks: 1 (piled) (goal 0)',
    ]);
  });

  it('says — when no server holds readable data', () => {
    expect(goalLines([])[0]).toContain('0 of 0 (—;');
  });
});

describe('CorpusServer', () => {
  it('takes each split of the one list, the eleven fresh batches included, and refuses any other', () => {
    expect(SPLITS).toEqual([
      'dev',
      'holdout',
      'fresh',
      'fresh2',
      'fresh3',
      'fresh4',
      'fresh5',
      'fresh6',
      'fresh7',
      'fresh8',
      'fresh9',
      'fresh10',
      'fresh11',
    ]);
    for (const split of SPLITS) expect(CorpusServer.parse({ split }).split).toBe(split);
    expect(CorpusServer.parse({ split: 'fresh', readableData: false }).readableData).toBe(false);
    expect(CorpusServer.safeParse({ split: 'heldout' }).success).toBe(false);
    expect(CorpusServer.safeParse({ split: 'fresh12' }).success).toBe(false);
  });
});

describe('splitGoalLines', () => {
  const row = (server: string, split: CorpusServer['split'], fixtureName: string, keys: unknown[]) =>
    yieldRow(server, { split, readableData: true }, fixture(fixtureName), tasks(...keys));
  const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

  it('prints the goal lines of each split apart, in the split order, the fresh batches last', () => {
    const rows = [
      row('second-one', 'fresh2', 'v2-insufficient-surface', []),
      row('fresh-one', 'fresh', 'v2-scored', keys),
      row('dev-one', 'dev', 'v2-scored', keys),
      row('fresh-two', 'fresh', 'v2-insufficient-surface', []),
      row('dev-two', 'dev', 'v2-scored', keys),
      missingRow('fresh-three', { split: 'fresh', readableData: true }, 'not run'),
      row('third-one', 'fresh3', 'v2-scored', keys),
      missingRow('third-two', { split: 'fresh3', readableData: true }, 'not run'),
      row('fourth-one', 'fresh4', 'v2-insufficient-surface', []),
      row('fifth-one', 'fresh5', 'v2-scored', keys),
      row('sixth-one', 'fresh6', 'v2-insufficient-surface', []),
      row('seventh-one', 'fresh7', 'v2-scored', keys),
      row('eighth-one', 'fresh8', 'v2-insufficient-surface', []),
      row('ninth-one', 'fresh9', 'v2-scored', keys),
      row('tenth-one', 'fresh10', 'v2-insufficient-surface', []),
      row('eleventh-one', 'fresh11', 'v2-scored', keys),
    ];
    const lines = splitGoalLines(rows);
    expect(lines).toEqual([
      'dev (2):',
      ...goalLines(rows.filter((r) => r.split === 'dev')).map((l) => `  ${l}`),
      'fresh (3):',
      ...goalLines(rows.filter((r) => r.split === 'fresh')).map((l) => `  ${l}`),
      'fresh2 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh2')).map((l) => `  ${l}`),
      'fresh3 (2):',
      ...goalLines(rows.filter((r) => r.split === 'fresh3')).map((l) => `  ${l}`),
      'fresh4 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh4')).map((l) => `  ${l}`),
      'fresh5 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh5')).map((l) => `  ${l}`),
      'fresh6 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh6')).map((l) => `  ${l}`),
      'fresh7 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh7')).map((l) => `  ${l}`),
      'fresh8 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh8')).map((l) => `  ${l}`),
      'fresh9 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh9')).map((l) => `  ${l}`),
      'fresh10 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh10')).map((l) => `  ${l}`),
      'fresh11 (1):',
      ...goalLines(rows.filter((r) => r.split === 'fresh11')).map((l) => `  ${l}`),
      'every split (16):',
      ...goalLines(rows).map((l) => `  ${l}`),
    ]);
    // Each split counts only its own servers: 2 of 2 dev, 1 of 3 fresh, 0 of 1 second fresh batch,
    // 1 of 2 third fresh batch, 0 of 1 fourth fresh batch, 1 of 1 fifth fresh batch, 0 of 1 sixth fresh
    // batch, 1 of 1 seventh fresh batch, 0 of 1 eighth fresh batch, 1 of 1 ninth fresh batch, 0 of 1 tenth
    // fresh batch, 1 of 1 eleventh fresh batch; the whole corpus after them.
    expect(lines[1]).toContain(': 2 of 2 (100%;');
    expect(lines[4]).toContain(': 1 of 3 (33%;');
    expect(lines[7]).toContain(': 0 of 1 (0%;');
    expect(lines[10]).toContain(': 1 of 2 (50%;');
    expect(lines[13]).toContain(': 0 of 1 (0%;');
    expect(lines[16]).toContain(': 1 of 1 (100%;');
    expect(lines[19]).toContain(': 0 of 1 (0%;');
    expect(lines[22]).toContain(': 1 of 1 (100%;');
    expect(lines[25]).toContain(': 0 of 1 (0%;');
    expect(lines[28]).toContain(': 1 of 1 (100%;');
    expect(lines[31]).toContain(': 0 of 1 (0%;');
    expect(lines[34]).toContain(': 1 of 1 (100%;');
    expect(lines[37]).toContain(': 8 of 16 (50%;');
    expect(lines.some((l) => l.startsWith('holdout'))).toBe(false);
    // One split alone has no whole-corpus block.
    expect(splitGoalLines(rows.filter((r) => r.split === 'dev')).some((l) => l.startsWith('every'))).toBe(
      false,
    );
  });

  it('prints nothing for no rows', () => {
    expect(splitGoalLines([])).toEqual([]);
  });
});

describe('yieldTable', () => {
  it('prints one aligned line per server under the header, absent numbers as —', () => {
    const rows = [
      yieldRow('notes', dev, fixture('v2-scored'), tasks('a', 'a', 'b')),
      missingRow('gone', dev, 'not run'),
    ];
    const lines = yieldTable(rows).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^server\s+split\s+tools\s+explorable\s+candidates\s+admitted\s+registered\s+outcome/,
    );
    expect(lines[1]).toMatch(/^notes\s+dev\s+\d+\s+—\s+\d+\s+\d+\s+\d+\s+SCORED\s+—\s+—\s+2\/\d+ "a"$/);
    expect(lines[2]).toMatch(/^gone\s+dev(\s+—){5}\s+NO RECORD\s+not run/);
    const col = (line: string | undefined) => line?.indexOf(line.includes('SCORED') ? 'SCORED' : 'NO RECORD');
    expect(col(lines[1])).toBe(col(lines[2]));
  });
});
