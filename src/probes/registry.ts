import { messageOf } from '../core/errors.js';
import type { ProbeResult } from '../record/probe.js';
import { cacheHints } from './cache-hints.js';
import { deprecationSurface } from './deprecation-surface.js';
import { headerMismatchMethod, headerMismatchName } from './header-mismatch.js';
import { impossibleVersionLegacy, impossibleVersionModern } from './impossible-version.js';
import { inputSchemas } from './input-schemas.js';
import { listTools, negotiate } from './negotiate.js';
import { originCheck } from './origin-check.js';
import { serverDiscover } from './server-discover.js';
import { specCurrency } from './spec-currency.js';
import { toolNames } from './tool-names.js';
import type { Probe, ProbeContext, RawChannel, SessionFacts } from './types.js';

export type { Probe };

import { unknownMethod } from './unknown-method.js';

/** Every probe, in the order findings are reported (docs/design.md §8). */
export const PROBES: readonly Probe[] = [
  specCurrency,
  impossibleVersionLegacy,
  impossibleVersionModern,
  headerMismatchName,
  headerMismatchMethod,
  serverDiscover,
  cacheHints,
  deprecationSurface,
  unknownMethod,
  toolNames,
  inputSchemas,
  originCheck,
];

export interface RunProbesOptions {
  readonly channel: RawChannel;
  readonly authenticated?: boolean;
  readonly loopback?: boolean;
  /** The SDK session's negotiation, for spec-currency (the raw negotiation stands in without one). */
  readonly session?: SessionFacts;
  /** A subset of PROBES (by default all of them). */
  readonly probes?: readonly Probe[];
}

/**
 * Negotiates on raw frames, lists tools from the wire, then runs each probe in turn (sequentially:
 * the tape reads in the order the probes ran). A probe that throws is reported as could-not-check
 * with the error, never dropped.
 */
export async function runProbes(options: RunProbesOptions): Promise<ProbeResult[]> {
  const negotiation = await negotiate(options.channel);
  const tools = await listTools(options.channel, negotiation);
  const ctx: ProbeContext = {
    channel: options.channel,
    session: options.session,
    negotiation,
    tools,
    authenticated: options.authenticated ?? false,
    loopback: options.loopback ?? false,
  };
  const results: ProbeResult[] = [];
  for (const probe of options.probes ?? PROBES) {
    try {
      results.push(await probe.run(ctx));
    } catch (err) {
      results.push({
        id: probe.id,
        applies: true,
        pass: null,
        detail: `could not check: the probe failed (${messageOf(err)})`,
        evidence: {},
        tapeRefs: [],
      });
    }
  }
  return results;
}
