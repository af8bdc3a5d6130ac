import { z } from 'zod';
import { Credential } from '../connect/target.js';

/**
 * A roster is an `mcpServers` file, the format MCP clients already read. Each entry is an ordinary
 * server entry (`command`/`args`/`env`/`cwd`, or `url`/`headers`) with optional roster fields:
 * `attempts`, `credential`, `given`, `readOnly`, `run` (run options for this server), `serve`
 * (start an HTTP server for each job), `data` (a directory copied fresh for each job),
 * `conformance` and `timeoutMs`.
 */

const Strings = z.record(z.string(), z.string());

/** Run options one entry (or the whole roster, from the command line) may set. */
export const RunOverrides = z.strictObject({
  runner: z.string().min(1).optional(),
  judge: z.string().min(1).optional(),
  generator: z.enum(['explore/2', 'judge/1']).optional(),
  tasks: z.int().min(1).optional(),
  repsNulls: z.int().min(1).optional(),
  repsConstruct: z.int().min(1).optional(),
  repsDrive: z.int().min(1).optional(),
  extensions: z.int().min(0).optional(),
  batchTasks: z.int().min(1).optional(),
  seed: z.int().optional(),
  concurrency: z.int().min(1).optional(),
  allowDestructive: z.boolean().optional(),
  screen: z.boolean().optional(),
  maxSteps: z.int().min(1).optional(),
  trialTimeoutMs: z.int().min(1).optional(),
  callTimeoutMs: z.int().min(1).optional(),
  tokenBudget: z.int().min(1).optional(),
});
export type RunOverrides = z.infer<typeof RunOverrides>;

/** An HTTP server the roster starts for each job: `${PORT}` in its args, env and the entry's url is a free loopback port. */
export const ServeSpec = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: Strings.default({}),
  cwd: z.string().min(1).optional(),
  /** Wait for the url to accept connections for at most this long. */
  readyTimeoutMs: z.int().min(100).default(20_000),
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
    attempts: z.int().min(1).max(100).optional(),
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
    timeoutMs: z.int().min(1000).optional(),
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

/** Parses a roster's JSON (pure): every entry on its own, so one bad entry never hides the others. */
export function parseRoster(json: unknown, file: string): ParsedRoster | { fault: string } {
  const parsed = RosterFile.safeParse(json);
  if (!parsed.success) return { fault: `${file}: not an mcpServers object` };
  const raw = { ...parsed.data.servers, ...parsed.data.mcpServers };
  const names = Object.keys(raw);
  if (names.length === 0) return { fault: `${file}: no "mcpServers" entries` };
  const out: ParsedRoster = { entries: [], errors: [] };
  for (const name of names) {
    const entry = RosterEntry.safeParse(raw[name]);
    if (entry.success) out.entries.push({ name, entry: entry.data });
    else out.errors.push({ name, message: issueText(entry.error) });
  }
  return out;
}
