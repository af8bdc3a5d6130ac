import { jsonText } from '../core/escape/json.js';
import { plain } from '../core/escape/terminal.js';
import { exportRun } from '../export/index.js';
import { compareSuite } from '../report/index.js';
import { outcomeLine } from '../run/outcome-line.js';
import { runFitness } from '../run/run-fitness.js';
import { ciHelp } from './ci-flags.js';
import { wantsCi, writeRunCi } from './ci-output.js';
import type { Command, CommandIO } from './command.js';
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { gateHelp } from './gate-flags.js';
import { type LiveDisplay, liveDisplay } from './live/terminal.js';
import { DISPLAY_FLAGS, OTLP_FLAGS, outputHelp } from './output-flags.js';
import { parseRunCommand, RUN_ARGS, type RunCommandArgs } from './run-args.js';
import { HARNESS_FLAGS, MODEL_FLAGS, REGISTRATION_FLAGS, settingsHelp } from './run-flags.js';
import { judgeRun } from './run-gate.js';
import { targetFlagHelp } from './target-flags.js';

const USAGE = `Usage: fitness-report run [options] -- <command> [args...]      (stdio server)
       fitness-report run [options] --url URL [--header 'K: V']...   (Streamable HTTP server)
       fitness-report run [options] --config FILE --server NAME       (an mcpServers config entry)

Synthesises a task suite from the server's tools, runs the validity gates (structural, answer_leak,
suite_size, plan_power, null_baseline, construct) and, when none refuses, drives the runner model
through the suite and publishes first-try success with its 95% interval clustered by task. Writes
<out>/<server>-<UTC time>/ with record.json, prereg.json, suite.json, wire/agent/judge.jsonl and
signature.json. Before the first model call it prints the resolved runner and judge and the most
model calls the registration implies. With no model key set the run is offline (heuristic runner,
explore/2 generator).

explore/2 calls only explorable tools: readOnlyHint: true, named with --read-only, or (when the
hint is absent) inferred read-only or compute-only from the verb of its name, unless a write verb is
the verb of a clause of its description about what it does (not a noun, a negation, or a clause
about the caller). Arguments come from the given context, from earlier results, from enums, and only then
from the schema. When the first errors say one tool must be called first, explore/2 calls it once
(only if it is read-only, declared destructiveHint: false, or --allow-destructive) and begins every
plan with it. Nothing explorable is its own refusal (INDETERMINATE no_explorable_tools).

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
${outputHelp(DISPLAY_FLAGS)}

Harness:
${settingsHelp(HARNESS_FLAGS)}

Export:
${outputHelp(OTLP_FLAGS)}

CI formats (docs/ci.md; written whatever the outcome, once the record is):
${ciHelp()}

Gate (docs/ci.md, "A gate for a pipeline"; checked before the run starts, judged after it):
${gateHelp()}
  With --baseline the comparison is printed after the outcome (text, or the document's comparison
  with --json; a compare suite in --junit and --github-summary), then one gate: line per threshold
  that failed. A run that is not SCORED keeps its own exit code (1 refused, 3 VOID) and no threshold
  is judged; a comparison refused for what the two runs are (another runner, generator, alpha or
  server) is a gate: line, not a regression.

Signals: Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal closing) ends the run VOID aborted with its
record, tapes and signature (the live block says "stopping: finishing the record (VOID aborted)…"
while it is written); a second signal hurries that (server processes killed at once) and never skips
the record.

With --otlp, an endpoint that refuses or cannot be reached is one line on stderr and exit 1; the run
directory is complete and untouched (with --json the document is printed first and keeps the run's
own exitCode). So is a CI format that cannot be written after the run: one line on stderr, exit 1.

With --json, stdout is one JSON document (docs/ci.md) and nothing else; a usage error or a crash
before the record exists prints no document, only its line on stderr.

${exitCodeHelp({ ok: 'SCORED, and every --fail-on / --fail-under threshold held', finding: 'a gate refused the run (its record says why), or a SCORED run failed --fail-on or --fail-under' })}`;

/** The live display when both output streams are a terminal; otherwise the plain lines. */
function liveOnTerminal(): LiveDisplay | undefined {
  if (process.stderr.isTTY !== true || process.stdout.isTTY !== true) return undefined;
  return liveDisplay(process.stderr);
}

export const runCommand: Command = {
  name: 'run',
  usage: USAGE,
  flags: RUN_ARGS,
  async run(argv, io) {
    let parsed: RunCommandArgs;
    try {
      // A bad endpoint is a usage error before anything runs, not a surprise after.
      parsed = parseRunCommand(argv, io);
    } catch (err) {
      io.err(`fitness-report run: ${plain(describeError(err))}`);
      return EXIT.usage;
    }
    return runParsed(parsed, io);
  },
};

/**
 * `run` once its arguments are read: the run, its outcome lines, the gate, the CI formats and the
 * export, and the exit code. The command is `parseRunCommand` then this; a caller holding its own
 * `Target` (an in-memory server) gives it in `parsed.options.target`.
 */
export async function runParsed(parsed: RunCommandArgs, io: CommandIO): Promise<number> {
  const { options, output, ci, gate } = parsed;
  const live = output.plain ? undefined : liveOnTerminal();
  try {
    const result = await runFitness({
      ...options,
      handleSignals: true,
      // Progress lines quote the server (its name, its errors): each is printed inert.
      progress: live ? live.line : (line) => io.err(plain(line)),
      ...(live ? { onEvent: live.event } : {}),
    });
    live?.close();
    // With --json the document is stdout's one content, and the outcome lines join the progress.
    const human = output.json ? io.err : io.out;
    human(plain(outcomeLine(result.record)));
    human(`run: ${plain(result.dir)}`);
    const gated = await judgeRun(gate, result, io, human);
    if (output.json) io.out(jsonText({ ...result.report, ...gated }));
    const exitCode = gated.gate?.exitCode ?? result.exitCode;
    if (wantsCi(ci)) {
      try {
        await writeRunCi(ci, result, io, gated.comparison ? [compareSuite(gated.comparison)] : []);
      } catch (err) {
        io.err(`fitness-report run: ci: ${plain(describeError(err))}`);
        return EXIT.finding;
      }
    }
    if (output.otlp === undefined) return exitCode;
    try {
      const sent = await exportRun(result.dir, {
        endpoint: output.otlp,
        headers: output.otlpHeaders,
        content: output.otlpContent,
      });
      io.err(`otlp: exported ${sent.spans} spans as trace ${sent.traceId}`);
    } catch (err) {
      io.err(`fitness-report run: otlp: ${plain(describeError(err))}`);
      return EXIT.finding;
    }
    return exitCode;
  } catch (err) {
    live?.close();
    io.err(`fitness-report run: ${plain(describeError(err))}`);
    return err instanceof UsageError ? EXIT.usage : EXIT.crash;
  }
}
