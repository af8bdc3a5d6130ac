import { exportRun, tracesUrl } from '../export/index.js';
import { parseRunArgs } from '../run/args.js';
import { outcomeLine } from '../run/outcome-line.js';
import { runFitness } from '../run/run-fitness.js';
import type { Command } from './command.js';
import { describeError, UsageError } from './errors.js';
import { type OtlpArgs, takeRunOtlpFlags } from './export.js';

const USAGE = `Usage: fitness-report run [options] -- <command> [args...]      (stdio server)
       fitness-report run [options] --url URL [--header 'K: V']...   (Streamable HTTP server)
       fitness-report run [options] --config FILE --server NAME       (an mcpServers config entry)

Synthesises a task suite from the server's tools, runs the validity gates (structural, answer_leak,
suite_size, plan_power, null_baseline, construct) and, when none refuses, drives the runner model
through the suite and publishes first-try success with its Wilson 95% interval. Writes
<out>/<server>-<UTC time>/ with record.json, prereg.json, suite.json, wire/agent/judge.jsonl and
signature.json. With no model key set the run is offline (heuristic runner, explore/1 generator).

Options:
  --runner MODEL          provider:model (anthropic:…, openai:…, openai-compatible:…) or heuristic
  --judge MODEL           the judge model (judge/1 generator, destructiveness inference)
  --generator G           explore/1 | judge/1
  --tasks N               registered suite size (default 16)
  --reps-nulls N          trials per task per null phase (default 1)
  --reps-construct N      reference trials per task (default 3)
  --reps-drive N          runner trials per task (default 3)
  --extensions N          registered extension batches (default 2)
  --batch-tasks N         tasks per extension batch (default 6)
  --seed N                seed of every random choice (default 1)
  --concurrency N         trials in flight (default 4)
  --allow-destructive     let tasks and trials call destructive tools
  --credential KIND       anonymous | free-key | owner-key
  --header 'K: V'         HTTP header (repeatable; never written anywhere)
  --env K=V, --cwd DIR    environment and working directory of a stdio server
  --out DIR               parent of the run directory (default fitness-runs)
  --max-steps N           model steps per trial (default 10)
  --trial-timeout MS      wall time per trial (default 120000)
  --token-budget N        tokens per trial (default 60000)
  --call-timeout MS       wait for one tool call's answer (default 20000)
  --no-screen             skip the generation-time null screen
  --otlp URL              when the run is recorded, send it to this OTLP/HTTP endpoint as spans
                          (what \`export otlp RUN --endpoint URL\` sends; see \`export --help\`)
  --otlp-header 'K: V'    header for the OTLP endpoint (repeatable; never written anywhere)
  --otlp-content          include tool arguments/results and model text in the spans (off by default)

Exit codes: 0 SCORED, 1 refused, 2 usage error, 3 VOID. With --otlp, an endpoint that refuses or
cannot be reached is one line on stderr and exit 1; the run directory is complete and untouched.`;

export const runCommand: Command = {
  name: 'run',
  summary: 'measure a server: suite, gates, drive; writes a signed run (run -- CMD... | --url URL)',
  usage: USAGE,
  async run(argv, io) {
    let options: ReturnType<typeof parseRunArgs>;
    let otlp: OtlpArgs | undefined;
    try {
      const taken = takeRunOtlpFlags(argv);
      otlp = taken.otlp;
      // A bad endpoint is a usage error before anything runs, not a surprise after.
      if (otlp !== undefined) tracesUrl(otlp.endpoint);
      options = parseRunArgs(taken.rest, io);
    } catch (err) {
      io.err(`fitness-report run: ${describeError(err)}`);
      return 2;
    }
    try {
      const result = await runFitness({ ...options, handleSignals: true, progress: (line) => io.err(line) });
      io.out(outcomeLine(result.record));
      io.out(`run: ${result.dir}`);
      if (otlp === undefined) return result.exitCode;
      try {
        const sent = await exportRun(result.dir, {
          endpoint: otlp.endpoint,
          headers: otlp.headers,
          content: otlp.content,
        });
        io.err(`otlp: exported ${sent.spans} spans as trace ${sent.traceId}`);
      } catch (err) {
        io.err(`fitness-report run: otlp: ${describeError(err)}`);
        return 1;
      }
      return result.exitCode;
    } catch (err) {
      io.err(`fitness-report run: ${describeError(err)}`);
      return err instanceof UsageError ? 2 : 1;
    }
  },
};
