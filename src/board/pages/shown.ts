import { FitnessError } from '../../core/errors.js';
import type { GateRecord, RunRecord } from '../../record/index.js';
import { html, type SafeHtml } from '../html.js';
import { FIELD_ATTRIBUTE, fieldText, type GateField, type RecordField } from '../record-fields.js';

/**
 * A headline field of the record, printed as record-fields.ts prints it and marked with the field
 * it shows, so the record page's badge can read the same field from the verified record.json and
 * compare. A page asks only for a field the record carries; one it lacks is a bug in the page.
 */
function marked(record: RunRecord, field: string): SafeHtml {
  const t = fieldText(record, field);
  if ('problem' in t) throw new FitnessError('BOARD_RENDER', `${record.runId}: ${t.problem}`);
  return html`<span ${FIELD_ATTRIBUTE}="${field}">${t.text}</span>`;
}

export function shown(record: RunRecord, field: RecordField): SafeHtml {
  return marked(record, field);
}

/** One of a gate's fields (`gates.<its index>.<field>`); `g` is an entry of `record.gates`. */
export function gateShown(record: RunRecord, g: GateRecord, field: GateField): SafeHtml {
  return marked(record, `gates.${record.gates.indexOf(g)}.${field}`);
}
