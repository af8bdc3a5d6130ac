/**
 * Work several e2e files assert on, done once per vitest invocation and shared, instead of each file
 * repeating it (the planted audit, and the runs in shared-runs.ts).
 *
 * Vitest forks run test files in separate processes, possibly at the same time. The global setup
 * (global-setup.ts) provides one empty directory per invocation; for each key, the first file to ask
 * takes a lock in `<dir>/<key>` (an atomic mkdir) and does the work for real; any other file waits
 * for the result file it publishes (written whole, then renamed into place) and reads it through
 * its schema. A file run on its own still does the work itself. Consumers only read what was made:
 * none may write into it (copy it first).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { z } from 'zod';
import { KEEP, PLANTED_AUDIT_DIR } from './keys.js';

const Failed = z.object({ error: z.string() });

const RESULT = 'result.json';
const FAILED = 'failed.json';
const LOCK = 'lock';
const OWNER = 'pid';
const POLL_MS = 250;
const WAIT_MS = 20 * 60_000;

/** What one key's work is: its result's schema, and the work, given a directory of its own to write in. */
export interface Work<T> {
  schema: z.ZodType<T>;
  make: (dir: string) => Promise<T>;
  /** A result that is a failure keeps the invocation's directory as evidence. */
  failed?: (value: T) => boolean;
}

/** By directory and key: a reused worker process must not serve a watch-mode rerun the previous results. */
const made = new Map<string, Promise<unknown>>();

/** The shared result for `key`: made here when no other file has started it, else awaited from the one that did. */
export function once<T>(key: string, work: Work<T>): Promise<T> {
  const dir = join(inject(PLANTED_AUDIT_DIR), key);
  const known = made.get(dir);
  if (known !== undefined) return known.then((v) => work.schema.parse(v));
  const result = obtain(dir, work);
  made.set(dir, result);
  return result;
}

async function obtain<T>(dir: string, work: Work<T>): Promise<T> {
  mkdirSync(dir, { recursive: true });
  try {
    mkdirSync(join(dir, LOCK));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return awaitOther(dir, work.schema);
    throw err;
  }
  writeFileSync(join(dir, LOCK, OWNER), String(process.pid));
  try {
    const result = await work.make(dir);
    if (work.failed?.(result)) keep(dir);
    publish(dir, RESULT, result);
    return result;
  } catch (err) {
    keep(dir);
    publish(dir, FAILED, { error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}

/** The KEEP file sits in the invocation's directory, which the global setup's teardown looks at. */
function keep(dir: string): void {
  writeFileSync(join(dir, '..', KEEP), '');
}

function publish(dir: string, name: string, value: unknown): void {
  const tmp = join(dir, `${name}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, join(dir, name));
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits for the lock holder's result; fails at once when it failed or its process is gone. */
async function awaitOther<T>(dir: string, schema: z.ZodType<T>): Promise<T> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    // Whether the owner is gone is decided before the result is read: an owner that exited after
    // publishing has its result read below, and only one that exited without it is an error.
    const owner = Number(readIfThere(join(dir, LOCK, OWNER)) ?? Number.NaN);
    const gone = Number.isSafeInteger(owner) && owner > 0 && !alive(owner);
    const result = readIfThere(join(dir, RESULT));
    if (result !== undefined) return schema.parse(JSON.parse(result));
    const failed = readIfThere(join(dir, FAILED));
    if (failed !== undefined)
      throw new Error(`shared ${dir} failed in another test file: ${Failed.parse(JSON.parse(failed)).error}`);
    if (gone) throw new Error(`the test file making shared ${dir} (pid ${owner}) exited before it finished`);
    if (Date.now() > until) throw new Error(`no shared result in ${dir} after ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
