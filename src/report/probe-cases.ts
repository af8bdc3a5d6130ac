import { isCounted, verdictWord } from '../probes/report.js';
import type { ProbeResult } from '../record/probe.js';
import { linksOf } from './evidence.js';
import type { CiCase, EvidenceLink } from './model.js';

/**
 * One case per probe: a failed check fails with its detail, one that could not be checked is
 * skipped with why, and a value shown beside the checks (spec currency) is skipped as not a check,
 * so no JUnit count says more than the probe table does.
 */
export function probeCase(probe: ProbeResult, link: EvidenceLink): CiCase {
  const evidence = linksOf(probe.tapeRefs, link);
  const base = { group: 'probe', name: probe.id, evidence };
  if (!isCounted(probe))
    return {
      ...base,
      status: 'skipped',
      reason: `a value, not a check: ${verdictWord(probe)}; ${probe.detail}`,
    };
  if (probe.pass === true) return { ...base, status: 'passed' };
  if (probe.pass === false) return { ...base, status: 'failed', reason: probe.detail };
  return { ...base, status: 'skipped', reason: `could not check: ${probe.detail}` };
}
