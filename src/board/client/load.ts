import { SitePaths, sitePathUrl } from '../site-paths.js';
import { planeOf } from './shared/entries.js';
import { TapeParser } from './shared/tape-parser.js';
import { parseRunData, type RunData } from './shared/viewer-run.js';
import type { TapeText } from './shared/viewer-state.js';

/** A tape URL a reader asked for: only http(s), resolved against this page. */
export function tapeUrl(candidate: string, base: string): URL | undefined {
  try {
    const url = new URL(candidate, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.text();
}

/** The run data file alone: small, so the story paints before any tape is fetched. */
export async function loadRunData(runId: string, base: string): Promise<RunData> {
  const dataUrl = new URL(sitePathUrl(SitePaths.data(runId)), base).href;
  const text = await fetchText(dataUrl);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${dataUrl}: not JSON`);
  }
  return parseRunData(value, dataUrl);
}

export async function loadRunTapes(data: RunData, base: string): Promise<TapeText[]> {
  return Promise.all(
    data.planes.map(async (p) => {
      const url = new URL(sitePathUrl(SitePaths.run(data.runId, p.path)), base).href;
      return { plane: p.plane, text: await fetchText(url) };
    }),
  );
}

/** A tape opened on its own: its plane comes from its file name or its meta line. */
function named(text: string, name: string): TapeText {
  return { plane: planeOf(new TapeParser(text, 'tape').next(3), name), text };
}

export async function loadUrls(urls: readonly URL[]): Promise<TapeText[]> {
  return Promise.all(urls.map(async (url) => named(await fetchText(url.href), url.pathname)));
}

export async function loadFiles(files: readonly File[]): Promise<TapeText[]> {
  return Promise.all(files.map(async (file) => named(await file.text(), file.name)));
}
