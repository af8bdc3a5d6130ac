// @ts-check
/**
 * Planted property: values that drift. A harbour commodities exchange that opens a new trading
 * session every time its process starts: within one process every quote is fixed (ask twice, get
 * the same price), but each new process quotes from a new session, and every price, size and volume
 * is a seeded function of (instrument, field, session).
 * Expected outcome (over stdio): GATE_FAILED at structural (`answers_unstable`). Admission runs each
 * read-only plan a second time in a fresh server process, as every trial would be; that process
 * quotes from a new session, so every key is key-unstable and the run stops before any paid trial.
 * (Before admission re-checked in a fresh process, the stale keys were only caught at construct.)
 * Over HTTP one process serves the whole run and nothing drifts: that run is SCORED, which is the
 * point of the contrast.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { KEEP_ALIVE_MS, plantedServer, READ_ONLY, structured, toolError } from './lib/planted.js';
import { serve } from './lib/serve.js';

const INSTRUMENTS = [
  { symbol: 'HKF', base: 1840 },
  { symbol: 'SLT', base: 2675 },
  { symbol: 'KLP', base: 3120 },
  { symbol: 'OYS', base: 4410 },
  { symbol: 'CRB', base: 5290 },
];
const SYMBOLS = /** @type {[string, ...string[]]} */ (INSTRUMENTS.map((i) => i.symbol));

/** This process's trading session: fixed for its lifetime, different for every process start. */
const SESSION = Number((process.hrtime.bigint() ^ BigInt(process.pid)) % 2_147_483_647n);

/**
 * A seeded value in [0, 1) for (symbol, field, tick): FNV-1a over the text, then mulberry32.
 * @param {string} symbol
 * @param {string} field
 * @param {number} tick
 */
function noise(symbol, field, tick) {
  let h = 2166136261;
  for (const ch of `${symbol}:${field}:${tick}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let t = (h + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * Pence with two decimals, around the base.
 * @param {{ symbol: string, base: number }} instrument
 * @param {string} field
 * @param {number} tick
 */
function price(instrument, field, tick) {
  return Math.round((instrument.base + 400 * noise(instrument.symbol, field, tick)) * 100) / 100;
}

/**
 * @param {{ symbol: string, base: number }} instrument
 * @param {string} field
 * @param {number} tick
 */
function size(instrument, field, tick) {
  return 10_000 + Math.floor(90_000 * noise(instrument.symbol, field, tick));
}

/** @param {string} symbol */
function find(symbol) {
  return INSTRUMENTS.find((i) => i.symbol === symbol);
}

const symbol = z.enum(SYMBOLS).describe('instrument symbol from list_instruments');

/** @param {McpServer} server */
function register(server) {
  server.registerTool(
    'list_instruments',
    {
      title: 'Instruments',
      description:
        'Lists every instrument traded on the harbour exchange with its symbol and last price in pence.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        instruments: z.array(z.object({ symbol: z.string(), lastPence: z.number() })),
      }),
      annotations: { ...READ_ONLY, idempotentHint: false },
    },
    async () => {
      const tick = SESSION;
      return structured({
        instruments: INSTRUMENTS.map((i) => ({ symbol: i.symbol, lastPence: price(i, 'last', tick) })),
      });
    },
  );
  server.registerTool(
    'get_quote',
    {
      title: 'Quote',
      description:
        'Fetches the live quote of one instrument by its symbol: bid, ask and last trade in pence.',
      inputSchema: z.object({ symbol }),
      outputSchema: z.object({
        symbol: z.string(),
        bidPence: z.number(),
        askPence: z.number(),
        lastPence: z.number(),
      }),
      annotations: { ...READ_ONLY, idempotentHint: false },
    },
    async ({ symbol: s }) => {
      const tick = SESSION;
      const i = find(s);
      if (!i) return toolError(`unknown symbol ${s}`);
      return structured({
        symbol: i.symbol,
        bidPence: price(i, 'bid', tick),
        askPence: price(i, 'ask', tick),
        lastPence: price(i, 'last', tick),
      });
    },
  );
  server.registerTool(
    'get_depth',
    {
      title: 'Order book depth',
      description:
        'Fetches the order book depth of one instrument by its symbol: shares bid and offered at the best prices.',
      inputSchema: z.object({ symbol }),
      outputSchema: z.object({
        symbol: z.string(),
        bidShares: z.number().int(),
        offerShares: z.number().int(),
      }),
      annotations: { ...READ_ONLY, idempotentHint: false },
    },
    async ({ symbol: s }) => {
      const tick = SESSION;
      const i = find(s);
      if (!i) return toolError(`unknown symbol ${s}`);
      return structured({
        symbol: i.symbol,
        bidShares: size(i, 'bidShares', tick),
        offerShares: size(i, 'offerShares', tick),
      });
    },
  );
  server.registerTool(
    'get_session_range',
    {
      title: 'Session range',
      description:
        "Fetches today's trading range of one instrument by its symbol: session high, low and volume.",
      inputSchema: z.object({ symbol }),
      outputSchema: z.object({
        symbol: z.string(),
        highPence: z.number(),
        lowPence: z.number(),
        volume: z.number().int(),
      }),
      annotations: { ...READ_ONLY, idempotentHint: false },
    },
    async ({ symbol: s }) => {
      const tick = SESSION;
      const i = find(s);
      if (!i) return toolError(`unknown symbol ${s}`);
      return structured({
        symbol: i.symbol,
        highPence: price(i, 'high', tick) + 400,
        lowPence: price(i, 'low', tick) - 400,
        volume: size(i, 'volume', tick) * 7,
      });
    },
  );
}

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => {
    const server = plantedServer('planted-drifting', {
      instructions: 'A harbour commodities exchange. Prices are live.',
    });
    register(server);
    return server;
  },
});
