import type { AddressInfo } from 'node:net';

/** The TCP port a listening server is bound to; fails when it is not listening on one. */
export function portOf(server: { address(): AddressInfo | string | null } | undefined): number {
  const address = server?.address();
  if (typeof address !== 'object' || address === null)
    throw new Error(`not listening on a TCP port: ${address}`);
  return address.port;
}
