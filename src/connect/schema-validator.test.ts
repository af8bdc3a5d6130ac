import { describe, expect, it } from 'vitest';
import { compileSchema, MAX_SCHEMA_CHARS } from '../core/json-schema.js';
import { schemaValidator } from './schema-validator.js';

describe('schema validation of server-supplied schemas', () => {
  it('a catastrophic pattern (^(a+)+$) against 40 characters answers at once on the linear-time engine', () => {
    const validate = schemaValidator.getValidator({
      type: 'object',
      properties: { tag: { type: 'string', pattern: '^(a+)+$' } },
    });
    expect(validate({ tag: `${'a'.repeat(39)}!` })).toMatchObject({ valid: false });
    expect(validate({ tag: 'aaaa' })).toMatchObject({ valid: true });
    expect(validate({ tag: `${'a'.repeat(39)}!` }).errorMessage).toMatch(/^\/tag must match pattern/);
  });

  it('the same engine serves the suite: patternProperties too, and an ECMAScript-invalid pattern still fails to compile', () => {
    const compiled = compileSchema({ type: 'object', patternProperties: { '^(x+)+$': { type: 'number' } } });
    expect(compiled.ok && compiled.validate({ [`${'x'.repeat(40)}y`]: 'no' })).toBe(true);
    expect(compiled.ok && compiled.validate({ xxxx: 'no' })).toBe(false);
    expect(compileSchema({ type: 'string', pattern: '(' }).ok).toBe(false);
    // Valid ECMAScript that RE2 cannot run in linear time (a lookahead) is not enforced rather than risked.
    const look = compileSchema({ type: 'string', pattern: '^(?=a)a+$' });
    expect(look.ok && look.validate('b')).toBe(true);
  });

  it('a schema too large to compile is refused before compiling (a 500,000-value enum)', () => {
    const big = { type: 'string', enum: Array.from({ length: 500_000 }, (_, i) => `value-${i}`) };
    const compiled = compileSchema(big);
    expect(compiled).toEqual({
      ok: false,
      error: expect.stringMatching(
        new RegExp(`^schema too large to compile \\(\\d+ characters; limit ${MAX_SCHEMA_CHARS}\\)$`),
      ),
    });
    expect(() => schemaValidator.getValidator(big)).toThrow(/schema too large/);
  });

  it('an output schema that is not a JSON object is refused with one line, not compiled', () => {
    expect(() => schemaValidator.getValidator(JSON.parse('[{"type": "object"}]'))).toThrow(
      /^the output schema is not a JSON object$/,
    );
  });
});
