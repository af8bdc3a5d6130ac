import { exportRun, tracesUrl } from '../export/index.js';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from '../models/defaults.js';
import { PREREG_DEFAULTS } from '../record/prereg.js';
import { parseRunArgs } from '../run/args.js';
import { RUN_DEFAULTS } from '../run/options.js';
import { outcomeLine } from '../run/outcome-line.js';
import { runFitness } from '../run/run-fitness.js';
import type { Command } from './command.js';
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { type OtlpArgs, takeRunOtlpFlags } from './export.js';

const d = PREREG_DEFAULTS;

const USAGE = `Usage: fitness-report run [options] -- <command> [args...]      (stdio server)
       fitness-report run [options] --url URL [--header 'K: V']...   (Streamable HTTP server)
       fitness-report run [options] --config FILE --server NAME       (an mcpServers config entry)

Synthesises a task suite from the server's tools, runs the validity gates (structural, answer_leak,
suite_size, plan_power, null_baseline, construct) and, when none refuses, drives the runner model
through the suite and publishes first-try success with its Wilson 95% interval. Writes
<out>/<server>-<UTC time>/ with record.json, prereg.json, suite.json, wire/agent/judge.jsonl and
signature.json. Before the first model call it prints the resolved runner and judge and the most
model calls the registration implies. With no model key set the run is offline (heuristic runner,
explore/2 generator).

explore/2 calls only explorable tools: readOnlyHint: true, named with --read-only, or (when the
hint is absent) inferred read-only from a read verb in the name and no write verb in the name or
description. Arguments come from the given context, from earlier results, from enums, and only then
from the schema. Nothing explorable is its own refusal (INDETERMINATE no_explorable_tools).

Models (the environment changes the defaults: read this before running with a key exported):
  --runner MODEL          provider:model (anthropic:…, openai:…, openai-compatible:…) or heuristic.
                          Default: ${DEFAULT_ANTHROPIC_MODEL} when ANTHROPIC_API_KEY is set, else
                          ${DEFAULT_OPENAI_MODEL} when OPENAI_API_KEY is set, else heuristic (offline,
                          no paid call). An exported key makes the run paid: name --runner heuristic to stay offline.
  --judge MODEL           the judge (judge/1 generator, destructiveness inference); default as --runner
  --generator G           explore/2 | judge/1; default judge/1 with a model key, explore/2 without
  An unknown provider, a malformed model or a missing key is a usage error (exit 2), before any run exists.

Target (a flag that does not apply to the target is a usage error):
  --header 'K: V'         HTTP header whose value is a secret (repeatable; never written anywhere)
  --public-header 'K: V'  HTTP header that is configuration (repeatable; recorded in plain)
  --env K=V               environment variable of a stdio server: configuration, recorded in plain
  --secret-env K=V        environment variable of a stdio server that is a secret (never written anywhere)
  --cwd DIR               working directory of a stdio server
  --secret NAME           with --config: treat this env/header entry as a secret
  --not-secret NAME       with --config: treat this env/header entry as configuration
                          (by default an entry is a secret when its name says key, token, secret,
                          password, auth, credential or cookie)
  --credential KIND       anonymous | free-key | owner-key. Default: anonymous when no secret is sent;
                          when one is sent (--header, --secret-env, URL userinfo, a secret config entry)
                          it must be given, and anonymous is refused.
  A secret under 8 characters is a usage error: it cannot be scrubbed without destroying the tapes.

Registration (pre-registered; nothing changes after prereg.json is written):
  --tasks N               registered suite size (default ${d.tasks}; below ${d.minTasks} is INSUFFICIENT_SURFACE)
  --reps-nulls N          trials per task per null phase (default ${d.reps.nulls})
  --reps-construct N      reference trials per task (default ${d.reps.construct})
  --reps-drive N          runner trials per task (default ${d.reps.drive})
  --extensions N          registered extension batches (default ${d.extension.maxExtensions})
  --batch-tasks N         tasks per extension batch (default ${d.extension.batchTasks})
  --seed N                seed of every random choice (default: fresh and random per run, so two runs
                          are two measurements; recorded in policy.json and prereg.json: give it to reproduce a run)
  --budget DURATION       wall-clock budget of the whole run, e.g. 90s, 45m, 2h (default 2h);
                          when it runs out the run ends VOID budget_exhausted
  --max-steps N           model steps per trial (default ${d.agentLimits.maxSteps})
  --trial-timeout MS      wall time per trial (default ${d.agentLimits.trialTimeoutMs})
  --token-budget N        tokens per trial (default ${d.agentLimits.tokenBudgetPerTrial})
  --call-timeout MS       wait for one tool call's answer (default ${RUN_DEFAULTS.callTimeoutMs})
  --allow-destructive     let exploration, tasks and trials call every tool (default: not allowed;
                          the record says so)
  --read-only TOOL,...    tools you assert only read (repeatable): explorable, recorded as your assertion
  --no-infer-read-only    explore only declared and asserted read-only tools
  --given NAME=VALUE      context a user would give the agent (repeatable), e.g. repo_path=/srv/repo:
                          prompts may name it, it is never an answer key; the target's own argv, env
                          and cwd entries that are existing paths are added as derived context
  --no-screen             skip the generation-time null screen (default: screened)
  --no-curtail            run every phase's registered sample even when its decision can no longer
                          change (default: a null phase stops on a certain KILL, construct on a certain
                          refusal; never the drive; pre-registered, and verify re-proves it)

Harness:
  --concurrency N         trials in flight (default ${RUN_DEFAULTS.concurrency})
  --no-server-pool        stdio: start each trial's server when the trial starts (default: started ahead)
  --out DIR               parent of the run directory (default fitness-runs)
  --signing-key FILE      the publisher's Ed25519 key (PEM) that signs the run; default
                          $XDG_CONFIG_HOME/fitness-report/signing-key.pem (else ~/.config/…), created
                          mode 0600 on first use; refused inside --out. An unusable key never stops the
                          run: it is recorded unsigned and its record says why (see \`fitness-report key\`)
  --tape-cap SIZE         bytes one session may write to a tape, e.g. 64MB (default 64MB); past it the
                          session's later lines are dropped and the cut is recorded

Export:
  --otlp URL              when the run is recorded, send it to this OTLP/HTTP endpoint as spans
                          (what \`export otlp RUN --endpoint URL\` sends; see \`export --help\`)
  --otlp-header 'K: V'    header for the OTLP endpoint (repeatable; never written anywhere)
  --otlp-content          include tool arguments/results and model text in the spans (off by default)

Signals: Ctrl-C (SIGINT) or SIGTERM ends the run VOID aborted with its record, tapes and signature;
a second signal hurries that (server processes killed at once) and never skips the record.

With --otlp, an endpoint that refuses or cannot be reached is one line on stderr and exit 1; the run
directory is complete and untouched.

${exitCodeHelp({ ok: 'SCORED', finding: 'refused: a gate refused the run (its record says which and why)' })}`;

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
      return EXIT.usage;
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
        return EXIT.finding;
      }
      return result.exitCode;
    } catch (err) {
      io.err(`fitness-report run: ${describeError(err)}`);
      return err instanceof UsageError ? EXIT.usage : EXIT.crash;
    }
  },
};
