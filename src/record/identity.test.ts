import { describe, expect, it } from 'vitest';
import { generatorChip } from './identity.js';
import { Notes, standingNoteSummary } from './notes.js';

describe('identity helpers', () => {
  it('chips a generator, or says it was not recorded', () => {
    expect(generatorChip({ name: 'explore', version: '1' })).toBe('explore/1');
    expect(generatorChip({ recorded: false, limitation: 'predates the field' })).toBe(
      'generator not recorded',
    );
  });
});

describe('notes', () => {
  it('counts standing notes and rejects a duplicated id across own and standing', () => {
    const notes = {
      own: [{ id: 'n1', text: 'own' }],
      standing: [
        { id: 's1', text: 'a' },
        { id: 's2', text: 'b' },
      ],
    };
    expect(standingNoteSummary(Notes.parse(notes))).toEqual({ count: 2, ids: ['s1', 's2'] });
    const dup = Notes.safeParse({ ...notes, standing: [{ id: 'n1', text: 'again' }] });
    expect(dup.success).toBe(false);
    expect(dup.error?.issues[0]?.message).toBe('duplicate note id n1');
  });
});
