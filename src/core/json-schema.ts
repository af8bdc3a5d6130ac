import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { linearRegExp } from './linear-regexp.js';

// ajv-formats is CommonJS: under NodeNext the default import is module.exports, whose `default`
// property is the plugin itself (both at runtime and in the typings).
const addFormats = addFormatsModule.default;

export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

/**
 * Largest schema compiled, in characters of its JSON text. A server-supplied schema past it (a
 * 500,000-value enum) would take minutes and gigabytes to compile; it is refused as too large.
 */
export const MAX_SCHEMA_CHARS = 256 * 1024;

export interface CompileOptions {
  /** Report every error (a probe's evidence) rather than stop at the first (admission's verdict). */
  allErrors?: boolean;
}

const DRAFT_04_TO_07 = /^https?:\/\/json-schema\.org\/draft-0[4-7]\/schema#?$/;

/**
 * MCP schemas default to JSON Schema 2020-12; servers built on older generators still declare
 * draft-07, so the dialect follows `$schema`. strict: false because real servers carry unknown
 * keywords, and an unknown keyword is the server's business.
 */
function isDraft07(schema: Record<string, unknown>): boolean {
  return typeof schema.$schema === 'string' && DRAFT_04_TO_07.test(schema.$schema);
}

// One ajv per dialect and error mode: building one and adding the formats costs far more than
// compiling a schema.
const instances = new Map<string, Ajv | Ajv2020>();

function ajvFor(draft07: boolean, allErrors: boolean): Ajv | Ajv2020 {
  const key = `${draft07}:${allErrors}`;
  let ajv = instances.get(key);
  if (ajv === undefined) {
    // Patterns in server-supplied schemas run on a linear-time engine (see linearRegExp).
    const options = { strict: false, allErrors, validateFormats: true, code: { regExp: linearRegExp } };
    ajv = draft07 ? new Ajv(options) : new Ajv2020(options);
    addFormats(ajv);
    instances.set(key, ajv);
  }
  return ajv;
}

// Compiled validators by dialect, error mode and schema text. A run compiles the same few tool
// schemas from the probes, the generator, admission and revalidation, so each compiles once per
// process. Bounded: a hostile server cannot grow it without limit across runs.
const MAX_CACHED = 2_000;
const compiled = new Map<string, CompiledSchema>();

/**
 * Compiles one JSON Schema under ajv (+ formats), cached by its text. `$schema` picks the dialect
 * and is then dropped (ajv bundles no draft-04 meta-schema to resolve it against). Each schema is
 * judged on its own: it leaves ajv's registry after compiling, so a `$id` two tools share cannot
 * collide (the compiled function keeps working).
 */
export function compileSchema(input: Record<string, unknown>, options: CompileOptions = {}): CompiledSchema {
  const draft07 = isDraft07(input);
  const { $schema: _dialect, ...schema } = input;
  const allErrors = options.allErrors === true;
  const text = JSON.stringify(schema);
  if (text.length > MAX_SCHEMA_CHARS)
    return {
      ok: false,
      error: `schema too large to compile (${text.length} characters; limit ${MAX_SCHEMA_CHARS})`,
    };
  const key = `${draft07 ? 7 : 2020}:${allErrors}:${text}`;
  const cached = compiled.get(key);
  if (cached !== undefined) return cached;
  const ajv = ajvFor(draft07, allErrors);
  let result: CompiledSchema;
  // Left as casts: ajv types a schema's keywords, and it judges this untyped one itself (it throws).
  try {
    result = { ok: true, validate: ajv.compile(schema as AnySchema) };
  } catch (err) {
    result = { ok: false, error: err instanceof Error ? err.message : String(err) };
  } finally {
    try {
      ajv.removeSchema(schema as AnySchema);
    } catch {
      // A schema that never compiled may have nothing to remove.
    }
  }
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(key, result);
  return result;
}
