import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order (failed first, then longest first from its cache; on a fresh clone, with no
 * cache, largest file first), with one change for the work several files share (test/e2e/shared/:
 * the planted audit, and the shared runs of shared-runs.ts): the files that read one shared result
 * would otherwise start together, and while the first of them makes it every other one started
 * meanwhile waits on it, holding a worker that does nothing. So for each shared result the first
 * reader keeps its place (the planted audit's, the longest, goes first of all: it runs while the
 * other worker gets on with other files), and every later reader comes last, when that result is long
 * done. Order only: every file still runs, in full.
 */
export class PlantedAuditSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seen = new Set<string>();
    const later: TestSpecification[] = [];
    const first: TestSpecification[] = [];
    const others: TestSpecification[] = [];
    for (const file of sorted) {
      const shares = sharedBy(file);
      if (shares.some((key) => seen.has(key))) later.push(file);
      else if (shares.includes(PLANTED_AUDIT)) first.push(file);
      else others.push(file);
      for (const key of shares) seen.add(key);
    }
    return [...first, ...others, ...later];
  }
}

const PLANTED_AUDIT = 'planted-audit';

/** The shared results a file reads: the planted audit (by its import), and each `shared…Run(` it calls. */
function sharedBy(file: TestSpecification): string[] {
  const text = readFileSync(file.moduleId, 'utf8');
  const keys = [...text.matchAll(/\b(shared[A-Z]\w*Run)\(/g)].map((m) => m[1] ?? '');
  return text.includes('/shared/planted-audit.js') ? [PLANTED_AUDIT, ...keys] : keys;
}
