import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { z } from 'zod';
import { errorCode, FitnessError } from '../core/errors.js';
import { summarize } from '../core/issues.js';
import { isRecord } from '../core/json.js';
import { Redactor } from '../tape/redact.js';
import { migrateV1 } from './migrate.js';
import { KNOWN_SCHEMAS, RunRecord, SCHEMA_V1, SCHEMA_V2 } from './run.js';
import { RunRecordV1 } from './run-v1.js';

/** A record that does not validate: the message names the file and the failing path. */
export class RecordInvalidError extends FitnessError {
  constructor(source: string, detail: string) {
    super('RECORD_INVALID', `${source}: ${detail}`, { source });
  }
}

/** A record whose `schema` this version cannot read. */
export class RecordVersionError extends FitnessError {
  constructor(source: string, found: unknown) {
    super(
      'RECORD_VERSION',
      `${source}: schema: unknown record version ${JSON.stringify(found) ?? 'undefined'} (known: ${KNOWN_SCHEMAS.join(', ')})`,
      { source },
    );
  }
}

export class RecordIoError extends FitnessError {
  constructor(source: string, detail: string) {
    super('RECORD_IO', `${source}: ${detail}`, { source });
  }
}

function validate<T>(schema: z.ZodType<T>, value: unknown, source: string): T {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) throw new RecordInvalidError(source, summarize(parsed.error.issues));
  return parsed.data;
}

/**
 * Validates a record (JSON text or an already-parsed value) and migrates it to the current schema.
 * `source` names where it came from in every error message.
 */
export function parseRecord(json: unknown, source: string): RunRecord {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (err) {
      throw new RecordInvalidError(source, `not JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (!isRecord(value)) {
    throw new RecordInvalidError(source, '(root): expected a JSON object');
  }
  const schema = value.schema;
  if (schema === SCHEMA_V2) return validate(RunRecord, value, source);
  if (schema === SCHEMA_V1) {
    const v1 = validate(RunRecordV1, value, source);
    const migrated = RunRecord.safeParse(migrateV1(v1), { reportInput: true });
    if (!migrated.success) {
      throw new RecordInvalidError(
        source,
        `after migration from ${SCHEMA_V1}: ${summarize(migrated.error.issues)}`,
      );
    }
    return migrated.data;
  }
  throw new RecordVersionError(source, schema);
}

export async function readRecord(path: string): Promise<RunRecord> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new RecordIoError(path, `cannot read: ${errorCode(err) ?? String(err)}`);
  }
  return parseRecord(text, path);
}

export interface WriteOptions {
  /** Known secrets (secret header and env values, URL userinfo, model keys): scrubbed before writing. */
  secrets?: readonly string[];
}

/**
 * The record with every known secret scrubbed from its string values, and any entry whose key
 * carries a secret left out (keys are never rewritten). Scrubbing replaces what a refusal used to
 * lose: a server that echoes the credential can no longer deny a run its record.
 */
export function scrubRecord(record: unknown, secrets: readonly string[]): unknown {
  return new Redactor(secrets).scrubDroppingKeys(record);
}

/** The bytes writeRecord puts on disk: validated, two-space indented, newline-terminated. */
export function serializeRecord(record: unknown, source = 'record'): string {
  const valid = validate(RunRecord, record, source);
  return `${JSON.stringify(valid, null, 2)}\n`;
}

/** Scrubs, validates, then writes atomically (temp file in the same directory, then rename). */
export async function writeRecord(
  path: string,
  record: RunRecord,
  options: WriteOptions = {},
): Promise<void> {
  await writeRecordText(path, serializeRecord(scrubRecord(record, options.secrets ?? []), path));
}

/** Writes already-serialized record text atomically (temp file in the same directory, then rename). */
export async function writeRecordText(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw new RecordIoError(path, `cannot write: ${errorCode(err) ?? String(err)}`);
  }
}
