import { resolve } from 'node:path';
import { plain } from '../core/escape/terminal.js';
import { exportRun } from '../export/index.js';
import type { Command, CommandIO } from './command.js';
import { describeError, FitnessError, UsageError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, renamed, settingsFrom } from './flags.js';
import {
  type ScrubEnvSetting,
  scrubbedValues,
  scrubEnvFlag,
  type WaitSetting,
  waitFlag,
} from './shared-flags.js';
import { headers } from './target-flags.js';

interface ExportSettings extends ScrubEnvSetting, WaitSetting {
  endpoint?: string;
  headers?: Record<string, string>;
  content?: boolean;
  serviceName?: string;
}

const on = flagsFor<ExportSettings>();
const text = (t: string) => t;
const SCRUB_ENV = scrubEnvFlag('scrub the value of this environment variable first (repeatable)');

/** `export otlp`'s flags, in the order its help lists them (`--secret-env` is `--scrub-env`'s old name). */
const EXPORT_FLAGS: readonly Flag<ExportSettings>[] = [
  on.value('endpoint', {
    flag: '--endpoint',
    arg: 'URL',
    parse: text,
    help: 'OTLP/HTTP endpoint: a base (…:4318, /api/public/otel) gets /v1/traces appended',
    default: '$OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or $OTEL_EXPORTER_OTLP_ENDPOINT',
  }),
  on.list('headers', {
    flag: '--header',
    arg: "'K: V'",
    parse: headers,
    help: 'request header, e.g. Authorization (repeatable; never written anywhere)',
  }),
  on.switch('content', {
    flag: '--content',
    value: true,
    help: 'also send tool arguments and results, prompts and model output; taken from the tapes after --scrub-env values are scrubbed',
    default: 'off',
  }),
  SCRUB_ENV,
  renamed(SCRUB_ENV, '--secret-env'),
  on.value('serviceName', {
    flag: '--service-name',
    arg: 'NAME',
    parse: text,
    help: 'service.name of the spans',
    default: 'fitness-report',
  }),
  waitFlag('give up on the endpoint after this long', '10000'),
];

const USAGE = `Usage: fitness-report export otlp RUN --endpoint URL [--header 'K: V']... [--content]
                                 [--scrub-env NAME]... [--service-name NAME] [--timeout MS]

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
${flagHelp(EXPORT_FLAGS, {})}

Exit codes: 0 sent, 1 the endpoint refused or could not be reached (one line says why), 2 usage.`;

interface OtlpArgs {
  dir: string;
  endpoint: string;
  headers: Record<string, string>;
  content: boolean;
  secrets: string[];
  serviceName?: string;
  timeoutMs?: number;
}

function parseArgs(argv: readonly string[], io: CommandIO): OtlpArgs {
  const collected = collect(argv, EXPORT_FLAGS, { command: 'export', positional: true, dashDash: false });
  for (const line of collected.notices) io.err(line);
  const s = settingsFrom(EXPORT_FLAGS, collected.flags);
  const [run, ...more] = collected.positional;
  if (run === undefined || more.length > 0)
    throw new UsageError('export otlp: give exactly one run directory');
  const endpoint =
    s.endpoint ?? io.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? io.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '';
  if (endpoint === '')
    throw new UsageError('export otlp: --endpoint URL is required (or set OTEL_EXPORTER_OTLP_ENDPOINT)');
  return {
    dir: resolve(io.cwd, run),
    endpoint,
    headers: s.headers ?? {},
    content: s.content === true,
    secrets: scrubbedValues(s.scrubEnv ?? [], io.env),
    ...(s.serviceName === undefined ? {} : { serviceName: s.serviceName }),
    ...(s.timeoutMs === undefined ? {} : { timeoutMs: s.timeoutMs }),
  };
}

export const exportCommand: Command = {
  name: 'export',
  usage: USAGE,
  flags: EXPORT_FLAGS,
  async run(argv, io) {
    const [sub, ...more] = argv;
    if (sub !== 'otlp')
      throw new UsageError(`export: unknown target '${sub ?? ''}' (try: export otlp RUN --endpoint URL)`);
    const args = parseArgs(more, io);
    const dir = args.dir;
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
