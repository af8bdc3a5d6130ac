import { FakeProvider } from './fake-provider.js';

export type ChatBody = Record<string, unknown> & {
  messages?: { role: string; content: unknown }[];
  tools?: unknown[];
};
/** What the fake model answers: its text, or one tool call (`arguments` is the JSON text). */
export type ChatAnswer = { content: string | null; toolCall?: { name: string; arguments: string } };

function completion(body: ChatBody, n: number, a: ChatAnswer) {
  const message = a.toolCall
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: `call_${n}`, type: 'function', function: a.toolCall }],
      }
    : { role: 'assistant', content: a.content };
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: String(body.model),
    choices: [{ index: 0, message, finish_reason: a.toolCall ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 30, completion_tokens: 7, total_tokens: 37 },
  };
}

/**
 * A local model endpoint speaking the OpenAI Chat Completions wire format (what
 * `openai-compatible:` talks to), on the shared FakeProvider: each request is answered by
 * `answer(body, n)` (n counts requests from 1) with the assistant's text or one tool call, and
 * every request body is kept. Never a real API.
 */
export class FakeChat {
  private readonly provider: FakeProvider;

  constructor(answer: (body: ChatBody, n: number) => string | ChatAnswer) {
    this.provider = new FakeProvider((raw, index) => {
      const body: ChatBody = raw;
      const given = answer(body, index + 1);
      return completion(body, index + 1, typeof given === 'string' ? { content: given } : given);
    });
  }

  /** Every request body, in order. */
  get seen(): ChatBody[] {
    return this.provider.bodies;
  }

  start(): Promise<string> {
    return this.provider.start();
  }

  close(): Promise<void> {
    return this.provider.close();
  }
}

export const systemOf = (body: ChatBody): unknown => body.messages?.find((m) => m.role === 'system')?.content;
export const userOf = (body: ChatBody): unknown => body.messages?.find((m) => m.role === 'user')?.content;
