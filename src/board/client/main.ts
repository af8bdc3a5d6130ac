import { loadFiles, loadRun, loadUrls, type RunData, type TapeText, tapeUrl } from './load.js';
import { type Entry, TapeParser } from './tape.js';
import { buildRows, type Filters, facets, mergePlanes, type Row } from './timeline.js';
import { drawDetail, drawRow } from './view.js';
import { VirtualList } from './virtual.js';

/** The replay viewer: loads nothing until opened, then merges the tapes into one timeline. */
const ROW_HEIGHT = 22;

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`viewer page is missing #${id}`);
  return el as T;
}

const ui = {
  title: byId<HTMLElement>('viewer-title'),
  signature: byId<HTMLElement>('signature'),
  status: byId<HTMLElement>('counts'),
  phase: byId<HTMLSelectElement>('f-phase'),
  task: byId<HTMLSelectElement>('f-task'),
  errors: byId<HTMLInputElement>('f-errors'),
  grouping: byId<HTMLSelectElement>('f-group'),
  corrBox: byId<HTMLElement>('f-corr'),
  corrId: byId<HTMLElement>('f-corr-id'),
  corrClear: byId<HTMLButtonElement>('f-corr-clear'),
  timeline: byId<HTMLElement>('timeline'),
  spacer: byId<HTMLElement>('spacer'),
  detail: byId<HTMLElement>('detail'),
  urlForm: byId<HTMLFormElement>('open-url'),
  urlInput: byId<HTMLInputElement>('tape-url'),
  drop: byId<HTMLElement>('dropzone'),
  file: byId<HTMLInputElement>('tape-file'),
};

const state = {
  entries: [] as Entry[],
  rows: [] as Row[],
  index: new Map<string, number>(),
  filters: { phase: '', task: '', errorsOnly: false, corr: '', grouping: 'corr' } as Filters,
  selected: undefined as number | undefined,
};

const list = new VirtualList(ui.timeline, ui.spacer, ROW_HEIGHT, (el, i) =>
  drawRow(el, state.rows[i], state.entries, { selected: state.selected, focusCorr: state.filters.corr }),
);

function setOptions(select: HTMLSelectElement, values: readonly string[]): void {
  const all = document.createElement('option');
  all.value = '';
  all.textContent = 'all';
  select.replaceChildren(
    all,
    ...values.map((v) => {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = v;
      return o;
    }),
  );
}

function refresh(): void {
  state.rows = buildRows(state.entries, state.filters);
  ui.corrBox.hidden = state.filters.corr === '';
  ui.corrId.textContent = state.filters.corr;
  const pending = state.entries.filter((e) => e.pending).length;
  const errors = state.entries.filter((e) => e.error).length;
  ui.status.textContent = `${state.rows.length.toLocaleString('en-US')} rows shown · ${state.entries.length.toLocaleString('en-US')} lines · ${errors} errors · ${pending} pending requests`;
  list.setCount(state.rows.length);
}

function rowOf(entry: number): number {
  return state.rows.findIndex((r) => 'entry' in r && r.entry === entry);
}

function select(entry: number): void {
  state.selected = entry;
  let row = rowOf(entry);
  if (row === -1) {
    state.filters = { ...state.filters, phase: '', task: '', errorsOnly: false, corr: '' };
    ui.phase.value = '';
    ui.task.value = '';
    ui.errors.checked = false;
    refresh();
    row = rowOf(entry);
  }
  drawDetail(ui.detail, state.entries, entry, select);
  list.scrollTo(Math.max(0, row));
}

function applyHash(): void {
  const hash = new URLSearchParams(location.hash.slice(1));
  const line = hash.get('line');
  const corr = hash.get('corr');
  if (corr !== null) {
    state.filters = { ...state.filters, corr };
    refresh();
    const first = state.rows.findIndex((r) => 'entry' in r);
    const row = state.rows[first];
    if (row && 'entry' in row) select(row.entry);
  }
  if (line !== null) {
    const entry = state.index.get(line);
    if (entry === undefined) ui.status.textContent = `line ${line} is not in these tapes`;
    else select(entry);
  }
}

/** Lines parsed per plane before the first paint, and per slice after it. */
const FIRST_SLICE = 400;
const SLICE = 8000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function markFirstRender(): void {
  if (document.body.dataset.firstRenderMs !== undefined) return;
  requestAnimationFrame(() => {
    document.body.dataset.firstRenderMs = String(Math.round(performance.now()));
  });
}

function show(planes: Entry[][], title: string, complete: boolean): void {
  state.entries = mergePlanes(planes, complete);
  // Summaries painted before pairing could not yet say "no response".
  if (complete) for (const e of state.entries) e.summary = undefined;
  state.index = new Map(state.entries.map((e, i) => [`${e.plane}:${e.line}`, i]));
  state.selected = undefined;
  ui.title.textContent = title;
  if (complete) {
    const f = facets(state.entries);
    setOptions(ui.phase, f.phases);
    setOptions(ui.task, f.tasks);
  }
  refresh();
  markFirstRender();
  if (complete) {
    applyHash();
    requestAnimationFrame(() => {
      document.body.dataset.readyMs = String(Math.round(performance.now()));
      document.body.dataset.state = 'ready';
    });
  }
}

/**
 * Paints the first lines of every plane at once, then reads the rest a slice at a time so the
 * page stays responsive; pairing, pending requests, filters and deep links apply once all is read.
 */
async function showProgressively(tapes: readonly TapeText[], title: string): Promise<void> {
  delete document.body.dataset.firstRenderMs;
  const parsers = tapes.map((t) => new TapeParser(t.text, t.plane));
  const planes = parsers.map((p) => p.next(FIRST_SLICE));
  show(
    planes,
    title,
    parsers.every((p) => p.done),
  );
  while (parsers.some((p) => !p.done)) {
    await nextTask();
    parsers.forEach((p, i) => {
      for (const e of p.next(SLICE)) planes[i]?.push(e);
    });
    const read = parsers.reduce((n, p) => n + p.progress, 0) / parsers.length;
    ui.status.textContent = `reading the tapes… ${Math.round(read * 100)}%`;
    if (parsers.every((p) => p.done)) show(planes, title, true);
  }
}

function showSignature(data: RunData | undefined): void {
  ui.signature.className = 'signature';
  if (!data) {
    ui.signature.textContent = 'opened directly: no run signature to check';
    return;
  }
  const v = data.verification;
  if (v.status === 'verified') {
    ui.signature.classList.add('ok');
    ui.signature.textContent = `signature verified when the site was built (key ${v.keyid ?? '?'})`;
  } else {
    ui.signature.classList.add('bad');
    ui.signature.textContent = `signature ${v.status}: ${v.problems.join('; ')}`;
  }
}

async function run(task: () => Promise<void>): Promise<void> {
  document.body.dataset.state = 'loading';
  ui.status.textContent = 'loading…';
  try {
    await task();
  } catch (err) {
    document.body.dataset.state = 'error';
    ui.status.textContent = `could not load: ${err instanceof Error ? err.message : String(err)}`;
  }
}

function start(): void {
  const params = new URLSearchParams(location.search);
  const runId = params.get('run');
  const tapes = params.getAll('tape');
  if (runId !== null) {
    void run(async () => {
      const { data, tapes } = await loadRun(runId, location.href);
      showSignature(data);
      await showProgressively(tapes, `${data.serverSlug} · ${data.runId} · ${data.outcome}`);
    });
  } else if (tapes.length > 0) {
    const urls = tapes.map((t) => tapeUrl(t, location.href));
    if (urls.some((u) => u === undefined)) {
      ui.status.textContent = 'only http(s) tape URLs can be opened';
      return;
    }
    void run(async () => {
      showSignature(undefined);
      await showProgressively(await loadUrls(urls.filter((u) => u !== undefined)), tapes.join(', '));
    });
  } else {
    ui.status.textContent = 'Open a run from the board, give a tape URL, or drop a tape file.';
  }
}

function bind(): void {
  ui.phase.addEventListener('change', () => {
    state.filters = { ...state.filters, phase: ui.phase.value };
    refresh();
  });
  ui.task.addEventListener('change', () => {
    state.filters = { ...state.filters, task: ui.task.value };
    refresh();
  });
  ui.errors.addEventListener('change', () => {
    state.filters = { ...state.filters, errorsOnly: ui.errors.checked };
    refresh();
  });
  ui.grouping.addEventListener('change', () => {
    state.filters = { ...state.filters, grouping: ui.grouping.value === 'time' ? 'time' : 'corr' };
    refresh();
  });
  ui.corrClear.addEventListener('click', () => {
    state.filters = { ...state.filters, corr: '' };
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    refresh();
  });
  ui.timeline.addEventListener('click', (ev) => {
    const target = ev.target instanceof Element ? ev.target.closest<HTMLElement>('.row') : null;
    const entry = target?.dataset.entry;
    if (entry !== undefined) {
      state.selected = Number(entry);
      drawDetail(ui.detail, state.entries, state.selected, select);
      list.render();
    }
  });
  window.addEventListener('hashchange', applyHash);
  ui.urlForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const url = tapeUrl(ui.urlInput.value, location.href);
    if (!url) {
      ui.status.textContent = 'only http(s) tape URLs can be opened';
      return;
    }
    history.pushState(null, '', `?${new URLSearchParams({ tape: url.href }).toString()}`);
    void run(async () => {
      showSignature(undefined);
      await showProgressively(await loadUrls([url]), url.href);
    });
  });
  const openFiles = (files: FileList | null) => {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return;
    void run(async () => {
      showSignature(undefined);
      await showProgressively(await loadFiles(list), list.map((f) => f.name).join(', '));
    });
  };
  ui.file.addEventListener('change', () => openFiles(ui.file.files));
  ui.drop.addEventListener('dragover', (ev) => {
    ev.preventDefault();
    ui.drop.classList.add('over');
  });
  ui.drop.addEventListener('dragleave', () => ui.drop.classList.remove('over'));
  ui.drop.addEventListener('drop', (ev) => {
    ev.preventDefault();
    ui.drop.classList.remove('over');
    openFiles(ev.dataTransfer?.files ?? null);
  });
}

bind();
start();
