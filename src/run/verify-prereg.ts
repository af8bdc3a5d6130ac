import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../core/canonical.js';
import { errorCode } from '../core/errors.js';
import type { RunRecord } from '../record/run.js';
import { parseCorrId } from '../tape/corr-id.js';
import { RUN_FILES } from '../tape/file-names.js';
import { readTape } from '../tape/reader.js';
import { type Check, check } from './verify-table.js';

/** The first moments that matter to the pre-registration, as the tapes timestamp them. */
export interface TapeMoments {
  /** The first model turn on the agent or judge plane (any role, any phase: screen, judge, trial). */
  firstModelCall?: string;
  /** The first agent-plane turn of a gate trial (a null, construct or drive trial). */
  firstGateTrial?: string;
}

function earliest(a: string | undefined, b: string): string {
  return a === undefined || Date.parse(b) < Date.parse(a) ? b : a;
}

export async function tapeMoments(dir: string): Promise<TapeMoments> {
  const out: TapeMoments = {};
  for (const file of [RUN_FILES.wire, RUN_FILES.agent, RUN_FILES.judge]) {
    const tape = await readTape(join(dir, file));
    for (const r of tape.records) {
      if (r.type === 'meta' || r.type === 'end' || r.type === 'unknown') continue;
      const { t } = r.value;
      if (typeof t !== 'string' || Number.isNaN(Date.parse(t))) continue;
      if (r.type === 'turn' && file !== RUN_FILES.wire) out.firstModelCall = earliest(out.firstModelCall, t);
      // A gate trial is the runner's: its turns on the agent plane. (Wire lines under a task's id
      // are also admission's plan runs, before any registration, so the wire cannot tell.)
      const corr = r.value.corr_id;
      if (file !== RUN_FILES.agent || r.type !== 'turn' || typeof corr !== 'string') continue;
      const parsed = parseCorrId(corr);
      if (parsed.kind === 'trial' && parsed.phase !== 'screen')
        out.firstGateTrial = earliest(out.firstGateTrial, t);
    }
  }
  return out;
}

function order(
  name: string,
  written: string | undefined,
  first: string | undefined,
  what: string,
  file: string,
): Check {
  if (first === undefined) return check(name, true, `no ${what} on the tapes`);
  if (written === undefined)
    return check(name, false, `${what} at ${first}, but no ${file} was recorded before it`);
  const ok = Date.parse(written) <= Date.parse(first);
  return check(name, ok, `${file} ${written}, first ${what} ${first}${ok ? '' : ': the call came first'}`);
}

/**
 * The two steps of the pre-registration: policy.json hashed as the record says and written before
 * the first model call; prereg.json naming that policy and written before the first gate trial,
 * both judged by the tapes' own timestamps.
 */
export function preregOrderChecks(record: RunRecord, moments: TapeMoments): Check[] {
  const out: Check[] = [];
  if (
    record.policy === undefined &&
    record.prereg?.at === undefined &&
    moments.firstModelCall !== undefined
  ) {
    if (record.prereg)
      return [
        check(
          'pre-registration order',
          true,
          'not checkable: the record predates the two-step pre-registration',
        ),
      ];
  }
  out.push(
    order(
      'policy before model calls',
      record.policy?.at,
      moments.firstModelCall,
      'model call',
      RUN_FILES.policy,
    ),
  );
  const named = record.prereg?.registration.policySha256;
  if (record.prereg && record.policy)
    out.push(
      check(
        'prereg names policy',
        named === record.policy.sha256,
        `prereg.json names ${named?.slice(0, 12) ?? 'no policy'}…, policy.json is ${record.policy.sha256.slice(0, 12)}…`,
      ),
    );
  out.push(
    order(
      'registration before gate trials',
      record.prereg?.at,
      moments.firstGateTrial,
      'gate trial',
      RUN_FILES.prereg,
    ),
  );
  return out;
}

/** policy.json's bytes against the record's sha256, one line when it is missing. */
export function policyFileCheck(dir: string, record: RunRecord): Check[] {
  const ref = record.policy;
  if (ref === undefined) return [];
  let text: string;
  try {
    text = readFileSync(join(dir, ref.path), 'utf8');
  } catch (err) {
    const code = errorCode(err);
    return [
      check(
        'policy',
        false,
        code === 'ENOENT'
          ? `${ref.path}: missing (the record names it)`
          : `${ref.path}: cannot read (${code})`,
      ),
    ];
  }
  return [
    check(
      'policy',
      sha256Hex(text) === ref.sha256,
      `${ref.path} sha256 ${ref.sha256.slice(0, 12)}…, written ${ref.at}`,
    ),
  ];
}
