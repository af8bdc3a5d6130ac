import { parseRunArgs } from '../run/args.js';
import { outcomeLine } from '../run/outcome-line.js';
import { runFitness } from '../run/run-fitness.js';
import type { Command } from './command.js';
import { describeError, UsageError } from './errors.js';

const USAGE = `Usage: fitness-report run [options] -- <command> [args...]      (stdio server)
       fitness-report run [options] --url URL [--header 'K: V']...   (Streamable HTTP server)
       fitness-report run [options] --config FILE --server NAME       (an mcpServers config entry)

Synthesises a task suite from the server's tools, runs the validity gates (structural, answer_leak,
suite_size, plan_power, null_baseline, construct) and, when none refuses, drives the runner model
through the suite and publishes first-try success with its Wilson 95% interval. Writes
<out>/<server>-<UTC time>/ with record.json, prereg.json, suite.json, wire/agent/judge.jsonl and
signature.json. With no model key set the run is offline (heuristic runner, explore/2 generator).

explore/2 calls only explorable tools: readOnlyHint: true, named with --read-only, or (when the
hint is absent) inferred read-only from a read verb in the name and no write verb in the name or
description. Arguments come from the given context, from earlier results, from enums, and only then
from the schema. Nothing explorable is its own refusal (INDETERMINATE no_explorable_tools).

Options:
  --runner MODEL          provider:model (anthropic:…, openai:…, openai-compatible:…) or heuristic
  --judge MODEL           the judge model (judge/1 generator, destructiveness inference)
  --generator G           explore/2 | judge/1 (explore/2 without a model key)
  --tasks N               registered suite size (default 16)
  --reps-nulls N          trials per task per null phase (default 1)
  --reps-construct N      reference trials per task (default 3)
  --reps-drive N          runner trials per task (default 3)
  --extensions N          registered extension batches (default 2)
  --batch-tasks N         tasks per extension batch (default 6)
  --seed N                seed of every random choice (default 1)
  --concurrency N         trials in flight (default 4)
  --allow-destructive     let exploration, tasks and trials call every tool (the record says so)
  --read-only TOOL,...    tools you assert only read (repeatable): explorable, recorded as your assertion
  --no-infer-read-only    explore only declared and asserted read-only tools
  --given NAME=VALUE      context a user would give the agent (repeatable), e.g. repo_path=/srv/repo:
                          prompts may name it, it is never an answer key; the target's own argv, env
                          and cwd entries that are existing paths are added as derived context
  --credential KIND       anonymous | free-key | owner-key
  --header 'K: V'         HTTP header (repeatable; never written anywhere)
  --env K=V, --cwd DIR    environment and working directory of a stdio server
  --out DIR               parent of the run directory (default fitness-runs)
  --max-steps N           model steps per trial (default 10)
  --trial-timeout MS      wall time per trial (default 120000)
  --token-budget N        tokens per trial (default 60000)
  --call-timeout MS       wait for one tool call's answer (default 20000)
  --no-screen             skip the generation-time null screen

Exit codes: 0 SCORED, 1 refused, 2 usage error, 3 VOID.`;

export const runCommand: Command = {
  name: 'run',
  summary: 'measure a server: suite, gates, drive; writes a signed run (run -- CMD... | --url URL)',
  usage: USAGE,
  async run(argv, io) {
    let options: ReturnType<typeof parseRunArgs>;
    try {
      options = parseRunArgs(argv, io);
    } catch (err) {
      io.err(`fitness-report run: ${describeError(err)}`);
      return 2;
    }
    try {
      const result = await runFitness({ ...options, handleSignals: true, progress: (line) => io.err(line) });
      io.out(outcomeLine(result.record));
      io.out(`run: ${result.dir}`);
      return result.exitCode;
    } catch (err) {
      io.err(`fitness-report run: ${describeError(err)}`);
      return err instanceof UsageError ? 2 : 1;
    }
  },
};
