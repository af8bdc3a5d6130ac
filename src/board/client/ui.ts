import { showCustody } from './custody-badge.js';
import type { RunData } from './load.js';

/** The viewer page's elements (see pages/viewer.ts), looked up once. */
function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`viewer page is missing #${id}`);
  return el as T;
}

export const ui = {
  title: byId<HTMLElement>('viewer-title'),
  signature: byId<HTMLElement>('signature'),
  story: byId<HTMLElement>('story'),
  compare: byId<HTMLElement>('compare'),
  trialHead: byId<HTMLElement>('trial-head'),
  status: byId<HTMLElement>('counts'),
  phase: byId<HTMLSelectElement>('f-phase'),
  task: byId<HTMLSelectElement>('f-task'),
  errors: byId<HTMLInputElement>('f-errors'),
  grouping: byId<HTMLSelectElement>('f-group'),
  unfold: byId<HTMLInputElement>('f-unfold'),
  corrBox: byId<HTMLElement>('f-corr'),
  corrId: byId<HTMLElement>('f-corr-id'),
  corrClear: byId<HTMLButtonElement>('f-corr-clear'),
  searchForm: byId<HTMLFormElement>('search-form'),
  search: byId<HTMLInputElement>('search'),
  searchCount: byId<HTMLElement>('search-count'),
  searchPrev: byId<HTMLButtonElement>('search-prev'),
  timeline: byId<HTMLElement>('timeline'),
  spacer: byId<HTMLElement>('spacer'),
  detail: byId<HTMLElement>('detail'),
  urlForm: byId<HTMLFormElement>('open-url'),
  urlInput: byId<HTMLInputElement>('tape-url'),
  drop: byId<HTMLElement>('dropzone'),
  file: byId<HTMLInputElement>('tape-file'),
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
  void showCustody(ui.signature, new URL('.', location.href).href, data.runId, hints);
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
