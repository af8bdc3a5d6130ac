import { generate, type JsonSchema } from 'json-schema-faker';
import { canonicalJson } from '../../core/canonical.js';
import { isRecord } from '../../core/json.js';
import { wordsOf } from '../explorable.js';
import { looseName } from '../facts/leaves.js';
import type { GivenValue } from '../given.js';
import { shuffle } from '../prng.js';
import type { ToolDescriptor } from '../surface.js';
import type { Harvest } from './harvest.js';
import type { ParamSpec } from './params.js';

/**
 * Argument synthesis for explore/2: what a real agent would put in each parameter. Values come, in
 * this order of preference, from the given context, from earlier results (harvested, matched to the
 * parameter by loose name or, for path parameters, by being a path), from the parameter's enum, and
 * only then from the schema (json-schema-faker, strings capped at 64 characters, never empty).
 */

/** Where one argument value came from. */
export type Supply =
  | { origin: 'given'; value: unknown; given: GivenValue }
  | { origin: 'harvest'; value: unknown; harvest: Harvest }
  | { origin: 'enum'; value: unknown }
  | { origin: 'schema'; value: unknown };

export interface ArgumentSet {
  args: Record<string, unknown>;
  supplies: Record<string, Supply>;
}

export const MAX_GENERATED_STRING = 64;

function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

const HANDLE_FIELDS = new Set(['id', 'name', 'key', 'slug', 'path', 'uri', 'url', 'code', 'uuid']);

/**
 * Loose name matching: `bookId` ← `id`, `names` ← `name`, `tableName` ← `name`, `table` ← `name` of
 * a listing from a tool that names tables (`list_tables`), `book_id` ← `bookId`.
 */
export function nameMatches(param: string, field: string, sourceTool: string): boolean {
  const p = looseName(param);
  const f = looseName(field);
  if (p === '' || f === '') return false;
  if (p === f || singular(p) === f || p === singular(f)) return true;
  if (HANDLE_FIELDS.has(f) && p.endsWith(f) && p.length > f.length) return true;
  if (!HANDLE_FIELDS.has(f)) return false;
  const noun = singular(p.replace(/(?:name|id|key|slug)$/, '') || p);
  return noun.length >= 3 && wordsOf(sourceTool).some((w) => singular(w) === noun);
}

function coerce(value: unknown, param: ParamSpec): unknown {
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
  return param.type === 'array' ? [out] : out;
}

/** Does the tool read files rather than list directories? Read tools take files first. */
function wantsDirectories(tool: ToolDescriptor): boolean {
  return wordsOf(tool.name).some((w) =>
    ['list', 'directory', 'dir', 'tree', 'folder', 'ls', 'search', 'find'].includes(w),
  );
}

function pathRank(harvest: Harvest, dirsFirst: boolean): number {
  if (harvest.kind === 'file') return dirsFirst ? 2 : 0;
  if (harvest.kind === 'dir') return dirsFirst ? 0 : 2;
  return 1;
}

const TOPIC_FIELDS = new Set(['name', 'title', 'label', 'subject', 'heading', 'entityname', 'displayname']);

/** How a value fits a parameter: by its name (field, listing, given name), or only by its shape (a path). */
type Fit = 'noun' | 'name' | 'shape' | undefined;

function nameFit(param: string, field: string, source: string): Fit {
  if (!nameMatches(param, field, '')) return nameMatches(param, field, source) ? 'noun' : undefined;
  // `projectName` ← `name` matches any listing; the listing of projects is the one it means.
  const noun = singular(looseName(param).replace(/(?:name|id|key|slug)$/, ''));
  return noun.length >= 3 && wordsOf(source).some((w) => singular(w) === noun) ? 'noun' : 'name';
}

function harvestFit(param: ParamSpec, h: Harvest): Fit {
  if (param.topic) {
    const topical =
      typeof h.value === 'string' &&
      TOPIC_FIELDS.has(looseName(h.field)) &&
      h.value.length >= 3 &&
      h.value.length <= MAX_GENERATED_STRING;
    return topical ? 'name' : undefined;
  }
  const absolute = typeof h.value === 'string' && h.value.startsWith('/');
  // A list's noun is in its tool's name (list_tables) or in the list's own field or heading.
  const named = nameFit(param.name, h.field, h.listing === undefined ? h.tool : `${h.tool} ${h.listing}`);
  if (named !== undefined && (!param.pathLike || absolute || h.kind === 'leaf')) return named;
  return param.pathLike && absolute ? 'shape' : undefined;
}

function givenFit(param: ParamSpec, g: GivenValue): Fit {
  if (nameMatches(param.name, g.name, '')) return 'name';
  return param.pathLike && g.value.startsWith('/') ? 'shape' : undefined;
}

const FIT_ORDER: Record<NonNullable<Fit>, number> = { noun: 0, name: 1, shape: 2 };

interface Ranked {
  supply: Supply;
  rank: number;
  order: number;
}

function rankedSupplies(
  tool: ToolDescriptor,
  param: ParamSpec,
  pool: readonly Harvest[],
  given: readonly GivenValue[],
  random: () => number,
): Ranked[] {
  const ranked: Ranked[] = [];
  given.forEach((g, i) => {
    const fit = givenFit(param, g);
    if (fit !== undefined)
      ranked.push({
        supply: { origin: 'given', value: g.value, given: g },
        rank: FIT_ORDER[fit] * 2,
        order: i,
      });
  });
  const dirsFirst = wantsDirectories(tool);
  shuffle([...pool], random).forEach((h, i) => {
    const fit = harvestFit(param, h);
    if (fit === undefined) return;
    const path = param.pathLike ? pathRank(h, dirsFirst) : 0;
    ranked.push({
      supply: { origin: 'harvest', value: h.value, harvest: h },
      rank: FIT_ORDER[fit] * 2 + 1,
      order: path * 1e9 + h.obs * 1e5 + i,
    });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
}

/**
 * Every value that could go into one parameter, best first, each once. Principle: a value offered
 * by its name comes before one offered only by its shape (a given folder fills `path`, but a listed
 * `progress.md` fills `fileName` before the folder does), and among values offered by name, those
 * from a listing of the parameter's own noun come first (`projectName` ← `list_projects`).
 */
export function suppliesFor(
  tool: ToolDescriptor,
  param: ParamSpec,
  pool: readonly Harvest[],
  given: readonly GivenValue[],
  random: () => number,
): Supply[] {
  const out: Supply[] = [];
  const seen = new Set<string>();
  const add = (supply: Supply) => {
    const value = coerce(supply.value, param);
    if (value === undefined) return;
    const key = canonicalJson(value);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...supply, value });
  };
  for (const r of rankedSupplies(tool, param, pool, given, random)) add(r.supply);
  if (param.required) for (const value of param.enum ?? []) add({ origin: 'enum', value });
  return out;
}

/**
 * The value a parameter takes beside `variant`: the one the variant's own call was made with, when
 * the variant was harvested from a call with an argument of this parameter's value among its
 * supplies (a file listed for project `herbarium` is read in project `herbarium`); else the best.
 */
function companion(variant: Supply | undefined, supplies: readonly Supply[]): Supply | undefined {
  const args = variant?.origin === 'harvest' ? variant.harvest.args : undefined;
  if (args !== undefined)
    for (const value of Object.values(args)) {
      const same = supplies.find((s) => canonicalJson(s.value) === canonicalJson(value));
      if (same !== undefined) return same;
    }
  return supplies[0];
}

/**
 * Argument sets for one tool from what is known so far: the parameter with the most candidate
 * values varies, the others take their best value; optional parameters are filled only where a
 * given or harvested value fits. Sets already tried are skipped. Empty when a required parameter
 * has no value at all (the caller may then fall back to `schemaArguments`).
 */
export function argumentSets(
  tool: ToolDescriptor,
  params: readonly ParamSpec[],
  pool: readonly Harvest[],
  given: readonly GivenValue[],
  options: { tried: ReadonlySet<string>; limit: number; random: () => number },
): ArgumentSet[] {
  const supplies = new Map(params.map((p) => [p.name, suppliesFor(tool, p, pool, given, options.random)]));
  const required = params.filter((p) => p.required);
  if (required.some((p) => (supplies.get(p.name) ?? []).length === 0)) return [];
  const optional = params.filter(
    (p) => !p.required && (supplies.get(p.name) ?? []).some((s) => s.origin !== 'enum'),
  );
  const primary = [...required].sort(
    (a, b) => (supplies.get(b.name)?.length ?? 0) - (supplies.get(a.name)?.length ?? 0),
  )[0];
  const variants = primary === undefined ? [undefined] : (supplies.get(primary.name) ?? []);
  const out: ArgumentSet[] = [];
  const seen = new Set(options.tried);
  for (const variant of variants) {
    if (out.length >= options.limit) break;
    const set: ArgumentSet = { args: {}, supplies: {} };
    for (const p of [...required, ...optional]) {
      const supply =
        p === primary && variant !== undefined ? variant : companion(variant, supplies.get(p.name) ?? []);
      if (supply === undefined) continue;
      set.args[p.name] = supply.value;
      set.supplies[p.name] = supply;
    }
    const key = canonicalJson(set.args);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(set);
  }
  return out;
}

function capStrings(value: unknown): unknown {
  if (typeof value === 'string') {
    const capped = value.slice(0, MAX_GENERATED_STRING).trim();
    return capped === '' ? 'sample' : capped;
  }
  if (Array.isArray(value)) return value.map(capStrings);
  if (value !== null && typeof value === 'object') return cappedObject(value);
  return value;
}

function cappedObject(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, capStrings(v)]));
}

/**
 * The schema's last resort: seeded json-schema-faker arguments for the required parameters, every
 * string capped at 64 characters and never empty (a 594 KB generated string once ran a server out
 * of memory). A schema the faker cannot satisfy yields none.
 */
export async function schemaArguments(
  tool: ToolDescriptor,
  seed: number,
): Promise<Record<string, unknown> | undefined> {
  const { $schema: _schema, $id: _id, ...schema } = tool.inputSchema;
  try {
    // Left as a cast: the faker takes any server schema (a shape it cannot walk throws, caught below).
    const value = await generate(schema as JsonSchema, {
      seed,
      optionalsProbability: 0,
      maxDepth: 4,
      maxDefaultItems: 2,
      maxLength: MAX_GENERATED_STRING,
    });
    if (!isRecord(value)) return undefined;
    return cappedObject(value);
  } catch {
    return undefined;
  }
}
