import { resolve } from 'node:path';
import { describeTarget, parseTarget, type Target, targetSecrets } from '../connect/index.js';
import { checkSecrets } from '../connect/target.js';
import { jsonText } from '../core/escape/json.js';
import { plain } from '../core/escape/terminal.js';
import {
  baselineLines,
  type ExpectedFailures,
  probeServer,
  readExpectedFailures,
  renderTable,
} from '../probes/index.js';
import { PROBE_STEP_MS } from '../probes/types.js';
import type { ProbeReport } from '../record/probe-report.js';
import { probeSuite, tapeEvidence, unreachableSuite } from '../report/index.js';
import { Redactor } from '../tape/index.js';
import { CI_FLAGS, type CiTargets, ciHelp, ciTargets } from './ci-flags.js';
import { writeCi } from './ci-output.js';
import type { Command, CommandIO } from './command.js';
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import { resultJsonFlag } from './output-flags.js';
import { type WaitSetting, waitFlag } from './shared-flags.js';
import { TARGET_FLAGS, targetFlagHelp, targetFlags, targetFrom } from './target-flags.js';

interface ProbeFlags extends WaitSetting {
  json?: boolean;
  expectedFailures?: string;
  tape?: string;
}

const on = flagsFor<ProbeFlags>();
const PROBE_FLAGS: readonly Flag<ProbeFlags>[] = [
  resultJsonFlag('{target, session, summary, probes, tape, baseline, exitCode} instead of the table'),
  on.value('expectedFailures', {
    flag: '--expected-failures',
    arg: 'FILE',
    parse: (t) => t,
    help: "a YAML baseline of probe ids expected to fail, the conformance suite's shape (`server: [id, ...]`): a listed failure does not fail the command, a failure not listed does, and a listed probe that now passes is a stale entry, which fails too (docs/ci.md)",
  }),
  on.value('tape', {
    flag: '--tape',
    arg: 'FILE',
    parse: (t) => t,
    help: 'write every frame and HTTP exchange to FILE (mcp-tape v1); findings then point at its lines (wire:<line>)',
  }),
  waitFlag(
    'how long one probe request may wait for its answer',
    `${PROBE_STEP_MS.http} HTTP, ${PROBE_STEP_MS.stdio} stdio, which includes starting the process`,
  ),
];

const USAGE = `Usage: fitness-report probe [options] -- <command> [args...]     (stdio server)
       fitness-report probe [options] --url URL [--header 'K: V']...  (Streamable HTTP server)
       fitness-report probe [options] --config FILE --server NAME      (an mcpServers config entry)

Runs the zero-token protocol probes (spec currency, impossible version, header mismatches,
server/discover, cache hints, deprecated vocabulary, unknown method, tool names, input schemas,
origin check) and prints one row per probe: pass, FAIL, or could not check. Spec currency is shown
as a value (the negotiated revision and its era), not counted among the checks. Nothing it prints
carries a secret.

Options:
${flagHelp(PROBE_FLAGS, {})}

CI formats (docs/ci.md; the JUnit report's evidence is FILE#L<line> of --tape, when given):
${ciHelp()}

Target (the target flags of \`run\`, with the same rules: a flag that does not apply to the target
and a secret under 8 characters are usage errors):
${targetFlagHelp()}

With --expected-failures FILE (the conformance suite's baseline convention), a probe listed there
that fails is expected; a failure not listed fails the command, and so does a listed probe that now
passes (a stale entry: remove it from FILE). A probe id the registry does not know, or a file that
is not YAML of that shape, is a usage error naming the file and the line.

${exitCodeHelp({ ok: 'every check passed (with a baseline: every failure listed, no stale entry)', finding: 'a finding: a check failed (with a baseline: one not listed, or a stale entry)' })}
A server that cannot be reached at all exits 3.`;

interface ProbeArgs {
  target: Target;
  json: boolean;
  tape: string | undefined;
  timeoutMs: number | undefined;
  expectedFailures: ExpectedFailures | undefined;
  ci: CiTargets;
}

/** The table and the baseline's verdict, for a person: every value in them printed inert. */
function humanLines(report: ProbeReport): string[] {
  return [
    `target: ${plain(report.target)}`,
    `negotiated: ${plain(report.session.protocolVersion ?? 'nothing')} (${report.session.era ?? 'unknown'} era, ${plain(report.session.transportShape ?? 'stdio')})`,
    '',
    ...renderTable(report.probes),
    ...(report.baseline ? ['', ...baselineLines(report.baseline)] : []),
    ...(report.tape === null ? [] : [`tape: ${plain(report.tape)}`]),
  ];
}

export const probeCommand: Command = {
  name: 'probe',
  usage: USAGE,
  flags: [...PROBE_FLAGS, ...TARGET_FLAGS, ...CI_FLAGS],
  async run(argv: readonly string[], io: CommandIO): Promise<number> {
    const args = parseProbeArgs(argv, io);
    // Server-provided text can carry what it was sent: every line printed is scrubbed first.
    const redactor = new Redactor(targetSecrets(args.target));
    let report: ProbeReport;
    try {
      report = await probeServer({
        target: args.target,
        ...(args.tape === undefined ? {} : { tapePath: resolve(io.cwd, args.tape) }),
        ...(args.timeoutMs === undefined ? {} : { timeoutMs: args.timeoutMs }),
        ...(args.expectedFailures === undefined ? {} : { expectedFailures: args.expectedFailures }),
      });
    } catch (err) {
      io.err(`fitness-report probe: ${plain(redactor.scrub(describeError(err)))}`);
      writeCi(
        args.ci,
        [unreachableSuite({ target: describeTarget(args.target) }, describeError(err))],
        io,
        (t) => redactor.scrub(t),
      );
      return EXIT.crash;
    }
    const human = args.json ? io.err : io.out;
    for (const line of humanLines(report)) human(redactor.scrub(line));
    // probeServer scrubbed the report; jsonText escapes what a terminal or a CI runner would act on.
    if (args.json) io.out(jsonText(report));
    const suite = probeSuite(
      { target: report.target, protocolVersion: report.session.protocolVersion },
      report.probes,
      tapeEvidence(args.tape),
    );
    try {
      writeCi(args.ci, [suite], io, (t) => redactor.scrub(t));
    } catch (err) {
      io.err(`fitness-report probe: ci: ${plain(describeError(err))}`);
      return EXIT.finding;
    }
    return report.exitCode;
  },
};

export function parseProbeArgs(argv: readonly string[], io: Pick<CommandIO, 'cwd' | 'env'>): ProbeArgs {
  const args = probeArgs(argv, io);
  checkSecrets(args.target);
  return args;
}

function probeArgs(argv: readonly string[], io: Pick<CommandIO, 'cwd' | 'env'>): ProbeArgs {
  try {
    const collected = collect(argv, probeCommand.flags, { command: 'probe' });
    const own = settingsFrom(PROBE_FLAGS, collected.flags);
    const input = targetFrom(targetFlags(collected), collected.command, io);
    const target = parseTarget(
      input.kind === 'stdio' ? { ...input, cwd: resolve(io.cwd, input.cwd ?? '.') } : input,
    );
    const expectedFailures =
      own.expectedFailures === undefined
        ? undefined
        : readExpectedFailures(resolve(io.cwd, own.expectedFailures), own.expectedFailures);
    return {
      target,
      json: own.json === true,
      tape: own.tape,
      timeoutMs: own.timeoutMs,
      expectedFailures,
      ci: ciTargets(collected, io),
    };
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(`probe: ${err.message}`, err.code);
    throw err;
  }
}
