import { z } from 'zod';

/**
 * Every key of `value` that `schema` does not declare, as a path (`planes[1].session.label`). A
 * persisted shape's schema is loose (unknown fields are kept on read), so parsing alone cannot show
 * that the schema describes everything the writer puts out; this does. Unions take the option that
 * accepts the value with the fewest undeclared keys; kinds it does not know are not looked into.
 */
export function undeclaredKeys(schema: z.core.$ZodType, value: unknown, path = ''): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return value === undefined || value === null ? [] : undeclaredKeys(schema.unwrap(), value, path);
  if (schema instanceof z.ZodPipe) return undeclaredKeys(schema.in, value, path);
  if (schema instanceof z.ZodUnion) return unionKeys(schema.options, value, path);
  if (schema instanceof z.ZodArray && Array.isArray(value))
    return value.flatMap((v, i) => undeclaredKeys(schema.element, v, `${path}[${i}]`));
  if (schema instanceof z.ZodRecord && isObject(value))
    return Object.entries(value).flatMap(([k, v]) => undeclaredKeys(schema.valueType, v, join(path, k)));
  if (schema instanceof z.ZodObject && isObject(value)) {
    const shape: Record<string, z.core.$ZodType> = schema.shape;
    return Object.entries(value).flatMap(([k, v]) => {
      const field = shape[k];
      return field === undefined ? [join(path, k)] : undeclaredKeys(field, v, join(path, k));
    });
  }
  return [];
}

function unionKeys(options: readonly z.core.$ZodType[], value: unknown, path: string): string[] {
  const fits = options
    .filter((o) => z.safeParse(o, value).success)
    .map((o) => undeclaredKeys(o, value, path));
  return (
    fits.reduce<string[] | undefined>(
      (best, k) => (best === undefined || k.length < best.length ? k : best),
      undefined,
    ) ?? []
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
