import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { jsonText } from '../core/escape/json.js';
import { priceFor } from '../models/prices.js';
import { priceTokens } from '../record/pricing.js';
import { type PriceLookup, type Profile, readTape, tapeStats, validateTape } from '../tape/index.js';
import type { Command, CommandIO } from './command.js';
import { FitnessError, UsageError } from './errors.js';
import { exitCodeHelp } from './exit-codes.js';
import { renderStats, renderValidation } from './tape-render.js';

const USAGE = `Usage: fitness-report tape stats FILE... [--json]
       fitness-report tape validate FILE... [--profile mcp-tape|fitness-report] [--json]

stats     Summarises mcp-tape v1 files (ours or any other producer's) as mcp-tape.stats/1: session,
          records by type, per-model usage and cost (priced models only), tools[] of {name, calls,
          errors, p50Ms, p95Ms, origin, pending} where errors counts isError results and JSON-RPC
          error responses alike, and errors[] (source tool|jsonrpc|llm). Our finer counts ride as
          extra fields (rpcErrors and resultErrors per tool, pendingByMethod, orphanResponses).
          Several files: one block per plane under planes[], the merged view on top (its tool table
          from the MCP planes when they saw any call, never summed with the model planes).
          Lines that are not JSON are skipped and listed with their reason.
validate  Checks files against the mcp-tape v1 format strictly; --profile fitness-report also checks
          what this tool promises of its own tapes (docs/tapes.md). Exit 1 when any file has errors.
  --json   print JSON instead of the table
Strings read from a tape are printed inert: control characters and line breaks as escapes
(\\n, \\x1b, \\u202e) in the table, as \\u escapes in JSON, and never a workflow command.

${exitCodeHelp({ ok: 'the summary was printed, or every file is valid', finding: 'tape validate: a file has errors' })}`;

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

interface Parsed {
  json: boolean;
  profile: Profile;
  files: string[];
}

function parse(sub: string, rest: readonly string[]): Parsed {
  const out: Parsed = { json: false, profile: 'mcp-tape', files: [] };
  for (let i = 0; i < rest.length; i += 1) {
    const a = rest[i] ?? '';
    if (a === '--json') out.json = true;
    else if (a === '--profile' && sub === 'validate') {
      const p = rest[++i];
      if (p !== 'mcp-tape' && p !== 'fitness-report')
        throw new UsageError(`tape validate: --profile takes mcp-tape or fitness-report (got '${p ?? ''}')`);
      out.profile = p;
    } else if (a.startsWith('-')) throw new UsageError(`tape ${sub}: unknown option '${a}'`);
    else out.files.push(a);
  }
  if (out.files.length === 0) throw new UsageError(`tape ${sub}: give at least one tape file`);
  return out;
}

async function validateFiles(args: Parsed, io: CommandIO): Promise<number> {
  const results = [];
  for (const file of args.files) {
    const path = resolve(io.cwd, file);
    const text = await readFile(path, 'utf8').catch((err: Error) => {
      throw new FitnessError('TAPE_READ_FAILED', `${path}: cannot read tape (${err.message})`);
    });
    results.push(validateTape(text, { profile: args.profile, source: file }));
  }
  if (args.json) io.out(jsonText(results.length === 1 ? results[0] : results));
  else for (const r of results) for (const line of renderValidation(r)) io.out(line);
  return results.every((r) => r.ok) ? 0 : 1;
}

export const tapeCommand: Command = {
  name: 'tape',
  usage: USAGE,
  async run(argv: readonly string[], io: CommandIO): Promise<number> {
    const [sub, ...rest] = argv;
    if (sub !== 'stats' && sub !== 'validate')
      throw new UsageError(
        `tape: unknown subcommand '${sub ?? ''}' (try: tape stats FILE... or tape validate FILE...)`,
      );
    const args = parse(sub, rest);
    for (const file of args.files)
      if (!existsSync(resolve(io.cwd, file)))
        throw new UsageError(`tape ${sub}: ${resolve(io.cwd, file)}: no such tape file`);
    if (sub === 'validate') return validateFiles(args, io);
    const tapes = await Promise.all(args.files.map((f) => readTape(resolve(io.cwd, f))));
    const stats = tapeStats(tapes, tablePrice);
    if (args.json) io.out(jsonText(stats));
    else for (const line of renderStats(stats)) io.out(line);
    return 0;
  },
};
