import type { RecordField } from '../record-fields.js';
import { showCustody } from './custody-badge.js';
import type { RunData } from './shared/viewer-run.js';

/** The viewer page's elements (see pages/viewer.ts), looked up once. */
function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`viewer page is missing #${id}`);
  if (!(el instanceof type)) throw new Error(`viewer page's #${id} is not a ${type.name}`);
  return el;
}

export const ui = {
  title: byId('viewer-title', HTMLElement),
  signature: byId('signature', HTMLElement),
  story: byId('story', HTMLElement),
  compare: byId('compare', HTMLElement),
  trialHead: byId('trial-head', HTMLElement),
  status: byId('counts', HTMLElement),
  phase: byId('f-phase', HTMLSelectElement),
  task: byId('f-task', HTMLSelectElement),
  errors: byId('f-errors', HTMLInputElement),
  grouping: byId('f-group', HTMLSelectElement),
  unfold: byId('f-unfold', HTMLInputElement),
  corrBox: byId('f-corr', HTMLElement),
  corrId: byId('f-corr-id', HTMLElement),
  corrClear: byId('f-corr-clear', HTMLButtonElement),
  searchForm: byId('search-form', HTMLFormElement),
  search: byId('search', HTMLInputElement),
  searchCount: byId('search-count', HTMLElement),
  searchPrev: byId('search-prev', HTMLButtonElement),
  timeline: byId('timeline', HTMLElement),
  spacer: byId('spacer', HTMLElement),
  detail: byId('detail', HTMLElement),
  urlForm: byId('open-url', HTMLFormElement),
  urlInput: byId('tape-url', HTMLInputElement),
  drop: byId('dropzone', HTMLElement),
  file: byId('tape-file', HTMLInputElement),
};

export function setOptions(select: HTMLSelectElement, values: readonly string[]): void {
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

/** Marks a moment on the body for tests and the bench (first story, first rows, all read). */
export function mark(name: 'storyMs' | 'firstRenderMs' | 'readyMs'): void {
  if (document.body.dataset[name] !== undefined) return;
  requestAnimationFrame(() => {
    document.body.dataset[name] = String(Math.round(performance.now()));
  });
}

/** The run's custody, checked in this browser (never the site build's own result). */
export function showSignature(data: RunData | undefined): void {
  ui.signature.className = 'signature';
  if (!data) {
    delete ui.signature.dataset.custody;
    ui.signature.textContent = 'opened directly: no run signature to check';
    return;
  }
  const hints = { published: data.files, ...(data.signer ? { signer: data.signer } : {}) };
  // The viewer's title shows the run's server, id and outcome from the site's data file: checked too.
  const title: [RecordField, string][] = [
    ['identity.serverSlug', data.serverSlug],
    ['runId', data.runId],
    ['outcome', data.outcome],
  ];
  const shown = () => title.map(([field, text]) => ({ field, text }));
  void showCustody(ui.signature, new URL('.', location.href).href, data.runId, hints, {
    shown,
    complete: false,
  });
}

export async function run(task: () => Promise<void>): Promise<void> {
  document.body.dataset.state = 'loading';
  ui.status.textContent = 'loading…';
  try {
    await task();
  } catch (err) {
    document.body.dataset.state = 'error';
    ui.status.textContent = `could not load: ${err instanceof Error ? err.message : String(err)}`;
  }
}
