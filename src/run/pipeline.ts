import type { ScoreBlock } from '../record/score.js';
import type { Task } from '../suite/schema.js';
import { Redactor } from '../tape/redact.js';
import { connect, probeStage, survey } from './connect-stage.js';
import type { RunContext } from './context.js';
import { type Driver, going, REFUSED, type StepResult } from './driver.js';
import { findingsStage } from './findings-stage.js';
import { freeGates } from './free-gates.js';
import { admit, propose } from './generate-stage.js';
import {
  ceilingGate,
  constructStage,
  driveStage,
  firstTryGate,
  nullsStage,
  referenceGate,
} from './paid-gates.js';
import { policyStage } from './policy-stage.js';
import type { Connected, Screened } from './products.js';
import type { Ending } from './record.js';
import { preregStage, registerStage } from './register-stage.js';
import { renameRunDir, reportedSlug } from './run-dir.js';
import { abandonScreen, screenBeside, screenStage } from './screen-stage.js';
import type { Tally } from './tally.js';

/**
 * The run's stages in their order, each through the driver (`driver.ts`): every stage takes the
 * product of the one before, and the first refusal or stop ends the run with what it reached. The
 * score, when it stands; none when a gate refused; the stop when the run was stopped.
 */
export async function pipeline(ctx: RunContext, run: Driver): Promise<Ending> {
  const end = await stages(ctx, run);
  if (end.kind === 'stopped') return { stop: end.stop };
  return end.kind === 'continue' ? { score: end.product } : {};
}

async function stages(ctx: RunContext, run: Driver): Promise<StepResult<ScoreBlock>> {
  const connected = await run.step('connect', () => connect(ctx));
  if (connected.kind !== 'continue') return connected;
  nameRun(ctx, connected.product, run.tally);
  const probe = () => run.step('probes', () => probeStage(ctx, connected.product));
  // Beside generation where they cannot touch it (probesBeside); the measurement waits for them either way.
  const probing = probesBeside(ctx) ? probe() : undefined;
  if (probing === undefined) {
    const probed = await probe();
    if (probed.kind !== 'continue') return probed;
  }
  const screened = await generate(ctx, run, connected.product);
  const probed = await probing;
  if (screened.kind !== 'continue') return screened;
  if (probed !== undefined && probed.kind !== 'continue') return probed;
  return measure(ctx, run, screened.product);
}

/**
 * The protocol probes run beside generation only where they cannot touch what it measures: over
 * stdio each probe exchange starts a server process of its own and calls no tool, so what
 * generation sees is what it would see without the probes; an HTTP server is shared with the run
 * (and probed with malformed requests), so there the probes run first, alone. At concurrency 1
 * nothing runs beside anything, and with `serverStarts: one-at-a-time` neither: a probe's process
 * starting beside generation's would be the overlapping start that mode exists to prevent.
 */
function probesBeside(ctx: RunContext): boolean {
  const { concurrency, target, serverStarts } = ctx.config;
  return concurrency > 1 && target.kind === 'stdio' && serverStarts !== 'one-at-a-time';
}

/** The surface, the policy, generation, admission and the screen (beside admission when it can be). */
async function generate(ctx: RunContext, run: Driver, connected: Connected): Promise<StepResult<Screened>> {
  const surveyed = await run.step('surface', (tally) => survey(ctx, connected, tally));
  if (surveyed.kind !== 'continue') return surveyed;
  const policed = await run.step('policy', () => policyStage(ctx, surveyed.product));
  if (policed.kind !== 'continue') return policed;
  const proposed = await run.step('generate', (tally) => propose(ctx, policed.product, tally));
  if (proposed.kind !== 'continue') return proposed;
  const queue = screenBeside(ctx);
  const onAdmitted = queue === undefined ? undefined : (task: Task) => queue.add(task);
  const generated = await run.step('admit', (tally) => admit(ctx, proposed.product, tally, onAdmitted));
  if (generated.kind !== 'continue') {
    await abandonScreen(queue);
    return generated;
  }
  // With the screen off every admitted candidate goes to registration, and no screen stage ran.
  if (!ctx.config.screen) return going({ ...generated.product, screen: undefined });
  return run.step('screen', (tally) => screenStage(ctx, generated.product, queue, tally));
}

/**
 * Registration, the gates cheapest first (each decided on the product of the stage before it), the
 * drive and its findings: the drive's score, when the first-try null gate lets it stand.
 */
async function measure(ctx: RunContext, run: Driver, screened: Screened): Promise<StepResult<ScoreBlock>> {
  const suited = await run.step('register', () => registerStage(ctx, screened));
  if (suited.kind !== 'continue') return suited;
  const registered = await run.step('prereg', () => preregStage(ctx, suited.product));
  if (registered.kind !== 'continue') return registered;
  for (const gate of freeGates(ctx, registered.product)) if (!run.decide(gate())) return REFUSED;
  const nulls = await run.step('nulls', (tally) => nullsStage(ctx, registered.product, tally));
  if (nulls.kind !== 'continue') return nulls;
  if (!run.decide(ceilingGate(ctx, nulls.product))) return REFUSED;
  const constructed = await run.step('construct', (tally) =>
    constructStage(ctx, registered.product, nulls.product.counts, tally),
  );
  if (constructed.kind !== 'continue') return constructed;
  if (!run.decide(constructed.product.gate)) return REFUSED;
  if (!run.decide(referenceGate(ctx, nulls.product, constructed.product))) return REFUSED;
  const driven = await run.step('drive', (tally) =>
    driveStage(ctx, registered.product, constructed.product, tally),
  );
  if (driven.kind !== 'continue') return driven;
  const stands = run.decide(firstTryGate(ctx, nulls.product, driven.product));
  // Findings are derived from the drive whether or not its score stands.
  const found = await run.step('findings', (tally) => findingsStage(ctx, driven.product, tally));
  if (found.kind !== 'continue') return found;
  return stands ? going(found.product.score) : REFUSED;
}

/**
 * The run id rule. A run directory is created before connecting, with the slug the target alone
 * gives (`serverSlug`): the wire tape records the handshake from its first frame, and a target that
 * never answers still leaves a VOID record there. Once the server has answered `initialize`, the
 * run is renamed to the slug of its self-reported `serverInfo.name` (`reportedSlug`, scrubbed of
 * every known secret first), so its runs over stdio and HTTP, on other ports or other data
 * directories, are attempts of one server on the board. A name that slugifies to nothing, or a
 * rename that cannot happen, keeps the first id.
 */
function nameRun(ctx: RunContext, connected: Connected, tally: Tally): void {
  const slug = reportedSlug(
    ctx.config.target,
    connected.main.session.serverInfo,
    new Redactor(ctx.secrets),
    ctx.secrets,
  );
  if (slug === undefined || slug === ctx.slug) return;
  const moved = renameRunDir(ctx.dir, slug, ctx.startedAt);
  if (moved === undefined) {
    tally.addNote({
      id: 'run-id-from-target',
      text: `The server reported a name (slug ${slug}) but the run directory could not take it; the run keeps the id its target gave and is not linked to other runs of that name.`,
    });
    return;
  }
  ctx.slug = slug;
  ctx.runId = moved.runId;
  ctx.dir = moved.dir;
  ctx.progress(`run ${moved.runId}: ${moved.dir} (named by the server's reported name)`);
}
