import { buildScore, type TrialOutcome } from '../../src/record/build-score.js';
import { RunRecord } from '../../src/record/index.js';
import { type FixtureOptions, fixtureRecord } from './board/records.js';

/** Trials of tasks t1…tN at `reps` each, task i passing first try on its first `successes[i]` reps. */
export function taskTrials(successes: readonly number[], reps = 3): TrialOutcome[] {
  return successes.flatMap((k, i) =>
    Array.from({ length: reps }, (_, rep) => ({
      taskId: `t${i + 1}`,
      rep,
      checkPassed: rep < k,
      budgetExhausted: false,
      toolCalls: [{ tool: 'search_books', latencyMs: 10 }],
      usage: [{ model: 'heuristic', status: 'ok' as const, inputTokens: 100, outputTokens: 10 }],
    })),
  );
}

export interface ScoredOptions extends Partial<FixtureOptions> {
  /** First-try successes per task (3 reps each). */
  successes: readonly number[];
  /** The suite hash all three places of the record name (default: the fixture's own). */
  suiteHash?: string;
  /** Per-tool digests of the surface, by tool name. */
  tools?: Record<string, string>;
  /** The surface digest. */
  digest?: string;
  /** The registered construct alpha. */
  alpha?: number;
}

/**
 * A SCORED fixture record (test/support/board/records.ts) with the given per-task first-try
 * successes, and optionally another suite hash, surface or alpha: validated by the record schema.
 */
export function scoredRecord(o: ScoredOptions): RunRecord {
  const base = fixtureRecord('scored', {
    slug: o.slug ?? 'acme-notes',
    startedAt: o.startedAt ?? '2026-11-01T12:00:00Z',
    ...(o.runner ? { runner: o.runner } : {}),
    ...(o.generator ? { generator: o.generator } : {}),
    ...(o.probes ? { probes: o.probes } : {}),
    ...(o.hostile ? { hostile: o.hostile } : {}),
  });
  const hash = o.suiteHash ?? base.suite?.hash ?? '';
  const reg = base.prereg?.registration;
  const score = buildScore(taskTrials(o.successes), { reps: 3 });
  // The null gate decided at the drive reads the drive's own first-try rate (signalsAgree).
  const gates = base.gates.map((g) =>
    g.gate === 'null_baseline' && g.signalSource === 'first_try'
      ? {
          ...g,
          signal: score.firstTry.wilson.point,
          signalCounts: { k: score.firstTry.k, n: score.firstTry.n },
        }
      : g,
  );
  return RunRecord.parse({
    ...base,
    score,
    gates,
    identity: { ...base.identity, suiteHash: hash },
    suite: { ...base.suite, hash },
    ...(base.prereg && reg
      ? {
          prereg: {
            ...base.prereg,
            registration: {
              ...reg,
              suiteHash: hash,
              construct: { ...reg.construct, alpha: o.alpha ?? reg.construct.alpha },
            },
          },
        }
      : {}),
    surface: {
      ...base.surface,
      ...(o.digest ? { digest: o.digest } : {}),
      ...(o.tools ? { tools: Object.entries(o.tools).map(([name, sha256]) => ({ name, sha256 })) } : {}),
    },
  });
}

/** A 64-hex digest from one character (`digest('a')` = a…a). */
export const digest = (c: string): string => c.repeat(64);
