import type { Finding } from '../record/findings.js';
import type { TapeRef } from '../record/probe.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { clip, finding, plural, present, unsecret } from './build.js';
import { type DriveTrial, refOf } from './calls.js';

/** Words that tell an agent what to do next: an expectation, a remedy, a form. */
const GUIDANCE =
  /\b(expected|expects?|must|should|use|try|valid|one of|format|e\.g\.|example|required|requires?|between|at least|at most|not found|no such|unknown|does not exist|missing|instead|allowed|accepted|range|limit|moved to|call)\b/i;

/** Words of a tool's name and its parameters' names, as an agent could match them in a text. */
function vocabulary(tool: ToolDescriptor | undefined, names: readonly string[]): string[] {
  const props = tool?.inputSchema.properties;
  const params = props !== null && typeof props === 'object' ? Object.keys(props) : [];
  return [...names, ...params].filter((w) => w.length >= 3).map((w) => w.toLowerCase());
}

/**
 * An error text is actionable when it names a parameter of the tool or a tool of the surface,
 * cites a concrete value (a number, a quoted string), or says what is expected or what to do.
 * "Error." and "Invalid input." do none of these.
 */
export function actionable(
  text: string,
  tool: ToolDescriptor | undefined,
  toolNames: readonly string[],
): boolean {
  const lower = text.toLowerCase();
  if (vocabulary(tool, toolNames).some((w) => lower.includes(w))) return true;
  if (/\d/.test(text) || /["'`][^"'`]+["'`]/.test(text)) return true;
  return GUIDANCE.test(text);
}

interface Tally {
  tool: string;
  unactionable: number;
  actionable: number;
  refs: TapeRef[];
  texts: Set<string>;
  recoveredAfterActionable: Set<string>;
  trialsWithActionable: Set<string>;
  recoveredAfterUnactionable: Set<string>;
  trialsWithUnactionable: Set<string>;
}

/**
 * Error-text quality per tool: drive isError results whose text gives the agent nothing to act on,
 * with, beside them, how many trials that met an actionable error (and an unactionable one) still
 * recovered: a later successful call and a passing check.
 */
export function errorTextFindings(
  trials: readonly DriveTrial[],
  tools: ReadonlyMap<string, ToolDescriptor>,
): Finding[] {
  const names = [...tools.keys()];
  const tallies = new Map<string, Tally>();
  for (const trial of trials) {
    trial.calls.forEach((call, i) => {
      if (call.outcome !== 'tool-error') return;
      const t = tallies.get(call.tool) ?? {
        tool: call.tool,
        unactionable: 0,
        actionable: 0,
        refs: [],
        texts: new Set<string>(),
        recoveredAfterActionable: new Set<string>(),
        trialsWithActionable: new Set<string>(),
        recoveredAfterUnactionable: new Set<string>(),
        trialsWithUnactionable: new Set<string>(),
      };
      tallies.set(call.tool, t);
      const recovered =
        trial.checkPassed === true && trial.calls.slice(i + 1).some((c) => c.outcome === 'result');
      // Judged on what a published copy shows: a credential in the text is not guidance.
      const text = unsecret(call.messageOf ?? '');
      if (actionable(text, tools.get(call.tool), names)) {
        t.actionable += 1;
        t.trialsWithActionable.add(trial.corrId);
        if (recovered) t.recoveredAfterActionable.add(trial.corrId);
        return;
      }
      t.unactionable += 1;
      t.refs.push(refOf(call));
      if (t.texts.size < 3) t.texts.add(clip(text === '' ? '(empty)' : text, 80));
      t.trialsWithUnactionable.add(trial.corrId);
      if (recovered) t.recoveredAfterUnactionable.add(trial.corrId);
    });
  }
  return [...tallies.values()]
    .map((t) =>
      finding({
        kind: 'error-text',
        tool: t.tool,
        count: t.unactionable,
        summary: `${plural(t.unactionable, 'error result')} of ${t.tool} gave the agent nothing to act on (${[...t.texts].map((x) => JSON.stringify(x)).join(', ')}): no parameter, value, expected form or next step; ${t.recoveredAfterUnactionable.size} of ${t.trialsWithUnactionable.size} trials recovered after one, against ${t.recoveredAfterActionable.size} of ${t.trialsWithActionable.size} after an actionable error.`,
        refs: t.refs,
        detail: {
          unactionable: t.unactionable,
          actionable: t.actionable,
          texts: [...t.texts],
          trialsWithUnactionable: t.trialsWithUnactionable.size,
          recoveredAfterUnactionable: t.recoveredAfterUnactionable.size,
          trialsWithActionable: t.trialsWithActionable.size,
          recoveredAfterActionable: t.recoveredAfterActionable.size,
        },
      }),
    )
    .filter(present);
}
