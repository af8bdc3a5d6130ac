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
import { type ProbeTape, probeTarget, renderTable, type SessionFacts, summarize } from '../probes/index.js';
import { ProbeResult } from '../record/probe.js';
import { TARGET_VALUE_FLAGS, targetFromFlags } from '../run/target-args.js';
import { Redactor, TapeWriter } from '../tape/index.js';
import type { Command, CommandIO } from './command.js';
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';

const USAGE = `Usage: fitness-report probe [options] -- <command> [args...]     (stdio server)
       fitness-report probe [options] --url URL [--header 'K: V']...  (Streamable HTTP server)
       fitness-report probe [options] --config FILE --server NAME      (an mcpServers config entry)

Runs the zero-token protocol probes (spec currency, impossible version, header mismatches,
server/discover, cache hints, deprecated vocabulary, unknown method, tool names, input schemas,
origin check) and prints one row per probe: pass, FAIL, or could not check. Spec currency is shown
as a value (the negotiated revision and its era), not counted among the checks. Nothing it prints
carries a secret.

Options:
  --json               print {target, session, summary, probes} as JSON instead of the table
  --tape FILE          write every frame and HTTP exchange to FILE (mcp-tape v1); findings then
                       point at its lines (wire:<line>)
  --timeout MS         how long one probe request may wait for its answer (default 10000 HTTP,
                       15000 stdio, which includes starting the process)
  --header 'K: V', --public-header 'K: V', --env K=V, --secret-env K=V, --cwd DIR, --secret NAME,
  --not-secret NAME, --credential KIND: the target flags of \`run\` (see run --help), with the same
  rules: a flag that does not apply to the target and a secret under 8 characters are usage errors.

${exitCodeHelp({ ok: 'every check passed', finding: 'a finding: at least one check failed' })}
A server that cannot be reached at all exits 3.`;

interface ProbeArgs {
  target: Target;
  json: boolean;
  tape: string | undefined;
  timeoutMs: number | undefined;
}

export const probeCommand: Command = {
  name: 'probe',
  summary: 'run the zero-token protocol probes against a server (probe -- CMD... | --url URL)',
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
      io.err(`fitness-report probe: ${describeError(err)}`);
      return EXIT.crash;
    }
    const results = await probeTarget(args.target, tape ?? new UnrecordedTape(), {
      session,
      ...(args.timeoutMs === undefined ? {} : { stepTimeoutMs: args.timeoutMs }),
    });
    await tape?.close('probes-complete');
    const findings = results.map((r) => ProbeResult.parse(tape ? r : { ...r, tapeRefs: [] }));
    const code = findings.some((f) => f.pass === false) ? EXIT.finding : EXIT.ok;
    if (args.json) {
      const report = {
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

const PROBE_FLAGS = new Set<string>([...TARGET_VALUE_FLAGS, '--tape', '--timeout']);

export function parseProbeArgs(argv: readonly string[], io: Pick<CommandIO, 'cwd' | 'env'>): ProbeArgs {
  const dash = argv.indexOf('--');
  const options = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  const flags = new Map<string, string[]>();
  let json = false;
  for (let i = 0; i < options.length; i++) {
    const flag = options[i] ?? '';
    if (flag === '--json') {
      json = true;
      continue;
    }
    if (!PROBE_FLAGS.has(flag)) throw new UsageError(`probe: unknown option '${flag}' (try --help)`);
    const value = options[++i];
    if (value === undefined) throw new UsageError(`probe: ${flag} needs a value`);
    flags.set(flag, [...(flags.get(flag) ?? []), value]);
  }
  let timeoutMs: number | undefined;
  const timeout = flags.get('--timeout')?.[0];
  if (timeout !== undefined) {
    timeoutMs = Number(timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError('probe: --timeout wants a positive integer (ms)');
  }
  let target: Target;
  try {
    const input = targetFromFlags(flags, command, io);
    target = parseTarget(
      input.kind === 'stdio' ? { ...input, cwd: resolve(io.cwd, input.cwd ?? '.') } : input,
    );
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(`probe: ${err.message}`, err.code);
    throw err;
  }
  checkSecrets(target);
  return { target, json, tape: flags.get('--tape')?.[0], timeoutMs };
}
