import { drawCompare } from './compare.js';
import { loadFiles, loadRunData, loadRunTapes, loadUrls, type TapeText, tapeUrl } from './load.js';
import { describe, type SearchState, search, step } from './search.js';
import { buildStory } from './story.js';
import { drawStory, drawTrialHead } from './story-view.js';
import { type Entry, TapeParser } from './tape.js';
import { buildRows, type Filters, facets, mergePlanes, type Row } from './timeline.js';
import { mark, run, setOptions, showSignature, ui } from './ui.js';
import { drawDetail, drawRow } from './view.js';
import type { Story } from './viewer-run.js';
import { VirtualList } from './virtual.js';

/**
 * The replay viewer: opens on the run's story (handshake, probes, phases, trials), merges the
 * tapes into one timeline below it, and loads nothing until asked.
 */
const ROW_HEIGHT = 22;

interface ViewerState {
  entries: Entry[];
  rows: Row[];
  index: Map<string, number>;
  filters: Filters;
  selected: number | undefined;
  story: Story | undefined;
  /** The story came with the run (built from the published tapes); else it is told here. */
  storyGiven: boolean;
  title: string;
  search: SearchState;
}

const state: ViewerState = {
  entries: [],
  rows: [],
  index: new Map(),
  filters: { phase: '', task: '', errorsOnly: false, corr: '', grouping: 'corr', unfold: false },
  selected: undefined,
  story: undefined,
  storyGiven: false,
  title: '',
  search: { query: '', hits: [], more: 0, at: -1 },
};

const list = new VirtualList(ui.timeline, ui.spacer, ROW_HEIGHT, (el, i) =>
  drawRow(el, state.rows[i], state.entries, { selected: state.selected, focusCorr: state.filters.corr }),
);

function showStory(story: Story): void {
  state.story = story;
  drawStory(ui.story, story, state.title);
  mark('storyMs');
}

function refresh(): void {
  state.rows = buildRows(state.entries, state.filters);
  ui.corrBox.hidden = state.filters.corr === '';
  ui.corrId.textContent = state.filters.corr;
  ui.unfold.checked = state.filters.unfold === true;
  drawTrialHead(ui.trialHead, state.story, state.filters.corr);
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
    state.filters = { ...state.filters, phase: '', task: '', errorsOnly: false, corr: '', unfold: true };
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
  const q = hash.get('q');
  if (hash.get('only') === 'problems') {
    state.filters = { ...state.filters, errorsOnly: true, corr: '' };
    ui.errors.checked = true;
    refresh();
  }
  if (corr !== null) {
    state.filters = { ...state.filters, corr };
    refresh();
    const first = state.rows.findIndex((r) => 'entry' in r);
    const row = state.rows[first];
    if (row && 'entry' in row) select(row.entry);
    ui.trialHead.scrollIntoView({ block: 'nearest' });
  }
  if (line !== null) {
    const entry = state.index.get(line);
    if (entry === undefined) ui.status.textContent = `line ${line} is not in these tapes`;
    else select(entry);
  }
  if (q !== null) {
    ui.search.value = q;
    runSearch(q, 1);
  }
}

function runSearch(query: string, by: 1 | -1): void {
  if (query !== state.search.query) state.search = search(state.entries, query);
  const hit = step(state.search, by);
  ui.searchCount.textContent = describe(state.search);
  if (hit !== undefined) select(hit);
}

/** Lines parsed per plane before the first paint, and per slice after it. */
const FIRST_SLICE = 400;
const SLICE = 8000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function show(planes: Entry[][], complete: boolean): void {
  state.entries = mergePlanes(planes, complete);
  // Summaries painted before pairing could not yet say "no response".
  if (complete) for (const e of state.entries) e.summary = undefined;
  state.index = new Map(state.entries.map((e, i) => [`${e.plane}:${e.line}`, i]));
  state.selected = undefined;
  state.search = { query: '', hits: [], more: 0, at: -1 };
  if (!state.storyGiven && (complete || state.story === undefined)) showStory(buildStory(state.entries));
  if (complete) {
    const f = facets(state.entries);
    setOptions(ui.phase, f.phases);
    setOptions(ui.task, f.tasks);
  }
  refresh();
  mark('firstRenderMs');
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
async function showProgressively(tapes: readonly TapeText[]): Promise<void> {
  delete document.body.dataset.firstRenderMs;
  const parsers = tapes.map((t) => new TapeParser(t.text, t.plane));
  const planes = parsers.map((p) => p.next(FIRST_SLICE));
  show(
    planes,
    parsers.every((p) => p.done),
  );
  while (parsers.some((p) => !p.done)) {
    await nextTask();
    parsers.forEach((p, i) => {
      for (const e of p.next(SLICE)) planes[i]?.push(e);
    });
    const read = parsers.reduce((n, p) => n + p.progress, 0) / parsers.length;
    ui.status.textContent = `reading the tapes… ${Math.round(read * 100)}%`;
    if (parsers.every((p) => p.done)) show(planes, true);
  }
}

async function openRun(runId: string, compare: string | null): Promise<void> {
  const data = await loadRunData(runId, location.href);
  state.title = `${data.serverSlug} · ${data.runId} · ${data.outcome}`;
  ui.title.textContent = state.title;
  showSignature(data);
  state.storyGiven = data.story !== undefined;
  if (data.story) showStory(data.story);
  if (compare !== null) {
    const other = await loadRunData(compare, location.href);
    if (data.story && other.story)
      drawCompare(
        ui.compare,
        { title: data.runId, story: data.story },
        { title: other.runId, story: other.story },
      );
  }
  await showProgressively(await loadRunTapes(data, location.href));
}

function openTapes(load: () => Promise<TapeText[]>, title: string): void {
  state.title = title;
  ui.title.textContent = title;
  state.storyGiven = false;
  state.story = undefined;
  void run(async () => {
    showSignature(undefined);
    await showProgressively(await load());
  });
}

function start(): void {
  const params = new URLSearchParams(location.search);
  const runId = params.get('run');
  const tapes = params.getAll('tape');
  if (runId !== null) {
    void run(() => openRun(runId, params.get('compare')));
  } else if (tapes.length > 0) {
    const urls = tapes.map((t) => tapeUrl(t, location.href));
    if (urls.some((u) => u === undefined)) {
      ui.status.textContent = 'only http(s) tape URLs can be opened';
      return;
    }
    openTapes(() => loadUrls(urls.filter((u) => u !== undefined)), tapes.join(', '));
  } else {
    ui.status.textContent = 'Open a run from the board, give a tape URL, or drop a tape file.';
  }
}

function setFilter(change: Partial<Filters>): void {
  state.filters = { ...state.filters, ...change };
  refresh();
}

function bind(): void {
  ui.phase.addEventListener('change', () => setFilter({ phase: ui.phase.value }));
  ui.task.addEventListener('change', () => setFilter({ task: ui.task.value }));
  ui.errors.addEventListener('change', () => setFilter({ errorsOnly: ui.errors.checked }));
  ui.unfold.addEventListener('change', () => setFilter({ unfold: ui.unfold.checked }));
  ui.grouping.addEventListener('change', () =>
    setFilter({ grouping: ui.grouping.value === 'time' ? 'time' : 'corr' }),
  );
  ui.corrClear.addEventListener('click', () => {
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    setFilter({ corr: '' });
  });
  ui.searchForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    runSearch(ui.search.value, 1);
  });
  ui.searchPrev.addEventListener('click', () => runSearch(ui.search.value, -1));
  ui.timeline.addEventListener('click', (ev) => {
    const target = ev.target instanceof Element ? ev.target.closest<HTMLElement>('.row') : null;
    if (target?.dataset.fold !== undefined) {
      const entry = Number(target.dataset.fold);
      setFilter({ unfold: true });
      list.scrollTo(Math.max(0, rowOf(entry)));
      return;
    }
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
    openTapes(() => loadUrls([url]), url.href);
  });
  const openFiles = (files: FileList | null) => {
    const chosen = files ? Array.from(files) : [];
    if (chosen.length > 0) openTapes(() => loadFiles(chosen), chosen.map((f) => f.name).join(', '));
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
