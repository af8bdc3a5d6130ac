import { describe, expect, it } from 'vitest';
import { ArgumentValidator } from './arguments.js';

const surface = {
  tools: [
    {
      name: 'mail',
      inputSchema: {
        type: 'object',
        properties: { to: { type: 'string', format: 'email' } },
        required: ['to'],
      },
    },
    {
      name: 'draft7',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] } },
      },
    },
    {
      name: 'tuple2020',
      inputSchema: {
        type: 'object',
        properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } },
      },
    },
    { name: 'broken', inputSchema: { type: 'object', properties: { a: { type: 'no-such-type' } } } },
  ],
};

describe('ArgumentValidator', () => {
  const validator = new ArgumentValidator(surface);

  it('validates formats (ajv-formats)', () => {
    expect(validator.check('mail', { to: 'ada@example.org' })).toBeUndefined();
    expect(validator.check('mail', { to: 'not an address' })).toMatch(/\/to must match format "email"/);
    expect(validator.check('mail', {})).toMatch(/must have required property 'to'/);
  });

  it('follows the declared dialect: draft-07 tuples and 2020-12 prefixItems', () => {
    expect(validator.check('draft7', { pair: ['a', 1] })).toBeUndefined();
    expect(validator.check('draft7', { pair: ['a', 'b'] })).toMatch(/\/pair\/1 must be integer/);
    expect(validator.check('tuple2020', { pair: ['a', 1] })).toBeUndefined();
    expect(validator.check('tuple2020', { pair: [1, 1] })).toMatch(/\/pair\/0 must be string/);
  });

  it('reports a schema that does not compile and an unknown tool', () => {
    expect(validator.check('broken', { a: 1 })).toMatch(/inputSchema of broken does not compile/);
    expect(validator.check('ghost', {})).toBe('unknown tool ghost');
  });
});
