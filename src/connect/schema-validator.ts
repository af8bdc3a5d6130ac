import type { jsonSchemaValidator } from '@modelcontextprotocol/client';
import { isRecord } from '../core/json.js';
import { compileSchema } from '../core/json-schema.js';

/**
 * The SDK client's output-schema validator: the harness's own compiler (src/core/json-schema.ts),
 * so a tool's outputSchema is bounded in size before it compiles and its patterns run on a
 * linear-time engine, never JavaScript's backtracking RegExp on the main event loop.
 */
export const schemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: object) {
    if (!isRecord(schema)) throw new Error('the output schema is not a JSON object');
    const compiled = compileSchema(schema);
    if (!compiled.ok) throw new Error(compiled.error);
    const validate = compiled.validate;
    return (input: unknown) => {
      // Left as a cast: the SDK's contract is that data valid under the tool's schema is its T.
      if (validate(input)) return { valid: true as const, data: input as T, errorMessage: undefined };
      const first = validate.errors?.[0];
      const where = first?.instancePath || '(root)';
      return {
        valid: false as const,
        data: undefined,
        errorMessage: `${where} ${first?.message ?? 'does not match the output schema'}`,
      };
    };
  },
};
