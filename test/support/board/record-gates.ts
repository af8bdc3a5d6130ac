import type { TrialOutcome } from '../../../src/record/build-score.js';
import type { GateRecord } from '../../../src/record/index.js';
import {
  answerLeak,
  construct,
  type NullCounts,
  nullBaseline,
  planPower,
  structural,
  suiteSize,
} from './gates.js';
import type { Family, FixtureOptions } from './records.js';

// The gate half of the board's synthetic records (records.ts): each family's shape, its trials, and
// the gate records the real gate functions give for them.

export interface Shape {
  candidates: number;
  rejections: { candidateId: string; rule: 'duplicate' | 'plan-failed' | 'unknown-tool'; detail: string }[];
  deleted: number;
  registered: number;
  reserve: number;
}

export function shapeFor(family: Family): Shape {
  const reject = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      candidateId: `c${i + 1}`,
      rule: (['plan-failed', 'duplicate', 'unknown-tool'] as const)[i % 3]!,
      detail: 'fixture rejection',
    }));
  if (family === 'thin-surface')
    return { candidates: 12, rejections: reject(7), deleted: 0, registered: 5, reserve: 0 };
  if (family === 'admission-floor')
    return { candidates: 40, rejections: reject(34), deleted: 0, registered: 6, reserve: 0 };
  if (family === 'screen-emptied')
    return { candidates: 20, rejections: reject(4), deleted: 12, registered: 4, reserve: 0 };
  return { candidates: 60, rejections: reject(20), deleted: 4, registered: 16, reserve: 12 };
}

export function trials(firstTry: number): TrialOutcome[] {
  return Array.from({ length: 48 }, (_, i) => ({
    taskId: `t${Math.floor(i / 3) + 1}`,
    rep: i % 3,
    checkPassed: i < Math.max(firstTry, 1) + 2,
    budgetExhausted: false,
    toolCalls: [
      {
        tool: 'search_books',
        latencyMs: 10 + i,
        ...(i < firstTry ? {} : { failure: 'tool_error' as const }),
      },
    ],
    usage: [{ model: 'heuristic', status: 'ok' as const, inputTokens: 100, outputTokens: 10 }],
  }));
}

const PHASES_LOW: NullCounts = {
  'null-no-tools': { k: 1, n: 16 },
  'null-stubbed-empty': { k: 0, n: 16 },
  'null-random-args': { k: 2, n: 16 },
};

export function gatesFor(family: Family, shape: Shape, o: FixtureOptions): GateRecord[] {
  const free: GateRecord[] = [
    structural({
      candidates: shape.candidates,
      rejected: shape.rejections.length,
      registered: shape.registered,
    }),
  ];
  if (family === 'admission-floor') return free;
  free.push(answerLeak(family === 'answer-leak' ? (o.hostile ?? 'Dune') : undefined));
  if (family === 'answer-leak') return free;
  free.push(suiteSize({ registered: shape.registered, deleted: shape.deleted }));
  if (family === 'thin-surface' || family === 'screen-emptied') return free;
  free.push(planPower(48, o.runner ?? 'heuristic'));
  if (family === 'null-indeterminate') {
    return [
      ...free,
      nullBaseline('ceiling', { 'null-no-tools': { k: 1, n: 16 }, 'null-random-args': { k: 0, n: 16 } }),
    ];
  }
  if (family === 'null-kill') {
    return [
      ...free,
      nullBaseline('ceiling', {
        'null-no-tools': { k: 13, n: 16 },
        'null-stubbed-empty': { k: 9, n: 16 },
        'null-random-args': { k: 10, n: 16 },
      }),
    ];
  }
  free.push(nullBaseline('ceiling', PHASES_LOW));
  const wire = { toolCalls: 48, errorResults: 0, pending: 48, tapeRefs: ['wire:8', 'wire:9'] };
  if (family === 'construct-fail') return [...free, construct({ registered: { k: 0, n: 48 }, wire })];
  if (family === 'compromised') return [...free, construct({ registered: { k: 30, n: 40, errors: 8 } })];
  if (family === 'extend-exhausted') {
    return [
      ...free,
      construct({ registered: { k: 40, n: 48 }, policy: { batchTasks: 0, maxExtensions: 0 } }),
    ];
  }
  if (family === 'construct-unresolved') {
    return [
      ...free,
      construct({
        registered: { k: 42, n: 48 },
        batches: [
          { k: 57, n: 66 },
          { k: 73, n: 84 },
        ],
      }),
    ];
  }
  const k = o.firstTry ?? 40;
  return [
    ...free,
    construct({
      registered: { k: 48, n: 48 },
      wire: { toolCalls: 50, errorResults: 2, pending: 0, tapeRefs: ['wire:8'] },
    }),
    nullBaseline('reference', PHASES_LOW, { k: 48, n: 48 }),
    nullBaseline('first_try', PHASES_LOW, { k, n: 48 }),
  ];
}

/** What each family is for; the gates decide, and a family whose gates decide otherwise is a broken fixture. */
