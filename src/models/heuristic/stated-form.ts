import type { SchemaNode } from './schema.js';

/**
 * What a careful agent reads in a parameter before it writes a value: the form the parameter
 * states. One rule: a value must have a form the parameter's own examples have (the schema's
 * `examples` and those its description gives: "for example "5204"", "e.g. 7101", "such as
 * `main`"), and must match its `pattern`. A parameter that states neither accepts any string.
 *
 * Forms are ordered from narrow to wide: a numeral (digits only), a token (no white space), text.
 * A value fits when its form is no wider than the widest example's, so a numeric example rules out
 * a name ("Brackwater Pride") but one-word examples still admit other one-word values.
 */
export type Form = 'numeral' | 'token' | 'text';

const WIDTH: Record<Form, number> = { numeral: 0, token: 1, text: 2 };

export function formOf(value: string): Form {
  const v = value.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(v)) return 'numeral';
  return /\s/.test(v) ? 'text' : 'token';
}

const CUE = String.raw`(?:for example|for instance|e\.g\.|such as|example:|examples:)`;
const QUOTED = String.raw`"([^"]{1,80})"|'([^']{1,80})'|\x60([^\x60]{1,80})\x60|“([^”]{1,80})”`;
const EXAMPLE = new RegExp(String.raw`${CUE}\s*,?\s*(?:${QUOTED}|([^\s,;)"'\x60]{1,80}))`, 'gi');

/** The example values a description gives after a cue ("for example", "e.g.", "such as"). */
export function describedExamples(description: string): string[] {
  const out: string[] = [];
  for (const m of description.matchAll(EXAMPLE)) {
    const value = m.slice(1).find((g) => g !== undefined);
    if (value !== undefined) out.push(value.replace(/[.:]$/, ''));
  }
  return out;
}

/** The widest form a parameter's examples state (its schema's and its description's), if it states any. */
export function widestForm(node: SchemaNode): Form | undefined {
  const stated = [
    ...(node.examples ?? []).filter(
      (e): e is string | number => typeof e === 'string' || typeof e === 'number',
    ),
    ...describedExamples(node.description),
  ].map((e) => formOf(String(e)));
  if (stated.length === 0) return undefined;
  return stated.reduce((a, b) => (WIDTH[b] > WIDTH[a] ? b : a));
}

/** The schema's pattern as a regular expression, or undefined when it does not compile here. */
function patternOf(node: SchemaNode): RegExp | undefined {
  if (node.pattern === undefined || node.pattern.length > 500) return undefined;
  try {
    return new RegExp(node.pattern, 'u');
  } catch {
    return undefined;
  }
}

/** Whether a string value has the form the parameter states (its examples' widest form, its pattern). */
export function fitsStatedForm(value: string, node: SchemaNode): boolean {
  const widest = widestForm(node);
  if (widest !== undefined && WIDTH[formOf(value)] > WIDTH[widest]) return false;
  const pattern = patternOf(node);
  return pattern === undefined || value.length > 1000 || pattern.test(value);
}

/** Identifiers a description writes as code (`vessel`, `routeId`): where it says a value is found. */
export function codeNames(description: string): string[] {
  return [...description.matchAll(/\x60([A-Za-z_][\w.-]{0,63})\x60/g)].map((m) => m[1] as string);
}
