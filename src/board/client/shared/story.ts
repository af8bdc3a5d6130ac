import { parseCorrId } from '../../../tape/corr-id.js';
import { asObject, type Entry, str } from './entries.js';
import { count, newSpan, parsed, refOf } from './story-span.js';
import { newTrial, noteTrial, phases, type Slot } from './story-trials.js';
import type { GroupStory, Handshake, Story, ToolStory } from './viewer-run.js';

/**
 * The story of a run, told from its merged tapes: the handshake, the probes and harness stages,
 * then each phase with its tasks and trials (pass/fail, duration, tool calls, where the time went).
 * Plain JSON: the site build computes it once (a 1,000,000-line tape's first screen must not wait
 * for the tape), and the viewer computes it itself for a tape opened by URL or from disk.
 * Its shape is the Story schema in viewer-run.ts.
 */

const MAX_REFS = 50;

function noteHandshake(h: Handshake, e: Entry, entries: readonly Entry[]): void {
  if (e.kind === 'event' && e.event === 'fitness.connect') {
    const raw = asObject(parsed(e)?.raw);
    if (raw?.phase === 'connected') {
      h.protocolVersion ??= str(raw.protocolVersion);
      h.era ??= str(raw.era);
      const info = asObject(raw.serverInfo);
      if (info && h.server === undefined)
        h.server = `${str(info.name) ?? '?'} ${str(info.version) ?? ''}`.trim();
    }
    if (raw?.phase === 'failed') h.failed = str(raw.message) ?? 'the handshake failed';
  }
  // Another producer's tape: the initialize exchange says the same.
  if (e.kind === 'request' && e.method === 'initialize' && e.pair !== undefined) {
    const paired = entries[e.pair];
    const result = paired ? asObject(asObject(parsed(paired)?.raw)?.result) : undefined;
    if (result && paired) {
      h.endMs = Math.max(h.endMs, paired.ms);
      h.protocolVersion ??= str(result.protocolVersion);
      const info = asObject(result.serverInfo);
      if (info && h.server === undefined)
        h.server = `${str(info.name) ?? '?'} ${str(info.version) ?? ''}`.trim();
    }
  }
}

/**
 * Whose error a line is: the drive's (the server answering the agent being measured), the
 * harness's own (a probe, a null phase's calls: errors asked for on purpose), or another stage's.
 */
function errorBy(corr: string | undefined): 'drive' | 'own' | 'other' {
  const c = corr === undefined ? undefined : parseCorrId(corr);
  if (c?.kind === 'probe') return 'own';
  if (c?.kind !== 'trial') return 'other';
  if (c.phase === 'drive') return 'drive';
  return c.phase.startsWith('null-') ? 'own' : 'other';
}

/** Builds the story from merged, paired entries (see `mergePlanes`). */
export function buildStory(entries: readonly Entry[]): Story {
  const story: Story = {
    lines: entries.length,
    errors: 0,
    driveErrors: 0,
    ownErrors: 0,
    pending: 0,
    probes: [],
    stages: [],
    phases: [],
    tools: [],
    errorRefs: [],
    driveErrorRefs: [],
    pendingRefs: [],
    unreadable: 0,
    unreadableRefs: [],
  };
  const groups = new Map<string, GroupStory>();
  const trials = new Map<string, Slot>();
  const tools = new Map<string, ToolStory>();
  let handshake: Handshake | undefined;
  for (const e of entries) {
    if (e.kind === 'unreadable') {
      story.unreadable += 1;
      if (story.unreadableRefs.length < MAX_REFS) story.unreadableRefs.push(refOf(e));
    }
    if (e.error) {
      story.errors += 1;
      if (story.errorRefs.length < MAX_REFS) story.errorRefs.push(refOf(e));
      const by = errorBy(e.corr);
      if (by === 'own') story.ownErrors += 1;
      if (by === 'drive') {
        story.driveErrors += 1;
        if (story.driveErrorRefs.length < MAX_REFS) story.driveErrorRefs.push(refOf(e));
      }
    }
    if (e.pending) {
      story.pending += 1;
      if (story.pendingRefs.length < MAX_REFS) story.pendingRefs.push(refOf(e));
    }
    if (e.ms > 0) {
      story.startMs = Math.min(story.startMs ?? e.ms, e.ms);
      story.endMs = Math.max(story.endMs ?? e.ms, e.ms);
    }
    if (e.kind === 'request' && e.method === 'tools/call') {
      const name = e.tool ?? '(unknown)';
      const t = tools.get(name) ?? { name, calls: 0, errors: 0, pending: 0 };
      t.calls += 1;
      if (e.pending) t.pending += 1;
      const paired = e.pair === undefined ? undefined : entries[e.pair];
      if (paired?.error) t.errors += 1;
      tools.set(name, t);
    }
    const corr = e.corr;
    const c = corr === undefined ? undefined : parseCorrId(corr);
    const connecting =
      corr === 'connect' ||
      (c === undefined && (e.method === 'initialize' || e.method === 'server/discover'));
    // The handshake is the connect session up to its connected (or failed) event.
    if (connecting && !(handshake?.protocolVersion !== undefined || handshake?.failed !== undefined)) {
      handshake ??= newSpan(e);
      count(handshake, e);
      noteHandshake(handshake, e, entries);
    }
    if (corr === undefined || c === undefined) continue;
    if (c.kind === 'trial') {
      let slot = trials.get(c.trial);
      if (slot === undefined) {
        slot = {
          phase: c.phase,
          trial: newTrial(e, c.trial, c.taskId, c.rep),
          work: { stepMs: 0, stepToolMs: 0 },
        };
        trials.set(c.trial, slot);
      }
      count(slot.trial, e);
      noteTrial(slot.trial, slot.work, e, entries);
    } else if (c.kind === 'probe' || c.kind === 'stage') {
      let g = groups.get(corr);
      if (g === undefined) {
        g = { ...newSpan(e), corr, label: c.kind === 'probe' ? c.probe : c.stage };
        groups.set(corr, g);
        (c.kind === 'probe' ? story.probes : story.stages).push(g);
      }
      count(g, e);
    }
  }
  if (handshake) story.handshake = handshake;
  story.phases = phases([...trials.values()]);
  story.tools = [...tools.values()].sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
  return story;
}
