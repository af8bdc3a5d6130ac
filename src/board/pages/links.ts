import { siteHref } from '../html.js';

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
  `${l.base}${siteHref(['index.html'], undefined, runId === undefined ? undefined : `run-${runId}`)}`;
export const recordHref = (l: Links, runId: string, section?: string) =>
  `${l.base}${siteHref(['records', `${runId}.html`], undefined, section)}`;
export const methodsHref = (l: Links, section?: string) =>
  `${l.base}${siteHref(['methods.html'], undefined, section)}`;
export const viewerHref = (l: Links, runId: string) =>
  `${l.base}${siteHref(['viewer.html'], { run: runId })}`;
/** Two runs side by side in the viewer (a rerun, another attempt). */
export const compareHref = (l: Links, runId: string, other: string) =>
  `${l.base}${siteHref(['viewer.html'], { run: runId, compare: other })}`;
/** A deep link to one tape line: `ref` is `<plane>:<line>` (validated by the record schema). */
export const lineHref = (l: Links, runId: string, ref: string) =>
  `${l.base}${siteHref(['viewer.html'], { run: runId }, `line=${encodeURIComponent(ref)}`)}`;
export const runFileHref = (l: Links, runId: string, file: string) =>
  `${l.base}${siteHref(['runs', runId, ...file.split('/')])}`;
