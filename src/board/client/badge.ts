import { showCustody } from './custody-badge.js';
import { loadRunData } from './load.js';

/**
 * The record page's entry: checks the run's custody in this browser and shows it beside the run's
 * identity. The run data file only gives hints (the files published, the record's signer); the
 * verdict comes from the signed bytes themselves.
 */
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
  );
}

void start();
