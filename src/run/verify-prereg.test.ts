import { describe, expect, it } from 'vitest';
import { fixtureRecord } from '../../test/support/board/records.js';
import type { RunRecord } from '../record/run.js';
import { preregOrderChecks } from './verify-prereg.js';

const SHA = 'a'.repeat(64);

function twoStep(policyAt: string, preregAt: string): RunRecord {
  const r = fixtureRecord('scored', { slug: 'order', startedAt: '2026-11-01T12:00:00Z' });
  if (!r.prereg) throw new Error('fixture without prereg');
  return {
    ...r,
    policy: { path: 'policy.json', sha256: SHA, at: policyAt },
    prereg: { ...r.prereg, at: preregAt, registration: { ...r.prereg.registration, policySha256: SHA } },
  };
}

const byName = (checks: ReturnType<typeof preregOrderChecks>) => new Map(checks.map((c) => [c.check, c]));

describe('pre-registration order from the tapes', () => {
  it('passes when the policy precedes every model call and the registration every gate trial', () => {
    const checks = byName(
      preregOrderChecks(twoStep('2026-11-01T12:00:01.000Z', '2026-11-01T12:00:05.000Z'), {
        firstModelCall: '2026-11-01T12:00:02.000Z',
        firstGateTrial: '2026-11-01T12:00:06.000Z',
      }),
    );
    expect([...checks.values()].every((c) => c.ok)).toBe(true);
    expect(checks.get('prereg names policy')?.ok).toBe(true);
  });

  it('fails a model call before the policy, and a gate trial before the registration', () => {
    const checks = byName(
      preregOrderChecks(twoStep('2026-11-01T12:00:03.000Z', '2026-11-01T12:00:07.000Z'), {
        firstModelCall: '2026-11-01T12:00:02.999Z',
        firstGateTrial: '2026-11-01T12:00:06.000Z',
      }),
    );
    expect(checks.get('policy before model calls')).toMatchObject({ ok: false });
    expect(checks.get('policy before model calls')?.detail).toMatch(/the call came first$/);
    expect(checks.get('registration before gate trials')).toMatchObject({ ok: false });
  });

  it('fails a model call with no policy recorded at all, and a prereg naming another policy', () => {
    const r = twoStep('2026-11-01T12:00:01.000Z', '2026-11-01T12:00:05.000Z');
    const { policy: _, ...noPolicy } = r;
    const checks = byName(preregOrderChecks(noPolicy, { firstModelCall: '2026-11-01T12:00:02.000Z' }));
    expect(checks.get('policy before model calls')?.detail).toMatch(/no policy\.json was recorded before it/);
    if (!r.prereg) throw new Error('no prereg');
    r.prereg.registration.policySha256 = 'b'.repeat(64);
    expect(byName(preregOrderChecks(r, {})).get('prereg names policy')?.ok).toBe(false);
  });
});
