import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillArguments } from './fill.js';
import { harvestFrom } from './harvest.js';

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

describe('fillArguments', () => {
  it('takes a value written next to a multi-word property name', () => {
    const schema = obj({ user_id: { type: 'integer' }, order_id: { type: 'integer' } }, [
      'user_id',
      'order_id',
    ]);
    expect(fillArguments(schema, 'For user id 12, show order 99').args).toEqual({
      user_id: 12,
      order_id: 99,
    });
  });

  it('respects minimum and maximum when taking numbers from the text', () => {
    const schema = obj({ page: { type: 'integer', minimum: 1, maximum: 50 } }, ['page']);
    expect(fillArguments(schema, 'show 500 rows starting at 3').args).toEqual({ page: 3 });
  });

  it('leaves optional properties unset without direct evidence, and sets them with it', () => {
    const schema = obj(
      { city: { type: 'string' }, units: { type: 'string', enum: ['metric', 'imperial'] } },
      ['city'],
    );
    expect(fillArguments(schema, 'Weather in Oslo').args).toEqual({ city: 'Oslo' });
    expect(fillArguments(schema, 'Weather in Oslo, imperial please').args).toEqual({
      city: 'Oslo',
      units: 'imperial',
    });
  });

  it('sets a boolean flag named in the text, and honours a negation', () => {
    const schema = obj({ include_archived: { type: 'boolean' } });
    expect(fillArguments(schema, 'List projects, include archived ones').args).toEqual({
      include_archived: true,
    });
    expect(fillArguments(schema, 'List projects but do not include archived').args).toEqual({
      include_archived: false,
    });
  });

  it('uses the schema default, then a minimal value, for required properties without evidence', () => {
    const schema = obj(
      {
        limit: { type: 'integer', default: 25 },
        tag: { type: 'string', minLength: 2 },
        flags: { type: 'array' },
      },
      ['limit', 'tag', 'flags'],
    );
    const result = fillArguments(schema, 'list everything');
    expect(result.args).toEqual({ limit: 25, tag: 'xx', flags: [] });
    expect(result.guessed).toEqual(['limit', 'tag', 'flags']);
  });

  it('fills identifiers, quoted strings and topics for string parameters', () => {
    const schema = obj({ id: { type: 'string' } }, ['id']);
    expect(fillArguments(schema, 'Fetch ord_8812 please').args).toEqual({ id: 'ord_8812' });
    const search = obj({ query: { type: 'string' } }, ['query']);
    expect(fillArguments(search, 'Find notes about compost bins.').args).toEqual({ query: 'compost bins' });
    expect(fillArguments(search, "Find notes titled 'Q3 plan'").args).toEqual({ query: 'Q3 plan' });
  });

  it('takes a harvested id from the record the task mentions', () => {
    const schema = obj({ id: { type: 'integer' } }, ['id']);
    const data = {
      items: [
        { id: 1, name: 'bob' },
        { id: 2, name: 'alice' },
      ],
    };
    const harvest = harvestFrom(data, 'details for alice');
    const result = fillArguments(schema, 'details for alice', harvest);
    expect(result).toEqual({ args: { id: 2 }, guessed: [], harvested: ['id'] });
  });

  it('always sets every required property, whatever the text (property)', () => {
    const schema = obj(
      {
        id: { type: 'integer' },
        name: { type: 'string' },
        kind: { type: 'string', enum: ['a', 'b'] },
        ratio: { type: 'number', minimum: 0, maximum: 1 },
        on: { type: 'boolean' },
      },
      ['id', 'name', 'kind', 'ratio', 'on'],
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const { args } = fillArguments(schema, text);
        expect(Number.isInteger(args.id)).toBe(true);
        expect(typeof args.name).toBe('string');
        expect(['a', 'b']).toContain(args.kind);
        expect(args.ratio).toBeGreaterThanOrEqual(0);
        expect(args.ratio).toBeLessThanOrEqual(1);
        expect(typeof args.on).toBe('boolean');
      }),
    );
  });
});
