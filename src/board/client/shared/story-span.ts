import { asObject, type Entry, type JsonObject, parseJson } from './entries.js';
import type { Span } from './viewer-run.js';

// The pieces every span of the story is made of: where it starts, what it counts.

const SESSION_EVENTS = new Set(['fitness.connect', 'fitness.process']);

export function isSessionEvent(e: Entry): boolean {
  return e.kind === 'event' && e.event !== undefined && SESSION_EVENTS.has(e.event);
}

export function refOf(e: Entry): string {
  return `${e.plane}:${e.line}`;
}

export function parsed(e: Entry): JsonObject | undefined {
  try {
    return asObject(parseJson(e.text));
  } catch {
    return undefined;
  }
}

export function newSpan(e: Entry): Span {
  return { ref: refOf(e), startMs: e.ms, endMs: e.ms, lines: 0, errors: 0, pending: 0 };
}

export function count(s: Span, e: Entry): void {
  s.lines += 1;
  if (e.error) s.errors += 1;
  if (e.pending) s.pending += 1;
  s.startMs = Math.min(s.startMs, e.ms);
  s.endMs = Math.max(s.endMs, e.ms);
}
