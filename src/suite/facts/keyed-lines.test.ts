import { describe, expect, it } from 'vitest';
import { facts, readersOf, text } from '../../../test/support/suite/facts.js';
import { keyedLines } from './keyed-lines.js';
import { fileLines } from './line-list.js';

const log = [
  '38469e33a044c8b69bddbda4194cbe73961eeb5c Chen Wei Fri Mar 29 10:00:00 2024 +0000 Document the release process',
  'b9ea49e3192286ca747d0200ca1a59f85a9691b5 Amara Okafor Mon Mar 11 10:00:00 2024 +0000 Add Bergen',
  'da75c3c350321be717f0f4aae837610ef3996461 Luca Ferri Tue Feb 20 10:00:00 2024 +0000 Render weekly table',
].join('\n');

describe('lines keyed by an identifier', () => {
  it('a one-line log: each entry named by its hash, the rest of the line its text', () => {
    expect(readersOf(text(log))).toEqual(['keyed-lines']);
    expect(facts(text(log))).toEqual([
      {
        id: '38469e33a044c8b69bddbda4194cbe73961eeb5c',
        text: 'Chen Wei Fri Mar 29 10:00:00 2024 +0000 Document the release process',
      },
      {
        id: 'b9ea49e3192286ca747d0200ca1a59f85a9691b5',
        text: 'Amara Okafor Mon Mar 11 10:00:00 2024 +0000 Add Bergen',
      },
      {
        id: 'da75c3c350321be717f0f4aae837610ef3996461',
        text: 'Luca Ferri Tue Feb 20 10:00:00 2024 +0000 Render weekly table',
      },
    ]);
  });

  it('ids of one form: short hashes, numbers, ticket keys', () => {
    expect(keyedLines('a1b2c3d Fix the tide offset\n0f9e8d7 Add Porto')?.map((e) => e.id)).toEqual([
      'a1b2c3d',
      '0f9e8d7',
    ]);
    expect(keyedLines('17 Render PDF booklet\n204 Ship the atlas')?.map((e) => e.text)).toEqual([
      'Render PDF booklet',
      'Ship the atlas',
    ]);
    expect(keyedLines('OPS-12 Rotate keys\nOPS-9 Close the quay')?.length).toBe(2);
  });

  it('prose, list markers, repeated or mixed identifiers, and a line without text are not a listing', () => {
    expect(keyedLines('On branch main\nnothing to commit, working tree clean')).toBeUndefined();
    expect(keyedLines('1. Fix the tide offset\n2. Add Porto')).toBeUndefined();
    expect(keyedLines('2024-03-01 started\n2024-03-01 stopped')).toBeUndefined();
    expect(keyedLines('a1b2c3d Fix the tide offset\n17 Add Porto')).toBeUndefined();
    expect(keyedLines('a1b2c3d Fix the tide offset\n0f9e8d7')).toBeUndefined();
    expect(keyedLines('a1b2c3d Fix the tide offset')).toBeUndefined();
  });
});

describe('file names one per line', () => {
  it('a bare list of paths is a list of names; a line that is more than a name is not', () => {
    expect(facts(text('Harbour/Tide tables.md\nStorm procedures.md\n/srv/notes/a.txt'))).toEqual([
      'Harbour/Tide tables.md',
      'Storm procedures.md',
      '/srv/notes/a.txt',
    ]);
    expect(fileLines('Harbour/Tide tables.md')).toBeUndefined();
    expect(fileLines('a.md\nOwner: Ines Marlow')).toBeUndefined();
    expect(fileLines('a.md\nsee the notes for more')).toBeUndefined();
    expect(fileLines('a.md\na.md')).toBeUndefined();
  });
});
