import { canonicalJson } from '../../core/canonical.js';
import { normaliseText } from '../normalise.js';
import type { Candidate } from '../schema.js';
import { type Rejection, reject } from './types.js';

/**
 * A repeat is the same id, the same prompt after normalisation, or the same plan and extract
 * (the same question reworded). Every parsed candidate counts as seen, whatever its fate, so
 * the rule does not depend on the server's answers.
 */
export class DuplicateTracker {
  private readonly ids = new Map<string, string>();
  private readonly prompts = new Map<string, string>();
  private readonly plans = new Map<string, string>();

  check(candidate: Candidate): Rejection | undefined {
    const prompt = normaliseText(candidate.prompt);
    const plan = planKey(candidate);
    const firstId = this.ids.get(candidate.id);
    const firstPrompt = prompt === '' ? undefined : this.prompts.get(prompt);
    const firstPlan = plan === undefined ? undefined : this.plans.get(plan);
    if (!this.ids.has(candidate.id)) this.ids.set(candidate.id, candidate.id);
    if (prompt !== '' && firstPrompt === undefined) this.prompts.set(prompt, candidate.id);
    if (plan !== undefined && firstPlan === undefined) this.plans.set(plan, candidate.id);
    if (firstId !== undefined)
      return reject('duplicate', `id ${candidate.id} was already proposed`, { first: firstId });
    if (firstPrompt !== undefined)
      return reject('duplicate', `same prompt as ${firstPrompt}`, { first: firstPrompt });
    if (firstPlan !== undefined)
      return reject('duplicate', `same plan and extract as ${firstPlan}`, { first: firstPlan });
    return undefined;
  }
}

function planKey(candidate: Candidate): string | undefined {
  try {
    return canonicalJson({ plan: candidate.plan, extract: candidate.extract });
  } catch {
    return undefined;
  }
}
