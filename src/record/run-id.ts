import { z } from 'zod';

// A run id is `<server-slug>-<UTC time>`: made here, read here, and checked by the schema here.

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** `YYYYMMDDTHHMMSSZ`, or to the millisecond `YYYYMMDDTHHMMSSmmmZ`. */
const STAMP = '(\\d{4})(\\d{2})(\\d{2})T(\\d{2})(\\d{2})(\\d{2})(\\d{3})?Z';

export const ServerSlug = z.string().regex(new RegExp(`^${SLUG}$`), 'expected a lowercase slug');

/** `<server-slug>-<UTC time>`, e.g. `acme-notes-20261101T120000Z`. */
export const RunId = z.string().regex(new RegExp(`^${SLUG}-${STAMP}$`), 'expected <slug>-<YYYYMMDDTHHMMSSZ>');

/** Builds a run id from the slug and start time, to the second or (to tell runs apart) the millisecond. */
export function makeRunId(serverSlug: string, startedAt: Date, precision: 's' | 'ms' = 's'): string {
  const iso = startedAt.toISOString().replace(/[-:]/g, '');
  const stamp = precision === 's' ? iso.replace(/\.\d{3}Z$/, 'Z') : iso.replace('.', '');
  return `${serverSlug}-${stamp}`;
}

/**
 * Reads a run id, or a name that starts with one (a run directory's): the slug before the first
 * `-<UTC time>`, and that start time as an ISO timestamp. Undefined when it carries no time.
 */
export function parseRunId(text: string): { slug: string; startedAt: string } | undefined {
  const m = new RegExp(`-${STAMP}`).exec(text);
  if (m === null) return undefined;
  const [, year, month, day, hour, minute, second, ms] = m;
  return {
    slug: text.slice(0, m.index),
    startedAt: `${year}-${month}-${day}T${hour}:${minute}:${second}.${ms ?? '000'}Z`,
  };
}
