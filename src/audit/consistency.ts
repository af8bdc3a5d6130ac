import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecorded } from '../record/common.js';
import { readRecord } from '../record/io.js';
import type { RunRecord } from '../record/run.js';
import { nullsSeenBy } from '../record/trial-count.js';
import { readSuiteFile } from '../suite/read-suite.js';
import type { Task } from '../suite/schema.js';
import type { SuiteFile } from '../suite/suite-file.js';
import { RUN_FILES } from '../tape/file-names.js';
import { NullPhase, type Phase } from '../tape/phases.js';
import { readTape, type Tape } from '../tape/reader.js';
import type { Agreement } from './summary.js';
import {
  checkPassed,
  constructPassed,
  oracleErrored,
  randomisedTrial,
  type TapeTrial,
  tapeTrials,
} from './tape-facts.js';

interface Run {
  dir: string;
  /** suite.json exists but does not read as a suite file. */
  suiteUnreadable?: string;
  record: RunRecord;
  suite?: SuiteFile;
  wire: Tape;
  agent: Tape;
  judge?: Tape;
  tasks: Map<string, Task>;
  trials: TapeTrial[];
}

function agree(what: string, record: unknown, derived: unknown): Agreement {
  const r = JSON.stringify(record);
  const d = JSON.stringify(derived);
  return { what, record: r, derived: d, ok: r === d };
}

async function load(dir: string): Promise<Run> {
  const record = await readRecord(join(dir, RUN_FILES.record));
  const read = readSuiteFile(dir);
  const suite = 'suite' in read ? read.suite : undefined;
  const wire = await readTape(join(dir, RUN_FILES.wire));
  const agent = await readTape(join(dir, RUN_FILES.agent));
  const judgePath = join(dir, RUN_FILES.judge);
  const judge = existsSync(judgePath) ? await readTape(judgePath) : undefined;
  const tasks = new Map<string, Task>();
  for (const task of [...(suite?.tasks ?? []), ...(suite?.reserve ?? [])]) tasks.set(task.id, task);
  const trials = [...tapeTrials(agent, wire, new Set(tasks.keys())).values()];
  return {
    dir,
    record,
    ...(suite ? { suite } : {}),
    wire,
    agent,
    ...(judge ? { judge } : {}),
    tasks,
    trials,
  };
}

function inPhase(run: Run, phase: Phase): TapeTrial[] {
  return run.trials.filter((t) => t.phase === phase);
}

/** k of a phase re-read from the tapes: trials whose recorded answer passes the task's check. */
function passes(
  run: Run,
  trials: readonly TapeTrial[],
  rule: (task: Task, t: TapeTrial) => boolean | undefined,
) {
  let k = 0;
  for (const trial of trials) {
    const task = run.tasks.get(trial.taskId);
    if (task !== undefined && rule(task, trial) === true) k += 1;
  }
  return k;
}

function fileChecks(run: Run): Agreement[] {
  return run.record.files.map((file) => {
    const path = join(run.dir, file.path);
    const digest = existsSync(path)
      ? createHash('sha256').update(readFileSync(path)).digest('hex')
      : 'missing';
    return agree(`sha256 of ${file.path}`, file.sha256, digest);
  });
}

function suiteChecks(run: Run): Agreement[] {
  const { record, suite } = run;
  if (run.suiteUnreadable !== undefined)
    return [agree('suite.json reads as a suite file', 'yes', run.suiteUnreadable)];
  if (record.suite === undefined || suite === undefined) return [];
  const s = record.suite;
  const rejectedInLedger = suite.ledger.filter((e) => e.fate.fate === 'rejected').length;
  const hashes = [run.wire, run.agent, run.judge].flatMap((tape) => {
    const producer = tape?.meta?.producer;
    const hash =
      producer && typeof producer === 'object' && 'configHash' in producer ? producer.configHash : undefined;
    return typeof hash === 'string' ? [hash] : [];
  });
  return [
    agree(
      'suite hash (record, suite.json, every tape)',
      [s.hash, s.hash, ...hashes.map(() => s.hash)],
      [s.hash, suite.hash, ...hashes],
    ),
    agree('registered tasks', s.registered, suite.tasks.length),
    agree('reserve tasks', s.reserve, suite.reserve.length),
    agree('candidates', s.candidates, suite.ledger.length),
    agree('rejected by admission', s.rejected.total, rejectedInLedger),
    agree(
      'deleted by the screen',
      s.deletedByScreen,
      suite.ledger.filter((e) => e.fate.fate === 'deleted-by-screen').length,
    ),
    agree(
      'candidates = rejected + deleted + registered + reserve + surplus',
      s.candidates,
      s.rejected.total + s.deletedByScreen + s.registered + s.reserve + s.surplus,
    ),
  ];
}

function screenChecks(run: Run): Agreement[] {
  const screen = run.record.identity.screen;
  if (!isRecorded(screen) || !screen.enabled) return [];
  const trials = inPhase(run, 'screen');
  return [
    agree('screen calls (agent tape `::screen` trials)', screen.counts.screened, trials.length),
    agree(
      'screen tokens (agent tape)',
      screen.counts.tokens,
      trials.reduce((a, t) => a + t.inputTokens + t.outputTokens, 0),
    ),
  ];
}

function nullChecks(run: Run): Agreement[] {
  const gate = run.record.gates.findLast((g) => g.gate === 'null_baseline');
  if (gate?.gate !== 'null_baseline') return [];
  const seen = nullsSeenBy(gate.signalSource, run.trials);
  return NullPhase.options.flatMap((phase) => {
    const rate = gate.nullRates[phase];
    const all = seen.filter((t) => t.phase === phase);
    if (phase !== 'null-random-args') {
      if (rate === undefined) return [];
      return [agree(`${phase} k/n`, [rate.k, rate.n], [passes(run, all, checkPassed), all.length])];
    }
    // Applicable trials: some call went out with arguments other than the model's own.
    const applicable = all.filter((t) => randomisedTrial(t, run.tasks.get(t.taskId), run.wire));
    const recorded =
      rate ??
      (gate.notMeasured?.[phase]
        ? { k: 0, n: 0, notApplicable: gate.notMeasured[phase]?.notApplicable }
        : undefined);
    if (recorded === undefined) return [];
    return [
      agree(
        `${phase} k/n applicable, not applicable`,
        [recorded.k, recorded.n, recorded.notApplicable ?? all.length - applicable.length],
        [passes(run, applicable, checkPassed), applicable.length, all.length - applicable.length],
      ),
    ];
  });
}

function constructChecks(run: Run): Agreement[] {
  const gate = run.record.gates.find((g) => g.gate === 'construct');
  if (gate?.gate !== 'construct') return [];
  const trials = inPhase(run, 'construct');
  const completed = trials.filter((t) => !oracleErrored(t));
  const calls = trials.flatMap((t) => t.calls);
  const out = [
    agree(
      'construct k / n / oracle errors',
      [gate.k, gate.n, gate.errors],
      [
        passes(run, completed, (task, t) => constructPassed(task, t, run.wire)),
        completed.length,
        trials.length - completed.length,
      ],
    ),
  ];
  if (gate.wire) {
    out.push(
      agree(
        'construct tool calls / error results / pending (wire tape)',
        [gate.wire.toolCalls, gate.wire.errorResults, gate.wire.pending],
        [
          calls.length,
          calls.filter((c) => c.outcome === 'tool-error').length,
          calls.filter((c) => c.outcome === 'pending').length,
        ],
      ),
    );
  }
  return out;
}

function driveChecks(run: Run): Agreement[] {
  const score = run.record.score;
  if (score === undefined) return [];
  const trials = inPhase(run, 'drive');
  const calls = trials.flatMap((t) => t.calls);
  const tools = [
    ...new Set([...score.tools.map((t) => t.tool), ...calls.flatMap((c) => c.tool ?? [])]),
  ].sort();
  return [
    agree('drive trials', score.firstTry.n, trials.length),
    agree('drive eventual successes', score.eventual.k, passes(run, trials, checkPassed)),
    agree(
      'drive tool calls and failed calls, per tool',
      tools.map((tool) => {
        const t = score.tools.find((x) => x.tool === tool);
        return [tool, t?.calls ?? 0, t?.errors ?? 0];
      }),
      tools.map((tool) => {
        const mine = calls.filter((c) => c.tool === tool);
        return [tool, mine.length, mine.filter((c) => c.outcome !== 'result').length];
      }),
    ),
    agree(
      'drive tokens in / out (agent tape)',
      [score.tokens.input, score.tokens.output],
      [trials.reduce((a, t) => a + t.inputTokens, 0), trials.reduce((a, t) => a + t.outputTokens, 0)],
    ),
  ];
}

function voidChecks(run: Run): Agreement[] {
  const completed = run.record.void?.completed.trials;
  if (completed === undefined) return [];
  // Trials cut short by the stop are on the tapes but not counted as finished.
  return Object.entries(completed).map(([phase, n]) => {
    const seen = run.trials.filter((t) => t.phase === phase).length;
    return {
      what: `${phase} trials finished ≤ trials on the tapes`,
      record: String(n),
      derived: String(seen),
      ok: n <= seen,
    };
  });
}

/**
 * Re-derives every count the record states from the run's other files: digests of the files, the
 * suite's fates from suite.json, and trials, answers, passes, tool calls, errors, pending requests
 * and tokens from the wire and agent tapes. An empty disagreement list is the claim that the record
 * says nothing its evidence does not.
 */
export async function crossCheck(dir: string): Promise<Agreement[]> {
  const run = await load(dir);
  return [
    ...fileChecks(run),
    ...suiteChecks(run),
    ...screenChecks(run),
    ...nullChecks(run),
    ...constructChecks(run),
    ...driveChecks(run),
    ...voidChecks(run),
  ];
}
