import { z } from 'zod';
import { canonicalJson, sha256Hex } from '../core/canonical.js';
import { IsoTime, NonEmpty, PositiveCount, Sha256 } from './common.js';
import { PreRegistration } from './prereg.js';

/**
 * Step one of the pre-registration (policy.json): every rule of the measurement, fixed and hashed
 * before the first model call of any kind. Step two, prereg.json, adds the registered suite (its
 * hash, the reserve's hash, any extension reduction) before the first gate trial and names this
 * file's sha256, so neither step can be rewritten without breaking the other.
 */
export const Policy = PreRegistration.omit({
  schema: true,
  suiteHash: true,
  extension: true,
  extensionProtocol: true,
}).extend({
  schema: z.literal('fitness-report.policy/1'),
  /** The extension policy as asked for (prereg.json says if too few tasks made it smaller). */
  extension: z.looseObject({ batchTasks: PositiveCount, maxExtensions: z.int().nonnegative() }),
  /** When the policy was written: before the first model call. */
  writtenAt: IsoTime,
});
export type Policy = z.infer<typeof Policy>;

/** policy.json's bytes: RFC 8785 canonical JSON plus a newline, hashed exactly as written. */
export function serializePolicy(policy: Policy): string {
  return `${canonicalJson(Policy.parse(policy))}\n`;
}

export function policySha256(policy: Policy): string {
  return sha256Hex(serializePolicy(policy));
}

/** Where the record points at policy.json: the file, the sha256 of its bytes, and when it was written. */
export const PolicyRef = z.looseObject({ path: NonEmpty, sha256: Sha256, at: IsoTime });
export type PolicyRef = z.infer<typeof PolicyRef>;
