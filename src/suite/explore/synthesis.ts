import { posix } from 'node:path';
import { canonicalJson } from '../../core/canonical.js';
import type { QueryLanguage } from '../../record/exploration.js';
import type { GivenValue } from '../given.js';
import { shuffle } from '../prng.js';
import type { ToolDescriptor } from '../surface.js';
import { coerce } from './coerce.js';
import { FIT_ORDER, givenFit, harvestFit, pathRank } from './fit.js';
import {
  absoluteOf,
  asksFile,
  asksFolder,
  type FormKind,
  foldersWithFiles,
  formFits,
  formsOf,
  isAbsolutePath,
  itemHandles,
  type KnownPath,
  looksRelativePath,
  relativeTo,
  wants,
  wantsDirectories,
} from './forms.js';
import { type Harvest, listedUnder } from './harvest.js';
import type { ParamSpec } from './params.js';
import { readQueries } from './query-language.js';

/**
 * Argument synthesis for explore/2: what a real agent would put in each parameter. Values come, in
 * this order of preference, from the given context, from earlier results (harvested, matched to the
 * parameter by loose name or, for path and URL parameters, by their shape), then the same values in
 * the server's other forms (`forms.ts`: a path as a `file://` URL and back, relative to a root, a
 * listed name joined to its folder), from the parameter's enum, and only then from the schema
 * (`generated.ts`: json-schema-faker, strings capped at 64 characters, never empty). A parameter
 * that takes a read query (`query-language.ts`) is offered given values and read queries of the
 * tables the server listed, never a harvested value as it stands: server text is no statement.
 */

/** Where one argument value came from; `form` when it is offered in another form than given. */
export type Supply =
  | { origin: 'given'; value: unknown; given: GivenValue; form?: FormKind }
  | { origin: 'harvest'; value: unknown; harvest: Harvest; form?: FormKind; guess?: true }
  | { origin: 'query'; value: unknown; language: QueryLanguage; table: Harvest }
  | { origin: 'enum'; value: unknown }
  | { origin: 'schema'; value: unknown };

/** The value as given that a supply stands for, in whatever form it was offered. */
export function handleOf(supply: Supply): string | undefined {
  if (supply.origin === 'given') return supply.given.value;
  if (supply.origin === 'query') return String(supply.table.value);
  return supply.origin === 'harvest' ? String(supply.harvest.value) : undefined;
}

export interface ArgumentSet {
  args: Record<string, unknown>;
  supplies: Record<string, Supply>;
}

/** Other forms of a value rank after every value offered as given (server values first). */
const OTHER_FORM = 6;

interface Ranked {
  supply: Supply;
  rank: number;
  order: number;
}

/** Every absolute path known so far (given and harvested, `file://` URLs as their paths). */
function knownPaths(pool: readonly Harvest[], given: readonly GivenValue[]): KnownPath[] {
  const out: KnownPath[] = given.flatMap((g) =>
    isAbsolutePath(g.value) ? [{ path: g.value, dir: g.kind !== 'file' }] : [],
  );
  for (const h of pool) {
    if (typeof h.value !== 'string') continue;
    // A relative name listed under a folder is known there (joined through its tree, if nested).
    const under = listedUnder(h);
    const placed =
      under === undefined || !looksRelativePath(h.value)
        ? undefined
        : formsOf(h.value, [], under, h.nest).find((f) => f.form === 'joined')?.value;
    const path = absoluteOf(h.value) ?? placed;
    if (path !== undefined) out.push({ path, dir: h.kind === 'dir' });
  }
  return out;
}

interface Handles {
  param: ParamSpec;
  roots: string[];
  failed: ReadonlySet<string>;
  folderAsked: boolean;
}

/** Does the value name a file (listed as one, or its last segment has an extension)? */
function readsAsFile(value: string, from?: Harvest): boolean {
  return from?.kind === 'file' || looksRelativePath(posix.basename(value));
}

/**
 * A value's other forms that fit the parameter, tried in order: when the value as given does not
 * fit, the first of them is offered at once; the rest (or all, when it does fit) only once the
 * value got no answer from this tool. A file has no other form where a folder is asked.
 */
function otherForms(h: Handles, value: string, asGivenFits: boolean, from?: Harvest) {
  const kind = wants(h.param);
  if (kind === undefined || (h.folderAsked && readsAsFile(value, from))) return [];
  const under = from === undefined ? undefined : listedUnder(from);
  const others = formsOf(value, h.roots, under, from?.nest)
    .slice(1)
    .filter((f) => formFits(kind, f));
  if (h.failed.has(value)) return others;
  return asGivenFits ? [] : others.slice(0, 1);
}

/** How many other given folders this value lies inside (a repository under the base folder: 1). */
function nesting(g: GivenValue, given: readonly GivenValue[]): number {
  return given.filter((o) => o !== g && o.kind === 'dir' && relativeTo(o.value, g.value) !== undefined)
    .length;
}

function rankedSupplies(
  tool: ToolDescriptor,
  param: ParamSpec,
  pool: readonly Harvest[],
  given: readonly GivenValue[],
  random: () => number,
  failed: ReadonlySet<string>,
): Ranked[] {
  const ranked: Ranked[] = [];
  const handles: Handles = {
    param,
    roots: given.filter((g) => g.kind === 'dir').map((g) => g.value),
    failed,
    folderAsked: asksFolder(tool.name, param),
  };
  given.forEach((g, i) => {
    const fit = givenFit(param, g);
    // What the user gave comes first; among folders derived from the target, one inside another
    // (a repository under the base folder) is the more specific place and is offered first.
    const derived = g.origin === 'given' ? 0 : given.length * (given.length + 1);
    const order = derived + i - nesting(g, given) * given.length;
    // A file found in a named folder comes after everything the server gave (see `serverFirst`).
    const after = g.in === undefined ? 0 : IN_FOLDER;
    if (fit !== undefined)
      ranked.push({
        supply: { origin: 'given', value: g.value, given: g },
        rank: after + FIT_ORDER[fit] * 2,
        order,
      });
    for (const f of otherForms(handles, g.value, fit !== undefined))
      ranked.push({
        supply: { origin: 'given', value: f.value, given: g, form: f.form },
        rank: after + OTHER_FORM + FIT_ORDER.shape * 2,
        order,
      });
  });
  const dirsFirst = wantsDirectories(tool.name);
  // A statement is built from what the server listed (`query-language.ts`), never taken as it stands.
  const harvests = param.query === undefined ? pool : [];
  shuffle([...harvests], random).forEach((h, i) => {
    const fit = harvestFit(param, h);
    // Paths as listed but relative come after absolute ones.
    const relative = fit === 'shape' && typeof h.value === 'string' && !h.value.startsWith('/') ? 3 : 0;
    const order = ((param.pathLike ? pathRank(h, dirsFirst) : 0) + relative) * 1e9 + h.obs * 1e5 + i;
    if (fit !== undefined)
      ranked.push({
        // An identifier offered where nothing fits by name is a guess (`argumentSets` never makes one
        // for a parameter it may leave out).
        supply: {
          origin: 'harvest',
          value: h.value,
          harvest: h,
          ...(fit === 'identifier' ? { guess: true } : {}),
        },
        rank: FIT_ORDER[fit] * 2 + 1,
        order,
      });
    if (typeof h.value !== 'string') return;
    // The handles a listed item names (a link's destination and text, a decorated item's name) are
    // offered just before the item as written (`itemHandles`).
    const named = itemHandles(h.value, param.pathLike);
    named.forEach((f, k) => {
      ranked.push({
        supply: { origin: 'harvest', value: f.value, harvest: h, form: f.form },
        rank: fit === undefined ? OTHER_FORM + FIT_ORDER.shape * 2 + 1 : FIT_ORDER[fit] * 2 + 1,
        order: order - (0.5 * (named.length - k)) / named.length,
      });
    });
    for (const f of otherForms(handles, h.value, fit !== undefined, h))
      ranked.push({
        supply: { origin: 'harvest', value: f.value, harvest: h, form: f.form },
        rank: OTHER_FORM + FIT_ORDER.shape * 2 + 1,
        order,
      });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const offered = serverFirst(identifierLast(ranked, failed), failed);
  if (!asksFile(tool.name, param)) return offered;
  // A folder is never offered where a file is asked when a file under it is known. A file we found
  // by walking a named folder (`in`) pushes the folder out only where the parameter's own name asks
  // for a file (`filePath`); a bare `path` may mean the folder itself (cyanheads-git: a repository's
  // folder gave way to its README.md in every `path`, and every call failed).
  const named = wants(param) === 'file' ? given : given.filter((g) => g.in === undefined);
  const full = foldersWithFiles(knownPaths(pool, named));
  return offered.filter((r) => {
    const path = typeof r.supply.value === 'string' ? absoluteOf(r.supply.value) : undefined;
    return path === undefined || !full.has(path);
  });
}

/** Do values exist that fit, and has this tool answered any of them? */
function stillOpen(values: readonly Ranked[], failed: ReadonlySet<string>): boolean {
  return values.length > 0 && !values.every((r) => failed.has(handleOf(r.supply) ?? ''));
}

/**
 * A listed identifier is offered only where no value fits by name, or where every value that does
 * went unanswered by this tool: then the parameter takes something else the server listed.
 */
function identifierLast(ranked: readonly Ranked[], failed: ReadonlySet<string>): Ranked[] {
  const identifier = FIT_ORDER.identifier * 2 + 1;
  const named = ranked.filter((r) => r.rank < identifier);
  return stillOpen(named, failed) ? ranked.filter((r) => r.rank !== identifier) : [...ranked];
}

/** Rank of a file found in a named folder: after every value the server gave and its other forms. */
const IN_FOLDER = 20;

/**
 * Principle: the budget goes on what the server gave. A file found in a named folder is offered
 * only where nothing the server gave fits, or every such value went unanswered by this tool.
 */
function serverFirst(ranked: readonly Ranked[], failed: ReadonlySet<string>): Ranked[] {
  const fromServer = ranked.filter((r) => r.supply.origin === 'harvest');
  return stillOpen(fromServer, failed) ? ranked.filter((r) => r.rank < IN_FOLDER) : [...ranked];
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
  failed: ReadonlySet<string> = new Set(),
): Supply[] {
  const out: Supply[] = [];
  const seen = new Set<string>();
  const add = (supply: Supply) => {
    const value = coerce(supply.value, param);
    if (value === undefined) return;
    // A name is known where it was listed: one listed for two projects is two handles.
    const where = supply.origin === 'harvest' ? canonicalJson(supply.harvest.args ?? {}) : '';
    const key = `${canonicalJson(value)}\u0000${where}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...supply, value });
  };
  for (const r of rankedSupplies(tool, param, pool, given, random, failed)) add(r.supply);
  if (param.query !== undefined)
    for (const q of readQueries(param.query, pool))
      add({ origin: 'query', value: q.statement, language: q.language, table: q.table });
  if (param.required) for (const value of param.enum ?? []) add({ origin: 'enum', value });
  return out;
}
