import { z } from 'zod';
import { Credential } from '../connect/target.js';
import { isRecord } from '../core/json.js';
import { between, SettingsFields } from '../run/settings.js';
import { entryFolder, entryNameFault } from './entry-name.js';
import { ROSTER_MAX } from './limits.js';

/**
 * A roster is an `mcpServers` file, the format MCP clients already read. Each entry is an ordinary
 * server entry (`command`/`args`/`env`/`cwd`, or `url`/`headers`) with optional roster fields:
 * `attempts`, `credential`, `given`, `readOnly`, `run` (run options for this server), `serve`
 * (start an HTTP server for each job), `data` (a directory copied fresh for each job),
 * `conformance` and `timeoutMs`.
 */

const Strings = z.record(z.string(), z.string());

const run = SettingsFields.shape;
const reps = run.reps.unwrap().shape;

/**
 * The run settings one entry's `run` (or the whole roster, from the command line) may set. Each is
 * the settings schema's own field (its range, its message) without its default: an override says
 * only what it sets, and the run applies the defaults (`src/run/settings.ts`).
 */
export const RunOverrideFields = z.strictObject({
  runner: run.runner,
  judge: run.judge,
  generator: run.generator,
  tasks: run.tasks.unwrap().optional(),
  reps: z
    .strictObject({
      nulls: reps.nulls.unwrap().optional(),
      construct: reps.construct.unwrap().optional(),
      drive: reps.drive.unwrap().optional(),
    })
    .optional(),
  extensions: run.extensions.unwrap().optional(),
  batchTasks: run.batchTasks.unwrap().optional(),
  seed: run.seed.unwrap().optional(),
  concurrency: run.concurrency.unwrap().optional(),
  allowDestructive: run.allowDestructive.unwrap().optional(),
  screen: run.screen.unwrap().optional(),
  maxSteps: run.maxSteps.unwrap().optional(),
  trialTimeoutMs: run.trialTimeoutMs.unwrap().optional(),
  callTimeoutMs: run.callTimeoutMs.unwrap().optional(),
  connectTimeoutMs: run.connectTimeoutMs.unwrap().optional(),
  tokenBudget: run.tokenBudget.unwrap().optional(),
  serverStarts: run.serverStarts.unwrap().optional(),
});

/** The names rosters used before `reps` was one setting (`repsDrive: 1` is `reps: { drive: 1 }`). */
const OLD_REPS = [
  ['repsNulls', 'nulls'],
  ['repsConstruct', 'construct'],
  ['repsDrive', 'drive'],
] as const;

/** Old names migrated on read (pure); `reps` given as well wins over them. */
function migrated(raw: unknown): unknown {
  if (!isRecord(raw) || !OLD_REPS.some(([old]) => old in raw)) return raw;
  const rest = Object.fromEntries(Object.entries(raw).filter(([k]) => !OLD_REPS.some(([old]) => old === k)));
  const old = Object.fromEntries(
    OLD_REPS.filter(([o]) => raw[o] !== undefined).map(([o, field]) => [field, raw[o]]),
  );
  return { ...rest, reps: isRecord(raw.reps) ? { ...old, ...raw.reps } : (raw.reps ?? old) };
}

/** Run settings of an entry or of the roster, validated by the settings schema's fields. */
export const RunOverrides = z.preprocess(migrated, RunOverrideFields);
export type RunOverrides = z.output<typeof RunOverrides>;

/** An HTTP server the roster starts for each job: `${PORT}` in its args, env and the entry's url is a free loopback port. */
export const ServeSpec = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: Strings.default({}),
  cwd: z.string().min(1).optional(),
  /** Wait for the url to accept connections for at most this long. */
  readyTimeoutMs: between(100, ROSTER_MAX.serveReadyMs).default(20_000),
});
export type ServeSpec = z.infer<typeof ServeSpec>;

export const RosterEntry = z
  .looseObject({
    type: z.string().optional(),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    env: Strings.optional(),
    cwd: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    headers: Strings.optional(),
    credential: Credential.optional(),
    /** Independent measurements of this server (default 1). */
    attempts: between(1, ROSTER_MAX.attempts).optional(),
    /** Given context: values prompts may name, never answer keys. */
    given: Strings.optional(),
    /** Tools the owner asserts are read-only. */
    readOnly: z.array(z.string().min(1)).optional(),
    run: RunOverrides.optional(),
    serve: ServeSpec.optional(),
    /** A directory (relative to the roster) copied fresh for every job; `${DATA}` names the copy. */
    data: z.string().min(1).optional(),
    /** Run the official conformance suite alongside (default true). */
    conformance: z.boolean().optional(),
    /** Wall-clock limit of one job (the run and its conformance suite). */
    timeoutMs: between(1000, ROSTER_MAX.jobTimeoutMs).optional(),
  })
  .superRefine((e, ctx) => {
    const has = [e.command !== undefined, e.url !== undefined].filter(Boolean).length;
    if (has !== 1) ctx.addIssue({ code: 'custom', message: 'needs exactly one of "command" or "url"' });
    if (e.serve && e.url === undefined)
      ctx.addIssue({ code: 'custom', path: ['serve'], message: '"serve" needs the "url" it will answer on' });
    if (e.type === 'sse')
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'the deprecated HTTP+SSE transport is not supported',
      });
  });
export type RosterEntry = z.infer<typeof RosterEntry>;

/** A roster entry that could not be parsed: reported with its name, the rest still run. */
export interface EntryError {
  name: string;
  message: string;
}

export interface ParsedRoster {
  entries: { name: string; entry: RosterEntry }[];
  errors: EntryError[];
}

const RosterFile = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  servers: z.record(z.string(), z.unknown()).optional(),
});

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'entry';
  return `${where}: ${issue?.message ?? 'invalid'}`;
}

/**
 * Why an entry's name cannot be used: too long, blank, or (astronomically rare) a folder name the
 * same as an earlier entry's, which would put two entries' tries in one folder.
 */
function nameFault(name: string, folders: Map<string, string>): string | undefined {
  const fault = entryNameFault(name);
  if (fault !== undefined) return fault;
  const folder = entryFolder(name);
  const other = folders.get(folder);
  if (other !== undefined)
    return `its folder name ${folder} is the same as the entry ${JSON.stringify(other)}'s: rename one of them`;
  folders.set(folder, name);
  return undefined;
}

/** Parses a roster's JSON (pure): every entry on its own, so one bad entry never hides the others. */
export function parseRoster(json: unknown, file: string): ParsedRoster | { fault: string } {
  const parsed = RosterFile.safeParse(json);
  if (!parsed.success) return { fault: `${file}: not an mcpServers object` };
  const raw = { ...parsed.data.servers, ...parsed.data.mcpServers };
  const names = Object.keys(raw);
  if (names.length === 0) return { fault: `${file}: no "mcpServers" entries` };
  const out: ParsedRoster = { entries: [], errors: [] };
  const folders = new Map<string, string>();
  for (const name of names) {
    const fault = nameFault(name, folders);
    if (fault !== undefined) {
      out.errors.push({ name, message: fault });
      continue;
    }
    const entry = RosterEntry.safeParse(raw[name]);
    if (entry.success) out.entries.push({ name, entry: entry.data });
    else out.errors.push({ name, message: issueText(entry.error) });
  }
  return out;
}
