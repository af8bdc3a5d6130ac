import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  answer,
  drip,
  endless,
  type HostileSite,
  type Route,
  signatureListing,
  stall,
  stallBody,
  startSite,
  status,
} from '../../test/support/hostile-site.js';
import { rejectionOf } from '../../test/support/thrown.js';
import { FitnessError, UsageError } from '../core/errors.js';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from './fetch-limits.js';
import { fetchPublishedRun } from './fetch-run.js';

const MiB = 1024 * 1024;
let site: HostileSite | undefined;
let temp = '';

beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'fetch-run-test-'));
});
afterEach(async () => {
  await site?.close();
  site = undefined;
  rmSync(temp, { recursive: true, force: true });
});

/** A run whose manifest lists `paths`, served with `routes` besides its signature.json. */
async function serve(paths: readonly string[], routes: Record<string, Route> = {}): Promise<HostileSite> {
  site = await startSite({ 'signature.json': answer(signatureListing(paths)), ...routes });
  return site;
}

/** The fetch's failure (a FitnessError), checking that it left nothing in its temporary parent. */
async function failure(url: string, limits: Partial<FetchLimits> = {}, signal?: AbortSignal) {
  const err = await rejectionOf(FitnessError, fetchPublishedRun(url, { limits, tempParent: temp, signal }));
  expect(readdirSync(temp), 'the temporary folder is removed').toEqual([]);
  return err;
}

const files = (n: number) => Array.from({ length: n }, (_, i) => `f${String(i).padStart(3, '0')}.txt`);

describe('fetchPublishedRun copies a published run', () => {
  it('fetches every listed file; one the site does not have (404) is left out for verify to report', async () => {
    const s = await serve(['record.json', 'tapes/wire.jsonl', 'gone.json'], {
      'record.json': answer({ runId: 'r' }),
      'tapes/wire.jsonl': answer('{"a":1}\n'),
    });
    const dir = await fetchPublishedRun(s.url, { tempParent: temp });
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual([
      'record.json',
      'signature.json',
      'tapes',
      'tapes/wire.jsonl',
    ]);
    expect(readFileSync(join(dir, 'tapes/wire.jsonl'), 'utf8')).toBe('{"a":1}\n');
  });

  it('refuses a limit that is not a positive integer before fetching anything', async () => {
    const err = await rejectionOf(
      UsageError,
      fetchPublishedRun('http://127.0.0.1:9/', { limits: { files: 0 } }),
    );
    expect(err.message).toBe('fetch limit files: 0 is not a positive integer');
  });
});

describe('byte caps', () => {
  it('an endless body without Content-Length stops at the per-file cap, reading little past it', async () => {
    const s = await serve(['record.json'], { 'record.json': endless() });
    const started = Date.now();
    const err = await failure(s.url, { fileBytes: MiB });
    expect(err.code).toBe('VERIFY_FETCH');
    expect(err.message).toBe(
      `${s.url}record.json: larger than the per-file limit (1 MiB; stopped reading there)`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    // What the server wrote is the cap plus what the sockets buffered, not the 64 MiB it offered.
    expect(s.served).toBeLessThan(16 * MiB);
  }, 15_000);

  it('a 3 GB signature.json declared by Content-Length is refused before its body, at the default index cap', async () => {
    const s = await serve([], { 'signature.json': endless({ contentLength: 3_000_000_000 }) });
    const err = await failure(s.url);
    expect(err.message).toBe(
      `${s.url}signature.json: larger than the limit for an index file (16 MiB; Content-Length 3,000,000,000)`,
    );
    expect(s.requests).toEqual(['signature.json']);
    expect(s.served).toBeLessThan(16 * MiB);
  }, 20_000);

  it('files each under the per-file cap fail once together they pass the total cap', async () => {
    const body = 'x'.repeat(400 * 1024);
    const s = await serve(['a.txt', 'b.txt', 'c.txt'], {
      'record.json': answer('{}'),
      'a.txt': answer(body),
      'b.txt': answer(body),
      'c.txt': answer(body),
    });
    const err = await failure(s.url, { totalBytes: MiB, concurrency: 1 });
    expect(err.message).toMatch(/\/[abc]\.txt: the run passes the total limit of 1 MiB with this file$/);
  }, 20_000);
});

describe('deadlines', () => {
  it('a body dripping one byte every 100 ms fails at the per-request deadline', async () => {
    const s = await serve(['record.json'], { 'record.json': drip(100) });
    const started = Date.now();
    const err = await failure(s.url, { requestMs: 700 });
    expect(err.message).toBe(
      `${s.url}record.json: no complete answer within the per-request deadline of 700 ms`,
    );
    // The drip itself would last 20 s.
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 15_000);

  it('a response that never starts, and one whose body stops, each fail at the per-request deadline', async () => {
    for (const route of [stall(), stallBody()]) {
      const s = await serve(['record.json'], { 'record.json': route });
      const err = await failure(s.url, { requestMs: 500 });
      expect(err.message).toBe(
        `${s.url}record.json: no complete answer within the per-request deadline of 500 ms`,
      );
      await s.close();
    }
  }, 20_000);

  it('slow files that each meet the per-request deadline fail at the total deadline', async () => {
    const names = files(6);
    const s = await serve(names, Object.fromEntries(names.map((n) => [n, answer('x', 400)])));
    const err = await failure(s.url, { concurrency: 1, totalMs: 1000 });
    expect(err.message).toMatch(/\/f00\d\.txt: past the total deadline of 1 s for the whole fetch$/);
  }, 20_000);
});

describe('file count and concurrency', () => {
  it('a manifest of more files than the default cap is refused before any of them is fetched', async () => {
    const s = await serve(files(DEFAULT_FETCH_LIMITS.files + 1));
    const err = await failure(s.url);
    expect(err.message).toBe(
      `${s.url}: more files than the limit of 1,000 (signature.json's manifest names 1,001); none fetched`,
    );
    expect(s.requests).toEqual(['signature.json']);
  });

  it('never has more file requests in flight than the bound, and reaches it', async () => {
    for (const concurrency of [3, DEFAULT_FETCH_LIMITS.concurrency]) {
      const names = files(16);
      const s = await serve(names, Object.fromEntries(names.map((n) => [n, answer('x', 60)])));
      const dir = await fetchPublishedRun(s.url, { tempParent: temp, limits: { concurrency } });
      expect(s.maxInFlight).toBe(concurrency);
      expect(readdirSync(dir)).toHaveLength(17);
      await s.close();
    }
  }, 20_000);
});

describe('cleanup and clashes', () => {
  it('an abort mid-fetch (Ctrl-C in the CLI) fails at once and removes the folder', async () => {
    const s = await serve(['record.json'], { 'record.json': stall() });
    const abort = new AbortController();
    const timer = setInterval(() => {
      if (s.requests.includes('record.json')) abort.abort('SIGINT');
    }, 20);
    try {
      const err = await failure(s.url, {}, abort.signal);
      expect(err.message).toBe(`${s.url}record.json: interrupted by SIGINT`);
    } finally {
      clearInterval(timer);
    }
  }, 20_000);

  it('an HTTP error leaves no folder in the system temporary directory', async () => {
    const s = await serve(['record.json'], { 'record.json': status(500) });
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      const err = await rejectionOf(FitnessError, fetchPublishedRun(s.url));
      expect(err.message).toBe(`${s.url}record.json: HTTP 500`);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(readdirSync(temp)).toEqual([]);
  });

  it('a name that is also the folder of another, or two names differing in case, is a clash, not a crash', async () => {
    const cases = [
      { paths: ['a', 'a/b'], says: "'a' is a file and also the folder of 'a/b'" },
      { paths: ['record.json/x'], says: "'record.json' is a file and also the folder of 'record.json/x'" },
      { paths: ['Notes.txt', 'notes.txt'], says: "'Notes.txt' and 'notes.txt' differ only in case" },
    ];
    for (const { paths, says } of cases) {
      const s = await serve(paths, Object.fromEntries(paths.map((p) => [p, answer('x')])));
      const err = await failure(s.url);
      expect(err.code).toBe('VERIFY_CLASH');
      expect(err.message.startsWith(`${s.url}: ${says}`), err.message).toBe(true);
      expect(s.requests).toEqual(['signature.json', 'redaction.json', 'files.json']);
      await s.close();
    }
  });
});
