import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { priceFor } from '../models/prices.js';
import { priceTokens } from '../record/pricing.js';
import { type PlaneStats, type PriceLookup, readTape, type TapeStats, tapeStats } from '../tape/index.js';
import type { Command, CommandIO } from './command.js';
import { UsageError } from './errors.js';
import { exitCodeHelp } from './exit-codes.js';

const USAGE = `Usage: fitness-report tape stats FILE... [--json]

Summarises mcp-tape v1 files: session, records by type, per-model usage and cost (priced models
only), per-tool calls/errors/p50/p95/pending, and errors. Several files (planes) get one block each.
  --json   print the mcp-tape.stats/1 JSON instead of the table

${exitCodeHelp({ ok: 'the summary was printed', finding: 'not used' })}`;

/** Cost of one turn from the built-in price table; unpriced models and partial usage get no cost. */
export const tablePrice: PriceLookup = (model, usage) => {
  const price = priceFor(model);
  if (price === undefined || usage.input_tokens === undefined || usage.output_tokens === undefined)
    return undefined;
  return priceTokens(price, {
    input: usage.input_tokens,
    output: usage.output_tokens,
    cacheRead: usage.cache_read_input_tokens ?? 0,
    cacheWrite: usage.cache_creation_input_tokens ?? 0,
  });
};

export const tapeCommand: Command = {
  name: 'tape',
  summary: 'inspect recorded tapes (tape stats FILE... [--json])',
  usage: USAGE,
  async run(argv: readonly string[], io: CommandIO): Promise<number> {
    const [sub, ...rest] = argv;
    if (sub !== 'stats')
      throw new UsageError(`tape: unknown subcommand '${sub ?? ''}' (try: tape stats FILE...)`);
    const json = rest.includes('--json');
    const unknown = rest.find((a) => a.startsWith('-') && a !== '--json');
    if (unknown !== undefined) throw new UsageError(`tape stats: unknown option '${unknown}'`);
    const files = rest.filter((a) => a !== '--json');
    if (files.length === 0) throw new UsageError('tape stats: give at least one tape file');
    const paths = files.map((f) => resolve(io.cwd, f));
    for (const path of paths)
      if (!existsSync(path)) throw new UsageError(`tape stats: ${path}: no such tape file`);
    const tapes = await Promise.all(paths.map((p) => readTape(p)));
    const stats = tapeStats(tapes, tablePrice);
    if (json) io.out(JSON.stringify(stats, null, 2));
    else for (const line of renderStats(stats)) io.out(line);
    return 0;
  },
};

export function renderStats(stats: TapeStats): string[] {
  const blocks: Omit<PlaneStats, 'plane'>[] = stats.planes ?? [stats];
  const out: string[] = [];
  blocks.forEach((block, i) => {
    if (i > 0) out.push('');
    out.push(...renderBlock(block, stats.planes?.[i]?.plane));
  });
  return out;
}

function renderBlock(b: Omit<PlaneStats, 'plane'>, plane: string | undefined): string[] {
  const s = b.session;
  const out = [`${plane ? `[${plane}] ` : ''}${s.file}`];
  out.push(`  label: ${s.label ?? '(no meta line)'}  kind: ${s.kind ?? '?'}  command: ${s.command ?? '?'}`);
  const duration = s.durationMs === undefined ? 'unknown' : `${(s.durationMs / 1000).toFixed(3)} s`;
  out.push(`  started: ${s.startedAt ?? '?'}  ended: ${s.endedAt ?? '?'}  duration: ${duration}`);
  out.push(`  end: ${s.endReason ?? 'no end line (interrupted?)'}`);
  const r = s.records;
  out.push(
    `  records: meta ${r.meta}, message ${r.message}, event ${r.event}, turn ${r.turn}, end ${r.end}, unknown ${r.unknown}; skipped lines ${s.skippedLines}`,
  );
  for (const k of s.skipped.slice(0, 5)) out.push(`    line ${k.line}: ${k.reason}`);
  const tools = Object.entries(b.tools);
  out.push(tools.length === 0 ? '  tools: none called' : '  tools:');
  for (const [name, t] of tools) {
    const lat = t.p50Ms === undefined ? 'no answered calls' : `p50 ${ms(t.p50Ms)}  p95 ${ms(t.p95Ms)}`;
    out.push(
      `    ${name}: calls ${t.calls}  errors ${t.errors}  rpc-errors ${t.rpcErrors}  pending ${t.pending}  ${lat}`,
    );
  }
  const models = Object.entries(b.models);
  if (models.length > 0) out.push('  models:');
  for (const [name, m] of models) {
    const cost = m.costUsd === undefined ? 'cost unknown (no price on file)' : `$${m.costUsd.toFixed(6)}`;
    out.push(
      `    ${name}: calls ${m.calls}  in ${m.input_tokens}  out ${m.output_tokens}  cache-read ${m.cache_read_input_tokens}  cache-write ${m.cache_creation_input_tokens}  errors ${m.errors}  ${cost}`,
    );
  }
  const e = b.errors;
  const parts = [
    ...e.toolErrors.map((x) => `${x.tool} isError ×${x.count}`),
    ...e.rpcErrors.map((x) => `${x.method} ${x.code ?? ''} ×${x.count}`),
    ...e.modelErrors.map((x) => `model ${x.model} ×${x.count}`),
    ...e.pendingRequests.map((x) => `${x.method} unanswered ×${x.count}`),
  ];
  if (e.orphanResponses > 0) parts.push(`responses without a request ×${e.orphanResponses}`);
  if (e.reusedIds > 0) parts.push(`requests sharing an id ×${e.reusedIds}`);
  out.push(parts.length === 0 ? '  errors: none' : `  errors: ${parts.join('; ')}`);
  return out;
}

function ms(value: number | undefined): string {
  return value === undefined ? '?' : `${Math.round(value * 10) / 10} ms`;
}
