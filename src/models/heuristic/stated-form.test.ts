import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillArguments } from './fill.js';
import { harvestFrom } from './harvest.js';
import { readSchema } from './schema.js';
import { codeNames, describedExamples, fitsStatedForm, formOf } from './stated-form.js';

const param = (extra: Record<string, unknown>) => readSchema({ type: 'string', ...extra });

describe('the form a parameter states', () => {
  it('reads examples after the usual cues, quoted or bare', () => {
    expect(describedExamples('The id as digits (for example "5204"), not its name.')).toEqual(['5204']);
    expect(describedExamples('route id from list_routes, e.g. 7101')).toEqual(['7101']);
    expect(describedExamples('A branch such as `main` or e.g. release-2.1.')).toEqual([
      'main',
      'release-2.1',
    ]);
    expect(describedExamples('The vessel.')).toEqual([]);
  });

  it('orders forms numeral < token < text', () => {
    expect(['5204', '-3.5', 'MV-12', 'Brackwater Pride'].map(formOf)).toEqual([
      'numeral',
      'numeral',
      'token',
      'text',
    ]);
  });

  it('a value fits when no wider than the widest example, and matches the pattern', () => {
    const digits = param({ description: 'The id (for example "5204").' });
    expect(fitsStatedForm('5201', digits)).toBe(true);
    expect(fitsStatedForm('Brackwater Pride', digits)).toBe(false);
    const oneWord = param({ examples: ['alice'] });
    expect(fitsStatedForm('bob_smith', oneWord)).toBe(true);
    expect(fitsStatedForm('Bob Smith', oneWord)).toBe(false);
    const mixed = param({ examples: ['5204', 'Morning Gannet'] });
    expect(fitsStatedForm('Brackwater Pride', mixed)).toBe(true);
    const pattern = param({ pattern: '^[A-Z]{3}$' });
    expect(fitsStatedForm('OSL', pattern)).toBe(true);
    expect(fitsStatedForm('Oslo', pattern)).toBe(false);
  });

  it('a parameter that states nothing, or a pattern that does not compile here, accepts any string (fast-check)', () => {
    fc.assert(
      fc.property(fc.string(), (v) => {
        expect(fitsStatedForm(v, param({ description: 'The vessel.' }))).toBe(true);
        expect(fitsStatedForm(v, param({ pattern: '(' }))).toBe(true);
      }),
    );
  });

  it('names the fields a description writes as code', () => {
    expect(codeNames('as list_vessels returns it in `vessel` (for example "5204")')).toEqual(['vessel']);
    expect(codeNames('no code here')).toEqual([]);
  });
});

describe('fillArguments with a stated form', () => {
  const task =
    'Find the entry in vessels whose name is "Brackwater Pride". Then fetch the full record of one vessel for that entry.';
  const schema = {
    type: 'object',
    properties: {
      vesselId: {
        type: 'string',
        description:
          'The numeric id written as digits, as list_vessels returns it in `vessel` (for example "5204").',
      },
    },
    required: ['vesselId'],
  };

  it('does not send a name where the parameter states digits: the value is missing, not guessed from the text', () => {
    expect(fillArguments(schema, task).guessed).toEqual(['vesselId']);
  });

  it('takes the value from the field the description names in an earlier result', () => {
    const listing = {
      vessels: [
        { vessel: '5201', name: 'Morning Gannet' },
        { vessel: '5204', name: 'Brackwater Pride' },
      ],
    };
    expect(fillArguments(schema, task, harvestFrom(listing, task))).toEqual({
      args: { vesselId: '5204' },
      guessed: [],
      harvested: ['vesselId'],
    });
  });
});
