import { z } from 'zod';
import { Redaction, RedactionEnvelope } from '../tape/redaction.js';
import { Manifest } from '../tape/signature.js';

/**
 * The file names a published run's index files give (src/run/fetch-run.ts): the signed manifest in
 * signature.json, redaction.json, and the site's own list. Each is read from the network, so each
 * is validated; an index that does not parse names nothing here (verify reports it itself).
 */

const Envelope = z.looseObject({ payload: z.base64() });
const PublishedList = z.looseObject({ files: z.array(z.looseObject({ path: z.string() })) });

function json(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The payload of a DSSE envelope, decoded and parsed as JSON. */
function payloadOf(bytes: Buffer): unknown {
  const envelope = Envelope.safeParse(json(bytes));
  return envelope.success ? json(Buffer.from(envelope.data.payload, 'base64')) : undefined;
}

/** The files the signed manifest (signature.json) lists. */
export function manifestNames(bytes: Buffer): string[] {
  const manifest = Manifest.safeParse(payloadOf(bytes));
  return manifest.success ? manifest.data.files.map((f) => f.path) : [];
}

/** The files redaction.json names. */
export function redactionNames(bytes: Buffer): string[] {
  if (!RedactionEnvelope.safeParse(json(bytes)).success) return [];
  const payload = Redaction.safeParse(payloadOf(bytes));
  return payload.success ? payload.data.files.map((f) => f.path) : [];
}

/** The files the site's list (files.json) names. */
export function listedNames(bytes: Buffer): string[] {
  const parsed = PublishedList.safeParse(json(bytes));
  return parsed.success ? parsed.data.files.map((f) => f.path) : [];
}

/** A relative path of plain segments: nothing that could leave the folder or mean two things. */
export function safePath(path: string): boolean {
  return /^[A-Za-z0-9._/-]+$/.test(path) && !path.split('/').some((p) => p === '' || p === '.' || p === '..');
}

/**
 * Why `names` cannot all be files of one folder, or undefined when they can: one name is the folder
 * of another (`a` and `a/b`), or two differ only in case (one file on a case-insensitive file
 * system). Names are compared as written: each has passed safePath, so it holds no `.` or `..`.
 */
export function findClash(names: readonly string[]): string | undefined {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const other = byKey.get(name.toLowerCase());
    if (other !== undefined && other !== name)
      return `'${other}' and '${name}' differ only in case (one file on a case-insensitive file system)`;
    byKey.set(name.toLowerCase(), name);
  }
  for (const name of names) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) {
      const file = byKey.get(parts.slice(0, i).join('/').toLowerCase());
      if (file !== undefined) return `'${file}' is a file and also the folder of '${name}'`;
    }
  }
  return undefined;
}
