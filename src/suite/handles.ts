import { FromHandle } from './schema.js';

/** Every `$from` handle inside plan arguments, with where it sits; malformed handles reported. */
export interface HandleSite {
  path: string;
  handle?: FromHandle;
  problem?: string;
}

export function findHandles(value: unknown, path = ''): HandleSite[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => findHandles(item, `${path}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  if (Object.hasOwn(value, '$from')) {
    const parsed = FromHandle.safeParse(value);
    return parsed.success
      ? [{ path, handle: parsed.data }]
      : [{ path, problem: `malformed $from: ${parsed.error.issues[0]?.message ?? 'invalid'}` }];
  }
  return Object.entries(value).flatMap(([key, item]) => findHandles(item, `${path}/${key}`));
}

/** Replaces handles bottom-up with `resolve(handle)`; the first failure stops the walk. */
export function bindHandles(
  value: unknown,
  resolve: (handle: FromHandle) => { ok: true; value: unknown } | { ok: false; detail: string },
): { ok: true; value: unknown } | { ok: false; detail: string } {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const bound = bindHandles(item, resolve);
      if (!bound.ok) return bound;
      out.push(bound.value);
    }
    return { ok: true, value: out };
  }
  if (value === null || typeof value !== 'object') return { ok: true, value };
  if (Object.hasOwn(value, '$from')) {
    const parsed = FromHandle.safeParse(value);
    return parsed.success ? resolve(parsed.data) : { ok: false, detail: 'malformed $from handle' };
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const bound = bindHandles(item, resolve);
    if (!bound.ok) return bound;
    out[key] = bound.value;
  }
  return { ok: true, value: out };
}
