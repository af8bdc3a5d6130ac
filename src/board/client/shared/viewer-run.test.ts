import { describe, expect, it } from 'vitest';
import { parseRunData } from './viewer-run.js';

const FILE = 'https://board.example/data/r1.json';
const base = {
  schema: 'fitness-report.viewer-run/1',
  runId: 'r1',
  serverSlug: 's',
  outcome: 'SCORED',
  recordPage: 'records/r1.html',
  planes: [],
  verification: { status: 'unsigned', problems: [] },
};

/** The run data file's custody hints: the files published and the record's signer. */
describe('run data custody hints', () => {
  it('keeps the published file names and the record’s unsigned reason', () => {
    const data = parseRunData(
      {
        ...base,
        files: ['record.json', 'wire.jsonl', 7],
        signer: { status: 'unsigned', reason: 'the key file is not Ed25519' },
      },
      FILE,
    );
    expect(data?.files).toEqual(['record.json', 'wire.jsonl']);
    expect(data?.signer).toEqual({ status: 'unsigned', reason: 'the key file is not Ed25519' });
  });

  it('drops a signer of another shape, and reads an older data file with no hints', () => {
    expect(
      parseRunData({ ...base, signer: { status: 'trusted', keyid: 'x' } }, FILE)?.signer,
    ).toBeUndefined();
    expect(parseRunData(base, FILE)).toMatchObject({ files: [] });
    expect(parseRunData(base, FILE)?.signer).toBeUndefined();
  });
});

describe('a run data file of another shape', () => {
  it('is refused in one line naming the file and the field', () => {
    const refused = (value: unknown) => () => parseRunData(value, FILE);
    expect(refused({ ...base, runId: 7 })).toThrow(`${FILE}: runId: expected string, got 7`);
    expect(refused({ ...base, verification: { problems: [] } })).toThrow(
      `${FILE}: verification.status: required string, missing`,
    );
    expect(refused({ ...base, schema: 'fitness-report.viewer-run/2' })).toThrow(
      `${FILE}: schema: expected "fitness-report.viewer-run/1", got "fitness-report.viewer-run/2"`,
    );
    expect(refused({ ...base, planes: 'wire.jsonl' })).toThrow(
      `${FILE}: planes: expected array, got "wire.jsonl"`,
    );
    expect(refused([])).toThrow(`${FILE}: (root): expected object, got an array`);
    for (const bad of [{ ...base, runId: 7 }, null, 'nope'])
      expect(() => parseRunData(bad, FILE)).toThrow(/^[^\n]+$/);
  });

  it('never fetches a tape outside the run’s own directory: such a plane is dropped', () => {
    const planes = [
      { plane: 'wire', path: 'wire.jsonl' },
      { plane: 'agent', path: '../../keys.json' },
      { plane: 'judge', path: '.hidden' },
      { plane: 'agent', path: 'a/b.jsonl' },
      'agent.jsonl',
    ];
    expect(parseRunData({ ...base, planes }, FILE).planes).toEqual([{ plane: 'wire', path: 'wire.jsonl' }]);
  });
});
