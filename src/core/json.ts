/** A JSON object (not null, not an array): the one guard every reader of untyped JSON uses. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
