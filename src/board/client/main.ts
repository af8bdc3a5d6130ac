import { drawCompare } from './compare.js';
import { loadFiles, loadRunData, loadRunTapes, loadUrls, tapeUrl } from './load.js';
import type { Entry } from './shared/entries.js';
import type { Filters } from './shared/timeline.js';
import type { Story } from './shared/viewer-run.js';
import {
  filter,
  hashLink,
  newState,
  Reading,
  rowOf,
  searchStep,
  selectEntry,
  showPlanes,
  statusOf,
  type TapeText,
} from './shared/viewer-state.js';
import { drawStory, drawTrialHead } from './story-view.js';
import { mark, run, setOptions, showSignature, ui } from './ui.js';
import { drawDetail, drawRow } from './view.js';
import { VirtualList } from './virtual.js';

/**
 * The replay viewer's page: opens on the run's story (handshake, probes, phases), merges the tapes
 * into one timeline below it, and loads nothing until asked. The state and what changes it are
 * shared/viewer-state.ts; this file draws it and binds the page's controls.
 */
const ROW_HEIGHT = 22;

const state = newState();

const list = new VirtualList(ui.timeline, ui.spacer, ROW_HEIGHT, (el, i) =>
  drawRow(el, state.rows[i], state.entries, { selected: state.selected, focusCorr: state.filters.corr }),
);

function showStory(story: Story): void {
  state.story = story;
  drawStory(ui.story, story, state.title);
  mark('storyMs');
}

/** Draws the rows the filters leave, and the controls that say what they are. */
function refresh(): void {
  ui.corrBox.hidden = state.filters.corr === '';
  ui.corrId.textContent = state.filters.corr;
  ui.unfold.checked = state.filters.unfold === true;
  drawTrialHead(ui.trialHead, state.story, state.filters.corr);
  ui.status.textContent = statusOf(state);
  list.setCount(state.rows.length);
}

function select(entry: number): void {
  const { row, cleared } = selectEntry(state, entry);
  if (cleared) {
    ui.phase.value = '';
    ui.task.value = '';
    ui.errors.checked = false;
    refresh();
  }
  drawDetail(ui.detail, state.entries, entry, select);
  list.scrollTo(Math.max(0, row));
}

function applyHash(): void {
  const link = hashLink(location.hash);
  if (link.problems) {
    filter(state, { errorsOnly: true, corr: '' });
    ui.errors.checked = true;
    refresh();
  }
  if (link.corr !== null) {
    filter(state, { corr: link.corr });
    refresh();
    const row = state.rows.find((r) => 'entry' in r);
    if (row && 'entry' in row) select(row.entry);
    ui.trialHead.scrollIntoView({ block: 'nearest' });
  }
  if (link.line !== null) {
    const entry = state.index.get(link.line);
    if (entry === undefined) ui.status.textContent = `line ${link.line} is not in these tapes`;
    else select(entry);
  }
  if (link.q !== null) {
    ui.search.value = link.q;
    runSearch(link.q, 1);
  }
}

function runSearch(query: string, by: 1 | -1): void {
  const { hit, text } = searchStep(state, query, by);
  ui.searchCount.textContent = text;
  if (hit !== undefined) select(hit);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function show(planes: Entry[][], complete: boolean): void {
  const shown = showPlanes(state, planes, complete);
  if (shown.story) showStory(shown.story);
  if (shown.facets) {
    setOptions(ui.phase, shown.facets.phases);
    setOptions(ui.task, shown.facets.tasks);
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
  const reading = new Reading(tapes);
  show(reading.planes, reading.done);
  while (!reading.done) {
    await nextTask();
    reading.more();
    ui.status.textContent = `reading the tapes… ${Math.round(reading.progress * 100)}%`;
    if (reading.done) show(reading.planes, true);
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
  filter(state, change);
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
      list.scrollTo(Math.max(0, rowOf(state, entry)));
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
