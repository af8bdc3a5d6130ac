// @ts-check
/**
 * Bootstrapping shared by every fixture server: stdio by default (both eras, via serveStdio), or
 * Streamable HTTP on 127.0.0.1 with `--http [--port N]` (both eras, via createMcpHandler). When HTTP
 * is ready the server prints exactly one stdout line, `listening http://127.0.0.1:<port>/mcp`.
 * SIGTERM/SIGINT close everything and exit 0; a stdio server also exits when its stdin closes.
 */
import { createMcpHandler } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { parseServeArgs } from './args.js';
import { TamperedTransport, tamperFetch } from './tamper.js';

/** @typedef {import('@modelcontextprotocol/server').McpServerFactory} McpServerFactory */
/** @typedef {import('./tamper.js').Tamper} Tamper */

/**
 * @typedef {object} ServeOptions
 * @property {McpServerFactory} factory builds one server instance (per HTTP request, per stdio connection)
 * @property {Tamper} [tamper] the planted fault, when the SDK would repair it
 * @property {boolean} [checkOrigin] reject a foreign Host or Origin (DNS-rebinding protection); default true
 * @property {(request: Request) => Response | undefined} [gate] answers a request itself (e.g. 401)
 * @property {number} [keepAliveMs] how long an idle HTTP connection stays open (Node's default is 5 s);
 *   the planted-outcome servers keep them for a whole run so a client never races a closing socket
 */

/**
 * @param {ServeOptions} options
 * @param {readonly string[]} [argv]
 */
export function serve(options, argv = process.argv.slice(2)) {
  const mode = parseServeArgs(argv);
  if (mode.transport === 'stdio') serveOverStdio(options);
  else
    serveOverHttp(options, mode.port).catch((error) => {
      report(error);
      process.exit(1);
    });
}

/** @param {ServeOptions} options */
function serveOverStdio(options) {
  const stdio = new StdioServerTransport();
  const transport = options.tamper ? new TamperedTransport(stdio, options.tamper) : stdio;
  const handle = serveStdio(options.factory, { transport, onerror: report });
  onSignal(async () => {
    await handle.close();
  });
}

/**
 * The HTTP modules are loaded only in HTTP mode: a stdio server (a fresh process per trial) skips
 * their import, which is a tenth of its start-up CPU.
 * @param {ServeOptions} options
 * @param {number} port
 */
async function serveOverHttp(options, port) {
  const { createServer } = await import('node:http');
  const { localhostHostValidation, localhostOriginValidation, toNodeHandler } = await import(
    '@modelcontextprotocol/node'
  );
  const handler = createMcpHandler(options.factory, { legacy: 'stateless', onerror: report });
  const tampered = options.tamper ? tamperFetch(handler.fetch, options.tamper) : handler.fetch;
  const gate = options.gate;
  /** @type {typeof handler.fetch} */
  const fetch = gate ? async (request, init) => gate(request) ?? tampered(request, init) : tampered;
  const node = toNodeHandler({ fetch });
  const checkHost = localhostHostValidation();
  const checkOrigin = localhostOriginValidation();
  const guard = options.checkOrigin !== false;
  const server = createServer((req, res) => {
    if (guard && (!checkHost(req, res) || !checkOrigin(req, res))) return;
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the MCP endpoint is /mcp\n');
      return;
    }
    void node(req, res);
  });
  if (options.keepAliveMs !== undefined) {
    server.keepAliveTimeout = options.keepAliveMs;
    server.headersTimeout = options.keepAliveMs + 1_000;
  }
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    const bound = typeof address === 'object' && address !== null ? address.port : port;
    process.stdout.write(`listening http://127.0.0.1:${bound}/mcp\n`);
  });
  onSignal(async () => {
    server.close();
    server.closeAllConnections();
    await handler.close();
  });
}

/** @param {() => Promise<void>} close */
function onSignal(close) {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** @param {Error} error */
function report(error) {
  process.stderr.write(`fixture server: ${error.message}\n`);
}
