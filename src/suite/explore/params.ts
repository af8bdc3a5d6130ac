import { isRecord } from '../../core/json.js';
import type { QueryLanguage } from '../../record/exploration.js';
import { looseName } from '../facts/leaves.js';
import type { ToolDescriptor } from '../surface.js';
import { exampleValues } from './examples.js';

/** One input parameter as explore/2 reads it from the tool's inputSchema. */
export interface ParamSpec {
  name: string;
  required: boolean;
  /** JSON type (first non-null of a type list, or of the first anyOf/oneOf branch). */
  type?: string;
  /** For arrays: the item type. */
  itemType?: string;
  enum?: unknown[];
  /** A path, file or directory parameter (by name). */
  pathLike: boolean;
  /** A free-text query parameter (query, search, keyword…). */
  topic: boolean;
  /** Its schema's own description, when it has one. */
  description?: string;
  /** Values its own schema offers as examples (`examples.ts`), when it offers any. */
  examples?: unknown[];
  /** The query language it takes (`query-language.ts`): set by explore/2 for an explorable tool only. */
  query?: QueryLanguage;
}

function typeOf(node: Record<string, unknown>): string | undefined {
  const type = node.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches)) {
      for (const branch of branches) {
        const t = isRecord(branch) ? typeOf(branch) : undefined;
        if (t !== undefined && t !== 'null') return t;
      }
    }
  }
  if (Array.isArray(node.enum)) {
    const first = node.enum[0];
    return typeof first === 'number' ? 'number' : typeof first === 'string' ? 'string' : undefined;
  }
  return undefined;
}

const PATH_WORDS =
  /(?:^|_|-|\b)(?:path|paths|file|files|filename|filepath|dir|dirs|directory|directories|folder|location|root|repo|repository|cwd)(?:$|_|-|\b)/i;
const TOPIC =
  /^(?:query|q|search|term|terms|keyword|keywords|text|prompt|question|filter|topic|subject|name_contains)$/i;

export function isPathLike(name: string): boolean {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2');
  return PATH_WORDS.test(spaced);
}

export function paramsOf(tool: ToolDescriptor): ParamSpec[] {
  const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const required = new Set(
    Array.isArray(tool.inputSchema.required)
      ? tool.inputSchema.required.filter((r) => typeof r === 'string')
      : [],
  );
  return Object.entries(properties).flatMap(([name, raw]) => {
    if (!isRecord(raw)) return [];
    const type = typeOf(raw);
    const items = isRecord(raw.items) ? raw.items : undefined;
    const spec: ParamSpec = {
      name,
      required: required.has(name),
      pathLike: isPathLike(name),
      topic: TOPIC.test(looseName(name)) || TOPIC.test(name),
    };
    if (type !== undefined) spec.type = type;
    if (typeof raw.description === 'string') spec.description = raw.description;
    const examples = exampleValues(raw);
    if (examples.length > 0) spec.examples = examples;
    const itemType = items === undefined ? undefined : typeOf(items);
    if (itemType !== undefined) spec.itemType = itemType;
    const values = Array.isArray(raw.enum) ? raw.enum : Array.isArray(items?.enum) ? items.enum : undefined;
    if (values !== undefined) spec.enum = values.slice(0, 50);
    return [spec];
  });
}

/** Size limits past which a schema is not explored (a hostile or broken server). */
export const SCHEMA_LIMITS = { bytes: 256 * 1024, enumValues: 1_000, nodes: 20_000 } as const;

/**
 * Why a tool's inputSchema is too hostile to explore (recursive `$ref`, a huge enum, a huge
 * schema), or undefined. Bounded: the walk stops at SCHEMA_LIMITS.nodes.
 */
export function schemaHazard(schema: Record<string, unknown>): string | undefined {
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return 'its inputSchema cannot be serialised';
  }
  if (text.length > SCHEMA_LIMITS.bytes)
    return `its inputSchema is ${Math.round(text.length / 1024)} KB (limit ${SCHEMA_LIMITS.bytes / 1024} KB)`;
  let nodes = 0;
  let hazard: string | undefined;
  const resolve = (ref: string): unknown => {
    if (ref === '#') return schema;
    if (!ref.startsWith('#/')) return undefined;
    let current: unknown = schema;
    for (const token of ref.slice(2).split('/')) {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      current = isRecord(current) ? current[key] : undefined;
    }
    return current;
  };
  const walk = (node: unknown, refs: readonly string[]) => {
    if (hazard !== undefined || ++nodes > SCHEMA_LIMITS.nodes) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, refs);
      return;
    }
    if (!isRecord(node)) return;
    if (Array.isArray(node.enum) && node.enum.length > SCHEMA_LIMITS.enumValues) {
      hazard = `an enum of ${node.enum.length} values (limit ${SCHEMA_LIMITS.enumValues})`;
      return;
    }
    if (typeof node.$ref === 'string') {
      if (refs.includes(node.$ref)) {
        hazard = `a recursive $ref (${node.$ref})`;
        return;
      }
      walk(resolve(node.$ref), [...refs, node.$ref]);
    }
    for (const [key, value] of Object.entries(node)) if (key !== '$ref') walk(value, refs);
  };
  walk(schema, []);
  if (hazard === undefined && nodes > SCHEMA_LIMITS.nodes)
    hazard = `its inputSchema has more than ${SCHEMA_LIMITS.nodes} nodes`;
  return hazard;
}
