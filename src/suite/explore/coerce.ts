import { canonicalJson } from '../../core/canonical.js';
import type { ParamSpec } from './params.js';

/**
 * A known value in the form its parameter takes (a numeric text for a number, a number as text for
 * a string, one item for an array), or undefined when it cannot take it: of another type, blank, or
 * outside the choices the parameter declares (n8n's `mode` was offered listed tool names, and every
 * call that carried one failed the tool's schema before it was sent).
 */
export function coerce(value: unknown, param: ParamSpec): unknown {
  const type = param.type === 'array' ? param.itemType : param.type;
  let out: unknown;
  if (type === 'integer') {
    out =
      typeof value === 'number' && Number.isInteger(value)
        ? value
        : typeof value === 'string' && /^-?\d{1,15}$/.test(value)
          ? Number(value)
          : undefined;
  } else if (type === 'number') {
    out =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
          ? Number(value)
          : undefined;
  } else if (type === 'string' || type === undefined) {
    out =
      typeof value === 'number'
        ? String(value)
        : typeof value === 'string' && value.trim() !== ''
          ? value
          : undefined;
  }
  if (out === undefined) return undefined;
  // A parameter with declared choices takes one of them, whatever else fits its name.
  const text = canonicalJson(out);
  if (param.enum !== undefined && !param.enum.some((choice) => canonicalJson(choice) === text))
    return undefined;
  return param.type === 'array' ? [out] : out;
}
