/** A JSON object (not null, not an array): the one guard every reader of untyped JSON uses. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value itself when it is a JSON object, else undefined (for optional chaining through JSON). */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}
