import {
  describeStep,
  errorCode,
  finding,
  IMPOSSIBLE_REVISION,
  initializeRequest,
  KNOWN_REVISIONS,
  modernHeaders,
  modernRequest,
  notApplicable,
  notEvidence,
  refsOf,
  resultOf,
} from './frames.js';
import type { Probe } from './types.js';

const UNSUPPORTED_VERSION = -32022;

/**
 * Legacy `initialize` asking for 1999-01-01: a server must counter-offer a revision it supports (or
 * refuse with an error); echoing the impossible revision back is the fault.
 */
export const impossibleVersionLegacy: Probe = {
  id: 'impossible-version-legacy',
  summary: `initialize with ${IMPOSSIBLE_REVISION} is refused or counter-offered, never echoed`,
  async run({ channel }) {
    const [step] = await channel.exchange(
      [{ frame: initializeRequest('probe-impossible-legacy', IMPOSSIBLE_REVISION) }],
      'probe:impossible-version-legacy',
    );
    const refs = refsOf(step);
    const evidence: Record<string, unknown> = {
      requested: IMPOSSIBLE_REVISION,
      status: step?.status ?? null,
    };
    if (notEvidence(step) || step?.response === undefined) {
      return finding(this.id, true, null, `could not check: ${describeStep(step)}`, evidence, refs);
    }
    const code = errorCode(step);
    if (code !== undefined) {
      return finding(
        this.id,
        true,
        true,
        `refused with JSON-RPC error ${code}`,
        { ...evidence, errorCode: code },
        refs,
      );
    }
    const offered = resultOf(step)?.protocolVersion;
    evidence.offered = offered ?? null;
    if (offered === IMPOSSIBLE_REVISION) {
      return finding(
        this.id,
        true,
        false,
        `echoed the impossible revision ${IMPOSSIBLE_REVISION} instead of counter-offering`,
        evidence,
        refs,
      );
    }
    if (typeof offered === 'string' && KNOWN_REVISIONS.includes(offered)) {
      return finding(this.id, true, true, `counter-offered ${offered}`, evidence, refs);
    }
    return finding(
      this.id,
      true,
      false,
      `answered with protocolVersion ${JSON.stringify(offered)}, not a published revision`,
      evidence,
      refs,
    );
  },
};

/**
 * Modern request whose envelope claims 1999-01-01: must be rejected with -32022 (HTTP 400 on
 * Streamable HTTP). Only a modern server can be asked.
 */
export const impossibleVersionModern: Probe = {
  id: 'impossible-version-modern',
  summary: `a request enveloped as ${IMPOSSIBLE_REVISION} gets -32022 (HTTP 400)`,
  async run({ channel, negotiation }) {
    if (negotiation.era !== 'modern') {
      return notApplicable(
        this.id,
        `not a 2026-07-28 server (negotiated ${negotiation.version ?? 'nothing'})`,
      );
    }
    const frame = modernRequest('probe-impossible-modern', 'server/discover', {}, IMPOSSIBLE_REVISION);
    const [step] = await channel.exchange(
      [{ frame, headers: modernHeaders('server/discover', undefined, IMPOSSIBLE_REVISION) }],
      'probe:impossible-version-modern',
    );
    const refs = refsOf(step);
    const code = errorCode(step);
    const evidence = {
      requested: IMPOSSIBLE_REVISION,
      status: step?.status ?? null,
      errorCode: code ?? null,
    };
    if (notEvidence(step) || step?.response === undefined) {
      return finding(this.id, true, null, `could not check: ${describeStep(step)}`, evidence, refs);
    }
    const httpOk = channel.transport !== 'http' || step.status === 400;
    if (code === UNSUPPORTED_VERSION && httpOk) {
      return finding(this.id, true, true, `rejected with ${describeStep(step)}`, evidence, refs);
    }
    const expected = channel.transport === 'http' ? 'HTTP 400 with JSON-RPC -32022' : 'JSON-RPC -32022';
    return finding(this.id, true, false, `expected ${expected}, got ${describeStep(step)}`, evidence, refs);
  },
};
