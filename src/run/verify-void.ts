import { join } from 'node:path';
import { z } from 'zod';
import { isUnreachable } from '../connect/errors.js';
import { messageOf } from '../core/errors.js';
import type { RunRecord } from '../record/run.js';
import { RUN_FILES } from '../tape/file-names.js';
import { readTape, type Tape } from '../tape/reader.js';
import { EventKind } from '../tape/schema.js';
import { type Check, check } from './verify-table.js';

/** The fields of a `fitness.connect` event this check reads. */
const ConnectEvent = z.looseObject({ phase: z.string(), code: z.string().optional() });

/**
 * Whether the wire tape shows a target never reached, by the rule the run decided it with: the
 * main session (`connect`) never connected, and its last failure's code says nothing answered
 * (`isUnreachable`). Undefined when the tape shows no failed connect at all.
 */
export function reachedFromTape(tape: Tape): { unreachable: boolean; code: string } | undefined {
  let connected = false;
  let lastCode: string | undefined;
  for (const r of tape.records) {
    if (r.type !== 'event' || r.value.kind !== EventKind.connect || r.value.corr_id !== 'connect') continue;
    const parsed = ConnectEvent.safeParse(r.value.raw);
    if (!parsed.success) continue;
    if (parsed.data.phase === 'connected') connected = true;
    if (parsed.data.phase === 'failed') lastCode = parsed.data.code ?? '(no code)';
  }
  if (connected || lastCode === undefined) return undefined;
  return { unreachable: isUnreachable(lastCode), code: lastCode };
}

/**
 * A VOID `unreachable` record re-derived from its wire tape: the connect session failed with a code
 * that says nothing answered. A record of another reason whose tape shows the same is accepted as
 * written before the reason existed (they were `target_died`).
 */
export function unreachableCheck(record: RunRecord, tape: Tape): Check[] {
  const derived = reachedFromTape(tape);
  const says = record.void?.reason === 'unreachable';
  if (!says && derived?.unreachable !== true) return [];
  if (!says)
    return [
      check(
        'void reason',
        true,
        `the tape shows a target never reached (${derived?.code}); the record says ${record.void?.reason ?? record.outcome}, written before the reason unreachable`,
      ),
    ];
  return [
    check(
      'void reason',
      derived?.unreachable === true,
      derived === undefined
        ? 'the record says unreachable, but the wire tape shows no failed connect of the main session'
        : derived.unreachable
          ? `unreachable, as the wire tape shows: the main session never connected (${derived.code})`
          : `the record says unreachable, but the main session's connect failed with ${derived.code}, which is an answer`,
    ),
  ];
}

/** The void reason check over the run's wire tape (none unless the record or the tape says unreachable). */
export async function voidReasonChecks(dir: string, record: RunRecord): Promise<Check[]> {
  if (record.outcome !== 'VOID' || !record.files.some((f) => f.path === RUN_FILES.wire)) return [];
  try {
    return unreachableCheck(record, await readTape(join(dir, RUN_FILES.wire)));
  } catch (err) {
    return [check('void reason', false, `${RUN_FILES.wire}: ${messageOf(err)}`)];
  }
}
