import { createPublicKey, type KeyObject } from 'node:crypto';
import type { RunRecord } from '../record/index.js';
import { type KeyRole, KeysFile, type PublishedKey } from '../tape/keys-file.js';
import { keyId } from '../tape/signature.js';
import type { PublishedRun } from './publish.js';

/** The board builder's public key as keys.json lists it. */
function publicHalf(key: KeyObject): { keyid: string; publicKey: string } {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return { keyid: keyId(pub), publicKey: pub.export({ type: 'spki', format: 'der' }).toString('base64') };
}

/** Why a run carries no readable signature: its record's words when it was recorded unsigned. */
function unsignedReason(record: RunRecord, published: PublishedRun): string {
  if (record.signer?.status === 'unsigned') return record.signer.reason;
  return published.verification.problems[0] ?? 'no readable signature.json';
}

/**
 * `keys.json`: every public key the board saw, by fingerprint, with its roles and the runs it
 * signed (as run signer: the run's signature.json; as board publisher: its redaction.json), and the
 * runs that carry no signature, each with the reason its record gives.
 */
export function siteKeys(
  runs: readonly { record: RunRecord; published: PublishedRun }[],
  boardKey: KeyObject,
): KeysFile {
  const keys = new Map<string, { publicKey: string; roles: Set<KeyRole>; runs: Set<string> }>();
  const add = (key: { keyid: string; publicKey: string }, role: KeyRole, runId: string) => {
    const k = keys.get(key.keyid) ?? { publicKey: key.publicKey, roles: new Set<KeyRole>(), runs: new Set() };
    k.roles.add(role);
    k.runs.add(runId);
    keys.set(key.keyid, k);
  };
  const board = publicHalf(boardKey);
  const unsigned: KeysFile['unsigned'] = [];
  for (const { record, published } of runs) {
    if (published.runSigner) add(published.runSigner, 'run signer', record.runId);
    else unsigned.push({ runId: record.runId, reason: unsignedReason(record, published) });
    add(board, 'board publisher', record.runId);
  }
  if (runs.length === 0)
    keys.set(board.keyid, {
      publicKey: board.publicKey,
      roles: new Set(['board publisher']),
      runs: new Set(),
    });
  const list: PublishedKey[] = [...keys.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([keyid, k]) => ({
      keyid,
      publicKey: k.publicKey,
      roles: [...k.roles].sort(),
      runs: [...k.runs].sort(),
    }));
  return KeysFile.parse({ schema: 'fitness-report.keys/1', keys: list, unsigned });
}
