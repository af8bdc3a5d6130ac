import { conformanceText } from '../../conformance/text.js';
import type { RunRecord } from '../../record/index.js';
import { html, type SafeHtml } from '../html.js';
import type { BoardRow } from '../model.js';

/**
 * The official conformance suite's result, in its own column: never folded into hygiene, gates or
 * the score. Failed applicable checks are named (the suite's ids, escaped like every string).
 */
export function conformanceCell(record: RunRecord): SafeHtml {
  const block = record.conformance;
  if (!block) return html`<span class="missing">not run for this record</span>`;
  const version = block.suite
    ? html`<div class="small">${block.suite.name} ${block.suite.version}${block.via === 'stdio-bridge' ? ' via a loopback bridge' : ''}</div>`
    : '';
  if (!block.ran) return html`<div class="unknown">${conformanceText(block)}</div>${version}`;
  const failed = block.checks.filter((c) => c.applicable && c.status === 'FAILURE');
  return html`<div>${conformanceText(block).replace(/^conformance: /, '')}</div>${version}${
    failed.length > 0
      ? html`<div>${failed.map((c) => html`<span class="fault-chip" title="${c.message ?? c.status}">${c.id}</span>`)}</div>`
      : ''
  }`;
}

const FIELD = { version: 'reported version', package: 'package', surface: 'tool surface digest' } as const;

/** "Drift": where this attempt's server differs from its other attempts (shown on the row). */
export function driftNote(row: BoardRow): SafeHtml {
  if (!row.drift || row.drift.length === 0) return html``;
  return html`<div class="drift fault">drift between attempts: ${row.drift.map(
    (d, i) =>
      html`${i > 0 ? '; ' : ''}${FIELD[d.field]} ${d.field === 'surface' ? d.value.slice(0, 12) : d.value} here, ${d.others.map(
        (o, j) =>
          html`${j > 0 ? ', ' : ''}${d.field === 'surface' ? o.value.slice(0, 12) : o.value} in attempt ${o.attempt}`,
      )}`,
  )}</div>`;
}
