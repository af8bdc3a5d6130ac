import { notRecorded } from './common.js';
import { decidingNumbers } from './refusal.js';
import { SCHEMA_V1, SCHEMA_V2 } from './run.js';
import type { RunRecordV1 } from './run-v1.js';

/** Statements a migrated record carries in place of fields its producer never wrote. */
export const LIMITATIONS = {
  generator: 'This record predates the generator field: its task generator is not recorded.',
  screen:
    'This record predates the generation-time null screen: whether its candidates were screened is not recorded.',
  extensionProtocol:
    'This record predates the extension protocol. It carries a zero extension policy, no registered batch size, ' +
    'no protocol statement and no ledger: the same arithmetic as a registration that bought no batch, and the ' +
    'record cannot tell the two apart.',
  rejectedByRule:
    "This record's generator did not serialise per-candidate rejection reasons: only the total rejected by " +
    'admission is recorded, not the rule behind each one.',
} as const;

const zeroPolicy = () => ({
  recorded: false as const,
  maxExtensions: 0 as const,
  limitation: LIMITATIONS.extensionProtocol,
});

type GateV1 = RunRecordV1['gates'][number];

/** The reason is kept as v1 wrote it (`extend_exhausted` is not relabelled); only the policy is added. */
function migrateGate(gate: GateV1): Record<string, unknown> {
  if (gate.gate !== 'construct') return gate;
  return { ...gate, extension: { policy: zeroPolicy() } };
}

function refusingNumbers(refusal: { gate: string }, gates: readonly GateV1[]): Record<string, unknown> {
  const last = gates.at(-1);
  return last !== undefined && last.gate === refusal.gate ? decidingNumbers(last.gate, last) : {};
}

/**
 * v1 → v2. Fields v1 never wrote read as not recorded, never as an assumed value. Two counts are
 * carried as zero because v1's own invariant (candidates = rejected + registered + surplus) proves
 * them: nothing was deleted by a screen and nothing was held in reserve.
 */
export function migrateV1(record: RunRecordV1): Record<string, unknown> {
  const { suite, prereg, refusal, gates, identity, ...rest } = record;
  return {
    ...rest,
    schema: SCHEMA_V2,
    migratedFrom: SCHEMA_V1,
    identity: {
      ...identity,
      generator: notRecorded(LIMITATIONS.generator),
      screen: notRecorded(LIMITATIONS.screen),
      extensionProtocol: notRecorded(LIMITATIONS.extensionProtocol),
    },
    ...(prereg
      ? {
          prereg: {
            ...prereg,
            registration: {
              ...prereg.registration,
              extension: zeroPolicy(),
              generator: notRecorded(LIMITATIONS.generator),
              screen: notRecorded(LIMITATIONS.screen),
              extensionProtocol: notRecorded(LIMITATIONS.extensionProtocol),
            },
          },
        }
      : {}),
    ...(suite
      ? {
          suite: {
            ...suite,
            rejected: { total: suite.rejected, limitation: LIMITATIONS.rejectedByRule },
            deletedByScreen: 0,
            reserve: 0,
          },
        }
      : {}),
    // The refusal block opens on the refusing gate's numbers, copied from it as v1 stored them.
    ...(refusal ? { refusal: { ...refusal, ...refusingNumbers(refusal, gates) } } : {}),
    gates: gates.map(migrateGate),
  };
}
