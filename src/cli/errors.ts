/** The CLI's errors: every fault is a FitnessError from core; usage errors exit 2 (exit-codes.ts). */
export { describeError, FitnessError, UsageError } from '../core/errors.js';
