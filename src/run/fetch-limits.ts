import { UsageError } from '../core/errors.js';

/**
 * The bounds of fetching a published run for `verify SITE_URL` (src/run/fetch-run.ts), declared
 * here once. The signed manifest and the record schemas set no limit on a run's files (a run holds
 * about ten, a few dozen with conformance outputs), so these are the only ones; `verify --help`, the
 * README and docs/design.md print them from or beside this table. A fetch that passes one fails
 * with VERIFY_FETCH naming the URL and the limit, and leaves no temporary folder behind.
 */
export interface FetchLimits {
  /** Largest one fetched file may be, in bytes (checked against Content-Length, then as it streams). */
  fileBytes: number;
  /** Largest signature.json, redaction.json or files.json: these are parsed in memory. */
  indexBytes: number;
  /** Bytes of every file together. */
  totalBytes: number;
  /** Most file names the manifest, redaction.json and files.json may name together. */
  files: number;
  /** Most file requests in flight at once. */
  concurrency: number;
  /** Deadline of one request, from sending it to its body's last byte (so a drip times out too). */
  requestMs: number;
  /** Deadline of the whole fetch. */
  totalMs: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_FETCH_LIMITS: Readonly<FetchLimits> = Object.freeze({
  fileBytes: 256 * MiB,
  indexBytes: 16 * MiB,
  totalBytes: 1024 * MiB,
  files: 1_000,
  concurrency: 4,
  requestMs: 60_000,
  totalMs: 300_000,
});

/** The defaults with the caller's overrides; each must be a positive integer. */
export function fetchLimits(overrides: Partial<FetchLimits> = {}): FetchLimits {
  const limits = { ...DEFAULT_FETCH_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits))
    if (!Number.isSafeInteger(value) || value < 1)
      throw new UsageError(`fetch limit ${name}: ${value} is not a positive integer`);
  return limits;
}

/** `256 MiB`, `1 GiB`, or a byte count when it is not a whole number of either. */
export function formatBytes(n: number): string {
  if (n % (1024 * MiB) === 0) return `${n / (1024 * MiB)} GiB`;
  if (n % MiB === 0) return `${n / MiB} MiB`;
  return `${n.toLocaleString('en-US')} bytes`;
}

/** `60 s`, `5 min`, or milliseconds when it is not a whole number of seconds. */
export function formatMs(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** The limits as `verify --help` lists them (the README and docs/design.md say the same). */
export function fetchLimitsHelp(limits: Readonly<FetchLimits> = DEFAULT_FETCH_LIMITS): string[] {
  return [
    `${formatBytes(limits.fileBytes)} per file (${formatBytes(limits.indexBytes)} for signature.json, redaction.json and files.json), ${formatBytes(limits.totalBytes)} in all`,
    `${limits.files.toLocaleString('en-US')} files, ${limits.concurrency} requests at a time`,
    `${formatMs(limits.requestMs)} per request (its last byte included), ${formatMs(limits.totalMs)} in all`,
  ];
}
