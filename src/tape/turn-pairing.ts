import { isRecord } from '../core/json.js';
import type { TapeRecord } from './lines.js';
import type { TurnLine } from './schema.js';

/** One `tool_use` block of a model turn and the `tool_result` that answered it, if any. */
export interface ToolUse {
  tool: string;
  id: string;
  corrId?: string;
  line: number;
  t: string;
  ms: number;
  resultLine?: number;
  latencyMs?: number;
  /** The result said `is_error: true`. */
  error: boolean;
  /** Text of an error result (clipped). */
  messageOf?: string;
  pending: boolean;
}

const MAX_TEXT = 500;

/** Non-echoed turns in time order (stable: lines with the same time keep file order). */
export function liveTurns(records: readonly TapeRecord[]): { line: number; turn: TurnLine }[] {
  const turns: { line: number; turn: TurnLine; ms: number }[] = [];
  for (const r of records) {
    if (r.type !== 'turn' || r.value.echoed === true) continue;
    const ms = Date.parse(r.value.t);
    turns.push({ line: r.line, turn: r.value, ms: Number.isFinite(ms) ? ms : 0 });
  }
  return turns.sort((a, b) => a.ms - b.ms || a.line - b.line);
}

/** The text parts of a result's content, clipped to `max` characters (500 unless told). */
export function resultText(content: unknown, max = MAX_TEXT): string {
  if (typeof content === 'string') return content.slice(0, max);
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const c of content) {
    if (typeof c === 'string') parts.push(c);
    else if (isRecord(c) && typeof c.text === 'string') parts.push(c.text);
  }
  return parts.join('\n').slice(0, max);
}

/**
 * Pairs each `tool_use` block with the first `tool_result` block of a later turn naming its id,
 * within one corr id and one `source`. Echoed turns repeat earlier blocks verbatim and are left out,
 * so no call is counted twice. Unanswered uses stay pending.
 */
export function pairToolUses(records: readonly TapeRecord[]): ToolUse[] {
  const uses: ToolUse[] = [];
  const open = new Map<string, ToolUse>();
  for (const { line, turn } of liveTurns(records)) {
    const ns = `${turn.source ?? ''}|${turn.corr_id ?? ''}|`;
    const ms = Date.parse(turn.t);
    // A turn's results answer earlier turns' uses, never its own.
    for (const b of turn.blocks) {
      if (b.type !== 'tool_result' || typeof b.tool_use_id !== 'string') continue;
      const use = open.get(ns + b.tool_use_id);
      if (use === undefined) continue;
      open.delete(ns + b.tool_use_id);
      use.pending = false;
      use.resultLine = line;
      const latency = ms - use.ms;
      if (Number.isFinite(latency)) use.latencyMs = Math.max(0, latency);
      if (b.is_error === true) {
        use.error = true;
        use.messageOf = resultText(b.content) || 'tool error';
      }
    }
    for (const b of turn.blocks) {
      if (b.type !== 'tool_use' || typeof b.id !== 'string') continue;
      const use: ToolUse = {
        tool: typeof b.name === 'string' ? b.name : '(unknown)',
        id: b.id,
        line,
        t: turn.t,
        ms,
        error: false,
        pending: true,
      };
      if (turn.corr_id !== undefined) use.corrId = turn.corr_id;
      uses.push(use);
      open.set(ns + b.id, use);
    }
  }
  return uses;
}
