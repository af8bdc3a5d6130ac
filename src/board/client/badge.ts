import { FIELD_ATTRIBUTE } from '../record-fields.js';
import { showCustody } from './custody-badge.js';
import { loadRunData } from './load.js';
import type { Shown } from './shared/headline.js';

/**
 * The record page's entry: checks the run's custody in this browser and shows it beside the run's
 * identity, covering the page's headline numbers too. The run data file only gives hints (the files
 * published, the record's signer); the verdict comes from the signed bytes themselves.
 */
function headline(): Shown[] {
  return Array.from(document.querySelectorAll(`[${FIELD_ATTRIBUTE}]`), (el) => ({
    field: el.getAttribute(FIELD_ATTRIBUTE) ?? '',
    text: el.textContent ?? '',
  }));
}

async function start(): Promise<void> {
  const el = document.getElementById('custody');
  const runId = el?.dataset.run;
  if (!el || runId === undefined) return;
  const root = new URL(el.dataset.root ?? '', location.href).href;
  const data = await loadRunData(runId, root).catch(() => undefined);
  await showCustody(
    el,
    root,
    runId,
    data ? { published: data.files, ...(data.signer ? { signer: data.signer } : {}) } : {},
    { shown: headline, complete: true },
  );
}

void start();
