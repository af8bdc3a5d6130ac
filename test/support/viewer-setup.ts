import { buildViewer } from '../../scripts/build-viewer.js';

/** Bundles the viewer once per test run from the source, so sites built in tests serve this source. */
export default async function setup(): Promise<void> {
  await buildViewer();
}
