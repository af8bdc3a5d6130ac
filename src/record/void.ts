import { z } from 'zod';
import { Phase, Stage } from '../tape/phases.js';
import { Count, IsoTime, NonEmpty } from './common.js';
import { GateId, VoidReason } from './outcome.js';

/** A run that did not complete its registered size: why, when, and what did complete. */
export const VoidDetails = z
  .looseObject({
    reason: VoidReason,
    detail: NonEmpty,
    at: IsoTime,
    completed: z.looseObject({
      /** Pipeline stages that finished, in order (e.g. connect, probes, generate, register, prereg). */
      stages: z.array(Stage),
      gates: z.array(GateId),
      /** Trials finished per phase before the stop. */
      trials: z.partialRecord(Phase, Count),
    }),
  })
  .superRefine((v, ctx) => {
    // A target never reached completed nothing: not even the connect stage.
    const done =
      v.completed.stages.length + v.completed.gates.length + Object.keys(v.completed.trials).length;
    if (v.reason === 'unreachable' && done > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['completed'],
        message: 'a target never reached (unreachable) cannot have completed a stage, gate or trial',
      });
  });
export type VoidDetails = z.infer<typeof VoidDetails>;
