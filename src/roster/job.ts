import { dirname, join, resolve } from 'node:path';
import { freePort } from '../audit/real.js';
import { conformanceBlock } from '../conformance/index.js';
import { conformanceText } from '../conformance/text.js';
import { describeTarget, type NamedTarget, targetSecrets } from '../connect/target.js';
import { describeError } from '../core/errors.js';
import type { ConformanceBlock } from '../record/conformance.js';
import type { RosterLink } from '../record/roster-link.js';
import { resolveConfig } from '../run/config.js';
import type { RunOptions } from '../run/options.js';
import { serverSlug } from '../run/run-dir.js';
import { runFitness } from '../run/run-fitness.js';
import { RunStop } from '../run/stop.js';
import { Redactor } from '../tape/redact.js';
import type { RosterEntry, RunOverrides } from './entry.js';
import { serverPackage } from './package.js';
import { ChildMessage, type JobSpec, type TryStart } from './protocol.js';
import { copyData, type Served, startServe } from './serve.js';
import { entryGiven, entryTarget, type JobPlaces, jobEnv, serveCommand } from './target.js';

/** Run options of one job (the explore/2 generator reads `readOnly` and `given`). */
export type RosterRunOptions = RunOptions;

/** The entry's run options over the roster's, as runFitness takes them (pure). */
export function runOptionsFor(entry: RosterEntry, defaults: RunOverrides): Omit<RosterRunOptions, 'target'> {
  // An entry's reps set one phase without undoing the roster's other phases.
  const reps = { ...defaults.reps, ...entry.run?.reps };
  return {
    ...defaults,
    ...entry.run,
    reps,
    ...(entry.credential ? { credential: entry.credential } : {}),
    ...(entry.given ? { given: entry.given } : {}),
    ...(entry.readOnly ? { readOnly: entry.readOnly } : {}),
  };
}

/** The job's run options, its given context expanded for this job's places (`${DATA}`). */
function jobOptions(job: JobSpec, places: JobPlaces): Omit<RosterRunOptions, 'target'> {
  const options = runOptionsFor(job.entry, job.defaults);
  const given = job.entry.given;
  if (given === undefined) return options;
  const { env, secretVars } = envOf(job);
  const secrets = Object.keys(secretVars ?? {});
  return { ...options, given: entryGiven(job.name, given, job.rosterFile, env, places, secrets) };
}

/** The environment the job's `${VAR}`s expand from, and which of their values are secrets. */
const envOf = (job: JobSpec) => jobEnv(job.entry, process.env, job.allowEnv);

/** The entry's target for this job, carrying its secret variables (recorded by name, never by value). */
function targetOf(job: JobSpec, places: JobPlaces): NamedTarget {
  const { env, secretVars } = envOf(job);
  const target = entryTarget(job.name, job.entry, job.rosterFile, env, places);
  return secretVars === undefined ? target : { ...target, secretVars };
}

interface Places {
  places: JobPlaces;
  release: () => void;
}

async function placesFor(job: JobSpec): Promise<Places> {
  const rosterDir = dirname(job.rosterFile);
  const data = job.entry.data === undefined ? undefined : copyData(resolve(rosterDir, job.entry.data));
  const port = job.entry.serve ? await freePort() : undefined;
  return {
    places: { rosterDir, ...(data ? { data: data.dir } : {}), ...(port === undefined ? {} : { port }) },
    release: () => data?.remove(),
  };
}

/** The target of one job, with its serve process started when the entry has one. */
async function startTarget(
  job: JobSpec,
  places: JobPlaces,
): Promise<{ target: NamedTarget; served?: Served }> {
  const target = targetOf(job, places);
  const serve = job.entry.serve;
  if (!serve || target.kind !== 'http') return { target };
  const cmd = serveCommand(job.name, serve, job.rosterFile, envOf(job).env, places);
  return { target, served: await startServe(cmd, target.url, serve.readyTimeoutMs) };
}

function packageOf(job: JobSpec, target: NamedTarget, places: JobPlaces) {
  if (target.kind === 'stdio') return serverPackage(target.argv, target.cwd ?? places.rosterDir);
  const serve = job.entry.serve;
  if (!serve) return undefined;
  const cmd = serveCommand(job.name, serve, job.rosterFile, envOf(job).env, places);
  return serverPackage(cmd.argv, cmd.cwd);
}

/** The suite on a target of its own (fresh data, fresh serve process) so it never touches the run's. */
async function conformance(job: JobSpec, signal: AbortSignal): Promise<ConformanceBlock | undefined> {
  if (!job.conformance.enabled || job.entry.conformance === false) return undefined;
  const { places, release } = await placesFor(job);
  let served: Served | undefined;
  try {
    const started = await startTarget(job, places);
    served = started.served;
    return await conformanceBlock({
      target: started.target,
      outDir: join(job.stagingDir, 'conformance'),
      timeoutMs: job.conformance.timeoutMs,
      signal,
    });
  } catch (err) {
    return {
      ran: false,
      node: process.version,
      startedAt: new Date().toISOString(),
      durationMs: 0,
      timeoutMs: job.conformance.timeoutMs,
      reason: `the server could not be started for the suite: ${describeError(err)}`,
    };
  } finally {
    await served?.close();
    release();
  }
}

/** The roster job a run is measured for, as its record names it (pure). */
export function rosterLink(job: Pick<JobSpec, 'name' | 'attempt' | 'try'>): RosterLink {
  return { entry: job.name, attempt: job.attempt, try: job.try };
}

/** What a try is about to measure, from its target and run options (also a stand-in's, src/roster/queue/stand-in.ts). */
export function tryStart(
  target: NamedTarget,
  options: Omit<RosterRunOptions, 'target'>,
  roster: RosterLink,
): TryStart {
  const config = resolveConfig({ ...options, target });
  return {
    slug: serverSlug(config.target, targetSecrets(config.target)),
    target: { kind: target.kind, description: describeTarget(config.target) },
    credential: config.credential,
    runner: config.runnerSpec,
    judge: config.judgeSpec,
    generator: config.generator,
    startedAt: new Date().toISOString(),
    roster,
  };
}

/**
 * One job in its own process: the conformance suite on its own server instance, then the run, with
 * its record in the job's staging folder. Never throws: a job that cannot start sends `error`.
 */
export async function runJob(job: JobSpec, reply: (m: ChildMessage) => void, abort: AbortController) {
  // A secret variable's value never reaches the parent: not in an error, not in a progress line.
  const redactor = new Redactor(Object.values(envOf(job).secretVars ?? {}));
  const send = (m: ChildMessage) => reply(redactor.empty ? m : ChildMessage.parse(redactor.scrubValue(m)));
  let places: Places | undefined;
  let served: Served | undefined;
  try {
    places = await placesFor(job);
    const options = jobOptions(job, places.places);
    const target = targetOf(job, places.places);
    send({ type: 'started', start: tryStart(target, options, rosterLink(job)) });
    const block = await conformance(job, abort.signal);
    if (abort.signal.aborted) throw abort.signal.reason;
    const started = await startTarget(job, places.places);
    served = started.served;
    const pkg = packageOf(job, started.target, places.places);
    if (abort.signal.aborted) throw abort.signal.reason;
    const result = await runFitness({
      ...options,
      target: started.target,
      outDir: job.stagingDir,
      env: process.env,
      signingKeyPath: job.signingKeyPath,
      signal: abort.signal,
      progress: (line) => send({ type: 'progress', line }),
      onEvent: (event) => send({ type: 'event', event }),
      alongside: {
        ...(block ? { conformance: block } : {}),
        ...(pkg ? { package: pkg } : {}),
        evidence: { from: join(job.stagingDir, 'conformance'), as: 'conformance' },
        roster: rosterLink(job),
      },
    });
    const reason = abort.signal.reason;
    send({
      type: 'result',
      runId: result.runId,
      runDir: result.dir,
      outcome: result.outcome,
      interrupted: reason instanceof RunStop && reason.reason === 'aborted',
      ...(block ? { conformance: { ran: block.ran, text: conformanceText(block) } } : {}),
    });
  } catch (err) {
    send({ type: 'error', message: describeError(err) });
  } finally {
    await served?.close();
    places?.release();
  }
}
