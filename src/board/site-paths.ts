/**
 * Where each file of the board's site lives, relative to its root: the one list of the site's
 * paths, read by the site build, its links, its headers and the viewer in the browser (so no
 * node-only import). A path is a list of segments: joined with `/` on disk, each one
 * percent-encoded in a URL.
 */

import { KEYS_FILE } from '../tape/keys-file.js';

const RUNS = 'runs';
const RECORDS = 'records';
const DATA = 'data';
const ASSETS = 'assets';

export const SitePaths = {
  board: 'index.html',
  methods: 'methods.html',
  viewer: 'viewer.html',
  keysPage: 'keys.html',
  /** The public keys as data. */
  keys: KEYS_FILE,
  headers: '_headers',
  stylesheet: `${ASSETS}/board.css`,
  /** The folders the host serves with rules of their own (`headers.ts`). */
  folders: { runs: RUNS, data: DATA, assets: ASSETS },
  viewerAsset: (name: string): string => `${ASSETS}/viewer/${name}`,
  /** A run's record page. */
  record: (runId: string): string[] => [RECORDS, `${runId}.html`],
  /** A run's data file for the viewer (`client/shared/viewer-run.ts`). */
  data: (runId: string): string[] => [DATA, `${runId}.json`],
  /** A run's published folder, or a file in it. */
  run: (runId: string, ...file: string[]): string[] => [RUNS, runId, ...file],
} as const;

/** A site path as a relative URL: each segment percent-encoded. */
export function sitePathUrl(segments: readonly string[]): string {
  return segments.map(encodeURIComponent).join('/');
}
