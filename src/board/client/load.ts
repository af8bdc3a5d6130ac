import { isRecord } from '../../core/json.js';
import type { SignerClaim } from './custody.js';
import type { Story } from './story.js';
import { parseStory } from './story-data.js';
import { planeOf, TapeParser } from './tape.js';

/** One tape's text and the plane it belongs to; parsing happens in the viewer, a slice at a time. */
export interface TapeText {
  plane: string;
  text: string;
}

/** What the site build wrote for one run: its tapes and what the signature check found. */
export interface RunData {
  runId: string;
  serverSlug: string;
  outcome: string;
  recordPage: string;
  planes: { plane: string; path: string }[];
  verification: { status: string; keyid?: string; problems: string[] };
  /** Every file the build published for the run, and the record's signer: hints for the browser's own check. */
  files: string[];
  signer?: SignerClaim;
  /** Told at build time from the published tapes; absent when the build could not tell it. */
  story?: Story;
}

function isText(v: unknown): v is string {
  return typeof v === 'string';
}

function parseSigner(value: unknown): SignerClaim | undefined {
  if (!isRecord(value) || (value.status !== 'signed' && value.status !== 'unsigned')) return undefined;
  return {
    status: value.status,
    ...(isText(value.keyid) ? { keyid: value.keyid } : {}),
    ...(isText(value.reason) ? { reason: value.reason } : {}),
  };
}

function parsePlanes(value: unknown[]): RunData['planes'] {
  return value.flatMap((p) => {
    if (!isRecord(p) || !isText(p.plane) || !isText(p.path)) return [];
    // Only plain file names inside the run's own directory.
    if (!/^[A-Za-z0-9._-]+$/.test(p.path) || p.path.startsWith('.')) return [];
    return [{ plane: p.plane, path: p.path }];
  });
}

/** Validates the run data file by hand; anything odd is refused. */
export function parseRunData(o: unknown): RunData | undefined {
  if (!isRecord(o)) return undefined;
  const v = o.verification;
  if (!isText(o.runId) || !isText(o.serverSlug) || !isText(o.outcome) || !isText(o.recordPage))
    return undefined;
  if (!Array.isArray(o.planes) || !isRecord(v) || !isText(v.status)) return undefined;
  const problems = Array.isArray(v.problems) ? v.problems.filter(isText) : [];
  const story = parseStory(o.story);
  const files = Array.isArray(o.files) ? o.files.filter(isText) : [];
  const signer = parseSigner(o.signer);
  return {
    runId: o.runId,
    serverSlug: o.serverSlug,
    outcome: o.outcome,
    recordPage: o.recordPage,
    planes: parsePlanes(o.planes),
    verification: { status: v.status, ...(isText(v.keyid) ? { keyid: v.keyid } : {}), problems },
    files,
    ...(signer ? { signer } : {}),
    ...(story ? { story } : {}),
  };
}

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
  const dataUrl = new URL(`data/${encodeURIComponent(runId)}.json`, base).href;
  const value: unknown = JSON.parse(await fetchText(dataUrl));
  const data = parseRunData(value);
  if (!data) throw new Error(`${dataUrl}: not a run data file`);
  return data;
}

export async function loadRunTapes(data: RunData, base: string): Promise<TapeText[]> {
  return Promise.all(
    data.planes.map(async (p) => {
      const url = new URL(`runs/${encodeURIComponent(data.runId)}/${encodeURIComponent(p.path)}`, base).href;
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
