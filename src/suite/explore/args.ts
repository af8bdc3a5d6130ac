import { generate, type JsonSchema } from 'json-schema-faker';
import type { ArgumentValidator } from '../admission/arguments.js';
import type { ToolDescriptor } from '../surface.js';
import { fieldName, type Leaf, looseName } from './leaves.js';

/** Required parameter names that the schema actually declares. */
export function requiredParams(tool: ToolDescriptor): string[] {
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
  const properties = tool.inputSchema.properties;
  return required.filter(
    (name): name is string =>
      typeof name === 'string' && properties !== null && typeof properties === 'object' && name in properties,
  );
}

/**
 * Seeded schema-valid arguments for the required parameters only (optional ones add nothing but
 * ways to fail). json-schema-faker seeds its own mulberry32; a schema it cannot fake yields none.
 */
export async function schemaArguments(
  tool: ToolDescriptor,
  seed: number,
): Promise<Record<string, unknown> | undefined> {
  const { $schema: _schema, $id: _id, ...schema } = tool.inputSchema;
  try {
    const value = await generate(schema as JsonSchema, {
      seed,
      optionalsProbability: 0,
      maxDepth: 4,
      maxDefaultItems: 2,
    });
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A parameter fed from an earlier result: `bookId` takes `id` or `bookId` leaves. */
export function feeds(param: string, leaf: Leaf): boolean {
  const field = fieldName(leaf);
  if (field === undefined) return false;
  const p = looseName(param);
  const f = looseName(field);
  return p === f || (p.endsWith('id') && f === 'id');
}

/** Harvested leaves that can fill a single required parameter, schema-checked, first value wins. */
export function harvestFor(
  tool: ToolDescriptor,
  param: string,
  leaves: readonly { leaf: Leaf; from: number }[],
  validator: ArgumentValidator,
): { leaf: Leaf; from: number }[] {
  const seen = new Set<string>();
  return leaves.filter(({ leaf }) => {
    const key = JSON.stringify(leaf.value);
    if (seen.has(key) || !feeds(param, leaf)) return false;
    seen.add(key);
    return validator.check(tool.name, { [param]: leaf.value }) === undefined;
  });
}
