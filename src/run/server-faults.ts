import { isRecord } from '../core/json.js';
import type { Note } from '../record/notes.js';
import type { ServerFaults, ToolFaults } from '../record/server-faults.js';
import { pairExchanges } from '../tape/pairing.js';
import { parseTape } from '../tape/reader.js';
import { EventKind } from '../tape/schema.js';
import type { TapeTruncation } from '../tape/session-cap.js';
import type { RunTapes } from './tapes.js';

const STAGES = new Set(['generate', 'admit']);

function counts(tool: string): ToolFaults {
  return { tool, calls: 0, pending: 0, timeouts: 0, transportErrors: 0, frameRefusals: 0, tapeRefs: [] };
}

/**
 * Per tool, what the wire tape shows of generation and admission: calls sent, requests left
 * pending, and the failures the harness recorded (`fitness.call-failed`). Undefined when no call
 * failed, so an ordinary run's record does not carry it.
 */
export function serverFaultsFromTape(text: string, path: string): ServerFaults | undefined {
  if (!text.includes(`"${EventKind.callFailed}"`)) return undefined;
  const tape = parseTape(text, path);
  const byTool = new Map<string, ToolFaults>();
  const get = (tool: string) => {
    const found = byTool.get(tool) ?? counts(tool);
    byTool.set(tool, found);
    return found;
  };
  for (const exchange of pairExchanges(tape.records).exchanges) {
    if (exchange.method !== 'tools/call' || exchange.tool === undefined) continue;
    if (!STAGES.has(exchange.corrId ?? '')) continue;
    const t = get(exchange.tool);
    t.calls += 1;
    if (exchange.outcome === 'pending') t.pending += 1;
  }
  for (const record of tape.records) {
    if (record.type !== 'event' || record.value.kind !== EventKind.callFailed) continue;
    const raw = isRecord(record.value.raw) ? record.value.raw : undefined;
    if (typeof raw?.tool !== 'string') continue;
    const t = get(raw.tool);
    if (raw.kind === 'timeout') t.timeouts += 1;
    else if (raw.kind === 'frame') t.frameRefusals += 1;
    else t.transportErrors += 1;
    t.tapeRefs.push(`wire:${record.line}`);
  }
  const tools = [...byTool.values()].filter((t) => t.tapeRefs.length > 0 || t.pending > 0);
  return tools.length === 0 ? undefined : { stage: 'generation', tools };
}

/** A note per plane whose sessions were cut off at the tape's byte cap. */
export function truncationNotes(tapes: RunTapes): Note[] {
  const notes: Note[] = [];
  for (const [plane, tape] of Object.entries(tapes)) {
    const cuts: TapeTruncation[] = tape.truncations;
    if (cuts.length === 0) continue;
    const parts = cuts.map(
      (c) =>
        `${c.session ?? 'untagged lines'}: ${c.droppedLines} line(s) (${c.droppedBytes} bytes) dropped after ${c.writtenBytes} bytes`,
    );
    notes.push({
      id: `tape-truncated-${plane}`,
      text: `The ${plane} tape hit its cap of ${cuts[0]?.capBytes} bytes per session; later lines were not recorded (a fitness.tape-truncated event marks where): ${parts.join('; ')}.`,
    });
  }
  return notes;
}
