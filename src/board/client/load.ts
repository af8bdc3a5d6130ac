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
  const s = value as Record<string, unknown> | null | undefined;
  if (!s || (s.status !== 'signed' && s.status !== 'unsigned')) return undefined;
  return {
    status: s.status,
    ...(isText(s.keyid) ? { keyid: s.keyid } : {}),
    ...(isText(s.reason) ? { reason: s.reason } : {}),
  };
}

/** Validates the run data file by hand (no library in the browser); anything odd is refused. */
export function parseRunData(value: unknown): RunData | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const o = value as Record<string, unknown>;
  const v = o.verification as Record<string, unknown> | undefined;
  if (!isText(o.runId) || !isText(o.serverSlug) || !isText(o.outcome) || !isText(o.recordPage))
    return undefined;
  if (!Array.isArray(o.planes) || v === undefined || v === null || !isText(v.status)) return undefined;
  const planes = o.planes.flatMap((p: unknown) => {
    const q = p as Record<string, unknown> | null;
    if (!q || !isText(q.plane) || !isText(q.path)) return [];
    // Only plain file names inside the run's own directory.
    if (!/^[A-Za-z0-9._-]+$/.test(q.path) || q.path.startsWith('.')) return [];
    return [{ plane: q.plane, path: q.path }];
  });
  const problems = Array.isArray(v.problems) ? v.problems.filter(isText) : [];
  const story = parseStory(o.story);
  const files = Array.isArray(o.files) ? o.files.filter(isText) : [];
  const signer = parseSigner(o.signer);
  return {
    runId: o.runId,
    serverSlug: o.serverSlug,
    outcome: o.outcome,
    recordPage: o.recordPage,
    planes,
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
  const data = parseRunData(JSON.parse(await fetchText(dataUrl)) as unknown);
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
