import { KNOWN_REVISIONS, LATEST_REVISION, LEGACY_REVISION } from './frames.js';

export type RevisionEra = 'modern' | 'legacy';

/** Where a negotiated revision stands: its era, the newest revision of that era, and whether it is behind. */
export interface RevisionStanding {
  revision: string;
  era: RevisionEra;
  newestOfEra: string;
  /** A published revision older than the newest of its era: the one spec-currency finding. */
  behind: boolean;
  known: boolean;
}

/**
 * Spec currency is a value, not a hygiene check: a server that negotiates 2025-11-25 speaks the
 * newest legacy revision and is current for its era. Only a revision older than the newest of its
 * era is a finding (2025-06-18, say, when 2025-11-25 exists).
 */
export function revisionStanding(revision: string): RevisionStanding {
  const era: RevisionEra =
    /^\d{4}-\d{2}-\d{2}$/.test(revision) && revision >= LATEST_REVISION ? 'modern' : 'legacy';
  const newestOfEra = era === 'modern' ? LATEST_REVISION : LEGACY_REVISION;
  return {
    revision,
    era,
    newestOfEra,
    behind: /^\d{4}-\d{2}-\d{2}$/.test(revision) && revision < newestOfEra,
    known: KNOWN_REVISIONS.includes(revision),
  };
}
