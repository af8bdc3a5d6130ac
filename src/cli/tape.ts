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
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import { type JsonSetting, jsonFlag } from './shared-flags.js';
import { renderStats, renderValidation } from './tape-render.js';

interface TapeSettings extends JsonSetting {
  profile?: Profile;
}

function profile(t: string, flag: string): Profile {
  if (t !== 'mcp-tape' && t !== 'fitness-report')
    throw new UsageError(`${flag} takes mcp-tape or fitness-report (got '${t}')`);
  return t;
}

const JSON_FLAG = jsonFlag(
  'print the summary (mcp-tape.stats/1) or the validation results as JSON instead of the table',
);
const PROFILE_FLAG = flagsFor<TapeSettings>().value('profile', {
  flag: '--profile',
  arg: 'PROFILE',
  parse: profile,
  help: 'validate only: mcp-tape (the format) or fitness-report (also what this tool promises of its own tapes)',
  default: 'mcp-tape',
});

/** Each subcommand's flags: `--profile` is validate's alone. */
const TAPE_FLAGS: Readonly<Record<'stats' | 'validate', readonly Flag<TapeSettings>[]>> = {
  stats: [JSON_FLAG],
  validate: [JSON_FLAG, PROFILE_FLAG],
};

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

Options:
${flagHelp(TAPE_FLAGS.validate, {})}
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

function parse(sub: 'stats' | 'validate', rest: readonly string[]): Parsed {
  try {
    const collected = collect(rest, TAPE_FLAGS[sub], { command: 'tape', positional: true, dashDash: false });
    const settings = settingsFrom(TAPE_FLAGS[sub], collected.flags);
    if (collected.positional.length === 0) throw new UsageError('give at least one tape file');
    return {
      json: settings.json === true,
      profile: settings.profile ?? 'mcp-tape',
      files: collected.positional,
    };
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(`tape ${sub}: ${err.message}`, err.code);
    throw err;
  }
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
  flags: TAPE_FLAGS.validate,
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
