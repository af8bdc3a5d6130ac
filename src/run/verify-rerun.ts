import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sameCanonical, sha256Hex } from '../core/canonical.js';
import { describeError, messageOf } from '../core/errors.js';
import { effectOfTapes } from '../findings/paired.js';
import { type TaskLevelTest, TRIAL_LEVEL_TEST, taskLevelTest } from '../record/paired-tasks.js';
import {
  RerunPolicy,
  type RerunRecord,
  RerunRecord as RerunSchema,
  rerunPolicySha256,
} from '../record/rerun.js';
import { mcnemarExact } from '../stats/mcnemar.js';
import { wilson } from '../stats/wilson.js';
import { readSuiteFile } from '../suite/read-suite.js';
import { RUN_FILES } from '../tape/file-names.js';
import { parseTape } from '../tape/reader.js';
import type { TrustSet } from '../tape/trust.js';
import { type Custody, custodyChecks } from './verify-custody.js';
import { type Check, check } from './verify-table.js';

/** rerun.json, validated; an Error naming what is wrong. */
export function readRerunRecord(dir: string): RerunRecord | Error {
  try {
    const parsed = RerunSchema.safeParse(JSON.parse(readFileSync(join(dir, RUN_FILES.rerun), 'utf8')));
    return parsed.success ? parsed.data : new Error(`${RUN_FILES.rerun}: ${parsed.error.issues[0]?.message}`);
  } catch (err) {
    return new Error(`${RUN_FILES.rerun}: ${describeError(err)}`);
  }
}

function agent(dir: string) {
  return parseTape(readFileSync(join(dir, RUN_FILES.agent), 'utf8'), join(dir, RUN_FILES.agent)).records;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12;

/** The task-level test recomputed from the record's own per-task counts, with the same function. */
function taskLevelCheck(e: NonNullable<RerunRecord['effect']>): Check {
  const t = e.taskLevel;
  if (t === undefined)
    return check('task-level test', true, 'task-level test not recorded: rerun made before this method');
  let again: TaskLevelTest | string;
  try {
    again = taskLevelTest(t.perTask, t.alpha);
  } catch (err) {
    again = messageOf(err);
  }
  const same = typeof again !== 'string' && sameCanonical(again, t);
  const said = `${t.tasks} tasks, ${t.nonZero} changed, sum ${t.statistic}: exact sign-flip p = ${t.pValue.toPrecision(4)} at alpha ${t.alpha} (${t.rejects ? 'rejects' : 'does not reject'}), verdict ${e.verdict}`;
  const detail = same
    ? `${said}, recomputed the same from the per-task counts`
    : typeof again === 'string'
      ? `${said} (not recomputable: ${again})`
      : `${said} (recomputed p = ${again.pValue.toPrecision(4)}, sum ${again.statistic})`;
  return check('task-level test', same, detail);
}

/** The stored numbers recomputed: the task-level test, b + c, the exact McNemar p-value, and both Wilson intervals. */
function arithmetic(r: RerunRecord): Check[] {
  const e = r.effect;
  if (e === undefined) return [];
  const test = mcnemarExact(e.mcnemar.b, e.mcnemar.c, e.mcnemar.alpha);
  const w = (k: number, n: number, stored: { lower: number; upper: number }) => {
    const x = wilson(k, n, 0.95);
    return close(x.lower, stored.lower) && close(x.upper, stored.upper);
  };
  return [
    taskLevelCheck(e),
    check(
      'mcnemar',
      close(test.pValue, e.mcnemar.pValue) && test.rejects === e.mcnemar.rejects,
      `b = ${e.mcnemar.b}, c = ${e.mcnemar.c}: exact p = ${test.pValue.toPrecision(4)} at alpha ${e.mcnemar.alpha} (${test.rejects ? 'rejects' : 'does not reject'})`,
    ),
    check(
      'intervals',
      w(e.original.k, e.original.n, e.original.wilson) && w(e.rewritten.k, e.rewritten.n, e.rewritten.wilson),
      `${e.original.k}/${e.original.n} and ${e.rewritten.k}/${e.rewritten.n} Wilson 95%`,
    ),
  ];
}

/** The rerun's policy file as the record names it, and the test and alpha it registered. */
function policyChecks(dir: string, r: RerunRecord): Check[] {
  if (r.policy === undefined) return [];
  try {
    const doc = RerunPolicy.parse(JSON.parse(readFileSync(join(dir, r.policy.path), 'utf8')));
    const alpha = r.effect?.mcnemar.alpha;
    const used = r.effect === undefined ? undefined : (r.effect.taskLevel?.method ?? TRIAL_LEVEL_TEST);
    return [
      check(
        'rerun policy',
        rerunPolicySha256(doc) === r.policy.sha256,
        `${r.policy.path} sha256 ${r.policy.sha256.slice(0, 12)}…`,
      ),
      ...(alpha === undefined
        ? []
        : [check('alpha', alpha === doc.alpha, `registered ${doc.alpha}, used ${alpha}`)]),
      ...(used === undefined
        ? []
        : [check('test', used === doc.test, `registered ${doc.test}, used ${used}`)]),
    ];
  } catch (err) {
    return [check('rerun policy', false, describeError(err))];
  }
}

/** The original beside the rerun: unmodified, the same suite, and the pairing re-derived from both tapes. */
function pairingChecks(dir: string, r: RerunRecord): Check[] {
  const original = join(dirname(dir), r.rerunOf.runId);
  if (!existsSync(join(original, RUN_FILES.record)))
    return [
      check(
        'original',
        false,
        `${r.rerunOf.runId} is not beside the rerun (${original}): the pairing cannot be re-derived`,
      ),
    ];
  const text = readFileSync(join(original, RUN_FILES.record), 'utf8');
  const out = [
    check(
      'original',
      sha256Hex(text) === r.rerunOf.recordSha256,
      `${r.rerunOf.runId} record.json sha256 as the rerun read it`,
    ),
  ];
  const suite = readSuiteFile(original);
  out.push(
    check(
      'paired suite',
      'suite' in suite && suite.suite.hash === r.rerunOf.suiteHash,
      'suite' in suite
        ? `suite hash ${r.rerunOf.suiteHash.slice(0, 12)}…`
        : `the original's ${suite.problem}`,
    ),
  );
  if (r.effect === undefined) return out;
  const again = effectOfTapes(agent(original), agent(dir), r.effect.mcnemar.alpha, r.effect.runnerKind);
  const e = again.effect;
  // A rerun made before the task-level test decided by McNemar: its verdict is checked by the schema.
  const recorded = r.effect.taskLevel;
  const same =
    e !== undefined &&
    e.pairs === r.effect.pairs &&
    e.mcnemar.b === r.effect.mcnemar.b &&
    e.mcnemar.c === r.effect.mcnemar.c &&
    close(e.mcnemar.pValue, r.effect.mcnemar.pValue) &&
    (recorded === undefined || (sameCanonical(e.taskLevel, recorded) && e.verdict === r.effect.verdict));
  out.push(
    check(
      'pairing',
      same,
      e === undefined
        ? 'no pair re-derived from the tapes'
        : `${e.pairs} pairs, b = ${e.mcnemar.b}, c = ${e.mcnemar.c}, p = ${e.mcnemar.pValue.toPrecision(4)} (trial-level); ${e.taskLevel?.tasks} tasks, sign-flip p = ${e.taskLevel?.pValue.toPrecision(4)} (${e.verdict}) re-derived from both agent tapes${same ? '' : ` (the record says ${r.effect.pairs} pairs, ${recorded === undefined ? 'no task-level test' : `task-level p = ${recorded.pValue.toPrecision(4)} (${r.effect.verdict})`}, b = ${r.effect.mcnemar.b}, c = ${r.effect.mcnemar.c})`}`,
    ),
  );
  return out;
}

/** `verify` on a rerun directory: custody as for a run, then every number of the effect re-derived. */
export async function verifyRerunDir(
  dir: string,
  trust: TrustSet,
  allowUntrusted: boolean,
): Promise<{ checks: Check[]; custody: Custody }> {
  const custody = await custodyChecks(dir, undefined, trust, allowUntrusted);
  const checks = [...custody.checks];
  const r = readRerunRecord(dir);
  if (r instanceof Error) return { checks: [...checks, check('record', false, r.message)], custody };
  const m = custody.signature?.manifest;
  if (m !== undefined) {
    checks.push(check('run id', m.runId === r.runId, `manifest ${m.runId}, record ${r.runId}`));
    if (m.schema === 'fitness-report.manifest/2')
      checks.push(
        check('suite hash', m.suiteHash === r.rerunOf.suiteHash, `manifest ${m.suiteHash ?? 'none'}`),
      );
  }
  checks.push(...policyChecks(dir, r), ...arithmetic(r));
  try {
    checks.push(...pairingChecks(dir, r));
  } catch (err) {
    checks.push(check('pairing', false, describeError(err)));
  }
  return { checks, custody };
}
