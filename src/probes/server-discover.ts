import { cacheHintProblems } from './cache-hints.js';
import { describeStep, finding, isFrame, notApplicable, notEvidence, refsOf, resultOf } from './frames.js';
import type { Probe } from './types.js';

/**
 * Modern servers must answer `server/discover` with supportedVersions, capabilities, ttlMs and
 * cacheScope. A legacy server need not (its answer is recorded); any server that answers with a
 * result must answer it completely.
 */
export const serverDiscover: Probe = {
  id: 'server-discover',
  summary: 'server/discover answers supportedVersions, capabilities, ttlMs and cacheScope',
  async run({ negotiation }) {
    const step = negotiation.discover;
    const refs = refsOf(step);
    const result = resultOf(step);
    const evidence: Record<string, unknown> = { status: step.status ?? null, answered: describeStep(step) };
    if (result === undefined) {
      if (negotiation.era === 'legacy') {
        return notApplicable(
          this.id,
          `legacy server (${negotiation.version}): server/discover is not required; it answered ${describeStep(step)}`,
          evidence,
          refs,
        );
      }
      const detail = notEvidence(step)
        ? `could not check: ${describeStep(step)}`
        : `no usable answer: ${describeStep(step)}`;
      return finding(
        this.id,
        true,
        notEvidence(step) || negotiation.era === undefined ? null : false,
        detail,
        evidence,
        refs,
      );
    }
    const problems: string[] = [];
    const versions = result.supportedVersions;
    const listed =
      Array.isArray(versions) &&
      versions.length > 0 &&
      versions.every((v): v is string => typeof v === 'string')
        ? versions
        : undefined;
    if (listed === undefined) problems.push('supportedVersions missing or not a list of revisions');
    if (!isFrame(result.capabilities)) problems.push('capabilities missing');
    problems.push(...cacheHintProblems(result));
    evidence.supportedVersions = versions ?? null;
    evidence.ttlMs = result.ttlMs ?? null;
    evidence.cacheScope = result.cacheScope ?? null;
    if (problems.length > 0 || listed === undefined)
      return finding(this.id, true, false, `server/discover: ${problems.join('; ')}`, evidence, refs);
    return finding(this.id, true, true, `server/discover lists ${listed.join(', ')}`, evidence, refs);
  },
};
