// @ts-check
/** Small helpers for reading and editing JSON-RPC frames without casts. */

/** @typedef {Record<string, unknown>} Frame */

/**
 * @param {unknown} value
 * @returns {value is Frame}
 */
export function isFrame(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @param {string} text
 * @returns {Frame | undefined}
 */
export function parseFrame(text) {
  try {
    const value = JSON.parse(text);
    return isFrame(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The object at `keys` below `value`, or undefined when any step is missing or not an object.
 * @param {unknown} value
 * @param {...string} keys
 * @returns {Frame | undefined}
 */
export function objectAt(value, ...keys) {
  let current = value;
  for (const key of keys) {
    if (!isFrame(current)) return undefined;
    current = current[key];
  }
  return isFrame(current) ? current : undefined;
}
