import { generate, type JsonSchema } from 'json-schema-faker';
import { isRecord } from '../../core/json.js';
import type { ToolDescriptor } from '../surface.js';

/** Generated strings are at most this long (a 594 KB generated string once ran a server out of memory). */
export const MAX_GENERATED_STRING = 64;

function capStrings(value: unknown): unknown {
  if (typeof value === 'string') {
    const capped = value.slice(0, MAX_GENERATED_STRING).trim();
    return capped === '' ? 'sample' : capped;
  }
  if (Array.isArray(value)) return value.map(capStrings);
  if (value !== null && typeof value === 'object') return cappedObject(value);
  return value;
}

function cappedObject(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, capStrings(v)]));
}

/**
 * The schema's last resort: seeded json-schema-faker arguments for the required parameters, every
 * string capped at 64 characters and never empty (a 594 KB generated string once ran a server out
 * of memory). A schema the faker cannot satisfy yields none.
 */
export async function schemaArguments(
  tool: ToolDescriptor,
  seed: number,
): Promise<Record<string, unknown> | undefined> {
  const { $schema: _schema, $id: _id, ...schema } = tool.inputSchema;
  try {
    // Left as a cast: the faker takes any server schema (a shape it cannot walk throws, caught below).
    const value = await generate(schema as JsonSchema, {
      seed,
      optionalsProbability: 0,
      maxDepth: 4,
      maxDefaultItems: 2,
      maxLength: MAX_GENERATED_STRING,
    });
    if (!isRecord(value)) return undefined;
    return cappedObject(value);
  } catch {
    return undefined;
  }
}
