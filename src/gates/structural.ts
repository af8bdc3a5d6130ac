import { StructuralGate } from '../record/gate.js';
import { REASON_OUTCOME } from '../record/outcome.js';
import { proportion } from '../record/proportion.js';
import { inputs } from './errors.js';
import { plural, rate } from './format.js';
import { seal } from './seal.js';

export interface StructuralInput {
  /** tools/list succeeded. */
  surfaceListed: boolean;
  toolCount: number;
  candidates: number;
  /** Candidates rejected by an admission rule (screen deletions and surplus are not rejections). */
  rejected: number;
  registered: number;
  /** Registered tasks that failed re-validation from their rendered content. */
  invalidTasks: readonly { taskId: string; detail: string }[];
  minAdmissionRate: number;
}

type Decision = Pick<StructuralGate, 'verdict' | 'reason' | 'explain'>;

function decide(i: StructuralInput, admitted: number, admissionRate: number | undefined): Decision {
  if (!i.surfaceListed || i.toolCount === 0) {
    const what = i.surfaceListed ? 'listed 0 tools' : 'did not list any tools';
    return {
      verdict: 'FAIL',
      reason: 'no_surface',
      explain: `The server ${what}, so no task can be generated.`,
    };
  }
  if (i.candidates === 0) {
    return {
      verdict: 'FAIL',
      reason: 'no_candidates',
      explain: `The generator proposed no candidate task from ${plural(i.toolCount, 'tool')}.`,
    };
  }
  const rateText = `${admitted} of ${plural(i.candidates, 'candidate')} admitted (admission rate ${rate(admissionRate ?? 0)})`;
  if (admissionRate !== undefined && admissionRate < i.minAdmissionRate) {
    return {
      verdict: 'FAIL',
      reason: 'admission_rate_below_floor',
      explain: `${rateText}, below the registered floor of ${rate(i.minAdmissionRate)}.`,
    };
  }
  const [first] = i.invalidTasks;
  if (first) {
    return {
      verdict: 'FAIL',
      reason: 'registered_task_invalid',
      explain: `${i.invalidTasks.length} of ${plural(i.registered, 'registered task')} failed re-validation from their rendered content (first: ${first.taskId}: ${first.detail}).`,
    };
  }
  return {
    verdict: 'PASS',
    explain: `${plural(i.toolCount, 'tool')} listed; ${rateText}, at or above the floor of ${rate(i.minAdmissionRate)}; all ${plural(i.registered, 'registered task')} re-validated.`,
  };
}

/** Gate 1 (free): is there a surface, a candidate, an admission rate above the floor, a valid suite? */
export function structuralGate(input: StructuralInput): StructuralGate {
  const v = inputs('structural');
  v.boolean('surfaceListed', input.surfaceListed);
  v.count('toolCount', input.toolCount);
  const candidates = v.count('candidates', input.candidates);
  const rejected = v.upTo('rejected', input.rejected, 'candidates', candidates);
  v.count('registered', input.registered);
  v.threshold('minAdmissionRate', input.minAdmissionRate);
  v.array('invalidTasks', input.invalidTasks).forEach((t, i) => {
    v.text(`invalidTasks[${i}].taskId`, t.taskId);
    v.text(`invalidTasks[${i}].detail`, t.detail);
  });
  const admitted = candidates - rejected;
  const admissionRate = proportion(admitted, candidates);
  const decision = decide(input, admitted, admissionRate);
  const outcome = decision.reason ? REASON_OUTCOME[decision.reason] : null;
  return seal(
    StructuralGate,
    {
      gate: 'structural',
      tier: 'free',
      ...decision,
      ...(outcome ? { outcome } : {}),
      surfaceListed: input.surfaceListed,
      toolCount: input.toolCount,
      candidates,
      admitted,
      ...(admissionRate === undefined ? {} : { admissionRate }),
      minAdmissionRate: input.minAdmissionRate,
      registered: input.registered,
      invalidTasks: input.invalidTasks.map((t) => ({ taskId: t.taskId, detail: t.detail })),
    },
    'structural',
  );
}
