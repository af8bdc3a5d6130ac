import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../../../test/support/board/page-text.js';
import { fixtureRecord } from '../../../../test/support/board/records.js';
import { HOSTILE } from '../../../../test/support/board/runs.js';
import { parseRecord, type RunRecord } from '../../../record/index.js';
import { LIMITATIONS } from '../../../record/migrate.js';
import { buildBoard } from '../../model.js';
import { methodsPage } from '../methods.js';
import { recordPage } from './page.js';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00Z`;

function render(record: RunRecord, others: RunRecord[] = []): string {
  const groups = buildBoard([record, ...others]);
  // A record page reads its own run's place among its server's attempts (as the site does).
  const row = groups.flatMap((g) => g.runs).find((r) => r.record.runId === record.runId);
  return recordPage({ record, row, published: undefined, groupName: (id) => id });
}

describe('run record page', () => {
  it('opens on the deciding comparison, then the audit trail, then method notes', () => {
    const r = fixtureRecord('scored', { slug: 'good', startedAt: at(1), firstTry: 46 });
    const page = render(r);
    const order = [
      'id="deciding"',
      'id="gates"',
      'id="extensions"',
      'id="probes"',
      'id="tools"',
      'id="cost"',
      'id="identity"',
      'id="lineage"',
      'id="prereg"',
      'id="files"',
      'id="notes"',
    ];
    const positions = order.map((id) => page.indexOf(id));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(pageText(page)).toContain(
      'first-try success 46 of 48 trials = 95.8% , 95% interval 79.8% to 99.3%, clustered by task (24.0 effective observations from 16 tasks; why ); plain Wilson over trials as if independent, the thin line: 86.0% to 98.8%',
    );
  });

  it('says a record made before the clustered interval has only the plain one', () => {
    const r = fixtureRecord('scored', { slug: 'good', startedAt: at(1), firstTry: 46 });
    const score = r.score;
    if (!score) throw new Error('the scored fixture has no score');
    const { clustered: _first, ...firstTry } = score.firstTry;
    const { clustered: _eventual, ...eventual } = score.eventual;
    const page = pageText(render({ ...r, score: { ...score, firstTry, eventual } }));
    expect(page).toContain(
      'Wilson 95% interval 86.0% to 98.8%. 16 tasks × 3 reps; interval not clustered: recorded before this method .',
    );
  });

  it('prints the tokens and cost per completed task, or why no task was completed', () => {
    const r = fixtureRecord('scored', { slug: 'good', startedAt: at(1), firstTry: 46 });
    const score = r.score;
    if (!score) throw new Error('the scored fixture has no score');
    const per = (perCompletedTask: typeof score.perCompletedTask) =>
      pageText(render({ ...r, score: { ...score, perCompletedTask } }));
    expect(pageText(render(r))).toContain(
      '16 completed tasks; 330 tokens and no figure: no price table was available per completed task',
    );
    const money = (kind: 'total' | 'floor') => ({ kind, usd: 0.0123, reasons: [] });
    expect(per({ completedTasks: 2, tokens: 10.4, cost: money('total') })).toContain(
      '2 completed tasks; 10 tokens and $0.01 (measured) per completed task',
    );
    expect(per({ completedTasks: 2, tokens: 10, cost: money('floor') })).toContain(
      'tokens and at least $0.01 per completed task',
    );
    expect(per({ completedTasks: 0, why: 'no task passed on any rep' })).toContain(
      'none: no task passed on any rep',
    );
  });

  it('lists every gate in decision order, the null gate at each of its decision points', () => {
    const page = pageText(render(fixtureRecord('scored', { slug: 'good', startedAt: at(1) })));
    const points = [
      'structural',
      'answer_leak',
      'suite_size',
      'plan_power',
      'null_baseline:ceiling',
      'construct',
      'null_baseline:reference',
      'null_baseline:first_try',
    ];
    // Each gate's ledger heading, `construct (paid)`: real explain texts say "construct trials" too.
    const found = points.map((p) => page.indexOf(` ${p} (`));
    expect(found.every((i) => i >= 0)).toBe(true);
    expect(found).toEqual([...found].sort((a, b) => a - b));
  });

  it('links each probe finding to its tape lines in the viewer', () => {
    const r = fixtureRecord('scored', { slug: 'good', startedAt: at(1) });
    const page = render(r);
    expect(page).toContain(`href="../viewer.html?run=${r.runId}#line=wire%3A6"`);
    expect(page).toContain(`href="../viewer.html?run=${r.runId}#line=wire%3A7"`);
    expect(pageText(page)).toContain('origin-check : could not check');
  });

  it('prints the extension ledger in tasks and trials', () => {
    const page = pageText(render(fixtureRecord('construct-unresolved', { slug: 'w', startedAt: at(1) })));
    expect(page).toContain(
      'At the registered size: 16 tasks, 48 trials; 42 of 48 passed, 0 oracle errors; verdict EXTEND',
    );
    expect(page).toContain(
      'Batch 2: +6 tasks, +18 trials; pool 57 of 66 passed, 0 oracle errors → 73 of 84 passed, 0 oracle errors; verdict EXTEND',
    );
  });

  it('shows its own notes and how many standing notes it also carries, with a link', () => {
    const r = fixtureRecord('scored', { slug: 'good', startedAt: at(1) });
    const page = render(r);
    expect(pageText(page)).toContain('This run registered 16 tasks.');
    expect(pageText(page)).toContain('It also carries 2 standing notes');
    expect(pageText(page)).not.toContain('Gates run cheapest first and stop at the first refusal.');
    expect(page).toContain('href="../methods.html#notes-explore-1"');
  });

  it('reads a v1 record as not recorded, never as an assumed value', () => {
    const r = parseRecord(
      readFileSync(new URL('../../../record/fixtures/v1-extend-exhausted.json', import.meta.url), 'utf8'),
      'v1',
    );
    const page = pageText(render(r));
    expect(page).toContain(LIMITATIONS.extensionProtocol);
    expect(page).toContain(LIMITATIONS.screen);
    expect(page).toContain('migrated from fitness-report.run/1 on read');
    expect(page).toContain('generator generator not recorded');
  });

  it('names the support each construct decision used, with both numbers of it', () => {
    const scored = pageText(render(fixtureRecord('scored', { slug: 'good', startedAt: at(1) })));
    expect(scored).toMatch(/PASS on the Wilson 95% lower bound \d+\.\d% ≥ the threshold 90\.0%/);
    const failed = render(fixtureRecord('construct-unresolved', { slug: 'w', startedAt: at(1) }));
    expect(failed).toContain('data-support="unresolved"');
    expect(pageText(failed)).toContain('neither PASS nor FAIL: the p-value P(X ≤ 73)');
  });

  it('lists every rejected and screen-deleted candidate with its rule, folding past the first few', () => {
    const page = render(fixtureRecord('scored', { slug: 'good', startedAt: at(1) }));
    const t = pageText(page);
    expect(t).toContain('Rejected by admission (20)');
    expect(t).toContain('c1 : rule plan-failed — fixture rejection');
    expect(t).toContain('15 more rejected candidates');
    expect(t).toContain('c20 : rule duplicate');
  });

  it('explains a v1 extend_exhausted from its own fields, with the reason it carries', () => {
    const r = parseRecord(
      readFileSync(new URL('../../../record/fixtures/v1-extend-exhausted.json', import.meta.url), 'utf8'),
      'v1',
    );
    const page = pageText(render(r));
    expect(page).toContain('reason extend_exhausted ');
    expect(page).not.toContain('extend_exhausted_zero_policy');
    expect(page).toContain("the gate's policy is not recorded and reads as 0 extensions");
    expect(page).toContain('the gate carries no extension ledger');
    expect(page).toContain('the record cannot tell the two apart');
  });

  it('names other runs of the same server as separate attempts', () => {
    const a = fixtureRecord('scored', { slug: 'srv', startedAt: at(1) });
    const b = fixtureRecord('null-kill', { slug: 'srv', startedAt: at(2) });
    const page = render(a, [b]);
    expect(page).toContain(`href="../records/${b.runId}.html"`);
    expect(pageText(page)).toContain('attempt 1 of 2');
  });

  it('keeps hostile strings inert', () => {
    const page = render(fixtureRecord('scored', { slug: 'evil', startedAt: at(1), hostile: HOSTILE }));
    expect(page).not.toContain('<script id="pwned-script"');
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('href="javascript:');
  });
});

describe('methods page', () => {
  it('publishes each standing note once per generator and the registered thresholds as recorded', () => {
    const records = [
      fixtureRecord('scored', { slug: 'a', startedAt: at(1) }),
      fixtureRecord('scored', { slug: 'b', startedAt: at(2) }),
      fixtureRecord('thin-surface', {
        slug: 'c',
        startedAt: at(3),
        generator: { name: 'judge', version: '1' },
      }),
    ];
    const page = methodsPage(records);
    const t = pageText(page);
    expect(t.split('Gates run cheapest first and stop at the first refusal.').length - 1).toBe(2);
    expect(t).toContain('gate-rules (carried by 2 of 2 runs)');
    expect(page).toContain('id="notes-explore-1"');
    expect(page).toContain('id="notes-judge-1"');
    expect(t).toContain('Registration 1 (3 runs)');
    expect(t).toContain('construct threshold 0.9');
    expect(t).toContain('null ratio / percentile 0.5 / 95');
    for (const id of [
      'family-null',
      'family-surface',
      'family-screen',
      'family-construct',
      'family-compromised',
      'family-extend',
      'family-void',
      'not-in-numbers',
    ]) {
      expect(page).toContain(`id="${id}"`);
    }
  });

  it('an explore/1 record stays readable, and says it carries no exploration ledger', () => {
    const record = parseRecord(
      readFileSync(new URL('../../../record/fixtures/v2-insufficient-surface.json', import.meta.url), 'utf8'),
      'v2-insufficient-surface.json',
    );
    expect(record.identity.generator).toEqual({ name: 'explore', version: '1' });
    expect(pageText(render(record))).toContain(
      "No exploration ledger: this record's generator (explore/1) did not keep one.",
    );
  });

  it("shows an explore/2 record's ledger: each tool's basis, calls, candidates and why none", () => {
    const base = fixtureRecord('thin-surface', { slug: 'tables', startedAt: at(3) });
    const candidates = base.suite?.candidates ?? 0;
    const tools = [
      {
        tool: 'list_tables',
        basis: 'inferred',
        explorable: true,
        basisDetail: 'inferred read-only: "list" in its name, no write verb',
        calls: 1,
        errors: 0,
        discarded: 0,
        candidates,
        proposed: candidates,
      },
      {
        tool: 'insert_row',
        basis: 'none',
        explorable: false,
        basisDetail: 'no readOnlyHint; not inferred read-only: "insert" is a write verb',
        calls: 0,
        errors: 0,
        discarded: 0,
        candidates: 0,
        proposed: 0,
        skipped: 'not explored: no readOnlyHint; not inferred read-only: "insert" is a write verb',
      },
    ];
    const record = parseRecord(
      {
        ...base,
        exploration: {
          generator: { name: 'explore', version: '2' },
          policy: { asserted: [], infer: true, allowDestructive: false, rule: 'the rule' },
          unknownAssertions: [],
          given: [{ name: 'argv[2]', value: '/srv/db', origin: 'derived', source: 'argv[2]' }],
          calls: 1,
          maxCalls: 320,
          budgetExhausted: false,
          asked: 56,
          produced: candidates,
          proposed: candidates,
          tools,
        },
      },
      'with-ledger',
    );
    const page = pageText(render(record));
    expect(page).toContain('explorable tools 1 of 2');
    expect(page).toContain('list_tables inferred read-only 1 0 0');
    expect(page).toContain('insert_row not explorable 0 0 0 0 0 not explored: no readOnlyHint');
    expect(page).toContain('argv[2] = /srv/db (derived, argv[2])');
  });
});
