import { canonicalJson } from '../core/canonical.js';

/**
 * Normalisation for `contains` checks. The final answer is free text from a model, so the check
 * must not fail on presentation the task never asked for, while staying strict on the content:
 * - NFKD + dropping combining marks: models transliterate ("Jose" for "José") and full-width or
 *   ligature forms are the same text;
 * - lowercase: casing in prose is not part of the answer;
 * - every run of non-letters/non-digits becomes one space: quotes, markdown, commas and dashes
 *   around or inside a value vary between answers ("Widget-Deluxe", "**widget deluxe**").
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Containment on token boundaries after normalisation: the key "4217" must not be satisfied by
 * "42170", nor "cat" by "concatenate".
 */
export function containsNormalised(haystack: string, needle: string): boolean {
  const n = normaliseText(needle);
  if (n === '') return false;
  return ` ${normaliseText(haystack)} `.includes(` ${n} `);
}

/** Significant characters of a literal: what a null model would have to guess. */
export function literalLength(text: string): number {
  return normaliseText(text).replace(/ /g, '').length;
}

/** The text form of an answer key: scalars as themselves, structures as canonical JSON. */
/** A key's identity for comparing answers: its text, case and runs of white space aside. */
export function keyIdentity(key: unknown): string {
  return keyText(key).toLowerCase().replace(/\s+/g, ' ').trim();
}

export function keyText(key: unknown): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'number' || typeof key === 'boolean') return String(key);
  return canonicalJson(key);
}
