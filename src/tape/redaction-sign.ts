import type { KeyObject } from 'node:crypto';
import { REDACTION_TYPE, Redaction, type RedactionEnvelope } from './redaction.js';
import { signDsse } from './signature.js';

/** The board builder's envelope over a run's redaction payload (validated before it is signed). */
export function signRedaction(redaction: Redaction, privateKey: KeyObject): RedactionEnvelope {
  const payload = Redaction.parse(redaction);
  return signDsse(REDACTION_TYPE, Buffer.from(JSON.stringify(payload), 'utf8'), privateKey);
}
