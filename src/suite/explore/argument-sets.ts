import { canonicalJson } from '../../core/canonical.js';
import type { GivenValue } from '../given.js';
import type { ToolDescriptor } from '../surface.js';
import { nameMatches } from './fit.js';
import type { Harvest } from './harvest.js';
import type { ParamSpec } from './params.js';
import { type ArgumentSet, type Supply, suppliesFor } from './synthesis.js';

/**
 * The value a parameter takes beside `variant`: the one the variant's own call gave a parameter of
 * this name (a file listed for project `herbarium` is read in project `herbarium`), when it is
 * among the supplies; else the best. A value the call gave another parameter is not this one's.
 */
function companion(
  variant: Supply | undefined,
  param: string,
  supplies: readonly Supply[],
): Supply | undefined {
  const args = variant?.origin === 'harvest' ? variant.harvest.args : undefined;
  for (const [name, value] of Object.entries(args ?? {})) {
    if (!nameMatches(param, name, '')) continue;
    const same = supplies.find((s) => canonicalJson(s.value) === canonicalJson(value));
    if (same !== undefined) return same;
  }
  return supplies[0];
}

/** Was the supply harvested from a call that named something (a listing *of* a project)? */
function inContext(supply: Supply | undefined): boolean {
  return supply?.origin === 'harvest' && Object.keys(supply.harvest.args ?? {}).length > 0;
}

/** A listed identifier offered where nothing fits by name: a guess. */
function isGuess(supply: Supply): boolean {
  return supply.origin === 'harvest' && supply.guess === true;
}

type Options = {
  tried: ReadonlySet<string>;
  limit: number;
  random: () => number;
  failed?: ReadonlySet<string>;
};

/**
 * Argument sets for one tool from what is known so far: the parameter with the most candidate
 * values varies, the others take their best value; optional parameters are filled only where a
 * given or harvested value fits. An optional parameter is left out before it takes a guess (a
 * listed identifier nothing fits by name): the guesses come only once every set without them was
 * made (dbeaver's `list_tables` answered `[]` to a connection id in its optional `schema`, while a
 * diff tool's optional revision does take a listed commit). Sets already tried are skipped. Empty
 * when a required parameter has no value at all (the caller may then fall back to `schemaArguments`).
 */
export function argumentSets(
  tool: ToolDescriptor,
  params: readonly ParamSpec[],
  pool: readonly Harvest[],
  given: readonly GivenValue[],
  options: Options,
): ArgumentSet[] {
  const all = new Map(
    params.map((p) => [p.name, suppliesFor(tool, p, pool, given, options.random, options.failed)]),
  );
  const left = new Map(
    params.map((p) => [
      p.name,
      p.required ? (all.get(p.name) ?? []) : (all.get(p.name) ?? []).filter((s) => !isGuess(s)),
    ]),
  );
  const first = setsFrom(params, left, options);
  return first.length > 0 ? first : setsFrom(params, all, options);
}

function setsFrom(
  params: readonly ParamSpec[],
  supplies: ReadonlyMap<string, Supply[]>,
  options: Options,
): ArgumentSet[] {
  const required = params.filter((p) => p.required);
  if (required.some((p) => (supplies.get(p.name) ?? []).length === 0)) return [];
  const optional = params.filter(
    (p) => !p.required && (supplies.get(p.name) ?? []).some((s) => s.origin !== 'enum'),
  );
  // The parameter whose best value was listed in a context varies, so its companions come from
  // that context; otherwise the one with the most values.
  const primary = [...required].sort(
    (a, b) =>
      Number(inContext(supplies.get(b.name)?.[0])) - Number(inContext(supplies.get(a.name)?.[0])) ||
      (supplies.get(b.name)?.length ?? 0) - (supplies.get(a.name)?.length ?? 0),
  )[0];
  const variants = primary === undefined ? [undefined] : (supplies.get(primary.name) ?? []);
  const out: ArgumentSet[] = [];
  const seen = new Set(options.tried);
  for (const variant of variants) {
    if (out.length >= options.limit) break;
    const set: ArgumentSet = { args: {}, supplies: {} };
    for (const p of [...required, ...optional]) {
      const supply =
        p === primary && variant !== undefined
          ? variant
          : companion(variant, p.name, supplies.get(p.name) ?? []);
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
