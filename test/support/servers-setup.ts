import { buildServers } from '../../scripts/build-servers.js';
import { staleReason } from '../../scripts/build-stamp.js';

/**
 * Builds dist/servers once per test run from examples/servers, so every planted server a test, the
 * demo or the audit starts from its build (src/audit/fixture.ts) runs the source beside it.
 */
export default async function setup(): Promise<void> {
  // dist/ built from exactly these sources (build-stamp.js) already holds this build.
  if (staleReason() !== undefined) await buildServers();
}
