import { describeStep, finding, notApplicable, notEvidence, refsOf } from './frames.js';
import type { Frame, Probe } from './types.js';

/** What is wrong with a result's cache hints (SEP-2549); empty when `ttlMs` and `cacheScope` are right. */
export function cacheHintProblems(result: Frame): string[] {
  const problems: string[] = [];
  const { ttlMs, cacheScope } = result;
  if (ttlMs === undefined) problems.push('ttlMs missing');
  else if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs) || ttlMs < 0)
    problems.push(`ttlMs ${JSON.stringify(ttlMs)} is not an integer >= 0`);
  if (cacheScope === undefined) problems.push('cacheScope missing');
  else if (cacheScope !== 'public' && cacheScope !== 'private')
    problems.push(`cacheScope ${JSON.stringify(cacheScope)} is not public|private`);
  return problems;
}

/**
 * `tools/list` carries `ttlMs` and `cacheScope`, read from the wire frame (the SDK's typed result
 * may drop them). `public` on an authenticated connection lets a shared cache hand one tenant's
 * list to another.
 */
export const cacheHints: Probe = {
  id: 'cache-hints',
  summary:
    'tools/list carries ttlMs (integer >= 0) and cacheScope (public|private, never public when authenticated)',
  async run({ negotiation, tools, authenticated }) {
    if (negotiation.era !== 'modern') {
      return notApplicable(
        this.id,
        `not a 2026-07-28 server (negotiated ${negotiation.version ?? 'nothing'}): cache hints are a 2026-07-28 field`,
      );
    }
    const refs = refsOf(tools.step);
    if (tools.result === undefined || notEvidence(tools.step)) {
      return finding(
        this.id,
        true,
        null,
        `could not check: tools/list answered ${describeStep(tools.step)}`,
        {},
        refs,
      );
    }
    const { ttlMs, cacheScope } = tools.result;
    const evidence = { ttlMs: ttlMs ?? null, cacheScope: cacheScope ?? null, authenticated };
    const problems = cacheHintProblems(tools.result);
    if (problems.length > 0)
      return finding(this.id, true, false, `tools/list: ${problems.join('; ')}`, evidence, refs);
    if (cacheScope === 'public' && authenticated) {
      return finding(
        this.id,
        true,
        false,
        'tools/list is cacheScope public on an authenticated connection: a shared cache could serve it across tenants',
        evidence,
        refs,
      );
    }
    return finding(
      this.id,
      true,
      true,
      `tools/list: ttlMs ${String(ttlMs)}, cacheScope ${String(cacheScope)}`,
      evidence,
      refs,
    );
  },
};
