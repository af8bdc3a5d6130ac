import { resolve } from 'node:path';
import { z } from 'zod';
import { FailOn, type GateThresholds } from '../record/pipeline-gate.js';
import type { CompareOptions } from '../run/compare.js';
import { configEnv } from '../tape/publisher.js';
import { loadTrust } from '../tape/trust.js';
import { describeError, UsageError } from './errors.js';
import { type Collected, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import { isUrl, localRunDir } from './run-source.js';
import { trustFlag } from './shared-flags.js';

/**
 * `run`'s pipeline gate (docs/ci.md, "A gate for a pipeline"): the baseline the new run is compared
 * with, and the thresholds that make the command exit 1. Not registered, not recorded.
 */
export const GateOptions = z.object({
  baseline: z
    .string()
    .min(1)
    .optional()
    .describe(
      "after the run, compare it (B) with this baseline run (A) as `compare A B` does: a run directory (checked before the run starts) or a published run URL (fetched after the run, within verify's limits); the baseline must verify first",
    ),
  failOn: FailOn.optional().describe(
    'exit 1 when the comparison with --baseline finds the new run worse (the compare test at the registered alpha; never on a change the test does not support), or when the baseline does not verify or cannot be fetched; a comparison refused for what the runs are (another runner, another server…) is one line and the run keeps its own exit code',
  ),
  failUnder: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "exit 1 when the record's task-clustered 95% lower bound of first-try success is below P: a fraction 0..1 (0.8) or a percentage with % (80%); a bare number above 1 is an error",
    ),
  trust: z
    .array(z.string())
    .optional()
    .describe('trust this signer of the baseline (repeatable): a PEM public key file or a fingerprint'),
  allowUntrusted: z
    .boolean()
    .default(false)
    .describe('accept a baseline whose signer you do not trust (its files and verdicts are still checked)'),
});
export type GateInput = z.input<typeof GateOptions>;

const on = flagsFor<GateInput>((key) => GateOptions.shape[key].description);

/** `--fail-under P`: one rule, `80%` is a percentage and anything else a fraction from 0 to 1. */
export function parseFraction(text: string, flag: string): number {
  const percent = text.endsWith('%');
  const body = percent ? text.slice(0, -1) : text;
  const value = /^\d+(\.\d+)?$/.test(body) ? Number(body) / (percent ? 100 : 1) : Number.NaN;
  if (!(value >= 0 && value <= 1))
    throw new UsageError(`${flag} needs a fraction from 0 to 1 (0.8) or a percentage (80%), got '${text}'`);
  return value;
}

function failOn(text: string, flag: string): FailOn {
  const parsed = FailOn.safeParse(text);
  if (!parsed.success) throw new UsageError(`${flag} takes regression, got '${text}'`);
  return parsed.data;
}

/** `--baseline`, `--fail-on`, `--fail-under`, and the baseline's `--trust` / `--allow-untrusted`. */
export const GATE_FLAGS: readonly Flag<GateInput>[] = [
  on.value('baseline', { flag: '--baseline', arg: 'RUN_DIR|URL', parse: (t) => t }),
  on.value('failOn', { flag: '--fail-on', arg: 'regression', parse: failOn }),
  on.value('failUnder', { flag: '--fail-under', arg: 'P', parse: parseFraction }),
  trustFlag(GateOptions.shape.trust.description ?? ''),
  on.switch('allowUntrusted', { flag: '--allow-untrusted', value: true, default: 'off' }),
];

/** The gate flags' lines of `run --help`. */
export const gateHelp = (): string => flagHelp(GATE_FLAGS, GateOptions.parse({}));

/** The gate as `run` reads it, checked before the run starts. */
export interface GateSettings {
  /** A local run directory (absolute) or a published run's URL; absent: nothing to compare. */
  baseline?: string;
  thresholds: GateThresholds;
  compare: CompareOptions;
}

/**
 * The gate flags in `collected`, checked before anything runs: `--fail-on` needs `--baseline`, a
 * local baseline must be a run directory, the trust keys must load; `--trust` and
 * `--allow-untrusted` only mean something with a baseline.
 */
export function gateSettings(
  collected: Collected,
  io: { cwd: string; env: NodeJS.ProcessEnv },
): GateSettings {
  const o = GateOptions.parse(settingsFrom(GATE_FLAGS, collected.flags));
  if (o.baseline === undefined) {
    if (o.failOn !== undefined) throw new UsageError(`--fail-on ${o.failOn} needs --baseline RUN_DIR|URL`);
    if (o.trust !== undefined || o.allowUntrusted)
      throw new UsageError('--trust and --allow-untrusted on run need --baseline RUN_DIR|URL');
  }
  const thresholds: GateThresholds = {
    ...(o.failOn === undefined ? {} : { failOn: o.failOn }),
    ...(o.failUnder === undefined ? {} : { failUnder: o.failUnder }),
  };
  if (o.baseline === undefined) return { thresholds, compare: {} };
  const baseline = isUrl(o.baseline) ? o.baseline : localRunDir(resolve(io.cwd, o.baseline));
  try {
    const trust = loadTrust(o.trust ?? [], configEnv(io.env), (p) => resolve(io.cwd, p));
    return { baseline, thresholds, compare: { trust, allowUntrusted: o.allowUntrusted } };
  } catch (err) {
    throw new UsageError(`--baseline: ${describeError(err)}`);
  }
}
