import type { Entry } from './shared/entries.js';
import { clock, summarize } from './shared/summary.js';
import type { Row } from './shared/timeline.js';

/** Every string from a tape reaches the page through textContent only: never parsed as markup. */
function span(className: string, text: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}

export interface Marks {
  selected: number | undefined;
  focusCorr: string;
}

export function drawRow(
  el: HTMLElement,
  row: Row | undefined,
  entries: readonly Entry[],
  marks: Marks,
): void {
  el.replaceChildren();
  el.className = 'row';
  delete el.dataset.ref;
  delete el.dataset.entry;
  delete el.dataset.fold;
  if (!row) return;
  if ('group' in row) {
    el.classList.add('group-head');
    const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
    el.textContent = `${row.group} — ${n(row.count, 'line', 'lines')}${row.errors > 0 ? `, ${n(row.errors, 'error', 'errors')}` : ''}${row.pending > 0 ? `, ${row.pending} pending` : ''}`;
    if (row.group === marks.focusCorr) el.classList.add('focus');
    return;
  }
  if ('fold' in row) {
    el.classList.add('fold');
    el.dataset.fold = String(row.fold);
    el.textContent = `▸ ${row.count} session ${row.count === 1 ? 'event' : 'events'} (open, close, process) folded: show`;
    return;
  }
  const e = entries[row.entry];
  if (!e) return;
  const paired = e.pair === undefined ? undefined : entries[e.pair];
  const latency = e.kind === 'response' && paired ? Math.max(0, e.ms - paired.ms) : undefined;
  e.summary ??= summarize(e, latency);
  el.dataset.ref = `${e.plane}:${e.line}`;
  el.dataset.entry = String(row.entry);
  if (e.error) el.classList.add('error');
  if (e.pending) el.classList.add('pending');
  if (marks.selected === row.entry) el.classList.add('selected');
  if (marks.focusCorr !== '' && e.corr === marks.focusCorr) el.classList.add('focus');
  el.append(
    span('plane', `${e.plane}:${e.line}`),
    span('time', `${clock(e.ms)} `),
    span('summary', e.summary),
  );
  el.title = e.corr ?? '';
}

/** A line longer than this is shown cut, with its size: pretty-printing 100 MB would freeze the page. */
const MAX_DETAIL = 1_000_000;

function pretty(text: string): string {
  if (text.length > MAX_DETAIL)
    return `${text.slice(0, MAX_DETAIL)}\n… (line cut here: ${text.length.toLocaleString('en-US')} characters in all)`;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The selected line in full, with a link to its request or response. */
export function drawDetail(
  detail: HTMLElement,
  entries: readonly Entry[],
  index: number,
  jump: (i: number) => void,
): void {
  detail.replaceChildren();
  const e = entries[index];
  if (!e) return;
  const head = document.createElement('p');
  head.textContent = `${e.plane}:${e.line} · ${e.kind}${e.corr ? ` · corr ${e.corr}` : ''}${e.session ? ` · session ${e.session}` : ''}${e.pending ? ' · no response was recorded' : ''}`;
  head.id = 'detail-ref';
  detail.append(head);
  const pair = e.pair === undefined ? undefined : entries[e.pair];
  if (pair && e.pair !== undefined) {
    const target = e.pair;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `${e.kind === 'request' || e.kind === 'turn' ? 'response' : 'request'} at ${pair.plane}:${pair.line}`;
    button.addEventListener('click', () => jump(target));
    detail.append(button);
  }
  const pre = document.createElement('pre');
  pre.id = 'detail-json';
  pre.textContent = pretty(e.text);
  detail.append(pre);
}
