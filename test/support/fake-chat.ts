import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatBody = Record<string, unknown> & { messages?: { role: string; content: unknown }[] };

/**
 * A local model endpoint speaking the OpenAI Chat Completions wire format (what
 * `openai-compatible:` talks to): each request is answered with `answer(body)` as the assistant's
 * text, and every request body is kept. Never a real API.
 */
export class FakeChat {
  readonly seen: ChatBody[] = [];
  private readonly server: Server;

  constructor(answer: (body: ChatBody) => string) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
        this.seen.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${this.seen.length}`,
            object: 'chat.completion',
            created: 1_700_000_000,
            model: String(body.model),
            choices: [
              { index: 0, message: { role: 'assistant', content: answer(body) }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 30, completion_tokens: 7, total_tokens: 37 },
          }),
        );
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

export const systemOf = (body: ChatBody): unknown => body.messages?.find((m) => m.role === 'system')?.content;
export const userOf = (body: ChatBody): unknown => body.messages?.find((m) => m.role === 'user')?.content;
