import { readSchema, type SchemaNode } from './schema.js';

export class UnsupportedSchema extends Error {}

/**
 * A deterministic minimal JSON value satisfying a simple schema: required properties only, the
 * schema's own const/default/enum where given, otherwise the smallest value of the type.
 * Patterns and references cannot be satisfied blindly, so they are refused, not guessed.
 */
export function minimalJson(rawSchema: unknown): unknown {
  return minimal(readSchema(rawSchema), '');
}

function minimal(node: SchemaNode, path: string): unknown {
  if (node.hasConst) return node.const;
  if (node.hasDefault) return node.default;
  if (node.enum?.[0] !== undefined) return node.enum[0];
  if (node.unsupported !== undefined) throw new UnsupportedSchema(`${node.unsupported} at '${path || '/'}'`);
  if (node.type === undefined && node.branches[0] !== undefined) return minimal(node.branches[0], path);
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of node.properties) {
        if (node.required.includes(key)) out[key] = minimal(child, `${path}/${key}`);
      }
      return out;
    }
    case 'array': {
      const count = node.minItems ?? 0;
      if (count > 0 && node.items === undefined)
        throw new UnsupportedSchema(`untyped array items at '${path}'`);
      return Array.from({ length: count }, (_, i) => minimal(node.items ?? node, `${path}/${i}`));
    }
    case 'integer':
    case 'number':
      if (node.minimum !== undefined && node.minimum > 0) return Math.ceil(node.minimum);
      return node.maximum !== undefined && node.maximum < 0 ? Math.floor(node.maximum) : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      if (node.pattern !== undefined) throw new UnsupportedSchema(`string pattern at '${path || '/'}'`);
      return 'x'.repeat(node.minLength ?? 0);
    default:
      return {};
  }
}
