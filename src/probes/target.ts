import type { Transport } from '@modelcontextprotocol/client';
import type { ProbeResult } from '../record/probe.js';
import { httpChannel } from './channel-http.js';
import { type ChannelOptions, memoryChannel, stdioChannel } from './channel-stdio.js';
import { type Probe, runProbes } from './registry.js';
import type { ProbeTape, RawChannel, SessionFacts } from './types.js';

/** The parts of a connect `Target` the probes need (src/connect's Target satisfies it). */
export type ProbeTarget =
  | {
      readonly kind: 'stdio';
      readonly argv: readonly string[];
      readonly env?: Readonly<Record<string, string>>;
      /** Secret env values: passed to the server like `env`, never written anywhere. */
      readonly secretEnv?: Readonly<Record<string, string>>;
      readonly cwd?: string | undefined;
    }
  | {
      readonly kind: 'http';
      readonly url: string;
      /** Secret headers: sent, recorded as [REDACTED]. */
      readonly headers?: Readonly<Record<string, string>>;
      /** Configuration headers: sent and recorded in plain. */
      readonly publicHeaders?: Readonly<Record<string, string>>;
      readonly credential?: string | undefined;
    }
  | {
      readonly kind: 'memory';
      readonly name: string;
      /** A fresh client-side transport, its server listening on the other end (see src/connect/target.ts). */
      readonly connect: () => Transport;
    };

const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$|api[-_]?key|token|secret/i;

export function channelFor(target: ProbeTarget, tape: ProbeTape, options: ChannelOptions = {}): RawChannel {
  if (target.kind === 'stdio')
    return stdioChannel({ ...target, env: { ...target.env, ...target.secretEnv } }, tape, options);
  if (target.kind === 'memory') return memoryChannel(target.connect, target.name, tape, options);
  return httpChannel(target, tape, options);
}

/** A credential rides on the connection: a non-anonymous credential context, a credential header or URL userinfo. */
export function isAuthenticated(target: ProbeTarget): boolean {
  if (target.kind !== 'http') return false;
  if (target.credential !== undefined && target.credential !== 'anonymous') return true;
  // Every secret header is a credential; a configuration header only when its name says so.
  if (Object.keys(target.headers ?? {}).length > 0) return true;
  if (Object.keys(target.publicHeaders ?? {}).some((name) => CREDENTIAL_HEADER.test(name))) return true;
  const url = new URL(target.url);
  return url.username !== '' || url.password !== '';
}

export function isLoopback(target: ProbeTarget): boolean {
  if (target.kind !== 'http') return false;
  const host = new URL(target.url).hostname;
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export interface ProbeTargetOptions extends ChannelOptions {
  readonly probes?: readonly Probe[];
  readonly session?: SessionFacts;
}

/** Runs every probe against a target, recording each raw exchange on `tape`. */
export function probeTarget(
  target: ProbeTarget,
  tape: ProbeTape,
  options: ProbeTargetOptions = {},
): Promise<ProbeResult[]> {
  return runProbes({
    channel: channelFor(target, tape, options),
    authenticated: isAuthenticated(target),
    loopback: isLoopback(target),
    probes: options.probes,
    session: options.session,
  });
}
