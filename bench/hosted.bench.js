// What users wait for and pay, on a hosted model: the offline pipeline (heuristic runner, explore/2,
// the well-made fixture over stdio, default registration) with a latency model around it, replaying
// bench/data/latency-profile.json (hosted model steps and remote tool calls observed on published
// tapes; its source is inside) as seeded draws. The latency is injected at the edges: every model
// call of the heuristic answers what it would have answered, after a drawn step time, and every
// tools/call result reaches the trial after a drawn call time. Nothing in the pipeline is switched.
//
// Figures, each measured in this one run:
// - wall time at concurrency 4 against 1 (goal >= 3.5x);
// - the share of the runner's input tokens sent as a cached prefix (goal >= 60%), and the projected
//   cost of one default run on a hosted model with and without caching, from the price table;
// - trial wall time spent waiting for a server to start, with and without the pool (goal <= 5% with it);
// - model calls with curtailment against --no-curtail over the planted audit bed, every
//   verdict side by side (goal: identical verdicts);
// - projected wall time of one default run on a hosted model at concurrency 4.
// BENCH_LATENCY_SCALE (default 0.25) multiplies every drawn latency so the concurrency-1 run fits
// in minutes; the projection to hosted latencies (scale 1) is linear between a run at scale 0 and
// one at the bench's scale (BENCH_LATENCY_SCALE=1 measures it directly). BENCH_LATENCY_PROFILE
// replaces the profile; BENCH_SEED the draws' seed. Needs `npm run build` first (it imports dist/).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeOutcome, executeRuns, obtainedFrom, PLANTED, plantedRun } from '../dist/audit/index.js';
import { McpSession } from '../dist/connect/mcp-session.js';
import { HeuristicModel } from '../dist/models/heuristic/model.js';
import { PRICE_TABLE } from '../dist/models/prices.js';
import { runFitness } from '../dist/run/run-fitness.js';
import { readTape } from '../dist/tape/reader.js';
import { importSupport } from './support.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverScript = join(root, 'examples/servers/well-made.js');
const { latencyDraws, loadLatencyProfile, meanOutputTokens } = await importSupport('latency/profile.ts');

const PROFILE = process.env.BENCH_LATENCY_PROFILE ?? join(root, 'bench/data/latency-profile.json');
const SCALE = Number(process.env.BENCH_LATENCY_SCALE ?? 0.25);
const SEED = Number(process.env.BENCH_SEED ?? 17);
const RUN_SEED = 1717;
/** The hosted model the cost is projected for (the profile's own model is not in the price table). */
const HOSTED = 'anthropic:claude-sonnet-4-5';
/** Anthropic caches no prefix shorter than this many tokens on Sonnet (OpenAI's minimum is the same). */
const MIN_CACHED_TOKENS = 1024;

let profile;
try {
  profile = loadLatencyProfile(PROFILE);
} catch (err) {
  process.stderr.write(`hosted bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The run in progress: its latency draws (none at scale 0) and what its runner calls sent. */
let current = { draws: undefined, calls: [], prefixes: new Set() };

/** The prefix a call marks for caching (tools, then system), in the heuristic's own token estimate. */
function markedPrefix(options) {
  const marked = (part) => part?.providerOptions?.anthropic?.cacheControl !== undefined;
  const system = options.prompt.filter((m) => m.role === 'system');
  const tools = options.tools ?? [];
  const parts = [...(tools.length > 0 && marked(tools.at(-1)) ? [tools] : []), ...system.filter(marked)];
  if (parts.length === 0) return { tokens: 0, key: '' };
  const text = JSON.stringify(parts);
  return { tokens: Math.ceil(text.length / 4), key: createHash('sha256').update(text).digest('hex') };
}

const doGenerate = HeuristicModel.prototype.doGenerate;
HeuristicModel.prototype.doGenerate = async function hosted(options) {
  const answer = await doGenerate.call(this, options);
  const prefix = markedPrefix(options);
  // The first call with a prefix writes the provider's cache; later calls with the same bytes read it.
  const cached = prefix.tokens > 0 && current.prefixes.has(prefix.key);
  if (prefix.tokens > 0) current.prefixes.add(prefix.key);
  current.calls.push({ input: answer.usage.inputTokens.total ?? 0, prefix: prefix.tokens, cached });
  if (current.draws) await sleep(current.draws.modelMs());
  return answer;
};
const callTool = McpSession.prototype.callTool;
McpSession.prototype.callTool = async function remote(...args) {
  const outcome = await callTool.apply(this, args);
  if (current.draws) await sleep(current.draws.toolMs());
  return outcome;
};

/** Trials that opened a session: their wait for the server and their wall time, from the agent tape. */
async function serverWaits(dir) {
  const tape = await readTape(join(dir, 'agent.jsonl'));
  let wait = 0;
  let wall = 0;
  let trials = 0;
  for (const r of tape.records) {
    if (r.type !== 'event' || r.value.kind !== 'fitness.trial') continue;
    const raw = r.value.raw;
    if (typeof raw?.serverWaitMs !== 'number') continue;
    wait += raw.serverWaitMs;
    wall += raw.durationMs;
    trials += 1;
  }
  return { wait, wall, trials, share: wall > 0 ? wait / wall : Number.NaN };
}

async function once({ concurrency, scale, serverStarts = 'ahead' }) {
  const out = mkdtempSync(join(tmpdir(), 'fitness-hosted-bench-'));
  current = {
    draws: scale > 0 ? latencyDraws(profile, SEED, scale) : undefined,
    calls: [],
    prefixes: new Set(),
  };
  const started = performance.now();
  const result = await runFitness({
    target: { kind: 'stdio', argv: [process.execPath, serverScript] },
    outDir: out,
    env: {},
    seed: RUN_SEED,
    concurrency,
    serverStarts,
  });
  const wallMs = performance.now() - started;
  const waits = await serverWaits(result.dir);
  rmSync(out, { recursive: true, force: true });
  return { concurrency, scale, serverStarts, outcome: result.outcome, wallMs, waits, calls: current.calls };
}

const f = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const pct = (x) => `${f(100 * x, 1)}%`;
const met = (ok) => (ok ? 'met' : 'not met');
const say = (line) => process.stdout.write(`${line}\n`);
const describe = (r) =>
  `concurrency ${r.concurrency}, latency x${r.scale}${r.serverStarts === 'ahead' ? '' : `, --server-starts ${r.serverStarts}`}: ${r.outcome} in ` +
  `${f(r.wallMs / 1000, 1)} s, ${r.calls.length} model calls; waited for a server ${f(r.waits.wait / 1000, 1)} s ` +
  `of ${f(r.waits.wall / 1000, 1)} s in ${r.waits.trials} session trials (${pct(r.waits.share)})`;

say(
  `machine: load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at start (uptime)`,
);
say(
  `latency profile: ${PROFILE}: ${profile.model.count} model steps (${profile.model.model}, median ` +
    `${profile.model.medianMs} ms, p95 ${profile.model.p95Ms} ms), ${profile.tools.count} remote tool calls ` +
    `(median ${profile.tools.medianMs} ms, p95 ${profile.tools.p95Ms} ms); source: ${profile.model.source}`,
);
say(`latency scale x${SCALE} (seed ${SEED}); run seed ${RUN_SEED}; well-made fixture over stdio`);

// The first run also absorbs module loading (a second or two of its wall time).
const offline4 = await once({ concurrency: 4, scale: 0 });
say(describe(offline4));
const one = await once({ concurrency: 1, scale: SCALE });
say(describe(one));
const four = await once({ concurrency: 4, scale: SCALE });
say(describe(four));
const unpooled = await once({ concurrency: 4, scale: SCALE, serverStarts: 'on-connect' });
say(describe(unpooled));

// 1. Concurrency.
const speedup = one.wallMs / four.wallMs;
say(`wall time, concurrency 4 against 1: ${f(speedup)}x (goal >= 3.5x: ${met(speedup >= 3.5)})`);

// 2. Cached prefix and cost.
const input = four.calls.reduce((a, c) => a + c.input, 0);
const read = four.calls.reduce((a, c) => a + (c.cached ? c.prefix : 0), 0);
const readable = four.calls.reduce(
  (a, c) => a + (c.cached && c.prefix >= MIN_CACHED_TOKENS ? c.prefix : 0),
  0,
);
const share = read / input;
say(
  `cached prefix: ${pct(share)} of the ${input.toLocaleString('en-US')} input tokens of its model calls are a prefix sent ` +
    `again byte-identical and marked for caching (goal >= 60%: ${met(share >= 0.6)}); ${pct(readable / input)} ` +
    `in prefixes of at least ${MIN_CACHED_TOKENS} tokens, the shortest a provider caches`,
);
const price = PRICE_TABLE.models[HOSTED];
const outTokens = meanOutputTokens(profile);
const perM = (tokens, usd) => (tokens / 1e6) * usd;
const outputCost = perM(four.calls.length * outTokens, price.output);
const uncached = perM(input, price.input) + outputCost;
let cachedCost = outputCost;
for (const c of four.calls) {
  const counts = c.prefix >= MIN_CACHED_TOKENS;
  if (!counts) cachedCost += perM(c.input, price.input);
  else if (c.cached) cachedCost += perM(c.prefix, price.cacheRead) + perM(c.input - c.prefix, price.input);
  else cachedCost += perM(c.prefix, price.cacheWrite) + perM(c.input - c.prefix, price.input);
}
say(
  `projected model cost of one default run on ${HOSTED} (${PRICE_TABLE.asOf} list prices, ${four.calls.length} ` +
    `calls, the heuristic's input tokens, ${f(outTokens, 0)} output tokens per call as observed in the profile): ` +
    `$${f(cachedCost, 3)} with caching, $${f(uncached, 3)} without (${f(cachedCost / uncached)}x)`,
);

// 3. Server start-up.
say(
  `waiting for a server to start: ${pct(four.waits.share)} of session trials' wall time with the pool ` +
    `(goal <= 5%: ${met(four.waits.share <= 0.05)}), ${pct(unpooled.waits.share)} without it; ` +
    `${f(four.waits.wait / Math.max(1, four.waits.trials))} ms against ${f(unpooled.waits.wait / Math.max(1, unpooled.waits.trials))} ms per trial`,
);

// 4. Projected hosted wall time.
const projected = SCALE === 1 ? four.wallMs : offline4.wallMs + (four.wallMs - offline4.wallMs) / SCALE;
say(
  `projected wall time of one default run on a hosted model at concurrency 4: ${f(projected / 60000, 1)} min ` +
    `(${SCALE === 1 ? 'measured' : `linear from ${f(offline4.wallMs / 1000, 1)} s at latency x0 and ${f(four.wallMs / 1000, 1)} s at x${SCALE}`}; ` +
    `${four.calls.length} model calls, the heuristic's steps per trial)`,
);

// 5. Curtailment over the planted audit bed (offline: the counts do not depend on the latency).
current = { draws: undefined, calls: [], prefixes: new Set() };
async function bed(curtail) {
  const out = mkdtempSync(join(tmpdir(), 'fitness-hosted-bed-'));
  const before = current.calls.length;
  const plans = PLANTED.map(plantedRun).map((plan) => ({ ...plan, options: { ...plan.options, curtail } }));
  const reports = await executeRuns(plans, { outDir: out, seed: RUN_SEED, parallel: 4 });
  rmSync(out, { recursive: true, force: true });
  return { calls: current.calls.length - before, reports };
}
const curtailed = await bed(true);
const full = await bed(false);
// The verdict is what curtailment is proved not to change: the outcome with its gate, reason and
// reserve batches. The score beside it is not part of it: on a server whose answers depend on the
// order of concurrent calls (flaky over HTTP fails every 30th call its one process serves), k moves
// between two identical runs, with or without curtailment, so it is printed and counted apart.
const verdict = (r) =>
  r.record === undefined ? `no run: ${r.error}` : describeOutcome(obtainedFrom(r.record));
const score = (r) => {
  const s = r?.record?.score?.firstTry;
  return s ? ` ${s.k}/${s.n}` : '';
};
let same = 0;
let sameScore = 0;
for (const [i, r] of curtailed.reports.entries()) {
  const other = full.reports[i];
  const a = verdict(r);
  const b = other ? verdict(other) : 'missing';
  if (a === b) same += 1;
  if (score(r) === score(other)) sameScore += 1;
  const note = a !== b ? '  DIFFERENT VERDICT' : score(r) !== score(other) ? '  (scores differ)' : '';
  say(`  ${r.id}: ${a}${score(r)} | --no-curtail: ${b}${score(other)}${note}`);
}
const runs = curtailed.reports.length;
const identical = same === runs;
say(
  `curtailment over the planted audit bed (${runs} runs): ${curtailed.calls} model calls against ` +
    `${full.calls} with --no-curtail (${f(curtailed.calls / full.calls)}x); verdicts ${identical ? 'identical' : `${runs - same} differ`} ` +
    `(goal identical: ${met(identical)}); scores ${sameScore === runs ? 'identical' : `differ in ${runs - sameScore} (a score is not a verdict: see bench/hosted.bench.js)`}`,
);
say(
  `machine: load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at end`,
);
