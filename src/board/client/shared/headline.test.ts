import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureFleet } from '../../../../test/support/board/fleet.js';
import { parseRecord, type RunRecord, serializeRecord } from '../../../record/index.js';
import { buildBoard } from '../../model.js';
import { recordPage } from '../../pages/record/page.js';
import { fieldText } from '../../record-fields.js';
import { headlineProblems, type Shown, withHeadline } from './headline.js';

/**
 * The headline check on record pages built by the page builder: every marked element of an
 * untouched page agrees with the record's published JSON (every outcome family, and v1 records read
 * unmigrated), and an edited number, a lost mark or a mark on another field is named.
 */
const FIXTURES = new URL('../../../record/fixtures/', import.meta.url);
const decoded = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#96;/g, '`')
    .replace(/&amp;/g, '&');

function marks(page: string): Shown[] {
  return [...page.matchAll(/<span data-record-field="([^"]*)">([^<]*)<\/span>/g)].map((m) => ({
    field: m[1] ?? '',
    text: decoded(m[2] ?? ''),
  }));
}

function pageOf(record: RunRecord): string {
  const row = buildBoard([record])
    .flatMap((g) => g.rows)
    .find((r) => r.record.runId === record.runId);
  return recordPage({ record, row, published: undefined, groupName: (id) => id });
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** Each fixture record as published (its JSON as written) with the page built from it. */
const published: { name: string; json: string; page: string }[] = [
  ...readdirSync(FIXTURES)
    .filter((n) => n.endsWith('.json'))
    .map((name) => {
      const json = readFileSync(new URL(name, FIXTURES), 'utf8');
      return { name, json, page: pageOf(parseRecord(json, name)) };
    }),
  ...fixtureFleet().map((r) => ({ name: r.runId, json: serializeRecord(r), page: pageOf(r) })),
];

const scored = published.find((p) => p.name === 'v2-scored.json');
if (!scored) throw new Error('no v2-scored fixture');

describe('the record page headline against its signed record', () => {
  it.each(published.map((p) => [p.name, p] as const))('agrees on an untouched page: %s', (_, p) => {
    const shown = marks(p.page);
    expect(shown.map((s) => s.field)).toContain('outcome');
    expect(headlineProblems(bytes(p.json), shown)).toEqual([]);
  });

  it('marks the score and the deciding sentence of a scored page', () => {
    const fields = marks(scored.page).map((s) => s.field);
    for (const f of [
      'score.firstTry.wilson.point',
      'score.firstTry.wilson.lower',
      'gates.5.k',
      'gates.7.tNull',
    ])
      expect(fields).toContain(f);
  });

  it('names the field and both texts when a headline number was edited', () => {
    const shown = marks(scored.page).map((s) =>
      s.field === 'score.firstTry.wilson.point' ? { ...s, text: '95.8%' } : s,
    );
    expect(headlineProblems(bytes(scored.json), shown)).toEqual([
      'page shows "95.8%" for score.firstTry.wilson.point; the signed record says "91.7%"',
    ]);
  });

  it('names a headline field the page no longer marks, and a mark on a field it does not show', () => {
    const shown = marks(scored.page).filter((s) => s.field !== 'score.firstTry.k');
    expect(headlineProblems(bytes(scored.json), [...shown, { field: 'cost.total', text: '$0' }])).toEqual([
      'page shows "$0" for cost.total; cost.total is not a field a record page shows',
      'page does not show score.firstTry.k; the signed record says "44"',
    ]);
    expect(fieldText(JSON.parse(scored.json), 'gates.99.k')).toEqual({
      problem: 'the record carries no count at gates.99.k',
    });
  });

  it('turns a verified verdict to tampered, and leaves other verdicts alone', () => {
    const verified = { state: 'verified' as const, keyid: 'ed25519:x', files: 7 };
    const refused = published.find((p) => p.name === 'v2-gate-failed-construct.json');
    if (!refused) throw new Error('no v2-gate-failed-construct fixture');
    const edited = marks(refused.page).map((s) => (s.field === 'outcome' ? { ...s, text: 'SCORED' } : s));
    expect(withHeadline(verified, bytes(refused.json), { shown: () => edited, complete: true })).toEqual({
      state: 'tampered',
      culprit: 'page',
      problems: ['page shows "SCORED" for outcome; the signed record says "GATE_FAILED"'],
    });
    expect(
      withHeadline(verified, bytes(scored.json), { shown: () => marks(scored.page), complete: true }),
    ).toBe(verified);
    expect(withHeadline(verified, undefined, { shown: () => [], complete: true })).toMatchObject({
      state: 'tampered',
    });
    const unsigned = { state: 'unsigned' as const, reason: 'no key' };
    expect(withHeadline(unsigned, undefined, { shown: () => edited, complete: true })).toBe(unsigned);
  });
});

describe('the viewer title against its signed record', () => {
  const title = (outcome: string): Shown[] => [
    { field: 'identity.serverSlug', text: 'acme-notes' },
    { field: 'runId', text: 'acme-notes-20261101T120000Z' },
    { field: 'outcome', text: outcome },
  ];

  it('checks the three fields it shows, and asks for no others', () => {
    expect(headlineProblems(bytes(scored.json), title('SCORED'), false)).toEqual([]);
    expect(headlineProblems(bytes(scored.json), title('GATE_FAILED'), false)).toEqual([
      'page shows "GATE_FAILED" for outcome; the signed record says "SCORED"',
    ]);
  });

  it('has nothing to compare for a run with no signed record.json (a rerun)', () => {
    expect(headlineProblems(undefined, title('rerun SCORED'), false)).toEqual([]);
  });
});
