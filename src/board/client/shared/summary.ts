import { asObject, type Entry, type JsonObject, parseJson, str } from './entries.js';

function parse(e: Entry): JsonObject | undefined {
  try {
    return asObject(parseJson(e.text));
  } catch {
    return undefined;
  }
}

function clip(text: string, max = 140): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

function turnSummary(obj: JsonObject): string {
  const role = str(obj.role) ?? 'turn';
  const err = asObject(obj.error);
  if (err) return `${role}: model error: ${clip(str(err.message) ?? '')}`;
  const blocks = Array.isArray(obj.blocks) ? obj.blocks : [];
  const parts = blocks.map((b) => {
    const o = asObject(b);
    const type = str(o?.type) ?? '?';
    if (type === 'text') return clip(str(o?.text) ?? '', 80);
    if (type === 'tool_use') return `tool_use ${str(o?.name) ?? ''}`;
    if (type === 'tool_result') return `tool_result${o?.is_error === true ? ' (error)' : ''}`;
    if (type === 'thinking') return 'thinking';
    return type;
  });
  return `${role}: ${parts.join(' | ')}`;
}

function responseSummary(obj: JsonObject, e: Entry, latency: number | undefined): string {
  const raw = asObject(obj.raw);
  const err = asObject(raw?.error);
  const ms = latency === undefined ? '' : ` (${latency} ms)`;
  if (err)
    return `← error ${typeof err.code === 'number' ? err.code : ''} ${clip(str(err.message) ?? '', 100)}${ms}`;
  if (asObject(raw?.result)?.isError === true) return `← result isError${e.tool ? ` ${e.tool}` : ''}${ms}`;
  return `← result${e.tool ? ` ${e.tool}` : ''}${ms}`;
}

function eventSummary(obj: JsonObject): string {
  const raw = asObject(obj.raw);
  const kind = str(obj.kind) ?? 'event';
  if (kind === 'fitness.http') {
    const status = raw?.status;
    return `• http ${str(raw?.method) ?? ''} ${typeof status === 'number' ? status : ''} ${clip(str(raw?.error) ?? '', 60)}`;
  }
  const detail = str(raw?.message) ?? str(raw?.text) ?? (raw ? JSON.stringify(raw) : '');
  return `• ${kind} ${clip(detail, 100)}`;
}

/** One line describing an entry; `latency` is the stored gap to its paired request, if known. */
export function summarize(e: Entry, latency?: number): string {
  const obj = parse(e);
  if (!obj) return `unreadable line: ${clip(e.text, 80)}`;
  switch (e.kind) {
    case 'meta':
      return `meta: ${str(obj.label) ?? ''} (${str(obj.kind) ?? '?'}) ${str(obj.source) ?? ''}`;
    case 'end':
      return `end: ${str(obj.reason) ?? (typeof obj.exitCode === 'number' ? `exit code ${obj.exitCode}` : '')}`;
    case 'request':
      return `→ ${e.method ?? ''}${e.tool ? ` ${e.tool}` : ''}${e.pending ? ' — no response' : ''}`;
    case 'notification':
      return `→ ${e.method ?? ''}`;
    case 'response':
      return responseSummary(obj, e, latency);
    case 'event':
      return eventSummary(obj);
    case 'turn':
      return turnSummary(obj);
    default:
      return `${str(obj.type) ?? str(obj.dir) ?? 'line'}: ${clip(e.text, 80)}`;
  }
}

export function clock(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString().slice(11, 23) : '--:--:--.---';
}
