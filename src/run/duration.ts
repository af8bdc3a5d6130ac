import { UsageError } from '../core/errors.js';

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `45m`, `2h`, `1500ms` or a bare number of milliseconds; anything else is a usage error. */
export function parseDuration(flag: string, text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  if (match === null) throw new UsageError(`${flag} needs a duration such as 90s, 45m or 2h, got '${text}'`);
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] ?? 1);
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new UsageError(`${flag} must be positive, got '${text}'`);
  return ms;
}

const UNIT_BYTES: Readonly<Record<string, number>> = { '': 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `64MB`, `512kb`, `1gb` or a bare number of bytes; anything else is a usage error. */
export function parseSize(flag: string, text: string): number {
  const match = /^(\d+)\s*(kb|mb|gb)?$/i.exec(text.trim());
  if (match === null) throw new UsageError(`${flag} needs a size such as 64MB or 512KB, got '${text}'`);
  const bytes = Number(match[1]) * (UNIT_BYTES[(match[2] ?? '').toLowerCase()] ?? 1);
  if (!Number.isSafeInteger(bytes) || bytes <= 0)
    throw new UsageError(`${flag} must be positive, got '${text}'`);
  return bytes;
}
