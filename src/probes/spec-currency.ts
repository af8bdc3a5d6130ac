import { finding, KNOWN_REVISIONS, LATEST_REVISION } from './frames.js';
import type { Probe } from './types.js';

/**
 * The revision actually negotiated (by the SDK session when there is one, else by the raw
 * discover/initialize exchange), against the latest published one.
 */
export const specCurrency: Probe = {
  id: 'spec-currency',
  summary: `the negotiated revision is the latest (${LATEST_REVISION})`,
  async run({ negotiation, session }) {
    const version = session?.protocolVersion ?? negotiation.version;
    const era = session?.era ?? negotiation.era;
    const { refs } = negotiation;
    const evidence = {
      negotiated: version ?? null,
      era: era ?? null,
      latest: LATEST_REVISION,
      rawNegotiation: negotiation.version ?? null,
      ...(session ? { sessionNegotiation: session.protocolVersion ?? null } : {}),
    };
    if (version === undefined) {
      return finding(
        this.id,
        true,
        null,
        'no revision could be negotiated (neither server/discover nor initialize answered)',
        evidence,
        refs,
      );
    }
    const known = KNOWN_REVISIONS.includes(version) ? '' : ' (not a published revision)';
    const pass = version === LATEST_REVISION;
    const detail = pass
      ? `negotiated ${version}, the latest revision`
      : `negotiated ${version}${known}; the latest is ${LATEST_REVISION}`;
    return finding(this.id, true, pass, detail, evidence, refs);
  },
};
