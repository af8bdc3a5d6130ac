import { UsageError } from '../cli/errors.js';

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `45m`, `2h`, `1500ms` or a bare number of milliseconds; anything else is a usage error. */
export function parseDuration(flag: string, text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  if (match === null) throw new UsageError(`${flag} needs a duration such as 90s, 45m or 2h, got '${text}'`);
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] ?? 1);
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new UsageError(`${flag} must be positive, got '${text}'`);
  return ms;
}
