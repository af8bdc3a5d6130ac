import { InMemoryTransport, type Transport } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { MemoryTarget } from '../../src/connect/target.js';

/** Builds one server object (e.g. `catalogueServer` from examples/servers/lib), as a stdio server's factory does. */
export type ServerFactory = () => McpServer;

/**
 * An in-memory target for `name`: each session (and each raw probe exchange) gets the client end
 * of a fresh SDK linked pair, as a stdio session gets a fresh process. `start()` makes what one
 * process would hold (its module state, e.g. a bookings map) and returns its factory, which the
 * SDK's stdio entry serves on the other end (both eras, as `examples/servers/lib/serve.js` serves
 * a process). So a stage or pipeline test runs the real pipeline against server objects in this
 * process; every frame still crosses the session's recording transport. `closeAll()` ends every
 * connection still open.
 */
export function memoryServer(
  name: string,
  start: () => ServerFactory,
): MemoryTarget & { closeAll(): Promise<void> } {
  const open: { close(): Promise<void> }[] = [];
  const connect = (): Transport => {
    const [client, server] = InMemoryTransport.createLinkedPair();
    open.push(serveStdio(start(), { transport: server, onerror: () => undefined }));
    return client;
  };
  return {
    kind: 'memory',
    name,
    connect,
    closeAll: async () => {
      for (const handle of open.splice(0)) await handle.close().catch(() => undefined);
    },
  };
}
