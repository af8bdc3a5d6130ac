import { UsageError } from '../core/errors.js';

/**
 * The longest single wait a flag may set (a tool call, a trial, a probe or export request): a day.
 * Far above any useful one, and well below 24.8 days, past which a Node timer fires at once.
 */
export const MAX_WAIT_MS = 24 * 3_600_000;

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * `90s`, `15m`, `2h` or `1500ms`: a number with its unit. A bare number is a usage error (is `5`
 * five seconds or five milliseconds?), and so is anything else.
 */
export function parseDuration(flag: string, text: string): number {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text.trim());
  if (match === null)
    throw new UsageError(
      `${flag} needs a number with its unit (ms, s, m or h), such as 90s, 15m or 2h, got '${text}'`,
    );
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 1);
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new UsageError(`${flag} must be positive, got '${text}'`);
  return ms;
}

const SHOWN_UNITS: readonly (readonly [string, number])[] = [
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/** Milliseconds in the largest unit that divides them: `7200000` → `2h`, `1500` → `1500ms`. */
export function durationText(ms: number): string {
  if (ms > 0) for (const [unit, size] of SHOWN_UNITS) if (ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}

/** Bytes in the largest unit that divides them: `67108864` → `64MB`. */
export function sizeText(bytes: number): string {
  if (bytes > 0 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3}GB`;
  if (bytes > 0 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2}MB`;
  return bytes > 0 && bytes % 1024 === 0 ? `${bytes / 1024}KB` : `${bytes}`;
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
