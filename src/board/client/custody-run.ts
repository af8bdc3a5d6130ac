import { RUN_FILES } from '../../tape/file-names.js';
import { SitePaths, sitePathUrl } from '../site-paths.js';
import { Unreachable, type Verdict, verifyCustody } from './shared/custody.js';
import { type Bytes, KEYS_NOT_JSON } from './shared/custody-parse.js';
import type { SignerClaim } from './shared/viewer-run.js';

/**
 * Runs the custody check on a run this site publishes: fetches `runs/<id>/…` and `keys.json`
 * relative to the site root as the server serves them now (never from the cache), then hands the
 * bytes to the pure check in shared/custody.ts.
 */
async function fetchBytes(url: string): Promise<Bytes | undefined> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  } catch (err) {
    throw new Unreachable(
      `${url}: could not be fetched (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (res.status === 404 || res.status === 410) return undefined;
  if (!res.ok) throw new Unreachable(`${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function fetchKeys(root: string): Promise<unknown> {
  const bytes = await fetchBytes(new URL(SitePaths.keys, root).href);
  if (bytes === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value;
  } catch {
    // Not undefined: a keys.json that is there but unreadable must not read as "no keys published".
    return KEYS_NOT_JSON;
  }
}

export interface RunHints {
  /** The files the site build says it published for the run. */
  published?: readonly string[];
  signer?: SignerClaim;
}

export interface Checked {
  verdict: Verdict;
  /** The bytes of record.json the check read and digested, when it read them. */
  record?: Bytes;
}

/** `root` is the site root's URL (the page's own for the viewer, `../` from a record page). */
export async function checkPublishedRun(root: string, runId: string, hints: RunHints): Promise<Checked> {
  const dir = new URL(`${sitePathUrl(SitePaths.run(runId))}/`, root);
  let record: Bytes | undefined;
  const read = async (path: string) => {
    const bytes = await fetchBytes(new URL(path.split('/').map(encodeURIComponent).join('/'), dir).href);
    // Kept as read: a verified verdict means these are the bytes whose digest matched.
    if (path === RUN_FILES.record) record = bytes;
    return bytes;
  };
  try {
    const keys = await fetchKeys(root);
    const verdict = await verifyCustody({
      runId,
      read,
      keys,
      ...hints,
      subtle: globalThis.isSecureContext === false ? undefined : globalThis.crypto?.subtle,
    });
    return record === undefined ? { verdict } : { verdict, record };
  } catch (err) {
    return { verdict: { state: 'cannot-check', reason: err instanceof Error ? err.message : String(err) } };
  }
}
