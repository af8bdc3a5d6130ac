import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { FitnessError, messageOf } from '../core/errors.js';
import { isRecord } from '../core/json.js';
import { RUN_FILES } from '../tape/file-names.js';
import { Redaction, RedactionEnvelope } from '../tape/redaction.js';
import { Manifest } from '../tape/signature.js';

/** The published file list a site writes beside each run (board publish), when present. */
export const PUBLISHED_FILES = 'files.json';
const PublishedList = z.looseObject({ files: z.array(z.looseObject({ path: z.string() })) });

async function get(url: URL): Promise<Buffer | undefined> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', credentials: 'omit' });
  } catch (err) {
    throw new FitnessError('VERIFY_FETCH', `${url.href}: cannot fetch (${messageOf(err)})`);
  }
  if (res.status === 404) return undefined;
  if (!res.ok) throw new FitnessError('VERIFY_FETCH', `${url.href}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The files a published run's redaction.json names (verify reports an unreadable one itself). */
function redactionPaths(bytes: Buffer): string[] {
  try {
    const envelope = RedactionEnvelope.safeParse(JSON.parse(bytes.toString('utf8')));
    if (!envelope.success) return [];
    const payload = Redaction.safeParse(
      JSON.parse(Buffer.from(envelope.data.payload, 'base64').toString('utf8')),
    );
    return payload.success ? payload.data.files.map((f) => f.path) : [];
  } catch {
    return [];
  }
}

function safePath(path: string): boolean {
  return /^[A-Za-z0-9._/-]+$/.test(path) && !path.split('/').some((p) => p === '' || p === '.' || p === '..');
}

/**
 * Copies a published run (`<site>/runs/<run-id>/`) into a fresh temporary directory: its
 * signature and redaction.json, every file the manifest or redaction.json names, and every file the
 * site's own list names (so a file
 * the site publishes beyond the manifest is seen). The copy is then verified like any run directory.
 */
export async function fetchPublishedRun(siteUrl: string): Promise<string> {
  let base: URL;
  try {
    base = new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
  } catch {
    throw new FitnessError('USAGE', `${siteUrl}: not a URL`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'fr-verify-'));
  const envelopeBytes = await get(new URL(RUN_FILES.signature, base));
  const names = new Set<string>([RUN_FILES.record]);
  if (envelopeBytes !== undefined) {
    writeFileSync(join(dir, RUN_FILES.signature), envelopeBytes);
    try {
      const envelope: unknown = JSON.parse(envelopeBytes.toString('utf8'));
      const payload =
        isRecord(envelope) && typeof envelope.payload === 'string'
          ? Buffer.from(envelope.payload, 'base64')
          : Buffer.alloc(0);
      const manifest = Manifest.safeParse(JSON.parse(payload.toString('utf8')));
      if (manifest.success) for (const f of manifest.data.files) names.add(f.path);
    } catch {
      // verify reports an unreadable envelope itself
    }
  }
  const redactionBytes = await get(new URL(RUN_FILES.redaction, base));
  if (redactionBytes !== undefined) {
    writeFileSync(join(dir, RUN_FILES.redaction), redactionBytes);
    for (const path of redactionPaths(redactionBytes)) names.add(path);
  }
  const listed = await get(new URL(PUBLISHED_FILES, base));
  if (listed !== undefined) {
    const parsed = PublishedList.safeParse(JSON.parse(listed.toString('utf8')));
    if (parsed.success) for (const f of parsed.data.files) names.add(f.path);
  }
  for (const name of names) {
    if (
      name === RUN_FILES.signature ||
      name === RUN_FILES.redaction ||
      name === PUBLISHED_FILES ||
      !safePath(name)
    )
      continue;
    const bytes = await get(new URL(name.split('/').map(encodeURIComponent).join('/'), base));
    if (bytes === undefined) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  return dir;
}
