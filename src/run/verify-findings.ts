import { sameCanonical } from '../core/canonical.js';
import { deriveFindings } from '../findings/derive.js';
import { FINDINGS_INPUTS, readFindingsInput } from '../findings/read.js';
import { carriesNumbers, refusalMatchesGate } from '../record/refusal.js';
import type { RunRecord } from '../record/run.js';
import { type Check, check } from './verify-table.js';

/**
 * The record's findings derived again from the tapes and suite by the same functions. In a
 * published copy whose inputs the board redacted, they are derived from the redacted copies: every
 * text a finding quotes or judges is read with secrets redacted (src/findings/build.ts), so the
 * copies derive what the signed originals did, and an edited finding still differs.
 */
export function findingsChecks(
  dir: string,
  record: RunRecord,
  redacted: ReadonlyMap<string, string> = new Map(),
): Check[] {
  const stored = record.findings;
  if (stored === undefined) return [];
  const read = readFindingsInput(dir);
  if ('missing' in read) return [check('findings', false, read.missing)];
  // A record written before failures were attributed is re-derived as it was made.
  const again = deriveFindings(read.input, { explain: stored.failures !== undefined });
  if (again === undefined)
    return [check('findings', false, 'the tapes hold no drive trial to derive them from')];
  const { proposals, proposalsNote: _note, withheld, ...rest } = stored;
  const { proposals: ruled, proposalsNote: _n, ...derived } = again;
  // What was withheld of the judge's proposals is not re-derived: the judge's answer is on its tape.
  const ownWithheld = (withheld ?? []).filter((w) => w.source === undefined || w.source === 'rules');
  const ok = sameCanonical(ownWithheld.length > 0 ? { ...rest, withheld: ownWithheld } : rest, derived);
  const rules = proposals.filter((p) => p.source === 'rules');
  // Rule proposals written before they listed their edits, or before proposals were marked with
  // whether the offline runner can test them, are compared as they were made: the same proposals,
  // without what the rules now add (text, parameters and changes unchanged).
  const beforeEdits = rules.length > 0 && rules.every((p) => p.edits === undefined);
  const beforeMarks = rules.length > 0 && rules.every((p) => p.offlineTestable === undefined);
  const expected = ruled.map(({ edits, offlineTestable, ...p }) => ({
    ...p,
    ...(beforeEdits || edits === undefined ? {} : { edits }),
    ...(beforeMarks || offlineTestable === undefined ? {} : { offlineTestable }),
  }));
  const inputs = FINDINGS_INPUTS.filter((f) => redacted.has(f));
  const from = inputs.length > 0 ? `the redacted copies (${inputs.join(', ')})` : 'the tapes';
  return [
    check('findings', ok, `${stored.findings.length} re-derived from ${from}${ok ? '' : ' (they differ)'}`),
    check(
      'rule proposals',
      sameCanonical(rules, expected),
      `${rules.length} re-derived${beforeEdits ? ' (written before proposals listed their edits; compared without them)' : ''}${beforeMarks && !beforeEdits ? ' (written before proposals were marked testable offline or not; compared without the mark)' : ''}`,
    ),
  ];
}

/** The refusal block opens on the refusing gate's numbers: they must be that gate's, as stored. */
export function refusalChecks(record: RunRecord): Check[] {
  const refusal = record.refusal;
  const last = record.gates.at(-1);
  if (refusal === undefined || last === undefined) return [];
  const name = `refusal block (${refusal.gate} ${refusal.reason})`;
  if (!carriesNumbers(refusal))
    return [check(name, true, "gate and reason only, written before the block carried the gate's numbers")];
  return [
    check(
      name,
      last.gate === refusal.gate && refusalMatchesGate(refusal, last),
      `carries the ${last.gate} gate's numbers`,
    ),
  ];
}
