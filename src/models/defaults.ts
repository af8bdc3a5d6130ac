import { ENV, type Env } from './registry.js';

export interface DefaultModels {
  runner: string;
  judge: string;
  /** Suite generator name/version: `judge/1` needs a judge model, `explore/2` needs none. */
  generator: 'judge/1' | 'explore/2';
  /** Why these defaults were chosen, in words the record can carry. */
  reason: string;
}

// Dated snapshots, so a default run is pinned; both are in the bundled price table.
export const DEFAULT_ANTHROPIC_MODEL = 'anthropic:claude-sonnet-4-5-20250929';
export const DEFAULT_OPENAI_MODEL = 'openai:gpt-4.1-2025-04-14';

function isSet(env: Env, name: string): boolean {
  return (env[name]?.trim() ?? '') !== '';
}

/**
 * Defaults when the user names no model. A configured key selects that vendor (Anthropic first);
 * with none, the run is offline: heuristic runner and judge, explore/2 generator. An
 * openai-compatible endpoint is never a default: it needs a model name only the user knows.
 */
export function defaultModels(env: Env): DefaultModels {
  if (isSet(env, ENV.anthropicKey)) {
    return {
      runner: DEFAULT_ANTHROPIC_MODEL,
      judge: DEFAULT_ANTHROPIC_MODEL,
      generator: 'judge/1',
      reason: `${ENV.anthropicKey} is set: runner and judge default to ${DEFAULT_ANTHROPIC_MODEL}, generator judge/1`,
    };
  }
  if (isSet(env, ENV.openaiKey)) {
    return {
      runner: DEFAULT_OPENAI_MODEL,
      judge: DEFAULT_OPENAI_MODEL,
      generator: 'judge/1',
      reason: `${ENV.openaiKey} is set: runner and judge default to ${DEFAULT_OPENAI_MODEL}, generator judge/1`,
    };
  }
  return {
    runner: 'heuristic',
    judge: 'heuristic',
    generator: 'explore/2',
    reason:
      `no model API key configured (${ENV.anthropicKey}, ${ENV.openaiKey} unset): runner and judge default ` +
      'to the offline heuristic model and the suite to the explore/2 generator; the heuristic is not a ' +
      'language model, so this run measures how well the tools describe themselves to a lexical agent',
  };
}
