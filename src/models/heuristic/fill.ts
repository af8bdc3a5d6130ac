import { escapeRegex } from '../../core/escape/regex.js';
import { words } from './lexical.js';
import { readSchema, type SchemaNode } from './schema.js';
import { codeNames, fitsStatedForm } from './stated-form.js';
import { type Found, namePhrases, scanText, type TextValues, valuesNearName } from './text-values.js';

/** Finds a value for a property in an earlier tool result (ids from a list feeding a get). */
export type Harvest = (propName: string) => unknown;

export interface FillResult {
  args: Record<string, unknown>;
  /** Required properties with no evidence in the text or results (filled from defaults/placeholders). */
  guessed: string[];
  /** Properties whose value came from an earlier tool result. */
  harvested: string[];
}

function effective(node: SchemaNode): SchemaNode {
  const branch = node.branches[0];
  return node.properties.length === 0 && node.enum === undefined && branch !== undefined ? branch : node;
}

/** Coerce a text value to the schema's type and stated form (stated-form.ts); undefined when it does not fit. */
export function coerce(raw: string, node: SchemaNode): unknown {
  const s = effective(node);
  if (s.enum !== undefined) {
    const hit = s.enum.find((e) => String(e).toLowerCase() === raw.toLowerCase());
    return hit;
  }
  switch (s.type) {
    case 'integer': {
      if (!/^-?\d+$/.test(raw)) return undefined;
      const n = Number.parseInt(raw, 10);
      return inRange(n, s) ? n : undefined;
    }
    case 'number': {
      if (!/^-?\d+(\.\d+)?$/.test(raw)) return undefined;
      const n = Number.parseFloat(raw);
      return inRange(n, s) ? n : undefined;
    }
    case 'boolean':
      return /^(true|yes)$/i.test(raw) ? true : /^(false|no)$/i.test(raw) ? false : undefined;
    case 'array': {
      const item = s.items === undefined ? raw : coerce(raw, s.items);
      return item === undefined ? undefined : [item];
    }
    case 'object':
    case 'null':
      return undefined;
    default:
      return fitsStatedForm(raw, s) && fitsStatedForm(raw, node) ? raw : undefined;
  }
}

function inRange(n: number, s: SchemaNode): boolean {
  return (s.minimum === undefined || n >= s.minimum) && (s.maximum === undefined || n <= s.maximum);
}

function enumInText(text: string, node: SchemaNode): Found | undefined {
  const s = effective(node);
  const values = s.enum ?? (s.type === 'array' ? s.items?.enum : undefined);
  if (values === undefined) return undefined;
  let best: Found | undefined;
  for (const v of values) {
    if (typeof v !== 'string' || v === '') continue;
    const m = new RegExp(String.raw`(?<![\w])${escapeRegex(v)}(?![\w])`, 'i').exec(text);
    if (m !== null && (best === undefined || m.index < best.index))
      best = { value: v, index: m.index, quoted: false };
  }
  return best;
}

const TOPIC_PARAMS =
  /^(query|q|search|term|terms|keyword|keywords|text|prompt|question|filter|topic|subject)$/i;

function poolFor(prop: string, node: SchemaNode, tv: TextValues): Found[] {
  const s = effective(node);
  const type = s.type === 'array' ? (s.items?.type ?? 'string') : s.type;
  if (type === 'integer' || type === 'number') return tv.numbers;
  if (type === 'string' || type === undefined) {
    const topic = TOPIC_PARAMS.test(prop) ? tv.topics : [];
    return [...tv.quoted, ...tv.cued, ...topic, ...tv.identifiers, ...tv.proper, ...tv.numbers];
  }
  return [];
}

function booleanFromText(prop: string, text: string): boolean | undefined {
  const nameWords = words(prop).filter((w) => w.length > 2);
  if (nameWords.length === 0) return undefined;
  const lower = text.toLowerCase();
  if (!nameWords.every((w) => lower.includes(w))) return undefined;
  const first = nameWords[0] ?? '';
  return !new RegExp(String.raw`\b(?:not|no|without|exclude|excluding|don't)\s+(?:\w+\s+)?${first}`).test(
    lower,
  );
}

/** A value no evidence supports: the schema's own default, const, example, first enum, or a minimal one. */
export function fallbackValue(node: SchemaNode, depth = 0): unknown {
  if (node.hasDefault) return node.default;
  if (node.hasConst) return node.const;
  if (node.examples?.[0] !== undefined) return node.examples[0];
  const s = effective(node);
  if (s.enum?.[0] !== undefined) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number': {
      // 1, the usual first id, unless the bounds exclude it.
      const lo = s.minimum;
      const hi = s.maximum;
      const value = lo !== undefined && lo > 1 ? Math.ceil(lo) : 1;
      if (hi === undefined || value <= hi) return value;
      return s.type === 'integer' ? Math.floor(hi) : (lo ?? hi);
    }
    case 'boolean':
      return false;
    case 'array':
      return s.items !== undefined && (s.minItems ?? 0) > 0 ? [fallbackValue(s.items, depth + 1)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth < 3)
        for (const [k, v] of s.properties) if (s.required.includes(k)) out[k] = fallbackValue(v, depth + 1);
      return out;
    }
    case 'null':
      return null;
    default:
      return 'x'.repeat(s.minLength ?? 0);
  }
}

/**
 * A value an earlier result holds for this parameter: under the parameter's own name, else under a
 * field its description names in code (`as list_vessels returns it in \`vessel\``), as a careful
 * reader would look where the documentation points.
 */
function harvestNamed(harvest: Harvest | undefined, prop: string, node: SchemaNode): unknown {
  if (harvest === undefined) return undefined;
  for (const name of [prop, ...codeNames(node.description)]) {
    const value = harvest(name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Unquoted words the tool's own description uses describe the tool; they are not inputs to it. */
function notDescribing(found: Found[], describing: ReadonlySet<string>): Found[] {
  if (describing.size === 0) return found;
  return found.filter((f) => f.quoted || !words(f.value).every((w) => describing.has(w)));
}

interface Claim {
  used: Set<number>;
}

function take(candidates: Found[], node: SchemaNode, claim: Claim): unknown {
  for (const f of candidates) {
    if (claim.used.has(f.index)) continue;
    const value = coerce(f.value, node);
    if (value === undefined) continue;
    claim.used.add(f.index);
    return value;
  }
  return undefined;
}

/**
 * Fill a tool's arguments the way a lexical agent can: values written next to a property's name,
 * enum values present in the text, values harvested from an earlier result, then unused quoted
 * strings, identifiers, proper nouns and numbers by type, then the schema's defaults. Optional
 * properties are only set on direct evidence; required ones are always set. An unquoted word the
 * tool's `description` also uses is the task describing the tool ("searches vault notes"), never a value.
 */
export function fillArguments(
  rawSchema: unknown,
  text: string,
  harvest?: Harvest,
  description?: string,
): FillResult {
  const schema = effective(readSchema(rawSchema));
  const describing = new Set(words(description ?? ''));
  const tv = scanText(text);
  const claim: Claim = { used: new Set() };
  const args: Record<string, unknown> = {};
  const guessed: string[] = [];
  const harvested: string[] = [];
  const props = [...schema.properties].sort(
    (a, b) => Number(schema.required.includes(b[0])) - Number(schema.required.includes(a[0])),
  );
  // Pass 1: direct evidence (name-adjacent values and enum values) for every property.
  for (const [prop, node] of props) {
    const nameWords = words(prop);
    const near = notDescribing(valuesNearName(text, namePhrases(prop, nameWords), nameWords), describing);
    const enumHit = enumInText(text, node);
    const value = take([...near, ...(enumHit === undefined ? [] : [enumHit])], node, claim);
    if (value !== undefined) args[prop] = value;
    else if (effective(node).type === 'boolean') {
      const flag = booleanFromText(prop, text);
      if (flag !== undefined) args[prop] = flag;
    }
  }
  // Pass 2: required properties still empty take harvested values, then pooled text values.
  for (const [prop, node] of props) {
    if (prop in args || !schema.required.includes(prop)) continue;
    const fromResult = harvestNamed(harvest, prop, node);
    const harvestedValue = fromResult === undefined ? undefined : coerce(String(fromResult), node);
    if (harvestedValue !== undefined) {
      args[prop] = harvestedValue;
      harvested.push(prop);
      continue;
    }
    const value = take(notDescribing(poolFor(prop, node, tv), describing), node, claim);
    if (value !== undefined) {
      args[prop] = value;
      continue;
    }
    args[prop] = fallbackValue(node);
    guessed.push(prop);
  }
  return { args, guessed, harvested };
}
