import { generate, type JsonSchema } from 'json-schema-faker';
import { isRecord } from '../../core/json.js';
import type { ToolDescriptor } from '../surface.js';
import { wordsOf } from '../verbs.js';

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
 * Values of the kinds a parameter's name can say, for a plain string parameter (no enum, format or
 * pattern of its own): a made-up value is of the kind its name says, or a server that checks the
 * kind refuses it ("Invalid time zone specified: x6") and the tool is never reached.
 */
const KINDS: readonly { name: RegExp; values: readonly string[] }[] = [
  { name: /(?:^|_)(?:time_?zone|tz)$/, values: ['Europe/Lisbon', 'America/New_York', 'Asia/Tokyo'] },
  { name: /(?:^|_)(?:date_?time|timestamp|time)$/, values: ['2024-03-15T09:30:00Z', '2023-11-02T18:05:00Z'] },
  { name: /(?:^|_)(?:date|day)$/, values: ['2024-03-15', '2023-11-02'] },
  { name: /(?:^|_)(?:e_?mail)$/, values: ['ines.marlow@example.org'] },
  { name: /(?:^|_)(?:url|uri|link)$/, values: ['https://example.org/'] },
  { name: /(?:^|_)currency(?:_?code)?$/, values: ['EUR', 'USD', 'JPY'] },
  { name: /(?:^|_)locale$/, values: ['en-GB', 'pt-PT'] },
];

function plainString(schema: unknown): boolean {
  if (!isRecord(schema) || schema.type !== 'string') return false;
  return schema.enum === undefined && schema.format === undefined && schema.pattern === undefined;
}

/** The generated arguments with each plain string whose name says a kind given a value of it. */
function ofTheirKinds(
  tool: ToolDescriptor,
  value: Record<string, unknown>,
  seed: number,
): Record<string, unknown> {
  const props = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  return Object.fromEntries(
    Object.entries(value).map(([name, v], i) => {
      const kind = KINDS.find((k) => k.name.test(wordsOf(name).join('_')));
      if (kind === undefined || typeof v !== 'string' || !plainString(props[name])) return [name, v];
      return [name, kind.values[(seed + i) % kind.values.length]];
    }),
  );
}

/**
 * The schema's last resort: seeded json-schema-faker arguments for the required parameters, every
 * string capped at 64 characters and never empty (a 594 KB generated string once ran a server out
 * of memory), a plain string whose name says a kind (a time zone, a date) one of that kind. A
 * schema the faker cannot satisfy yields none.
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
    return ofTheirKinds(tool, cappedObject(value), Math.abs(seed));
  } catch {
    return undefined;
  }
}
