import { describeStep, errorCode, finding, notEvidence, refsOf } from './frames.js';
import { requestInEra } from './negotiate.js';
import type { Probe } from './types.js';

const METHOD_NOT_FOUND = -32601;
export const MADE_UP_METHOD = 'fitness-report/no-such-method';

/** A method no revision defines must get JSON-RPC -32601, not a result or another code. */
export const unknownMethod: Probe = {
  id: 'unknown-method',
  summary: 'a made-up method gets JSON-RPC -32601',
  async run({ channel, negotiation }) {
    if (negotiation.era === undefined) {
      return finding(
        this.id,
        true,
        null,
        'could not check: no revision could be negotiated',
        {},
        negotiation.refs,
      );
    }
    const step = await requestInEra(channel, negotiation, MADE_UP_METHOD, {}, 'probe:unknown-method');
    const refs = refsOf(step);
    const code = errorCode(step);
    const evidence = { method: MADE_UP_METHOD, status: step?.status ?? null, errorCode: code ?? null };
    if (notEvidence(step))
      return finding(this.id, true, null, `could not check: ${describeStep(step)}`, evidence, refs);
    if (code === METHOD_NOT_FOUND)
      return finding(this.id, true, true, `answered ${describeStep(step)}`, evidence, refs);
    return finding(
      this.id,
      true,
      false,
      `expected JSON-RPC -32601, got ${describeStep(step)}`,
      evidence,
      refs,
    );
  },
};
