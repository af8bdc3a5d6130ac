import type { Producer } from '../tape/schema.js';
import { TapeWriter } from '../tape/writer.js';
import { PRODUCER } from '../version.js';
import { describeTarget, namedVars, type Target, targetSecrets } from './target.js';

export interface WireTapeOptions {
  label?: string;
  producer?: Producer;
  maxFrameBytes?: number;
  /** Bytes one session may write (see TapeWriterOptions.maxSessionBytes). */
  maxSessionBytes?: number;
  /** The harness subcommand that recorded the session (`run`, `probe`); names HTTP sessions. */
  harness?: string;
}

/** An HTTP target's URL as a tape may show it: no userinfo, no query, no fragment. */
export function tapeUrl(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  u.search = '';
  u.hash = '';
  return u.href;
}

/**
 * The meta line's `command` (mcp-tape v1: the argv array). Stdio: the server's argv, exactly as it
 * was started (the target's secrets, --secret-env values among them, are scrubbed from every line),
 * but for the values of secret `${NAME}` variables, which it names as `${NAME}`.
 * HTTP: the harness argv that reaches the server, with the URL stripped of userinfo, query and
 * fragment; headers are never part of it. In memory: the harness argv and `memory:<name>` (no
 * process, no URL: the label and command say the transport).
 */
export function tapeCommand(target: Target, harness = 'run'): string[] {
  const vars = target.secretVars ?? {};
  if (target.kind === 'stdio') return target.argv.map((a) => namedVars(a, vars));
  if (target.kind === 'memory') return [PRODUCER, harness, describeTarget(target)];
  return [PRODUCER, harness, '--url', namedVars(tapeUrl(target.url), vars)];
}

/**
 * Opens the wire-plane tape (kind `mcp`) for a target: the meta line names the target without its
 * secrets, and the target's secrets are scrubbed from every line from the first one on.
 */
export function openWireTape(path: string, target: Target, options: WireTapeOptions = {}): TapeWriter {
  return TapeWriter.open({
    path,
    meta: {
      label: options.label ?? describeTarget(target),
      command: tapeCommand(target, options.harness),
      kind: 'mcp',
      ...(options.producer ? { producer: options.producer } : {}),
    },
    secrets: targetSecrets(target),
    ...(options.maxFrameBytes === undefined ? {} : { maxFrameBytes: options.maxFrameBytes }),
    ...(options.maxSessionBytes === undefined ? {} : { maxSessionBytes: options.maxSessionBytes }),
  });
}
