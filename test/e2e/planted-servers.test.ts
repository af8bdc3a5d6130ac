/**
 * The planted-outcome servers' planted behaviour, observed directly on the wire with hand-written
 * JSON-RPC (no harness code involved): what each server does is what its header says it does.
 * The outcomes those behaviours produce through `fitness-report run` are the audit's test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  modernMeta,
  postFrame,
  type RunningServer,
  startHttpServer,
  stdioExchange,
} from '../../examples/servers/lib/launch.js';

const dir = 'examples/servers';

interface Frame {
  id?: unknown;
  result?: {
    tools?: Tool[];
    structuredContent?: Record<string, unknown>;
    content?: { type: string; text?: string }[];
    isError?: boolean;
  };
  error?: { code: number };
}
interface Tool {
  name: string;
  title?: string;
  description?: string;
  outputSchema?: unknown;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
}

let nextId = 1;
function modern(method: string, params: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: modernMeta() } };
}
function headers(method: string, name?: string): Record<string, string> {
  return {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
  };
}
async function listTools(url: string): Promise<Tool[]> {
  const { frames } = await postFrame(url, modern('tools/list'), headers('tools/list'));
  const tools = (frames[0] as Frame | undefined)?.result?.tools;
  if (!tools) throw new Error(`no tools in ${JSON.stringify(frames)}`);
  return tools;
}
async function call(url: string, name: string, args: Record<string, unknown> = {}): Promise<Frame['result']> {
  const { frames } = await postFrame(
    url,
    modern('tools/call', { name, arguments: args }),
    headers('tools/call', name),
  );
  const frame = frames[0] as Frame | undefined;
  if (!frame?.result) throw new Error(`no result in ${JSON.stringify(frames)}`);
  return frame.result;
}
/** One call with a client-side deadline: `undefined` when no answer came in time. */
async function callWithin(url: string, name: string, ms: number): Promise<Frame['result'] | undefined> {
  return Promise.race([
    call(url, name),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
  ]);
}
async function withHttp(name: string, body: (server: RunningServer) => Promise<void>): Promise<void> {
  const server = await startHttpServer('node', [`${dir}/${name}.js`, '--http']);
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

describe('well-made.js', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer('node', [`${dir}/well-made.js`, '--http']);
  });
  afterAll(async () => {
    await server.close();
  });

  it('offers 8+ read-only tools with output schemas, and annotates its writes truthfully', async () => {
    const tools = await listTools(server.url);
    const reads = tools.filter((t) => t.annotations?.readOnlyHint === true);
    expect(reads.length).toBeGreaterThanOrEqual(8);
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(30);
    }
    const cancel = tools.find((t) => t.name === 'cancel_booking');
    expect(cancel?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const book = tools.find((t) => t.name === 'book_ticket');
    expect(book?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });

  it('chains ids from a list to a lookup, and different ids give different answers', async () => {
    const list = await call(server.url, 'list_vessels');
    const vessels = list?.structuredContent?.vessels as { vesselId: number; name: string }[];
    expect(vessels.length).toBeGreaterThanOrEqual(5);
    const [a, b] = await Promise.all(
      vessels.slice(0, 2).map((v) => call(server.url, 'get_vessel_crew', { vesselId: v.vesselId })),
    );
    expect(a?.structuredContent?.vesselId).toBe(vessels[0]?.vesselId);
    expect(a?.structuredContent?.master).not.toBe(b?.structuredContent?.master);
    const missing = await call(server.url, 'get_vessel', { vesselId: 1234 });
    expect(missing?.isError).toBe(true);
  });

  it('serves the same surface over stdio', async () => {
    const { received } = await stdioExchange(
      'node',
      [`${dir}/well-made.js`],
      [modern('tools/call', { name: 'get_route_fares', arguments: { routeId: 7103 } })],
    );
    const frame = received.find((f) => 'result' in f) as Frame | undefined;
    expect(frame?.result?.structuredContent).toMatchObject({ routeId: 7103, fareZone: 'Coral' });
  });
});

describe('thin.js', () => {
  it('offers exactly two tools', async () => {
    await withHttp('thin', async ({ url }) => {
      expect((await listTools(url)).map((t) => t.name).sort()).toEqual(['get_station_status', 'get_wind']);
    });
  });
});

describe('constant-answers.js', () => {
  it('returns the same record whatever id it is asked for', async () => {
    await withHttp('constant-answers', async ({ url }) => {
      for (const tool of ['get_exhibit', 'get_loan', 'get_conservation']) {
        const [a, b, c] = await Promise.all(
          [3101, 3102, 9999].map((exhibitId) => call(url, tool, { exhibitId })),
        );
        expect(a?.structuredContent, tool).toEqual(b?.structuredContent);
        expect(a?.structuredContent, tool).toEqual(c?.structuredContent);
      }
    });
  });
});

describe('calculator.js', () => {
  it('computes exactly, and only the form each tool declares', async () => {
    await withHttp('calculator', async ({ url }) => {
      expect((await call(url, 'add', { expression: '4821 + 3307' }))?.structuredContent).toEqual({
        value: 8128,
      });
      expect((await call(url, 'power', { expression: '7 ^ 15' }))?.structuredContent).toEqual({
        value: 4747561509943,
      });
      expect((await call(url, 'evaluate', { expression: '(123 + 456) * 7' }))?.structuredContent).toEqual({
        value: 4053,
      });
      expect((await call(url, 'add', { expression: '2 + 2' }))?.isError).toBe(true);
      const tools = await listTools(url);
      expect(tools).toHaveLength(10);
      // No digits in a description: a task phrased from it states only the expression it asks about.
      for (const tool of tools) expect(tool.description, tool.name).not.toMatch(/\d/);
    });
  });
});

describe('drifting.js', () => {
  it('keeps every price fixed within one process and moves it in the next', async () => {
    let first: Frame['result'];
    await withHttp('drifting', async ({ url }) => {
      first = await call(url, 'get_quote', { symbol: 'KLP' });
      const again = await call(url, 'get_quote', { symbol: 'KLP' });
      expect(first?.structuredContent?.symbol).toBe('KLP');
      expect(again?.structuredContent).toEqual(first?.structuredContent);
    });
    await withHttp('drifting', async ({ url }) => {
      const next = await call(url, 'get_quote', { symbol: 'KLP' });
      expect(next?.structuredContent?.lastPence).not.toBe(first?.structuredContent?.lastPence);
      expect(next?.structuredContent?.bidPence).not.toBe(first?.structuredContent?.bidPence);
    });
  });
});

describe('flaky.js', () => {
  it('fails every 30th call with a tool error, and only those', async () => {
    await withHttp('flaky', async ({ url }) => {
      const results = [];
      for (let i = 1; i <= 60; i++) results.push(await call(url, 'list_vessels'));
      const failed = results.flatMap((r, i) => (r?.isError === true ? [i + 1] : []));
      expect(failed).toEqual([30, 60]);
    });
  });
});

describe('unanswered.js', () => {
  it('answers its first 285 calls, leaves every 4th of the next 20 unanswered, then recovers', async () => {
    await withHttp('unanswered', async ({ url }) => {
      for (let i = 1; i <= 285; i++)
        expect((await call(url, 'list_routes'))?.isError, `call ${i}`).toBeUndefined();
      const unanswered: number[] = [];
      for (let n = 286; n <= 311; n++) {
        if ((await callWithin(url, 'list_routes', 1_500)) === undefined) unanswered.push(n);
      }
      expect(unanswered).toEqual([288, 292, 296, 300, 304]);
    });
  });
});

describe('vanishing.js', () => {
  it('answers its 300th call, then stops listening and exits', async () => {
    await withHttp('vanishing', async ({ url, child }) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      for (let i = 1; i <= 300; i++)
        expect((await call(url, 'list_vessels'))?.structuredContent).toBeDefined();
      await exited;
      await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
    });
  });
});

describe('decoys.js', () => {
  it('keeps renamed tools with the same descriptions and inputs, and every call to one fails', async () => {
    await withHttp('decoys', async ({ url }) => {
      const tools = await listTools(url);
      const byName = new Map(tools.map((t) => [t.name, t]));
      for (const [old, current] of [
        ['enumerate_routes', 'list_routes'],
        ['fetch_vessel_crew', 'get_vessel_crew'],
      ] as const) {
        expect(byName.get(old)?.description).toBe(byName.get(current)?.description);
        expect(old < current).toBe(true);
      }
      expect((await call(url, 'fetch_vessel_crew', { vesselId: 5201 }))?.isError).toBe(true);
      expect((await call(url, 'get_vessel_crew', { vesselId: 5201 }))?.structuredContent).toMatchObject({
        master: 'Ines Marlow',
      });
    });
  });
});

describe('hostile.js', () => {
  it('carries script, HTML and prompt injection in descriptions, titles and results', async () => {
    await withHttp('hostile', async ({ url }) => {
      const tools = await listTools(url);
      for (const tool of tools) {
        expect(tool.name).toMatch(/^[A-Za-z0-9_.-]+$/);
        expect(tool.description).toContain('<script>');
        expect(tool.description).toMatch(/ignore all previous instructions/i);
        expect(tool.title).toContain('<script>');
      }
      const result = await call(url, 'list_vessels');
      const vessels = result?.structuredContent?.vessels as { name: string }[];
      expect(vessels[0]?.name).toContain('<svg onload=');
      expect(result?.content?.[0]?.text).toContain('<iframe');
    });
  });
});
