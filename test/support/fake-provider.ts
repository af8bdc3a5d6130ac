import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local model-provider HTTP server for tests (never a real API): it records every request body
 * and answers each with the next queued reply, or with what `answer` builds from the request.
 */
export class FakeProvider {
  readonly bodies: Record<string, unknown>[] = [];
  private readonly server: Server;

  constructor(answer: (body: Record<string, unknown>, index: number) => unknown) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
        this.bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer(body, this.bodies.length - 1)));
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
