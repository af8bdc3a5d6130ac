import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { z } from 'zod';
import { portOf } from './port.js';

const Objects = z.array(z.record(z.string(), z.unknown()));

/** The list of JSON objects a request body holds under `key` (messages, input, tools, system), validated. */
export function objectsOf(body: Record<string, unknown>, key: string): Record<string, unknown>[] {
  return Objects.parse(body[key]);
}

/** One request as the fake provider received it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** One queued answer: a JSON body with its status and headers, or no answer at all. */
export interface Reply {
  /** Never answer (the client must give up on its own); called once the request is in. */
  hang?: () => void;
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * A local model-provider HTTP server for tests (never a real API): it records every request and
 * answers each with the next queued reply, else with what `answer` builds from the request body,
 * else with a 500 saying no reply was queued. Each provider's wire format is built by the caller.
 */
export class FakeProvider {
  readonly seen: SeenRequest[] = [];
  private readonly server: Server;
  private readonly replies: Reply[] = [];

  constructor(answer?: (body: Record<string, unknown>, index: number) => unknown) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const reply =
          this.replies.shift() ??
          (answer
            ? { body: answer(body, this.seen.length - 1) }
            : { status: 500, body: { error: 'no reply queued' } });
        if (reply.hang !== undefined) return reply.hang();
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
      });
    });
  }

  /** Every request body, in order. */
  get bodies(): Record<string, unknown>[] {
    return this.seen.map((s) => s.body);
  }

  reply(...replies: Reply[]): this {
    this.replies.push(...replies);
    return this;
  }

  request(i: number): SeenRequest {
    const seen = this.seen[i];
    if (seen === undefined) throw new Error(`no request #${i}`);
    return seen;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${portOf(this.server)}/v1`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
