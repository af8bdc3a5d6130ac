import { siteHref } from '../html.js';
import { SitePaths } from '../site-paths.js';

/**
 * Every link between pages. `base` is the path from the current page to the site root ('' for
 * pages at the root, '../' one level down); run ids match the record's slug pattern and every
 * segment is percent-encoded anyway.
 */
export interface Links {
  base: string;
}

export const ROOT: Links = { base: '' };
export const NESTED: Links = { base: '../' };

export const boardHref = (l: Links, runId?: string) =>
  `${l.base}${siteHref([SitePaths.board], undefined, runId === undefined ? undefined : `run-${runId}`)}`;
export const recordHref = (l: Links, runId: string, section?: string) =>
  `${l.base}${siteHref(SitePaths.record(runId), undefined, section)}`;
export const methodsHref = (l: Links, section?: string) =>
  `${l.base}${siteHref([SitePaths.methods], undefined, section)}`;
export const viewerHref = (l: Links, runId: string) =>
  `${l.base}${siteHref([SitePaths.viewer], { run: runId })}`;
/** Two runs side by side in the viewer (a rerun, another attempt). */
export const compareHref = (l: Links, runId: string, other: string) =>
  `${l.base}${siteHref([SitePaths.viewer], { run: runId, compare: other })}`;
/** A deep link to one tape line: `ref` is `<plane>:<line>` (validated by the record schema). */
export const lineHref = (l: Links, runId: string, ref: string) =>
  `${l.base}${siteHref([SitePaths.viewer], { run: runId }, `line=${encodeURIComponent(ref)}`)}`;
export const corrHref = (l: Links, runId: string, corr: string) =>
  `${l.base}${siteHref([SitePaths.viewer], { run: runId }, `corr=${encodeURIComponent(corr)}`)}`;
export const runFileHref = (l: Links, runId: string, file: string) =>
  `${l.base}${siteHref(SitePaths.run(runId, ...file.split('/')))}`;
