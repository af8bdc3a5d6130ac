import type { Producer } from '../tape/schema.js';
import { TapeWriter } from '../tape/writer.js';
import { describeTarget, type Target, targetSecrets } from './target.js';

export interface WireTapeOptions {
  label?: string;
  producer?: Producer;
  maxFrameBytes?: number;
  /** Bytes one session may write (see TapeWriterOptions.maxSessionBytes). */
  maxSessionBytes?: number;
}

/**
 * Opens the wire-plane tape (kind `mcp`) for a target: the meta line names the target without its
 * secrets, and the target's secrets are scrubbed from every line from the first one on.
 */
export function openWireTape(path: string, target: Target, options: WireTapeOptions = {}): TapeWriter {
  const command = describeTarget(target);
  return TapeWriter.open({
    path,
    meta: {
      label: options.label ?? command,
      command,
      kind: 'mcp',
      ...(options.producer ? { producer: options.producer } : {}),
    },
    secrets: targetSecrets(target),
    ...(options.maxFrameBytes === undefined ? {} : { maxFrameBytes: options.maxFrameBytes }),
    ...(options.maxSessionBytes === undefined ? {} : { maxSessionBytes: options.maxSessionBytes }),
  });
}
