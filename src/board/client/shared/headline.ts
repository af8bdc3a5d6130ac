import { fieldText, requiredFields } from '../../record-fields.js';
import type { Verdict } from './custody.js';
import type { Bytes } from './custody-parse.js';

/**
 * The badge covers what it sits beside: once the run's files verify, the record page's headline
 * (every element marked with the record field it shows, record-fields.ts) is compared with the
 * verified record.json, printed by the same function the page builder used. Any difference, a
 * marked field the record does not carry, or a headline field the page no longer marks turns the
 * verdict to tampered, naming the field and both texts. Pure: the page's elements come in as text.
 *
 * The record is not validated against the whole RunRecord schema here (its bytes are the signed
 * ones, and the build validated it); each value read is checked for its kind before it is printed.
 */

/** One marked element: the field it names and the text it shows. */
export interface Shown {
  field: string;
  text: string;
}

/** What a page shows of its record, for the badge beside it. */
export interface Headline {
  shown: () => Shown[];
  /**
   * The record's own page: it shows every headline field its record carries, and its run must have
   * a signed record.json. The viewer is not: it shows three fields, and a rerun it replays has none.
   */
  complete: boolean;
}

/** Text as a reader sees it: runs of whitespace are one space (the page wraps lines freely). */
const seen = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A quoted text for the badge, clipped so one long explanation cannot fill it. */
function quoted(text: string): string {
  const one = seen(text);
  return JSON.stringify(one.length > 80 ? `${one.slice(0, 79)}…` : one);
}

function parsed(bytes: Bytes): unknown {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value;
  } catch {
    return undefined;
  }
}

/** What the page shows against what the verified record says: one line per difference. */
export function headlineProblems(
  record: Bytes | undefined,
  shown: readonly Shown[],
  complete = true,
): string[] {
  if (record === undefined)
    return complete
      ? ['record.json is not among the files the signature covers, so nothing vouches for the page’s numbers']
      : [];
  const value = parsed(record);
  if (value === undefined) return ['record.json: the signed record is not JSON'];
  const problems: string[] = [];
  for (const s of shown) {
    const want = fieldText(value, s.field);
    if ('problem' in want) problems.push(`page shows ${quoted(s.text)} for ${s.field}; ${want.problem}`);
    else if (seen(s.text) !== seen(want.text))
      problems.push(
        `page shows ${quoted(s.text)} for ${s.field}; the signed record says ${quoted(want.text)}`,
      );
  }
  const marked = new Set(shown.map((s) => s.field));
  for (const field of complete ? requiredFields(value) : []) {
    const want = fieldText(value, field);
    if (!marked.has(field) && 'text' in want)
      problems.push(`page does not show ${field}; the signed record says ${quoted(want.text)}`);
  }
  return problems;
}

/** A verdict whose files hold stays so only when the page's headline agrees with the record. */
export function withHeadline(verdict: Verdict, record: Bytes | undefined, headline: Headline): Verdict {
  if (verdict.state !== 'verified' && verdict.state !== 'unpublished-key') return verdict;
  const problems = headlineProblems(record, headline.shown(), headline.complete);
  return problems.length === 0 ? verdict : { state: 'tampered', culprit: 'page', problems };
}
