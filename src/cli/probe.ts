import { resolve } from 'node:path';
import {
  describeTarget,
  openSession,
  parseTarget,
  type Target,
  tapeCommand,
  targetSecrets,
} from '../connect/index.js';
import { checkSecrets } from '../connect/target.js';
import { plain } from '../core/escape/terminal.js';
import {
  type ProbeReport,
  type ProbeTape,
  probeTarget,
  renderTable,
  type SessionFacts,
  summarize,
} from '../probes/index.js';
import { ProbeResult } from '../record/probe.js';
import { probeSuite, tapeEvidence, unreachableSuite } from '../report/index.js';
import { MAX_WAIT_MS } from '../run/duration.js';
import { Redactor, TapeWriter } from '../tape/index.js';
import { CI_FLAGS, type CiTargets, ciHelp, ciTargets } from './ci-flags.js';
import { writeCi } from './ci-output.js';
import type { Command, CommandIO } from './command.js';
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import { TARGET_FLAGS, targetFlagHelp, targetFlags, targetFrom } from './target-flags.js';

interface ProbeFlags {
  json?: boolean;
  tape?: string;
  timeoutMs?: number;
}

function positiveMs(text: string, flag: string): number {
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms <= 0) throw new UsageError(`${flag} wants a positive integer (ms)`);
  if (ms > MAX_WAIT_MS) throw new UsageError(`${flag} must be an integer ≤ ${MAX_WAIT_MS}, got ${text}`);
  return ms;
}

const on = flagsFor<ProbeFlags>();
const PROBE_FLAGS: readonly Flag<ProbeFlags>[] = [
  on.switch('json', {
    flag: '--json',
    value: true,
    help: 'print {target, session, summary, probes} as JSON instead of the table',
  }),
  on.value('tape', {
    flag: '--tape',
    arg: 'FILE',
    parse: (t) => t,
    help: 'write every frame and HTTP exchange to FILE (mcp-tape v1); findings then point at its lines (wire:<line>)',
  }),
  on.value('timeoutMs', {
    flag: '--timeout',
    arg: 'MS',
    parse: positiveMs,
    help: 'how long one probe request may wait for its answer',
    default: '10000 HTTP, 15000 stdio, which includes starting the process',
    note: `at most ${MAX_WAIT_MS}, i.e. 24h`,
  }),
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

${exitCodeHelp({ ok: 'every check passed', finding: 'a finding: at least one check failed' })}
A server that cannot be reached at all exits 3.`;

interface ProbeArgs {
  target: Target;
  json: boolean;
  tape: string | undefined;
  timeoutMs: number | undefined;
  ci: CiTargets;
}

export const probeCommand: Command = {
  name: 'probe',
  usage: USAGE,
  async run(argv: readonly string[], io: CommandIO): Promise<number> {
    const args = parseProbeArgs(argv, io);
    // Server-provided text can carry what it was sent: every line printed is scrubbed first.
    const redactor = new Redactor(targetSecrets(args.target));
    const out = (line: string) => io.out(redactor.scrub(line));
    const label = describeTarget(args.target);
    const tape = args.tape
      ? TapeWriter.open({
          path: resolve(io.cwd, args.tape),
          meta: { label: `probe ${label}`, command: tapeCommand(args.target, 'probe'), kind: 'mcp' },
          secrets: targetSecrets(args.target),
        })
      : undefined;
    let session: SessionFacts & { transportShape?: string };
    try {
      const opened = await openSession(args.target, { tape });
      session = {
        protocolVersion: opened.protocolVersion,
        era: opened.era,
        transportShape: opened.transportShape,
      };
      await opened.close();
    } catch (err) {
      await tape?.close('unreachable').catch(() => undefined);
      io.err(`fitness-report probe: ${plain(describeError(err))}`);
      writeCi(args.ci, [unreachableSuite({ target: label }, describeError(err))], io, (t) =>
        redactor.scrub(t),
      );
      return EXIT.crash;
    }
    const results = await probeTarget(args.target, tape ?? new UnrecordedTape(), {
      session,
      ...(args.timeoutMs === undefined ? {} : { stepTimeoutMs: args.timeoutMs }),
    });
    await tape?.close('probes-complete');
    const findings = results.map((r) => ProbeResult.parse(tape ? r : { ...r, tapeRefs: [] }));
    const code = findings.some((f) => f.pass === false) ? EXIT.finding : EXIT.ok;
    // What a server wrote may quote what it was sent: scrubbed before it reaches a CI format.
    const scrubbed = findings.map((f) => ProbeResult.parse(redactor.scrubValue(f)));
    const suite = probeSuite(
      { target: label, protocolVersion: session.protocolVersion },
      scrubbed,
      tapeEvidence(args.tape),
    );
    try {
      writeCi(args.ci, [suite], io, (t) => redactor.scrub(t));
    } catch (err) {
      io.err(`fitness-report probe: ci: ${plain(describeError(err))}`);
      return EXIT.finding;
    }
    if (args.json) {
      const report: ProbeReport = {
        target: label,
        session,
        summary: summarize(findings),
        probes: findings,
        tape: tape?.path ?? null,
      };
      out(JSON.stringify(redactor.scrubValue(report), null, 2));
      return code;
    }
    out(`target: ${label}`);
    out(
      `negotiated: ${session.protocolVersion ?? 'nothing'} (${session.era ?? 'unknown'} era, ${session.transportShape ?? 'stdio'})`,
    );
    out('');
    for (const line of renderTable(findings)) out(line);
    if (tape) out(`tape: ${tape.path}`);
    return code;
  },
};

/** Without --tape the probes still need line numbers; nothing is written and no reference is shown. */
class UnrecordedTape implements ProbeTape {
  private lines = 0;
  private sessions = 0;
  message(): number {
    this.lines += 1;
    return this.lines;
  }
  event(): number {
    this.lines += 1;
    return this.lines;
  }
  newSession(): string {
    this.sessions += 1;
    return `s${this.sessions}`;
  }
}

export function parseProbeArgs(argv: readonly string[], io: Pick<CommandIO, 'cwd' | 'env'>): ProbeArgs {
  const args = probeArgs(argv, io);
  checkSecrets(args.target);
  return args;
}

function probeArgs(argv: readonly string[], io: Pick<CommandIO, 'cwd' | 'env'>): ProbeArgs {
  try {
    const collected = collect(argv, [...PROBE_FLAGS, ...TARGET_FLAGS, ...CI_FLAGS], { command: 'probe' });
    const own = settingsFrom(PROBE_FLAGS, collected.flags);
    const input = targetFrom(targetFlags(collected), collected.command, io);
    const target = parseTarget(
      input.kind === 'stdio' ? { ...input, cwd: resolve(io.cwd, input.cwd ?? '.') } : input,
    );
    return {
      target,
      json: own.json === true,
      tape: own.tape,
      timeoutMs: own.timeoutMs,
      ci: ciTargets(collected, io),
    };
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(`probe: ${err.message}`, err.code);
    throw err;
  }
}
