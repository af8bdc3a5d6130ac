import { z } from 'zod';
import { isRecord } from '../core/json.js';
import type { ConformanceCheck } from '../record/conformance.js';
import { describeFixture, type Fixture, fixtureOf } from './fixtures.js';

/** One entry of a scenario's `checks.json`, as the suite writes it (extra fields kept, unread). */
const RawCheck = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  errorMessage: z.string().optional(),
  details: z.unknown().optional(),
});
export const ChecksFile = z.array(RawCheck);
export type RawCheck = z.infer<typeof RawCheck>;

/** A scenario's result directory `server-<scenario>-<ISO time with dashes>` → its scenario name. */
export function scenarioOf(dirName: string): string {
  const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(dirName);
  return m?.[1] ?? dirName;
}

export interface ScenarioResult {
  scenario: string;
  checks: readonly RawCheck[];
}

/** What the server listed, read from the suite's own list checks (a kind absent: not known). */
export type Listing = Partial<Record<'tool' | 'prompt' | 'resource', ReadonlySet<string>>>;

function names(details: unknown, key: string): ReadonlySet<string> | undefined {
  if (!isRecord(details) || !(key in details)) return undefined;
  const list = details[key];
  if (!Array.isArray(list)) return undefined;
  return new Set(list.filter((v): v is string => typeof v === 'string'));
}

export function listingOf(results: readonly ScenarioResult[]): Listing {
  const find = (id: string, key: string) => {
    for (const r of results)
      for (const c of r.checks) if (c.id === id && c.status === 'SUCCESS') return names(c.details, key);
    return undefined;
  };
  const listing: Listing = {};
  const tools = find('tools-list', 'tools');
  const prompts = find('prompts-list', 'prompts');
  const resources = find('resources-list', 'resources');
  if (tools) listing.tool = tools;
  if (prompts) listing.prompt = prompts;
  if (resources) listing.resource = resources;
  return listing;
}

/** A fixture counts as present only when the server's own listing names it. */
function present(fixture: Fixture, listing: Listing): boolean {
  if (fixture.kind === 'resource template') return false;
  return listing[fixture.kind]?.has(fixture.name) ?? false;
}

/**
 * Checks of the HTTP transport itself (Host/Origin validation, SSE streams). Through the loopback
 * bridge the harness puts in front of a stdio server they test the bridge, not the server.
 */
export function isTransportCheck(id: string): boolean {
  return /^(localhost-host-|server-sse-|server-accepts-multiple-post-streams)/.test(id);
}

const MESSAGE_MAX = 500;

export interface ClassifyOptions {
  /** The suite reached a stdio server through the harness's bridge. */
  bridged: boolean;
}

function notApplicable(id: string, fixture: Fixture | undefined, listing: Listing, o: ClassifyOptions) {
  if (o.bridged && isTransportCheck(id))
    return 'tests the HTTP transport, which for a stdio server is the harness’s loopback bridge';
  if (fixture === undefined || present(fixture, listing)) return undefined;
  return `needs the suite’s reference fixture (${describeFixture(fixture)}), which this server does not list`;
}

const byScenario = (a: ScenarioResult, b: ScenarioResult) =>
  a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : 0;

/** Every check of every scenario, in scenario order, classified (pure). */
export function classify(results: readonly ScenarioResult[], options: ClassifyOptions): ConformanceCheck[] {
  const listing = listingOf(results);
  return [...results].sort(byScenario).flatMap((r) =>
    r.checks.map((c): ConformanceCheck => {
      const fixture = fixtureOf(c.id);
      const because = notApplicable(c.id, fixture, listing, options);
      return {
        scenario: r.scenario,
        id: c.id,
        status: c.status.slice(0, 40),
        applicable: because === undefined,
        ...(because === undefined ? {} : { because }),
        ...(fixture ? { fixture: describeFixture(fixture) } : {}),
        ...(c.errorMessage ? { message: c.errorMessage.slice(0, MESSAGE_MAX) } : {}),
      };
    }),
  );
}
