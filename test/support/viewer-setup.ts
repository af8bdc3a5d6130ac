import { staleReason } from '../../scripts/build-stamp.js';
import { buildViewer } from '../../scripts/build-viewer.js';

/** Bundles the viewer once per test run from the source, so sites built in tests serve this source. */
export default async function setup(): Promise<void> {
  // dist/ built from exactly these sources (build-stamp.js) already holds this build.
  if (staleReason() !== undefined) await buildViewer();
}
