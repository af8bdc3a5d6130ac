import { isRecord } from '../core/json.js';

/** RFC 6901 JSON Pointer: "" is the whole document, otherwise "/"-separated, ~1 = "/", ~0 = "~". */

export function isPointer(pointer: string): boolean {
  return pointer === '' || (pointer.startsWith('/') && !/~(?![01])/.test(pointer));
}

export function parsePointer(pointer: string): string[] | undefined {
  if (!isPointer(pointer)) return undefined;
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function formatPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((token) => `/${escapeToken(String(token))}`).join('');
}

/** Resolves a pointer; `found: false` when any step is missing (a present `null` is found). */
export function resolvePointer(document: unknown, pointer: string): { found: boolean; value?: unknown } {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return { found: false };
  let current: unknown = document;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return { found: false };
      const index = Number(token);
      if (index >= current.length) return { found: false };
      current = current[index];
    } else if (isRecord(current) && Object.hasOwn(current, token)) {
      current = current[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

/** Builds the smallest object document in which `pointer` resolves to `value` (objects only). */
export function documentAt(pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer) ?? [];
  let document: unknown = value;
  for (const token of [...tokens].reverse()) document = { [token]: document };
  return document;
}
