import { resolve } from 'node:path';
import { plain } from '../core/escape/terminal.js';
import { exportRun } from '../export/index.js';
import { MAX_WAIT_MS } from '../run/duration.js';
import type { Command, CommandIO } from './command.js';
import { describeError, FitnessError, UsageError } from './errors.js';
import { EXIT } from './exit-codes.js';

const USAGE = `Usage: fitness-report export otlp RUN --endpoint URL [--header 'K: V']... [--content]
                                 [--secret-env NAME]... [--service-name NAME] [--timeout MS]

Turns a finished run's tapes into OpenTelemetry spans after the fact and sends them to an OTLP/HTTP
(protobuf) endpoint, one trace per run, timed by the tapes:
  fitness-report run <server>        the run (gen_ai.operation.name invoke_workflow), one
                                     gen_ai.evaluation.result event per gate decision (+ the score)
    probes > probe <id>              the zero-token probes
    stage <name>                     connect, surface, generate, admit, health
    phase <phase>                    screen, null-*, construct, drive
      invoke_agent <phase>           one per trial (fitness.trial.passed, steps, corr id)
        chat <model>                 one per generation: gen_ai.usage.* (input includes cached)
        tools/call <tool>            one client span per MCP request: mcp.method.name,
                                     gen_ai.tool.name, jsonrpc.request.id, error.type,
                                     rpc.response.status_code, mcp.protocol.version,
                                     network.transport (pipe | tcp); no mcp.session.id on
                                     2026-07-28 sessions
The run directory is read, never written. docs/export.md has Jaeger and Langfuse.

Options:
  --endpoint URL       OTLP/HTTP endpoint: a base (…:4318, /api/public/otel) gets /v1/traces appended;
                       default $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or $OTEL_EXPORTER_OTLP_ENDPOINT
  --header 'K: V'      request header, e.g. Authorization (repeatable; never written anywhere)
  --content            also send tool arguments and results, prompts and model output (off by
                       default); taken from the tapes after --secret-env values are scrubbed
  --secret-env NAME    scrub the value of this environment variable first (repeatable)
  --service-name NAME  service.name of the spans (default fitness-report)
  --timeout MS         give up on the endpoint after this long (default 10000; at most ${MAX_WAIT_MS}, i.e. 24h)

Exit codes: 0 sent, 1 the endpoint refused or could not be reached (one line says why), 2 usage.`;

interface OtlpArgs {
  endpoint: string;
  headers: Record<string, string>;
  content: boolean;
  secrets: string[];
  serviceName?: string;
  timeoutMs?: number;
}

function header(value: string | undefined): [string, string] {
  const at = value?.indexOf(':') ?? -1;
  if (value === undefined || at <= 0)
    throw new UsageError(`--header needs 'Name: value' (got '${value ?? ''}')`);
  return [value.slice(0, at).trim(), value.slice(at + 1).trim()];
}

function parseArgs(argv: readonly string[], io: CommandIO): { args: OtlpArgs; rest: string[] } {
  const rest: string[] = [];
  const args: OtlpArgs = { endpoint: '', headers: {}, content: false, secrets: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i] ?? '';
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--endpoint') args.endpoint = value();
    else if (a === '--header') {
      const [k, v] = header(value());
      args.headers[k] = v;
    } else if (a === '--content') args.content = true;
    else if (a === '--secret-env') {
      const name = value();
      const secret = io.env[name];
      if (secret === undefined || secret === '')
        throw new UsageError(`--secret-env ${name}: the variable is not set`);
      args.secrets.push(secret);
    } else if (a === '--service-name') args.serviceName = value();
    else if (a === '--timeout') {
      const n = Number(value());
      if (!Number.isInteger(n) || n <= 0)
        throw new UsageError('--timeout needs a positive number of milliseconds');
      if (n > MAX_WAIT_MS) throw new UsageError(`--timeout must be an integer ≤ ${MAX_WAIT_MS}, got ${n}`);
      args.timeoutMs = n;
    } else rest.push(a);
  }
  if (args.endpoint === '')
    args.endpoint = io.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? io.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '';
  return { args, rest };
}

export const exportCommand: Command = {
  name: 'export',
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...more] = argv;
    if (sub !== 'otlp')
      throw new UsageError(`export: unknown target '${sub ?? ''}' (try: export otlp RUN --endpoint URL)`);
    const { args, rest } = parseArgs(more, io);
    const unknown = rest.find((a) => a.startsWith('-'));
    if (unknown !== undefined) throw new UsageError(`export otlp: unknown option '${unknown}'`);
    if (rest.length !== 1) throw new UsageError('export otlp: give exactly one run directory');
    if (args.endpoint === '')
      throw new UsageError('export otlp: --endpoint URL is required (or set OTEL_EXPORTER_OTLP_ENDPOINT)');
    const dir = resolve(io.cwd, rest[0] ?? '');
    try {
      const sent = await exportRun(dir, {
        endpoint: args.endpoint,
        headers: args.headers,
        content: args.content,
        secrets: args.secrets,
        ...(args.serviceName ? { serviceName: args.serviceName } : {}),
        ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
      });
      io.out(`exported ${sent.spans} spans as trace ${sent.traceId}`);
      return EXIT.ok;
    } catch (err) {
      // The endpoint refusing or not answering is this command's finding (1), not a crash (3).
      if (!(err instanceof FitnessError) || err.code !== 'OTLP_EXPORT_FAILED') throw err;
      io.err(`fitness-report export: ${plain(describeError(err))}`);
      return EXIT.finding;
    }
  },
};
