import { describe, expect, it } from 'vitest';
import { parseRunData } from './load.js';

/** The run data file's custody hints: the files published and the record's signer, read by hand. */
describe('run data custody hints', () => {
  const base = {
    runId: 'r1',
    serverSlug: 's',
    outcome: 'SCORED',
    recordPage: 'records/r1.html',
    planes: [],
    verification: { status: 'unsigned', problems: [] },
  };

  it('keeps the published file names and the record’s unsigned reason', () => {
    const data = parseRunData({
      ...base,
      files: ['record.json', 'wire.jsonl', 7],
      signer: { status: 'unsigned', reason: 'the key file is not Ed25519' },
    });
    expect(data?.files).toEqual(['record.json', 'wire.jsonl']);
    expect(data?.signer).toEqual({ status: 'unsigned', reason: 'the key file is not Ed25519' });
  });

  it('drops a signer of another shape, and reads an older data file with no hints', () => {
    expect(parseRunData({ ...base, signer: { status: 'trusted', keyid: 'x' } })?.signer).toBeUndefined();
    expect(parseRunData(base)).toMatchObject({ files: [] });
    expect(parseRunData(base)?.signer).toBeUndefined();
  });
});
