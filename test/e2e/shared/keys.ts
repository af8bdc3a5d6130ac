/** The provided-context key under which the global setup passes the directory of shared results (once.ts). */
export const PLANTED_AUDIT_DIR = 'plantedAuditDir';
/** A file in that directory that tells the global setup's teardown to leave it in place. */
export const KEEP = 'keep';

declare module 'vitest' {
  export interface ProvidedContext {
    plantedAuditDir: string;
  }
}
