/** A call the server did not answer as a server: no answer in time, a broken transport, a refused frame. */
export type CallFailure = 'timeout' | 'transport' | 'frame';

/**
 * What the harness's own calls (generation and admission) met, so that a server that fails is
 * never read as a thin surface: which tools failed and how, and whether anything answered. Data
 * only (a product holds it); `call-watch.ts` fills it.
 */
export class CallWatch {
  /** The first failure of each tool; a tool that failed is not called again. */
  readonly failed = new Map<string, CallFailure>();
  /** Distinct tools called, in order, and whether any call got an answer from the server. */
  readonly called: string[] = [];
  answered = 0;
  /** What the first refused frame was (its limit), for the VOID detail when nothing answered. */
  refusal: string | undefined;
}
