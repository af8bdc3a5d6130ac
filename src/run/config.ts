import { checkSecrets, parseTarget, sendsCredential, type Target } from '../connect/target.js';
import { UsageError } from '../core/errors.js';
import { defaultModels } from '../models/defaults.js';
import type { Env } from '../models/registry.js';
import type { Credential } from '../record/prereg.js';
import type { RunOptions } from './options.js';
import { resolveSettings, type Settings } from './settings.js';

/**
 * The run's settings after defaults: what prereg.json registers, plus how the harness runs. The
 * settings part is inferred from the settings schema (`RunSettings`); the rest is what the target
 * and the environment decide.
 */
export type RunConfig = Settings & {
  target: Target;
  env: Env;
  runnerSpec: string;
  judgeSpec: string;
  generator: { name: 'explore'; version: '2' } | { name: 'judge'; version: '1' };
  /** How the runner, judge and generator were chosen, in words the record carries (the `models` note). */
  modelsReason: string;
  /** True when none of them was named by a flag: the reason is then the same on every run with these keys. */
  modelsDefaulted: boolean;
  credential: Credential;
};

/** Applies the docs/design.md §4 defaults; a bad value is a usage fault naming the option. */
export function resolveConfig(options: RunOptions): RunConfig {
  const settings = resolveSettings(options);
  const target = parseTarget(options.target);
  const env = options.env ?? {};
  const defaults = defaultModels(env);
  const runnerSpec = options.runner ?? defaults.runner;
  const judgeSpec = options.judge ?? defaults.judge;
  const generatorText = options.generator ?? (judgeSpec === 'heuristic' ? 'explore/2' : defaults.generator);
  const generator =
    generatorText === 'judge/1'
      ? ({ name: 'judge', version: '1' } as const)
      : ({ name: 'explore', version: '2' } as const);
  checkSecrets(target);
  const credential = resolveCredential(options.credential ?? target.credential, target);
  return {
    ...settings,
    target,
    env,
    runnerSpec,
    judgeSpec,
    generator,
    modelsReason: modelsReason(options, defaults, {
      runnerSpec,
      judgeSpec,
      generator: `${generator.name}/${generator.version}`,
    }),
    modelsDefaulted:
      options.runner === undefined && options.judge === undefined && options.generator === undefined,
    credential,
  };
}

/**
 * Why these models: the defaults' reason when no flag named one, else what each flag gave and what
 * the rest defaulted to, so a `--runner` run never claims its runner defaulted to the heuristic.
 */
function modelsReason(
  options: RunOptions,
  defaults: ReturnType<typeof defaultModels>,
  chosen: { runnerSpec: string; judgeSpec: string; generator: string },
): string {
  if (options.runner === undefined && options.judge === undefined && options.generator === undefined)
    return defaults.reason;
  const basis = defaults.runner === 'heuristic' ? 'no model API key configured' : 'a model API key is set';
  const part = (what: string, value: string, flag: string, given: boolean) =>
    given ? `${what} ${value} given with ${flag}` : `${what} ${value} by default (${basis})`;
  const generatorBasis =
    options.generator !== undefined
      ? 'given with --generator'
      : chosen.judgeSpec === 'heuristic'
        ? 'by default (the judge is the offline heuristic, so no judge model writes tasks)'
        : 'by default';
  return [
    part('runner', chosen.runnerSpec, '--runner', options.runner !== undefined),
    part('judge', chosen.judgeSpec, '--judge', options.judge !== undefined),
    `generator ${chosen.generator} ${generatorBasis}`,
  ].join('; ');
}

/**
 * The credential stamp follows what is sent: nothing secret sent is `anonymous`; a credential sent
 * (a secret header, URL userinfo, a secret env value) needs the caller to say whose it is, because
 * a free key and the owner's key can see different surfaces. Stating `anonymous` while sending one
 * would publish a false stamp.
 */
function resolveCredential(stated: Credential | undefined, target: Target): Credential {
  const sends = sendsCredential(target);
  if (stated === undefined && !sends) return 'anonymous';
  if (stated === undefined)
    throw new UsageError(
      'the target is sent a credential (a --header, --secret-env or URL userinfo): say whose it is with --credential free-key or --credential owner-key',
    );
  if (stated === 'anonymous' && sends)
    throw new UsageError(
      '--credential anonymous, but the target is sent a credential (a --header, --secret-env or URL userinfo): use free-key or owner-key, or send no credential',
    );
  return stated;
}
