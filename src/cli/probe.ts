import { resolve } from 'node:path';
import {
  describeTarget,
  loadServerConfig,
  openSession,
  parseTarget,
  type Target,
  tapeCommand,
  targetSecrets,
} from '../connect/index.js';
import { type ProbeTape, probeTarget, renderTable, type SessionFacts, summarize } from '../probes/index.js';
import { ProbeResult } from '../record/probe.js';
import { TapeWriter } from '../tape/index.js';
import type { Command, CommandIO } from './command.js';
import { UsageError } from './errors.js';

const USAGE = `Usage: fitness-report probe [options] -- <command> [args...]     (stdio server)
       fitness-report probe [options] --url URL [--header 'K: V']...  (Streamable HTTP server)
       fitness-report probe [options] --config FILE --server NAME      (an mcpServers config entry)

Runs the zero-token protocol probes (spec currency, impossible version, header mismatches,
server/discover, cache hints, deprecated vocabulary, unknown method, tool names, input schemas,
origin check) and prints one row per probe: pass, FAIL, or could not check. A server fault is a
finding: the exit code is 0 whatever the server does, and 1 only when it cannot be reached at all.

Options:
  --json               print {target, session, summary, probes} as JSON instead of the table
  --tape FILE          write every frame and HTTP exchange to FILE (mcp-tape v1); findings then
                       point at its lines (wire:<line>)
  --header 'K: V'      HTTP header sent on every request (repeatable; never written to the tape)
  --credential KIND    anonymous | free-key | owner-key (HTTP; default anonymous)
  --env K=V            environment variable for a stdio server (repeatable)
  --cwd DIR            working directory for a stdio server
  --timeout MS         how long one probe request may wait for its answer (default 10000 HTTP,
                       15000 stdio, which includes starting the process)`;

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
      throw err;
    }
    const results = await probeTarget(args.target, tape ?? new UnrecordedTape(), {
      session,
      ...(args.timeoutMs === undefined ? {} : { stepTimeoutMs: args.timeoutMs }),
    });
    await tape?.close('probes-complete');
    const findings = results.map((r) => ProbeResult.parse(tape ? r : { ...r, tapeRefs: [] }));
    if (args.json) {
      io.out(
        JSON.stringify(
          {
            target: label,
            session,
            summary: summarize(findings),
            probes: findings,
            tape: tape?.path ?? null,
          },
          null,
          2,
        ),
      );
      return 0;
    }
    io.out(`target: ${label}`);
    io.out(
      `negotiated: ${session.protocolVersion ?? 'nothing'} (${session.era ?? 'unknown'} era, ${session.transportShape ?? 'stdio'})`,
    );
    io.out('');
    for (const line of renderTable(findings)) io.out(line);
    if (tape) io.out(`tape: ${tape.path}`);
    return 0;
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
  const dash = argv.indexOf('--');
  const options = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  const headers: Record<string, string> = {};
  const env: Record<string, string> = {};
  let url: string | undefined;
  let config: string | undefined;
  let server: string | undefined;
  let credential: string | undefined;
  let cwd: string | undefined;
  let tape: string | undefined;
  let timeoutMs: number | undefined;
  let json = false;
  for (let i = 0; i < options.length; i++) {
    const flag = options[i] ?? '';
    const value = (): string => {
      const v = options[++i];
      if (v === undefined) throw new UsageError(`probe: ${flag} needs a value`);
      return v;
    };
    if (flag === '--json') json = true;
    else if (flag === '--url') url = value();
    else if (flag === '--header') {
      const raw = value();
      const colon = raw.indexOf(':');
      if (colon <= 0)
        throw new UsageError(`probe: --header wants 'Name: value', got '${raw.split(':')[0]}…'`);
      headers[raw.slice(0, colon).trim()] = raw.slice(colon + 1).trim();
    } else if (flag === '--env') {
      const raw = value();
      const eq = raw.indexOf('=');
      if (eq <= 0) throw new UsageError(`probe: --env wants K=V`);
      env[raw.slice(0, eq)] = raw.slice(eq + 1);
    } else if (flag === '--config') config = value();
    else if (flag === '--server') server = value();
    else if (flag === '--credential') credential = value();
    else if (flag === '--cwd') cwd = value();
    else if (flag === '--tape') tape = value();
    else if (flag === '--timeout') {
      timeoutMs = Number(value());
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
        throw new UsageError('probe: --timeout wants a positive integer (ms)');
    } else throw new UsageError(`probe: unknown option '${flag}' (try --help)`);
  }
  const kinds = [command.length > 0, url !== undefined, config !== undefined].filter(Boolean).length;
  if (kinds !== 1)
    throw new UsageError(
      'probe: give exactly one target: -- <command> [args...], --url URL, or --config FILE --server NAME',
    );
  let target: Target;
  if (config !== undefined) {
    if (server === undefined) throw new UsageError('probe: --config needs --server NAME');
    target = loadServerConfig(resolve(io.cwd, config), server, io.env);
  } else if (url !== undefined) {
    target = parseTarget({ kind: 'http', url, headers, ...(credential ? { credential } : {}) });
  } else {
    target = parseTarget({ kind: 'stdio', argv: command, env, cwd: resolve(io.cwd, cwd ?? '.') });
  }
  return { target, json, tape, timeoutMs };
}
