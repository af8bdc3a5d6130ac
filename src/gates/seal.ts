import type { z } from 'zod';
import { FitnessError } from '../core/errors.js';
import { summarize } from '../core/issues.js';

/** Every gate record leaves through its schema, so a gate can never emit what the record rejects. */
export function seal<S extends z.ZodType>(schema: S, draft: z.input<S>, gate: string): z.output<S> {
  const parsed = schema.safeParse(draft, { reportInput: true });
  if (!parsed.success)
    throw new FitnessError(
      'GATE_RECORD',
      `${gate}: built an invalid record: ${summarize(parsed.error.issues)}`,
    );
  return parsed.data;
}
