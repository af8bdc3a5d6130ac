/**
 * Correlation ids (docs/design.md §9): what a tape line's `corr_id` names. No node-only import: the
 * viewer in the browser reads corr ids with this same module.
 *
 * - a trial: `<taskId>` or `<taskId>#<rep>` for the drive, `<taskId>::<phase>` or
 *   `<taskId>::<phase>#<rep>` for every other phase; a `::verify` suffix marks the trial's
 *   verification calls, which belong to the trial;
 * - a probe: `probe:<id>`;
 * - a judge call on the judge plane: `judge::<purpose>#<n>`;
 * - a harness stage: one of `CorrStage` (phases.ts).
 */

import { CorrStage, Phase } from './phases.js';

export type CorrId =
  | { kind: 'stage'; stage: CorrStage }
  | { kind: 'probe'; probe: string }
  | {
      kind: 'trial';
      taskId: string;
      phase: Phase;
      /** Absent when the phase ran one rep (no `#<rep>` suffix). */
      rep?: number;
      /** The trial's verification calls (`::verify`). */
      verify: boolean;
      /** The trial's own corr id, without `::verify`. */
      trial: string;
    }
  | { kind: 'other'; text: string };

const VERIFY = '::verify';

/** The corr id of one trial. A phase registered with one rep carries no `#<rep>` suffix. */
export function trialCorrId(taskId: string, phase: Phase, rep: number, reps: number): string {
  const base = phase === 'drive' ? taskId : `${taskId}::${phase}`;
  return reps > 1 ? `${base}#${rep}` : base;
}

/** The corr id of a trial's verification calls. */
export function verifyCorrId(trial: string): string {
  return `${trial}${VERIFY}`;
}

/** Whether a corr id tags a trial's verification calls (the harness's, not the agent's). */
export function isVerifyCorrId(corr: string): boolean {
  return corr.endsWith(VERIFY);
}

/** The corr id of the trial a line belongs to: its verification calls belong to the trial itself. */
export function trialOfCorrId(corr: string): string {
  return isVerifyCorrId(corr) ? corr.slice(0, -VERIFY.length) : corr;
}

/** The corr id of the judge's `n`th call (from 1) for one purpose, on the judge plane. */
export function judgeCorrId(purpose: string, n: number): string {
  return `judge::${purpose}#${n}`;
}

function splitRep(text: string): { head: string; rep?: number } {
  const m = /^(.*)#(\d+)$/.exec(text);
  if (m === null) return { head: text };
  return { head: m[1] ?? '', rep: Number(m[2]) };
}

/**
 * Reads a corr id. A bare id with no phase is a drive trial only when `isTask` says it names a task
 * (without a task list every bare id that is not a stage is taken for one).
 */
export function parseCorrId(corr: string, isTask: (id: string) => boolean = () => true): CorrId {
  const stage = CorrStage.options.find((s) => s === corr);
  if (stage !== undefined) return { kind: 'stage', stage };
  if (corr.startsWith('probe:')) return { kind: 'probe', probe: corr.slice('probe:'.length) };
  const verify = isVerifyCorrId(corr);
  const trial = trialOfCorrId(corr);
  const at = trial.indexOf('::');
  if (at === -1) {
    const { head, rep } = splitRep(trial);
    if (head === '' || !isTask(head)) return { kind: 'other', text: corr };
    return {
      kind: 'trial',
      taskId: head,
      phase: 'drive',
      ...(rep === undefined ? {} : { rep }),
      verify,
      trial,
    };
  }
  const taskId = trial.slice(0, at);
  const { head, rep } = splitRep(trial.slice(at + 2));
  const phase = Phase.options.find((p) => p === head);
  if (taskId === '' || phase === undefined) return { kind: 'other', text: corr };
  return {
    kind: 'trial',
    taskId,
    phase,
    ...(rep === undefined ? {} : { rep }),
    verify,
    trial,
  };
}

/** The group a corr id belongs to in a run's story: a trial phase, `probes`, a stage, or undefined. */
export function phaseOfCorr(corr: string | undefined): string | undefined {
  if (corr === undefined) return undefined;
  const c = parseCorrId(corr);
  if (c.kind === 'trial') return c.phase;
  if (c.kind === 'probe') return 'probes';
  if (c.kind === 'stage') return c.stage;
  return undefined;
}

/** The task a trial corr id belongs to; undefined for probes, stages and anything else. */
export function taskOfCorr(corr: string | undefined): string | undefined {
  if (corr === undefined) return undefined;
  const c = parseCorrId(corr);
  return c.kind === 'trial' ? c.taskId : undefined;
}
