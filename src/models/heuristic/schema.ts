import { isRecord } from '../../core/json.js';
// Tool schemas arrive as JSON Schema from an untrusted server (and the AI SDK's JSONSchema7 type
// resolves to `any` here), so every field is read through these narrowing accessors.

export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

export interface SchemaNode {
  type?: SchemaType;
  properties: Array<[string, SchemaNode]>;
  required: string[];
  items?: SchemaNode;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  description: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  hasConst: boolean;
  hasDefault: boolean;
  /** anyOf / oneOf branches, for callers that need to pick one. */
  branches: SchemaNode[];
  unsupported?: string;
}

const TYPES: readonly SchemaType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

function pickType(raw: unknown): SchemaType | undefined {
  const list = Array.isArray(raw) ? raw : [raw];
  const found = list.find((t): t is SchemaType => t !== 'null' && TYPES.some((type) => type === t));
  return found ?? (list.includes('null') ? 'null' : undefined);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function readSchema(raw: unknown, depth = 0): SchemaNode {
  const node: SchemaNode = {
    properties: [],
    required: [],
    description: '',
    branches: [],
    hasConst: false,
    hasDefault: false,
  };
  if (!isRecord(raw) || depth > 8) return node;
  node.type = pickType(raw.type);
  node.description = typeof raw.description === 'string' ? raw.description : '';
  if (isRecord(raw.properties)) {
    node.properties = Object.entries(raw.properties).map(([k, v]) => [k, readSchema(v, depth + 1)]);
    if (node.type === undefined) node.type = 'object';
  }
  if (Array.isArray(raw.required))
    node.required = raw.required.filter((r): r is string => typeof r === 'string');
  if (raw.items !== undefined && !Array.isArray(raw.items)) node.items = readSchema(raw.items, depth + 1);
  if (Array.isArray(raw.enum)) node.enum = raw.enum;
  if ('const' in raw) {
    node.const = raw.const;
    node.hasConst = true;
  }
  if ('default' in raw) {
    node.default = raw.default;
    node.hasDefault = true;
  }
  if (Array.isArray(raw.examples)) node.examples = raw.examples;
  node.minimum = num(raw.minimum) ?? num(raw.exclusiveMinimum);
  node.maximum = num(raw.maximum) ?? num(raw.exclusiveMaximum);
  node.minLength = num(raw.minLength);
  node.minItems = num(raw.minItems);
  if (typeof raw.pattern === 'string') node.pattern = raw.pattern;
  const branches = Array.isArray(raw.anyOf) ? raw.anyOf : Array.isArray(raw.oneOf) ? raw.oneOf : [];
  node.branches = branches.map((b) => readSchema(b, depth + 1)).filter((b) => b.type !== 'null');
  if (node.type === undefined && node.branches[0] !== undefined) node.type = node.branches[0].type;
  if (typeof raw.$ref === 'string') node.unsupported = '$ref';
  if (Array.isArray(raw.allOf)) node.unsupported = 'allOf';
  return node;
}
