import { describe, expect, it } from 'vitest';
import {
  D,
  lowNulls,
  passAnswerLeak,
  passConstruct,
  passingLadder,
  passNull,
  passPlanPower,
  passStructural,
  passSuiteSize,
} from '../../test/support/gates/passing.js';
import type { GateRecord } from '../record/gate.js';
import { GateReason, Outcome } from '../record/outcome.js';
import { answerLeakGate } from './answer-leak.js';
import { constructGate } from './construct.js';
import { GateInputError } from './errors.js';
import { ladder, outcomeOf } from './ladder.js';
import { nullBaselineGate } from './null-baseline.js';
import { planPowerGate } from './plan-power.js';
import { structuralGate } from './structural.js';
import { suiteSizeGate } from './suite-size.js';

const structural = (patch: object) =>
  structuralGate({
    ...{
      surfaceListed: true,
      toolCount: 4,
      candidates: 40,
      rejected: 10,
      registered: 16,
      invalidTasks: [],
      minAdmissionRate: 0.25,
    },
    ...patch,
  });
const construct = (
  registered: [number, number, number],
  batches: [number, number, number][] = [],
  maxExtensions = 2,
  budgetEnded?: { token_budget: number },
) =>
  constructGate({
    params: D.construct,
    compromisedErrorShare: D.compromisedErrorShare,
    policy: { batchTasks: 6, maxExtensions },
    reps: 3,
    registered: { tasks: 16, pool: { k: registered[0], n: registered[1], errors: registered[2] } },
    batches: batches.map(([k, n, errors]) => ({ tasksAdded: 6, pool: { k, n, errors } })),
    ...(budgetEnded ? { budgetEnded } : {}),
  });
const nulls = (signal: Parameters<typeof passNull>[0], phases: object = lowNulls) =>
  nullBaselineGate({ phases, signal, ratio: 0.5, percentile: 95 });
const highNulls = {
  'null-no-tools': { k: 12, n: 16 },
  'null-stubbed-empty': { k: 12, n: 16 },
  'null-random-args': { k: 12, n: 16 },
};

const upTo = (n: number) => passingLadder().slice(0, n);

/** Each refusing reason, the ladder that reaches it, and what the ladder must say. */
const cases: [GateReason, GateRecord[], Outcome][] = [
  ['no_surface', [structural({ surfaceListed: false })], 'INSUFFICIENT_SURFACE'],
  [
    'answers_unstable',
    [structural({ candidates: 20, rejected: 18, unstable: 15, registered: 2 })],
    'GATE_FAILED',
  ],
  [
    'invalid_schemas',
    [structural({ toolCount: 0, listedTools: 2, candidates: 0, rejected: 0, registered: 0 })],
    'INSUFFICIENT_SURFACE',
  ],
  [
    'empty_data',
    [
      structural({
        candidates: 0,
        rejected: 0,
        registered: 0,
        exploration: {
          tools: 3,
          explorable: 2,
          toolsCalled: 2,
          calls: 4,
          errors: 1,
          usable: 0,
          emptyState: 3,
        },
      }),
    ],
    'INDETERMINATE',
  ],
  [
    'no_explorable_tools',
    [
      structural({
        candidates: 0,
        rejected: 0,
        registered: 0,
        exploration: { tools: 21, explorable: 0, toolsCalled: 0, calls: 0, errors: 0 },
      }),
    ],
    'INDETERMINATE',
  ],
  [
    'no_usable_results',
    [
      structural({
        candidates: 0,
        rejected: 0,
        registered: 0,
        exploration: {
          tools: 4,
          explorable: 3,
          toolsCalled: 3,
          calls: 3,
          errors: 3,
          usable: 0,
          generatedOnly: ['repo_path'],
        },
      }),
    ],
    'INDETERMINATE',
  ],
  ['no_candidates', [structural({ candidates: 0, rejected: 0, registered: 0 })], 'INSUFFICIENT_SURFACE'],
  ['admission_rate_below_floor', [structural({ rejected: 35 })], 'INSUFFICIENT_SURFACE'],
  [
    'registered_task_invalid',
    [structural({ invalidTasks: [{ taskId: 't1', detail: 'unbound placeholder' }] })],
    'GATE_FAILED',
  ],
  [
    'answer_in_prompt',
    [
      ...upTo(1),
      answerLeakGate([
        { taskId: 't1', prompt: 'is it 42 items?', answerKey: 'forty two items' },
        { taskId: 't2', prompt: 'open rfc2616.txt', answerKey: 'RFC 2616' },
      ]),
    ],
    'GATE_FAILED',
  ],
  [
    'below_minimum_suite_size',
    [...upTo(2), suiteSizeGate({ registered: 2, deletedByScreen: 0, minTasks: 8 })],
    'INSUFFICIENT_SURFACE',
  ],
  [
    'registration_below_minimum',
    [...upTo(2), suiteSizeGate({ registered: 3, deletedByScreen: 0, minTasks: 8, requestedTasks: 3 })],
    'INDETERMINATE',
  ],
  [
    'all_candidates_null_answerable',
    [...upTo(2), suiteSizeGate({ registered: 0, deletedByScreen: 30, minTasks: 8 })],
    'DEGENERATE',
  ],
  ['no_measurements', [...upTo(4), nulls({ source: 'ceiling' }, {})], 'INDETERMINATE'],
  ['noise_exceeds_signal', [...upTo(4), nulls({ source: 'ceiling' }, highNulls)], 'DEGENERATE'],
  [
    'degenerate_no_signal',
    [...upTo(6), nulls({ source: 'reference', counts: { k: 0, n: 48 } })],
    'INDETERMINATE',
  ],
  ['compromised_oracle_errors', [...upTo(5), construct([40, 44, 4])], 'COMPROMISED'],
  ['reference_rate_below_threshold', [...upTo(5), construct([36, 48, 0])], 'GATE_FAILED'],
  [
    'reference_out_of_budget',
    [...upTo(5), construct([36, 48, 0], [], 2, { token_budget: 12 })],
    'INDETERMINATE',
  ],
  [
    'unresolved_after_max_extensions',
    [
      ...upTo(5),
      construct(
        [42, 48, 0],
        [
          [58, 66, 0],
          [74, 84, 0],
        ],
      ),
    ],
    'GATE_FAILED',
  ],
  ['extend_exhausted_zero_policy', [...upTo(5), construct([42, 48, 0], [], 0)], 'EXTEND_EXHAUSTED'],
  // v1's spelling of the same refusal, kept as written on migration: no current gate records it.
  [
    'extend_exhausted',
    [...upTo(5), { ...construct([42, 48, 0], [], 0), reason: 'extend_exhausted' } as GateRecord],
    'EXTEND_EXHAUSTED',
  ],
];

describe('ladder', () => {
  it('reads a full passing ladder as SCORED', () => {
    expect(ladder(passingLadder())).toEqual({
      outcome: 'SCORED',
      decided: [
        'structural',
        'answer_leak',
        'suite_size',
        'plan_power',
        'null_baseline:ceiling',
        'construct',
        'null_baseline:reference',
        'null_baseline:first_try',
      ],
    });
  });

  it.each(cases)('refuses with %s', (reason, records, outcome) => {
    expect(ladder(records)).toMatchObject({ outcome, refusingGate: records.at(-1)?.gate, reason });
  });

  it('has a case for every refusing reason and reaches every refusal outcome', () => {
    const refusing = GateReason.options.filter(
      (r) => r !== 'underpowered_registration' && r !== 'downgraded_underpowered',
    );
    expect(cases.map(([r]) => r).sort()).toEqual([...refusing].sort());
    const reached = new Set(cases.map(([, , o]) => o));
    expect([...reached].sort()).toEqual(Outcome.options.filter((o) => o !== 'SCORED' && o !== 'VOID').sort());
  });

  it('the null gate kills at each decision point with its own signal source', () => {
    const afterDrive = [
      ...upTo(7),
      nulls(
        { source: 'first_try', counts: { k: 10, n: 48 } },
        { ...lowNulls, 'null-random-args': { k: 2, n: 16 } },
      ),
    ];
    expect(ladder(afterDrive)).toMatchObject({ outcome: 'DEGENERATE', reason: 'noise_exceeds_signal' });
    expect(afterDrive.at(-1)).toMatchObject({ signalSource: 'first_try', signal: 10 / 48 });
    const afterConstruct = [
      ...upTo(6),
      nulls({ source: 'reference', counts: { k: 1, n: 48 } }, { ...lowNulls }),
    ];
    expect(ladder(afterConstruct)).toMatchObject({
      reason: 'noise_exceeds_signal',
      refusingGate: 'null_baseline',
    });
  });

  it('does not refuse on recorded-only reasons: an underpowered plan and a downgraded PASS that resolved', () => {
    const underpowered = planPowerGate({
      construct: D.construct,
      registeredTrials: 12,
      trialsPerBatch: 0,
      maxExtensions: 0,
    });
    expect(underpowered.reason).toBe('underpowered_registration');
    const resolved = construct([47, 48, 0], [[65, 66, 0]]);
    expect(resolved.extension.ledger?.registered.reason).toBe('downgraded_underpowered');
    const records = passingLadder();
    records[3] = underpowered;
    records[5] = resolved;
    expect(ladder(records).outcome).toBe('SCORED');
  });

  it('rejects records out of decision order, after a refusal, or an incomplete ladder without a refusal', () => {
    expect(() => ladder([passAnswerLeak(), passStructural()])).toThrow('after answer_leak in decision order');
    expect(() => ladder([passStructural(), passStructural()])).toThrow(GateInputError);
    expect(() => ladder([structural({ toolCount: 0 }), passAnswerLeak()])).toThrow(
      'structural already refused',
    );
    expect(() => ladder([passStructural(), passAnswerLeak(), passSuiteSize(), passPlanPower()])).toThrow(
      'missing null_baseline:ceiling, construct, null_baseline:reference, null_baseline:first_try',
    );
    expect(() =>
      ladder([...upTo(5), passNull({ source: 'first_try', counts: { k: 1, n: 2 } }), passConstruct()]),
    ).toThrow(GateInputError);
  });

  it('rejects a record that does not validate, naming its index and path', () => {
    const bad = { ...passStructural(), toolCount: -2 };
    expect(() => ladder([bad as GateRecord])).toThrow('records[0]');
    expect(() => ladder([bad as GateRecord])).toThrow('toolCount');
  });
});

describe('outcomeOf', () => {
  const refused = [structural({ toolCount: 0 })];
  it('is VOID for a stopped run whatever its gates or score say', () => {
    expect(outcomeOf(passingLadder(), { stopped: true, scored: true })).toBe('VOID');
    expect(outcomeOf(refused, { stopped: true, scored: false })).toBe('VOID');
  });
  it('takes a refusal from the last gate, and otherwise SCORED with a score, VOID without', () => {
    expect(outcomeOf(refused, { stopped: false, scored: false })).toBe('INSUFFICIENT_SURFACE');
    expect(outcomeOf(passingLadder(), { stopped: false, scored: true })).toBe('SCORED');
    expect(outcomeOf(passingLadder(), { stopped: false, scored: false })).toBe('VOID');
    expect(outcomeOf([], { stopped: false, scored: false })).toBe('VOID');
  });
  it('agrees with the ladder on every refusing case', () => {
    for (const [, records, outcome] of cases)
      expect(outcomeOf(records, { stopped: false, scored: false })).toBe(outcome);
  });
});
