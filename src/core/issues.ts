import type { z } from 'zod';
import { FitnessError } from './errors.js';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** `gates[2].k` from `['gates', 2, 'k']`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out;
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

const TYPE_NAMES: Record<string, string> = { int: 'integer', number: 'number' };

function bound(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  const op = small ? (issue.inclusive ? '>=' : '>') : issue.inclusive ? '<=' : '<';
  if (issue.origin === 'array' || issue.origin === 'string') {
    const got =
      Array.isArray(issue.input) || typeof issue.input === 'string' ? issue.input.length : undefined;
    return `expected length ${op} ${String(limit)}${got === undefined ? '' : `, got ${got}`}`;
  }
  return `expected ${issue.origin} ${op} ${String(limit)}, got ${show(issue.input)}`;
}

/** The most specific issue and its full path: unions are unwrapped to their closest branch. */
function deepest(issue: Issue, prefix: Path): { issue: Issue; path: Path } {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // The branch the value was closest to: fewest missing fields, then fewest issues.
    const missing = (b: readonly Issue[]) => b.filter((i) => i.input === undefined).length;
    const branch = [...issue.errors].sort((a, b) => missing(a) - missing(b) || a.length - b.length)[0];
    const first = branch?.[0];
    if (first) return deepest(first, path);
  }
  return { issue, path };
}

/** One line for one issue: `path: what was expected, got what`. */
export function formatIssue(raw: Issue): string {
  const { issue, path } = deepest(raw, []);
  const where = path.length ? formatPath(path) : '(root)';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined)
        return `${where}: required ${TYPE_NAMES[issue.expected] ?? issue.expected}, missing`;
      return `${where}: expected ${TYPE_NAMES[issue.expected] ?? issue.expected}, got ${show(issue.input)}`;
    case 'too_small':
    case 'too_big':
      return `${where}: ${bound(issue)}`;
    case 'invalid_value':
      return `${where}: expected ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}, got ${show(issue.input)}`;
    case 'invalid_format':
      return `${where}: expected ${issue.format}, got ${show(issue.input)}`;
    default:
      return `${where}: ${issue.message}`;
  }
}

export function summarize(issues: readonly Issue[]): string {
  const [first] = issues;
  if (!first) return '(root): invalid';
  const more = issues.length - 1;
  return more > 0 ? `${formatIssue(first)} (and ${more} more)` : formatIssue(first);
}

/** Validates a builder's input, throwing RECORD_INPUT naming the builder, the argument and the path. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, fn: string, what: string): T {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new FitnessError('RECORD_INPUT', `${fn}: ${what}: ${summarize(parsed.error.issues)}`);
}
