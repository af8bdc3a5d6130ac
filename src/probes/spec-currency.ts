import { finding, LATEST_REVISION } from './frames.js';
import { revisionStanding } from './revisions.js';
import type { Probe } from './types.js';

/**
 * The revision actually negotiated (by the SDK session when there is one, else by the raw
 * discover/initialize exchange) and its era: a value shown in its own column, never counted among
 * the hygiene checks (`counted: false`). Only a revision older than the newest of its era fails.
 */
export const specCurrency: Probe = {
  id: 'spec-currency',
  summary: 'the negotiated revision and its era; behind the newest of its era is a finding',
  async run({ negotiation, session }) {
    const version = session?.protocolVersion ?? negotiation.version;
    const { refs } = negotiation;
    const base = {
      negotiated: version ?? null,
      latest: LATEST_REVISION,
      rawNegotiation: negotiation.version ?? null,
      ...(session ? { sessionNegotiation: session.protocolVersion ?? null } : {}),
    };
    if (version === undefined) {
      const result = finding(
        this.id,
        true,
        null,
        'no revision could be negotiated (neither server/discover nor initialize answered)',
        { ...base, era: session?.era ?? negotiation.era ?? null },
        refs,
      );
      return { ...result, counted: false };
    }
    const s = revisionStanding(version);
    const known = s.known ? '' : ' (not a published revision)';
    const detail = s.behind
      ? `negotiated ${version}${known} (${s.era}); the newest ${s.era} revision is ${s.newestOfEra}`
      : `negotiated ${version}${known}, the newest ${s.era} revision${s.era === 'legacy' ? ` (the latest is ${LATEST_REVISION})` : ''}`;
    const evidence = { ...base, era: s.era, newestOfEra: s.newestOfEra };
    return { ...finding(this.id, true, !s.behind, detail, evidence, refs), counted: false };
  },
};
