import { exportRun, tracesUrl } from '../export/index.js';
import { outcomeLine } from '../run/outcome-line.js';
import { runFitness } from '../run/run-fitness.js';
import type { Command } from './command.js';
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { type OtlpArgs, takeRunOtlpFlags } from './export.js';
import { type LiveDisplay, liveDisplay } from './live/terminal.js';
import { parseRunArgs } from './run-args.js';
import { HARNESS_FLAGS, MODEL_FLAGS, REGISTRATION_FLAGS, settingsHelp } from './run-flags.js';
import { targetFlagHelp } from './target-flags.js';

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
${settingsHelp(MODEL_FLAGS)}
  An unknown provider, a malformed model or a missing key is a usage error (exit 2), before any run exists.

Target (exactly one of -- <command> [args], --url or --config with --server; a flag that does not
apply to the target is a usage error):
${targetFlagHelp()}
  A secret under 8 characters is a usage error: it cannot be scrubbed without destroying the tapes.

Registration (pre-registered; nothing changes after prereg.json is written):
${settingsHelp(REGISTRATION_FLAGS)}

Display:
  On a terminal (stdout and stderr both a TTY) the progress lines scroll above one live status block
  on stderr, redrawn in place: the phase, trials done of registered, passes and failures so far,
  elapsed time, the phase's ETA at the pace of its trials so far, model calls and spend so far (from
  the price table; "at least $X" with the reason when a price or a usage report is missing). The
  block is erased when the run ends; the outcome and run lines stay.
  --plain                 plain progress lines only, even on a terminal (what a pipe or a file gets)

Harness:
${settingsHelp(HARNESS_FLAGS)}

Export:
  --otlp URL              when the run is recorded, send it to this OTLP/HTTP endpoint as spans
                          (what \`export otlp RUN --endpoint URL\` sends; see \`export --help\`)
  --otlp-header 'K: V'    header for the OTLP endpoint (repeatable; never written anywhere)
  --otlp-content          include tool arguments/results and model text in the spans (off by default)

Signals: Ctrl-C (SIGINT) or SIGTERM ends the run VOID aborted with its record, tapes and signature
(the live block says "stopping: finishing the record (VOID aborted)…" while it is written); a second
signal hurries that (server processes killed at once) and never skips the record.

With --otlp, an endpoint that refuses or cannot be reached is one line on stderr and exit 1; the run
directory is complete and untouched.

${exitCodeHelp({ ok: 'SCORED', finding: 'refused: a gate refused the run (its record says which and why)' })}`;

/** The run's own options: everything before `--` (after it is the server's command). */
function ownArgs(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf('--');
  return end === -1 ? argv : argv.slice(0, end);
}

const takePlain = (argv: readonly string[]) => ownArgs(argv).includes('--plain');

function withoutPlain(argv: readonly string[]): string[] {
  const own = ownArgs(argv);
  return [...own.filter((a) => a !== '--plain'), ...argv.slice(own.length)];
}

/** The live display when both output streams are a terminal; otherwise the plain lines. */
function liveOnTerminal(): LiveDisplay | undefined {
  if (process.stderr.isTTY !== true || process.stdout.isTTY !== true) return undefined;
  return liveDisplay(process.stderr);
}

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
      options = parseRunArgs(withoutPlain(taken.rest), io);
    } catch (err) {
      io.err(`fitness-report run: ${describeError(err)}`);
      return EXIT.usage;
    }
    const live = takePlain(argv) ? undefined : liveOnTerminal();
    try {
      const result = await runFitness({
        ...options,
        handleSignals: true,
        progress: live ? live.line : (line) => io.err(line),
        ...(live ? { onEvent: live.event } : {}),
      });
      live?.close();
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
      live?.close();
      io.err(`fitness-report run: ${describeError(err)}`);
      return err instanceof UsageError ? EXIT.usage : EXIT.crash;
    }
  },
};
