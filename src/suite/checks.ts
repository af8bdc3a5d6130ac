import { canonicalJson } from '../core/canonical.js';
import { applyExtract, readResult } from './extract.js';
import { jsonValuesIn } from './json-in-text.js';
import { containsNormalised, keyText, literalLength, normaliseText } from './normalise.js';
import { documentAt, resolvePointer } from './pointer.js';
import { compileRegex } from './regex.js';
import type { AnswerCheck, Check } from './schema.js';
import type { ToolCallOutcome } from './surface.js';

export interface CheckResult {
  pass: boolean;
  detail: string;
}

/** What a check reads after a trial: the final answer, and for `state` the verification call. */
export interface CheckInput {
  answer: string;
  verification?: ToolCallOutcome;
}

/** A literal a null model could guess is no test of the server (docs/design.md §5.1: contains ≥ 4 chars). */
export const MIN_LITERAL = 4;

/**
 * Number tokens in free text. Thousands separators ("1,234") are accepted because models format
 * numbers for humans; the comma form only counts when the groups are exactly three digits.
 */
const NUMBER = /[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?\.\d+/g;

export function numbersIn(text: string): number[] {
  return [...text.matchAll(NUMBER)].map((m) => Number(m[0].replace(/,/g, ''))).filter(Number.isFinite);
}

/** Pure: evaluate a bound check against a final answer (and a verification result for `state`). */
export function evaluateCheck(check: Check, input: CheckInput): CheckResult {
  if (check.kind !== 'state') return evaluateAnswerCheck(check, input.answer);
  const outcome = input.verification;
  if (outcome === undefined) return { pass: false, detail: 'no verification call result' };
  if (outcome.kind === 'error')
    return { pass: false, detail: `verification call failed: ${outcome.message}` };
  const read = readResult(outcome.result);
  if (!read.ok) return { pass: false, detail: `verification ${read.detail}` };
  const extracted = applyExtract(check.extract, read.result);
  if (!extracted.ok) return { pass: false, detail: `verification extract: ${extracted.detail}` };
  const inner = evaluateAnswerCheck(check.expect, keyText(extracted.value));
  return { pass: inner.pass, detail: `verification: ${inner.detail}` };
}

export function evaluateAnswerCheck(check: AnswerCheck, answer: string): CheckResult {
  switch (check.kind) {
    case 'contains': {
      if (check.value === undefined) return { pass: false, detail: 'check is not bound to a key' };
      if (!containsNormalised(answer, check.value))
        return { pass: false, detail: 'key not found in the normalised answer' };
      const decoy = check.decoys?.find((d) => containsNormalised(answer, d));
      return decoy === undefined
        ? { pass: true, detail: 'answer contains the key' }
        : { pass: false, detail: `answer also contains "${decoy}", a sibling entry's value` };
    }
    case 'matches': {
      const compiled = compileRegex(check.pattern, check.flags);
      if (!compiled.ok) return { pass: false, detail: compiled.detail };
      const pass = compiled.regex.test(answer);
      return { pass, detail: pass ? 'answer matches the pattern' : 'answer does not match the pattern' };
    }
    case 'number': {
      const { value, tolerance } = check;
      if (value === undefined) return { pass: false, detail: 'check is not bound to a key' };
      const hit = numbersIn(answer).find((n) => withinTolerance(n, value, tolerance));
      return hit === undefined
        ? { pass: false, detail: `no number within ${tolerance} of ${value}` }
        : { pass: true, detail: `found ${hit}` };
    }
    case 'json':
      return evaluateJson(check.pointer, check.value, answer);
  }
}

/** A relative epsilon keeps 0.1 + 0.2 equal to 0.3 at tolerance 0. */
function withinTolerance(found: number, value: number, tolerance: number): boolean {
  return Math.abs(found - value) <= tolerance + 1e-12 * Math.max(1, Math.abs(value));
}

function evaluateJson(pointer: string, value: unknown, answer: string): CheckResult {
  if (value === undefined) return { pass: false, detail: 'check is not bound to a key' };
  const expected = canonicalJson(value);
  const documents = jsonValuesIn(answer);
  if (documents.length === 0) return { pass: false, detail: 'no JSON in the answer' };
  for (const document of documents) {
    const hit = resolvePointer(document, pointer);
    if (hit.found && safeCanonical(hit.value) === expected)
      return { pass: true, detail: `${pointer} equals the key` };
  }
  return { pass: false, detail: `no JSON in the answer has ${pointer} equal to the key` };
}

function safeCanonical(value: unknown): string | undefined {
  try {
    return canonicalJson(value);
  } catch {
    return undefined;
  }
}

/** Problems visible without a key: regexes that do not compile, impossible tolerances. */
export function staticCheckProblem(check: Check): string | undefined {
  if (check.kind === 'state') {
    if (check.extract.kind === 'regex') {
      const compiled = compileRegex(check.extract.pattern, check.extract.flags);
      if (!compiled.ok) return `state extract ${compiled.detail}`;
    }
    const inner = staticCheckProblem(check.expect);
    return inner === undefined ? undefined : `state expect: ${inner}`;
  }
  if (check.kind === 'matches') {
    const compiled = compileRegex(check.pattern, check.flags);
    return compiled.ok ? undefined : compiled.detail;
  }
  if (check.kind === 'number' && !(Number.isFinite(check.tolerance) && check.tolerance >= 0)) {
    return `tolerance ${check.tolerance} is not a finite number ≥ 0`;
  }
  return undefined;
}

export type Bound = { ok: true; check: Check } | { ok: false; detail: string };

/** Fills every literal the generator left out with the execution-grounded key. */
export function bindCheck(check: Check, key: unknown): Bound {
  if (check.kind !== 'state') return bindAnswerCheck(check, key);
  const inner = bindAnswerCheck(check.expect, key);
  if (!inner.ok) return inner;
  return { ok: true, check: { ...check, expect: inner.check } };
}

function bindAnswerCheck(
  check: AnswerCheck,
  key: unknown,
): { ok: true; check: AnswerCheck } | { ok: false; detail: string } {
  switch (check.kind) {
    case 'contains':
      if (check.value !== undefined) return { ok: true, check };
      if (typeof key === 'string' || typeof key === 'number')
        return { ok: true, check: { ...check, value: String(key) } };
      return { ok: false, detail: 'a contains check needs a string or number key' };
    case 'number': {
      if (check.value !== undefined) return { ok: true, check };
      const value = typeof key === 'number' ? key : typeof key === 'string' ? Number(key.trim()) : Number.NaN;
      if (typeof key === 'string' && key.trim() === '') return { ok: false, detail: 'key is empty' };
      if (!Number.isFinite(value)) return { ok: false, detail: 'a number check needs a numeric key' };
      return { ok: true, check: { ...check, value } };
    }
    case 'json':
      return check.value === undefined ? { ok: true, check: { ...check, value: key } } : { ok: true, check };
    case 'matches':
      return { ok: true, check };
  }
}

/**
 * The answer a reference agent holding the key would give. A bound check must accept it, or the
 * construct gate could never pass however good the server is.
 */
export function referenceAnswer(check: AnswerCheck, key: unknown): string {
  if (check.kind === 'json') return canonicalJson(documentAt(check.pointer, check.value ?? key));
  return keyText(key);
}

/**
 * A check a guess could satisfy. Literal checks need ≥ 4 significant characters (docs/design.md §5.1); a
 * regex that matches the empty string accepts anything, and one with under 4 literal characters
 * is mostly wildcards. Numbers count their significant characters the same way: "7" is a guess.
 */
export function permissiveProblem(check: Check): string | undefined {
  switch (check.kind) {
    case 'state':
      return permissiveProblem(check.expect);
    case 'contains':
      return literalProblem(check.value ?? '');
    case 'number':
      return literalProblem(String(check.value ?? ''));
    case 'json':
      // true/false/null are a coin flip for a null model whatever their spelling length.
      if (check.value === null || typeof check.value === 'boolean')
        return `value ${String(check.value)} is guessable`;
      return typeof check.value === 'object' ? undefined : literalProblem(keyText(check.value ?? ''));
    case 'matches': {
      const compiled = compileRegex(check.pattern, check.flags);
      if (compiled.ok && compiled.regex.test('')) return 'pattern matches the empty string';
      const literals = regexLiteralLength(check.pattern);
      return literals < MIN_LITERAL
        ? `pattern has ${literals} literal characters (< ${MIN_LITERAL})`
        : undefined;
    }
  }
}

function literalProblem(text: string): string | undefined {
  const length = literalLength(text);
  return length < MIN_LITERAL
    ? `literal "${normaliseText(text)}" has ${length} significant characters (< ${MIN_LITERAL})`
    : undefined;
}

/** Letters and digits that a pattern requires literally (escapes like \d and classes excluded). */
export function regexLiteralLength(pattern: string): number {
  const stripped = pattern
    .replace(/\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\u\{[0-9a-fA-F]+\}/g, 'x')
    .replace(/\\[pP]\{[^}]*\}/g, '')
    .replace(/\\[a-zA-Z]/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\{\d+(,\d*)?\}/g, '')
    .replace(/\(\?<[^>]*>/g, '');
  return (stripped.match(/[\p{L}\p{N}]/gu) ?? []).length;
}
