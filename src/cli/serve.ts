import { resolve } from 'node:path';
import { serveSite } from '../board/serve.js';
import { plain } from '../core/escape/terminal.js';
import { onStopSignals } from '../core/signals.js';
import type { Command, CommandIO } from './command.js';
import { describeError, FitnessError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';

const USAGE = `Usage: fitness-report serve [SITE] [--port N]

Serves a site built by \`fitness-report board\` on 127.0.0.1 (default SITE: fitness-site, port 8080;
--port 0 picks a free port), with the headers its _headers file declares: a strict
Content-Security-Policy on pages, and on published run files Access-Control-Allow-Origin: * and an
immutable cache. Range requests are answered; paths outside the site are refused. Ctrl-C (or SIGTERM,
SIGHUP) stops it. A SITE that is not a built site (no such folder, no _headers file) is a usage
error: exit 2.

${exitCodeHelp({ ok: 'stopped with Ctrl-C', finding: 'not used' })}`;

export function parseServeArgs(
  argv: readonly string[],
  io: Pick<CommandIO, 'cwd'>,
): { site: string; port: number } {
  let site: string | undefined;
  let port = 8080;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--port') {
      const value = argv[i + 1];
      const n = Number(value);
      if (value === undefined || !Number.isInteger(n) || n < 0 || n > 65535) {
        throw new UsageError(`--port needs a port number 0-65535, got ${value ?? 'nothing'}`);
      }
      port = n;
      i += 1;
    } else if (arg.startsWith('--') || site !== undefined) {
      throw new UsageError(`unexpected argument '${arg}'`);
    } else {
      site = arg;
    }
  }
  return { site: resolve(io.cwd, site ?? 'fitness-site'), port };
}

export const serveCommand: Command = {
  name: 'serve',
  usage: USAGE,
  async run(argv, io) {
    let args: { site: string; port: number };
    try {
      args = parseServeArgs(argv, io);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.err(`fitness-report serve: ${plain(err.message)}`);
      io.err(USAGE);
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
