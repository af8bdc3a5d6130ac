import { posix } from 'node:path';
import { RUN_FILES } from '../tape/file-names.js';
import type { EvidenceLink } from './model.js';

/** At most this many references per case: the first in tape order; the tape holds the rest. */
export const LINKS_PER_CASE = 5;

const REF = /^(wire|agent|judge):([1-9][0-9]*)$/;

/**
 * A run's tape reference as a path a reader can open: `wire:123` → `RUN_DIR/wire.jsonl#L123`, the
 * run directory as the caller names it (relative to where the command ran), the tape's file name
 * from `RUN_FILES`. `#L123` is the line, as a code host shows a file's line.
 */
export function runEvidence(runDir: string): EvidenceLink {
  return (ref) => {
    const m = REF.exec(ref);
    if (m === null) return undefined;
    const plane = m[1] as 'wire' | 'agent' | 'judge';
    return `${posix.join(runDir, RUN_FILES[plane])}#L${m[2]}`;
  };
}

/** `probe --tape FILE`'s references: `wire:12` → `FILE#L12`; with no tape, nothing to open. */
export function tapeEvidence(tape: string | undefined): EvidenceLink {
  return (ref) => {
    const m = REF.exec(ref);
    return tape === undefined || m?.[1] !== 'wire' ? undefined : `${tape}#L${m[2]}`;
  };
}

/** The followable references of `refs`, the first LINKS_PER_CASE. */
export function linksOf(refs: readonly string[], link: EvidenceLink): string[] {
  return refs.flatMap((r) => link(r) ?? []).slice(0, LINKS_PER_CASE);
}
