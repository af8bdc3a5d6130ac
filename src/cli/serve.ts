import { resolve } from 'node:path';
import { serveSite } from '../board/serve.js';
import { plain } from '../core/escape/terminal.js';
import { onStopSignals } from '../core/signals.js';
import type { Command, CommandIO } from './command.js';
import { describeError, FitnessError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';

function port(text: string, flag: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65535)
    throw new UsageError(`${flag} needs a port number 0-65535, got ${text}`);
  return n;
}

const SERVE_FLAGS: readonly Flag<{ port?: number }>[] = [
  flagsFor<{ port?: number }>().value('port', {
    flag: '--port',
    arg: 'N',
    parse: port,
    help: 'the port on 127.0.0.1; 0 picks a free one',
    default: '8080',
  }),
];

const USAGE = `Usage: fitness-report serve [SITE] [--port N]

Serves a site built by \`fitness-report board\` on 127.0.0.1 (default SITE: fitness-site), with the headers its _headers file declares: a strict
Content-Security-Policy on pages, and on published run files Access-Control-Allow-Origin: * and an
immutable cache. Range requests are answered; paths outside the site are refused. Ctrl-C (or SIGTERM,
SIGHUP) stops it. A SITE that is not a built site (no such folder, no _headers file) is a usage
error: exit 2.

Options:
${flagHelp(SERVE_FLAGS, {})}

${exitCodeHelp({ ok: 'stopped with Ctrl-C', finding: 'not used' })}`;

export function parseServeArgs(
  argv: readonly string[],
  io: Pick<CommandIO, 'cwd'>,
): { site: string; port: number } {
  const collected = collect(argv, SERVE_FLAGS, { command: 'serve', positional: true, dashDash: false });
  const [site, extra] = collected.positional;
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}': serve takes one SITE`);
  return {
    site: resolve(io.cwd, site ?? 'fitness-site'),
    port: settingsFrom(SERVE_FLAGS, collected.flags).port ?? 8080,
  };
}

export const serveCommand: Command = {
  name: 'serve',
  usage: USAGE,
  flags: SERVE_FLAGS,
  async run(argv, io) {
    let args: { site: string; port: number };
    try {
      args = parseServeArgs(argv, io);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.err(`fitness-report serve: ${plain(err.message)}`);
      return EXIT.usage;
    }
    let running: Awaited<ReturnType<typeof serveSite>>;
    try {
      running = await serveSite({ site: args.site, port: args.port });
    } catch (err) {
      io.err(`fitness-report serve: ${plain(describeError(err))}`);
      // A site that is not there is the caller's path, like any other missing path (exit 2).
      return err instanceof FitnessError && err.code === 'SERVE_SITE' ? EXIT.usage : EXIT.crash;
    }
    io.out(`serving ${args.site} at ${running.url} (Ctrl-C to stop)`);
    await new Promise<void>((done) => {
      const unsubscribe = onStopSignals(() => {
        unsubscribe();
        void running.close().then(done);
      });
    });
    return 0;
  },
};
