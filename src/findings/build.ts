import type { Finding, FindingKind } from '../record/findings.js';
import { REFS_PER_KIND, type TapeRef } from '../record/probe.js';
import { redactMedia } from '../tape/media-notes.js';
import { redactShapes } from '../tape/secret-shapes.js';

const lineOf = (ref: TapeRef) => Number(ref.slice(ref.indexOf(':') + 1));
const planeOf = (ref: TapeRef) => ref.slice(0, ref.indexOf(':'));

/** Distinct refs in tape order (plane, then line), the first REFS_PER_KIND of them. */
export function evidenceOf(refs: readonly TapeRef[]): TapeRef[] {
  return [...new Set(refs)]
    .sort((a, b) => planeOf(a).localeCompare(planeOf(b)) || lineOf(a) - lineOf(b))
    .slice(0, REFS_PER_KIND);
}

export interface FindingDraft {
  kind: FindingKind;
  tool: string;
  /** The third part of the id: a parameter, or the other tool of a wrong-tool pair. */
  key?: string;
  parameter?: string;
  count: number;
  summary: string;
  refs: readonly TapeRef[];
  detail?: Record<string, unknown>;
}

/** A finding, or nothing when it has no tape line to cite (or nothing to count). */
export function finding(d: FindingDraft): Finding | undefined {
  const evidence = evidenceOf(d.refs);
  if (evidence.length === 0 || d.count < 1) return undefined;
  const key = d.key ?? d.parameter;
  return {
    id: key === undefined ? `${d.kind}:${d.tool}` : `${d.kind}:${d.tool}:${key}`,
    kind: d.kind,
    tool: d.tool,
    ...(d.parameter === undefined ? {} : { parameter: d.parameter }),
    count: d.count,
    summary: d.summary,
    evidence,
    ...(d.detail === undefined ? {} : { detail: d.detail }),
  };
}

export function present<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/**
 * Server or model text as a finding may read or quote it: every secret-shaped string a marker and
 * every media blob a size note, as the board's published copy of the tape holds it. So the signed
 * record never quotes a credential a server returned (not even the piece a clip would keep), and
 * findings re-derived from the published copy read the same text as the run did.
 */
export function unsecret(text: string): string {
  return redactShapes(redactMedia(text, {}), {});
}

/** Untrusted server text for a summary: secrets redacted (`unsecret`), then one line, clipped. */
export function clip(text: string, max = 120): string {
  const one = unsecret(text).replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
