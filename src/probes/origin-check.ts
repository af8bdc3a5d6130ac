import {
  describeStep,
  finding,
  initializeRequest,
  LEGACY_REVISION,
  modernHeaders,
  modernRequest,
  notApplicable,
  notEvidence,
  refsOf,
} from './frames.js';
import type { Negotiation, Probe, Step, StepResult } from './types.js';

export const FOREIGN_ORIGIN = 'https://rebind.fitness-report.invalid';
export const FOREIGN_HOST = 'rebind.fitness-report.invalid';

function harmless(negotiation: Negotiation, id: string, headers: Record<string, string>): Step {
  if (negotiation.era === 'modern') {
    return {
      frame: modernRequest(id, 'server/discover', {}, negotiation.version),
      headers: { ...modernHeaders('server/discover', undefined, negotiation.version), ...headers },
    };
  }
  return { frame: initializeRequest(id, negotiation.version ?? LEGACY_REVISION), headers };
}

type Verdict = 'rejected' | 'served' | 'unclear';

function verdictOf(step: StepResult | undefined): Verdict {
  const status = step?.status;
  if (status === undefined || status >= 500) return 'unclear';
  if (status >= 400) return 'rejected';
  return status >= 200 && status < 300 ? 'served' : 'unclear';
}

/**
 * DNS-rebinding protection on a loopback HTTP server: the same harmless request is sent plain (the
 * control), with a foreign Origin, and with a foreign Host. The control must be served for the
 * others to mean anything; a served foreign request is the fault.
 */
export const originCheck: Probe = {
  id: 'origin-check',
  summary: 'a loopback HTTP server rejects a foreign Origin and a foreign Host',
  async run({ channel, negotiation, loopback }) {
    if (channel.transport !== 'http')
      return notApplicable(this.id, 'stdio target: no HTTP Origin or Host to check');
    if (!loopback)
      return notApplicable(this.id, 'not a loopback URL: DNS rebinding is a risk of local servers');
    const send = async (id: string, headers: Record<string, string>) =>
      (await channel.exchange([harmless(negotiation, id, headers)], 'probe:origin-check'))[0];
    const control = await send('probe-origin-control', {});
    const origin = await send('probe-origin-foreign', { origin: FOREIGN_ORIGIN });
    const host = await send('probe-host-foreign', { host: FOREIGN_HOST });
    const refs = refsOf(control, origin, host);
    const evidence = {
      control: control?.status ?? null,
      foreignOrigin: { sent: FOREIGN_ORIGIN, status: origin?.status ?? null },
      foreignHost: { sent: FOREIGN_HOST, status: host?.status ?? null },
    };
    if (notEvidence(control) || verdictOf(control) !== 'served') {
      return finding(
        this.id,
        true,
        null,
        `could not check: the plain request itself got ${describeStep(control)}`,
        evidence,
        refs,
      );
    }
    const served = [
      verdictOf(origin) === 'served' ? `Origin ${FOREIGN_ORIGIN}` : '',
      verdictOf(host) === 'served' ? `Host ${FOREIGN_HOST}` : '',
    ].filter((s) => s !== '');
    if (served.length > 0)
      return finding(
        this.id,
        true,
        false,
        `served a request with a foreign ${served.join(' and a foreign ')}`,
        evidence,
        refs,
      );
    if (verdictOf(origin) === 'rejected' && verdictOf(host) === 'rejected') {
      return finding(
        this.id,
        true,
        true,
        `foreign Origin rejected (HTTP ${origin?.status}), foreign Host rejected (HTTP ${host?.status})`,
        evidence,
        refs,
      );
    }
    return finding(
      this.id,
      true,
      null,
      `could not check: foreign Origin got ${describeStep(origin)}, foreign Host got ${describeStep(host)}`,
      evidence,
      refs,
    );
  },
};
