import type { ExplorationLedger, ExplorationTool, RunRecord } from '../../record/index.js';
import { count } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { facts } from './facts.js';

const BASIS_WORDS: Readonly<Record<ExplorationTool['basis'], string>> = {
  declared: 'declared read-only',
  asserted: 'asserted read-only (--read-only)',
  inferred: 'inferred read-only',
  'allow-destructive': 'explored: --allow-destructive',
  none: 'not explorable',
};

/** One tool's basis as a chip, its reason in the title. */
export function basisChip(tool: ExplorationTool): SafeHtml {
  const cls = tool.explorable ? 'chip' : 'chip not-recorded';
  const words =
    tool.basis === 'inferred' && tool.basisReason === 'computes'
      ? 'inferred read-only: computes'
      : BASIS_WORDS[tool.basis];
  return html`<span class="${cls}" title="${tool.basisDetail}">${words}</span>`;
}

function policyLine(ledger: ExplorationLedger): SafeHtml {
  const p = ledger.policy;
  const asserted =
    p.asserted.length > 0 ? html`; asserted read-only: <code>${p.asserted.join(', ')}</code>` : '';
  const unknown =
    ledger.unknownAssertions.length > 0
      ? html` (not on the surface: <code>${ledger.unknownAssertions.join(', ')}</code>)`
      : '';
  return html`inference ${p.infer ? 'on' : 'off (--no-infer-read-only)'}; destructive tools ${p.allowDestructive ? 'allowed' : 'not allowed'}${asserted}${unknown}<div class="small">${p.rule}</div>`;
}

function givenLine(ledger: ExplorationLedger): SafeHtml {
  if (ledger.given.length === 0) return html`none`;
  return html`${ledger.given.map(
    (g, i) =>
      html`${i > 0 ? '; ' : ''}<code>${g.name}</code> = <code>${g.value}</code> <span class="small">(${g.origin}, ${g.source})</span>`,
  )}`;
}

/**
 * What explore/2 did with every tool, as the record carries it: the policy's basis, calls, errors,
 * results set aside, candidates produced and proposed, and why a tool produced none.
 */
export function explorationLedger(record: RunRecord): SafeHtml {
  const ledger = record.exploration;
  if (ledger === undefined) {
    return html`<p class="missing">No exploration ledger: this record's generator (${generatorText(record)}) did not keep one.</p>`;
  }
  const explorable = ledger.tools.filter((t) => t.explorable).length;
  return html`${facts([
    ['explorable tools', html`<strong>${count(explorable)} of ${count(ledger.tools.length)}</strong>`],
    ['policy', policyLine(ledger)],
    ['given context', givenLine(ledger)],
    [
      'calls',
      html`${count(ledger.calls)} of at most ${count(ledger.maxCalls)}${ledger.budgetExhausted ? html` <strong>(budget exhausted)</strong>` : ''}`,
    ],
    [
      'candidates',
      html`${count(ledger.produced)} produced, ${count(ledger.proposed)} proposed of ${count(ledger.asked)} asked`,
    ],
  ])}
<table class="ledger"><thead><tr><th>tool</th><th>basis</th><th>calls</th><th>errors</th><th>set aside</th><th>candidates</th><th>proposed</th><th>why none</th></tr></thead><tbody>${ledger.tools.map(
    (t) =>
      html`<tr><td><code>${t.tool}</code></td><td>${basisChip(t)}</td><td>${count(t.calls)}</td><td>${count(t.errors)}</td><td>${count(t.discarded)}</td><td>${count(t.candidates)}</td><td>${count(t.proposed)}</td><td class="small">${t.skipped ?? ''}</td></tr>`,
  )}</tbody></table>`;
}

function generatorText(record: RunRecord): string {
  const g = record.identity.generator;
  return 'name' in g && typeof g.name === 'string' ? `${g.name}/${g.version}` : 'not recorded';
}

/** "explorable 10 of 14" with the bases in its title, for the row's chips. */
export function explorableChip(record: RunRecord): SafeHtml {
  const ledger = record.exploration;
  if (ledger === undefined) return html``;
  const by = (basis: ExplorationTool['basis']) => ledger.tools.filter((t) => t.basis === basis).length;
  const title = `declared ${by('declared')}, asserted ${by('asserted')}, inferred ${by('inferred')}, allow-destructive ${by('allow-destructive')}, not explorable ${by('none')}`;
  const explorable = ledger.tools.filter((t) => t.explorable).length;
  return html`<span class="chip" title="explorable tools: ${title}">explorable ${count(explorable)} of ${count(ledger.tools.length)}</span>`;
}
