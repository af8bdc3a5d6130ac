import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order (failed first, then longest first from its cache; on a fresh clone, with no
 * cache, largest file first), with one change for the shared planted audit (test/e2e/shared/
 * planted-audit.ts): the files that read it would otherwise start early, and while the first of them
 * runs the audit every other one started meanwhile waits on it, holding a worker that does nothing.
 * So the first reader goes first (it runs the audit while the other worker gets on with other files),
 * every other file follows in vitest's order, and the other readers come last, when the audit is long
 * done. Order only: every file still runs, in full.
 */
export class PlantedAuditSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const readers = sorted.filter(readsPlantedAudit);
    const [first, ...later] = readers;
    if (first === undefined) return sorted;
    const others = sorted.filter((f) => !readers.includes(f));
    return [first, ...others, ...later];
  }
}

function readsPlantedAudit(file: TestSpecification): boolean {
  return readFileSync(file.moduleId, 'utf8').includes('/shared/planted-audit.js');
}
