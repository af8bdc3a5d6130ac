import type { GateRecord } from '../record/gate.js';
import type { Stage } from '../tape/phases.js';
import type { RunContext } from './context.js';
import type { Products, Reached } from './products.js';
import { type RunStop, stopFor, stopOf } from './stop.js';
import { RunTally, type Tally } from './tally.js';

/**
 * How a step of the pipeline ended: with its product (the run goes on), refused by a gate (the
 * record says which), or stopped (the record is VOID with the stop's reason).
 */
export type StepResult<T> =
  | { readonly kind: 'continue'; readonly product: T }
  | { readonly kind: 'refused' }
  | { readonly kind: 'stopped'; readonly stop: RunStop };

/** A gate refused: the run ends with the gates decided so far. */
export const REFUSED: StepResult<never> = { kind: 'refused' };

/** A product the pipeline made between steps (no stage of its own): the run goes on with it. */
export function going<T>(product: T): StepResult<T> {
  return { kind: 'continue', product };
}

/**
 * The one way a stage runs: `step(name, fn)` runs the stage, giving it the tally it adds its model
 * calls, trials and notes to; keeps its product under its name (`reached`); marks the stage
 * completed (its progress line and live event); and ends in a `StepResult`, never a throw.
 * `decide(gate)` records a gate decided on the products so far. A stage is a function of the
 * product before it and the handles it is given; what it throws (a `RunStop` from anywhere below
 * it, or a crash) is its step's `stopped`. A run already stopped starts no stage, and a stage whose
 * run was stopped while it ran keeps its product (the record shows how far it got) but is not
 * completed. The stages run in the one order `pipeline.ts` states, which is the order `Stage`
 * declares.
 */
export class Driver {
  /** Completed stages, in order: a VOID record's `completed.stages`. */
  readonly stages: Stage[] = [];
  /** Each stage's product as it ended: what the record is built from, however the run ends. */
  readonly reached: Reached = {};
  /** The gates decided, in order: the record's `gates`. */
  readonly gates: GateRecord[] = [];
  /** What the stages added as they ran: model calls, trials per phase, the run's own notes. */
  readonly tally: RunTally;

  constructor(private readonly ctx: Pick<RunContext, 'abort' | 'progress' | 'emit'>) {
    this.tally = new RunTally(ctx.emit);
  }

  async step<S extends Stage>(
    name: S,
    fn: (tally: Tally) => Promise<Products[S]> | Products[S],
  ): Promise<StepResult<Products[S]>> {
    const { signal } = this.ctx.abort;
    if (signal.aborted) return { kind: 'stopped', stop: stopOf(signal) };
    let product: Products[S];
    try {
      product = await fn(this.tally);
    } catch (err) {
      return { kind: 'stopped', stop: stopFor(err, signal) };
    }
    this.reached[name] = product;
    if (signal.aborted) return { kind: 'stopped', stop: stopOf(signal) };
    this.stages.push(name);
    this.ctx.progress(`${name}: done`);
    this.ctx.emit({ type: 'stage', stage: name });
    return { kind: 'continue', product };
  }

  /**
   * Decides a gate made from the products so far: recorded, reported, and whether the run goes on
   * (a refusal ends it with the gates decided, this one last).
   */
  decide(record: GateRecord): boolean {
    this.gates.push(record);
    const tag = record.gate === 'null_baseline' ? `null_baseline (${record.signalSource})` : record.gate;
    this.ctx.progress(
      `gate ${tag}: ${record.verdict}${record.outcome ? ` → ${record.outcome} (${record.reason})` : ''}`,
    );
    return record.outcome === undefined;
  }

  /** What the run is doing now, for a budget that runs out mid-way. */
  now(): string {
    const last = this.stages.at(-1);
    return last === undefined ? 'the connection' : `the stage after ${last}`;
  }
}
