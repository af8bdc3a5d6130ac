import { describe, expect, it } from 'vitest';
import { compileSchema } from './json-schema.js';

const valid = <T>(c: ReturnType<typeof compileSchema>, value: T): boolean => {
  if (!c.ok) throw new Error(c.error);
  return c.validate(value) === true;
};

describe('compileSchema', () => {
  it('compiles a schema once per text and error mode', () => {
    const a = compileSchema({ type: 'object', properties: { n: { type: 'integer' } } });
    const b = compileSchema({ type: 'object', properties: { n: { type: 'integer' } } });
    const all = compileSchema(
      { type: 'object', properties: { n: { type: 'integer' } } },
      { allErrors: true },
    );
    expect(a).toBe(b);
    expect(all).not.toBe(a);
    expect(valid(a, { n: 1 })).toBe(true);
    expect(valid(a, { n: 'one' })).toBe(false);
  });

  it('reports every error only in allErrors mode', () => {
    const schema = { type: 'object', required: ['a', 'b'] };
    const first = compileSchema(schema);
    const every = compileSchema(schema, { allErrors: true });
    if (!first.ok || !every.ok) throw new Error('should compile');
    first.validate({});
    expect(first.validate.errors).toHaveLength(1);
    every.validate({});
    expect(every.validate.errors).toHaveLength(2);
  });

  it('follows the declared dialect', () => {
    // prefixItems is a 2020-12 keyword; draft-07 ignores it (strict off), 2020-12 enforces it.
    const body = { type: 'array', prefixItems: [{ type: 'string' }] };
    const modern = compileSchema(body);
    const draft07 = compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#', ...body });
    expect(valid(modern, [1])).toBe(false);
    expect(valid(draft07, [1])).toBe(true);
    const draft04 = compileSchema({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' });
    expect(valid(draft04, {})).toBe(true);
  });

  it('judges two schemas sharing an $id independently', () => {
    const one = compileSchema({ $id: 'https://example.com/shared.json', type: 'object', required: ['a'] });
    const two = compileSchema({ $id: 'https://example.com/shared.json', type: 'object', required: ['b'] });
    expect(valid(one, { a: 1 })).toBe(true);
    expect(valid(two, { a: 1 })).toBe(false);
    expect(valid(two, { b: 1 })).toBe(true);
  });

  it('returns the compile error of a broken schema, also when asked again', () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
    const first = compileSchema(broken);
    expect(first.ok).toBe(false);
    expect(first.ok ? '' : first.error).toMatch(/missing/);
    expect(compileSchema(broken)).toBe(first);
  });
});
