import type { TaskScore } from '../record/score.js';
import { trialCorrId } from '../tape/corr-id.js';
import type { Tape } from '../tape/reader.js';

/**
 * Per task, the first agent-tape line of each of its drive trials (`agent:<line>`), in rep order.
 * The record cites a task's trials by corr id (docs/design.md §9); a CI report needs a line to open, so the
 * edge reads the agent tape once and this finds the lines. A trial with no line is left out.
 */
export function trialLines(agent: Tape, perTask: readonly TaskScore[]): Map<string, string[]> {
  const first = new Map<string, number>();
  for (const r of agent.records) {
    if (r.type !== 'turn' && r.type !== 'event' && r.type !== 'message') continue;
    const corr = r.value.corr_id;
    if (typeof corr === 'string' && !first.has(corr)) first.set(corr, r.line);
  }
  return new Map(
    perTask.map((t) => [
      t.taskId,
      Array.from({ length: t.reps }, (_, i) =>
        first.get(trialCorrId(t.taskId, 'drive', i + 1, t.reps)),
      ).flatMap((line) => (line === undefined ? [] : [`agent:${line}`])),
    ]),
  );
}
