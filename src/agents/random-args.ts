import { generate, type JsonSchema } from 'json-schema-faker';
import { isRecord } from '../core/json.js';
import { deriveSeed } from '../suite/prng.js';

/**
 * Seeded, schema-valid random arguments for one call of the null-random-args phase. The seed is
 * derived from the run seed and the call's place (corr id, call index), so a rerun with the same
 * seed sends the same arguments. A schema the faker cannot satisfy yields `{}`: the server then
 * judges the call, as it would judge any bad input.
 */
export async function randomArguments(
  inputSchema: Record<string, unknown>,
  seed: number,
  label: string,
): Promise<Record<string, unknown>> {
  const { $schema: _s, $id: _i, ...schema } = inputSchema;
  try {
    // Left as a cast: the faker takes any server schema (a shape it cannot walk throws, caught below).
    const value = await generate(schema as JsonSchema, {
      seed: deriveSeed(seed, label),
      optionalsProbability: 0.5,
      maxDepth: 4,
      maxDefaultItems: 2,
    });
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}
