import type { RunRecord } from '../record/run.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The one line a run ends on: the first-try interval, or the refusal with its gate, counts and reason. */
export function outcomeLine(record: RunRecord): string {
  if (record.outcome === 'SCORED' && record.score) {
    const { k, n, wilson, clustered } = record.score.firstTry;
    const interval = clustered
      ? `95% ${pct(clustered.wilson.lower)}–${pct(clustered.wilson.upper)} clustered by task, ${clustered.nEff.toFixed(1)} effective of ${n} trials; plain Wilson ${pct(wilson.lower)}–${pct(wilson.upper)}`
      : `Wilson 95% ${pct(wilson.lower)}–${pct(wilson.upper)}, not clustered`;
    return `SCORED first-try ${k}/${n} = ${pct(wilson.point)} (${interval}) over ${record.score.tasks} tasks, runner ${record.identity.runner}`;
  }
  if (record.outcome === 'VOID') {
    const v = record.void;
    return `VOID (${v?.reason ?? 'unknown'}): ${v?.detail ?? ''}; completed: ${v?.completed.stages.join(', ') || 'nothing'}`;
  }
  const gate = record.gates.at(-1);
  const counts =
    gate?.gate === 'construct'
      ? ` ${gate.k}/${gate.n}, ${gate.errors} oracle error(s)`
      : gate?.gate === 'suite_size'
        ? ` ${gate.registered} of ${gate.minTasks} tasks`
        : '';
  return `${record.outcome} at ${record.refusal?.gate ?? gate?.gate ?? '?'} (${record.refusal?.reason ?? '?'})${counts}: ${gate?.explain ?? ''}`;
}
