import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../../test/support/board/page-text.js';
import { fixtureRecord } from '../../../test/support/board/records.js';
import { HOSTILE } from '../../../test/support/board/runs.js';
import { buildCost, noCost } from '../../record/build-cost.js';
import { parseRecord, type RunRecord, RunRecord as RunRecordSchema } from '../../record/index.js';
import { LIMITATIONS } from '../../record/migrate.js';
import { buildBoard } from '../model.js';
import { boardPage } from './board.js';
import { costCell } from './cost.js';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00Z`;
const fixture = (name: string) =>
  parseRecord(readFileSync(new URL(`../../record/fixtures/${name}`, import.meta.url), 'utf8'), name);

/** The text of one board row (tags dropped, entities decoded), for assertions about wording. */
function rowText(page: string, runId: string): string {
  const start = page.indexOf(`<tr id="run-${runId}"`);
  expect(start).toBeGreaterThanOrEqual(0);
  const next = page.indexOf('<tr id="run-', start + 1);
  const end = page.indexOf('</tbody>\n</table>', start);
  const row = page.slice(start, next === -1 || next > end ? end : next);
  return pageText(row);
}

function render(records: RunRecord[]): string {
  return boardPage(buildBoard(records), []);
}

describe('board page: refused rows tell their measured story', () => {
  it('null baseline: each null rate, T_null, the signal with its source, and the line', () => {
    const r = fixtureRecord('null-kill', { slug: 'trivia', startedAt: at(1) });
    const text = rowText(render([r]), r.runId);
    expect(text).toContain('DEGENERATE at gate null_baseline');
    expect(text).toContain('Why refused');
    expect(text).toContain('13 of 16 = 81.3%');
    expect(text).toContain('9 of 16 = 56.3%');
    expect(text).toContain('10 of 16 = 62.5%');
    expect(text).toContain('T_null 81.3% ≥ 50.0% = 0.5 × S (S = 100.0%)');
    expect(text).toContain('the ceiling S = 1, used before any paid call');
    expect(text).toContain('not about the server');
  });

  it('null baseline that was never fully measured says which number is missing', () => {
    const r = fixtureRecord('null-indeterminate', { slug: 'half', startedAt: at(1) });
    const text = rowText(render([r]), r.runId);
    expect(text).toContain('INDETERMINATE at gate null_baseline');
    expect(text).toContain('this null was not measured: not in the record');
    expect(text).toContain('T_null: not in the record');
    expect(text).not.toMatch(/tools that answer empty 0/);
  });

  it('thin surface: candidates, admitted, rejections by rule, deleted, trimmed, rate vs floor, size vs 8', () => {
    const r = fixtureRecord('thin-surface', { slug: 'thin', startedAt: at(1) });
    const text = rowText(render([r]), r.runId);
    expect(text).toContain('INSUFFICIENT_SURFACE at gate suite_size');
    expect(text).toContain('candidates generated 12');
    expect(text).toContain('admitted 5');
    expect(text).toContain('rejected by admission 7: plan-failed 3, duplicate 2, unknown-tool 2');
    expect(text).toContain('deleted by the null screen 0');
    expect(text).toContain('trimmed as surplus 0');
    expect(text).toContain('41.7% against the floor 25.0%');
    expect(text).toContain('5 registered tasks against the minimum 8');
    // The headline is the gate's own sentence (with the offline generator, it names whose limit).
    expect(text).toContain('5 tasks registered, below the minimum of 8.');
  });

  it('screen-emptied suite: its own reason and the screen ledger', () => {
    const r = fixtureRecord('screen-emptied', { slug: 'facts', startedAt: at(1) });
    const text = rowText(render([r]), r.runId);
    expect(text).toContain('DEGENERATE at gate suite_size all_candidates_null_answerable');
    expect(text).toContain('the screen deleted 12; 4 tasks left against the minimum 8');
    expect(text).toContain('answered with no server, deleted 12');
  });

  it('construct: the reference counts and what the wire tape shows, with tape links', () => {
    const r = fixtureRecord('construct-fail', { slug: 'silent', startedAt: at(1) });
    const page = render([r]);
    const text = rowText(page, r.runId);
    expect(text).toContain('GATE_FAILED at gate construct');
    expect(text).toContain('reference agent passed 0 of 48 completed trials');
    expect(text).toContain('tool calls recorded on the wire 48');
    expect(text).toContain('came back as errors 0');
    expect(text).toContain('never got a matching response 48');
    expect(page).toContain(`href="viewer.html?run=${r.runId}#line=wire%3A8"`);
  });

  it('construct that bought every extension prints tasks and trials per batch', () => {
    const r = fixtureRecord('construct-unresolved', { slug: 'wobbly', startedAt: at(1) });
    const text = rowText(render([r]), r.runId);
    expect(text).toContain(
      'Batch 1: +6 tasks, +18 trials; pool 42 of 48 passed, 0 oracle errors → 57 of 66 passed',
    );
    expect(text).toContain('Batch 2: +6 tasks, +18 trials');
    expect(text).toContain('unresolved_after_max_extensions');
  });

  it('compromised: oracle errors against the registered share', () => {
    const r = fixtureRecord('compromised', { slug: 'flaky', startedAt: at(1) });
    const text = rowText(render([r]), r.runId);
    expect(text).toContain('COMPROMISED at gate construct');
    expect(text).toContain('8 oracle errors: 16.7% of trials against the limit 5.0%');
  });

  it('void runs sit in their group with what completed', () => {
    const r = fixtureRecord('void', { slug: 'crashy', startedAt: at(1) });
    const text = rowText(render([r]), r.runId);
    expect(text).toContain('VOID');
    expect(text).toContain('Why void');
    expect(text).toContain('target_died');
    expect(text).toContain('connect → probes → generate → register → prereg');
  });
});

describe('board page: v1 records', () => {
  it('chips "generator not recorded" and reads the zero policy from the record itself', () => {
    const r = fixture('v1-extend-exhausted.json');
    const text = rowText(render([r]), r.runId);
    expect(text).toContain('generator not recorded');
    expect(text).toContain('screen not recorded');
    expect(text).toContain('EXTEND_EXHAUSTED at gate construct');
    expect(text).toContain(LIMITATIONS.extensionProtocol);
    expect(text.split(LIMITATIONS.extensionProtocol).length - 1).toBe(1);
  });
});

describe('board page: scored rows and groups', () => {
  it('draws the interval with the point inside and prints the stored numbers', () => {
    const r = fixtureRecord('scored', { slug: 'good', startedAt: at(1), firstTry: 40 });
    const page = render([r]);
    const text = rowText(page, r.runId);
    // The band is the task-clustered interval; plain Wilson over trials is the thin line inside it.
    const w = r.score?.firstTry.clustered?.wilson;
    expect(text).toContain('first try 40 of 48 trials = 83.3% , 95% interval 60.5% to 94.2%');
    expect(text).toContain('16 tasks × 3 reps: 17.7 effective observations of 48 trials');
    const plain = r.score?.firstTry.wilson;
    const x = (v = 0) => Number((v * 100).toFixed(3));
    expect(page).toContain(`<line class="plain-wilson" x1="${x(plain?.lower)}" x2="${x(plain?.upper)}"`);
    expect(page).toMatch(new RegExp(`<rect class="band" x="${Number(((w?.lower ?? 0) * 100).toFixed(3))}"`));
  });

  it('names the runner and generator of each group and says groups are never compared', () => {
    const page = render([
      fixtureRecord('scored', { slug: 'a', startedAt: at(1) }),
      fixtureRecord('scored', { slug: 'b', startedAt: at(2), firstTry: 38 }),
    ]);
    expect(page).toContain('Runner <code>heuristic</code> · generator <code>explore/1</code>');
    expect(page).toContain('never read against another group');
    expect(page).toContain('Nothing separates the scored rows of this group');
    expect(page).toContain('heuristic runner is an offline lexical agent');
  });

  it('marks the overlap on a lower row that still overlaps a row placed above it', () => {
    const top = fixtureRecord('scored', { slug: 'top', startedAt: at(1), firstTry: 48 });
    const near = fixtureRecord('scored', { slug: 'near', startedAt: at(2), firstTry: 44 });
    const low = fixtureRecord('scored', { slug: 'low', startedAt: at(3), firstTry: 26 });
    const page = render([top, near, low]);
    expect(rowText(page, near.runId)).toContain('#1 tied');
    expect(rowText(page, low.runId)).toContain('#2');
    expect(rowText(page, low.runId)).toContain(`still overlaps ${near.runId} , placed above`);
    expect(rowText(page, low.runId)).not.toContain(top.runId);
  });

  it('chips credential, screening and generator, and lists every attempt of the server on its row', () => {
    const first = fixtureRecord('scored', {
      slug: 'srv',
      startedAt: at(1),
      credential: 'owner-key',
      screened: false,
    });
    const second = fixtureRecord('thin-surface', {
      slug: 'srv',
      startedAt: at(2),
      runner: 'anthropic:claude-test',
    });
    const page = render([first, second]);
    const a = rowText(page, first.runId);
    expect(a).toContain('owner-key');
    expect(a).toContain('unscreened');
    expect(a).toContain('explore/1');
    // Two groups, so two rows of srv; each lists both attempts, its own marked.
    expect(a).toContain('2 attempts; this row is attempt 1');
    expect(a).toContain(`SCORED attempt 1 (this row): ${first.runId}`);
    // The other attempt says its outcome, where it sits and what differs: here the credential.
    expect(a).toContain(
      `INSUFFICIENT_SURFACE attempt 2: ${second.runId} ; group 1: runner anthropic:claude-test, generator explore/1; anonymous`,
    );
    expect(rowText(page, second.runId)).toContain('screened (0 deleted)');
    expect(rowText(page, second.runId)).toContain('2 attempts; this row is attempt 2');
  });

  it('links runs of one server over stdio and HTTP, and shows the tool surface difference across credentials', () => {
    const tool = (name: string, d: string) => ({ name, sha256: d.repeat(64) });
    const free = fixtureRecord('scored', { slug: 'acme', startedAt: at(1), credential: 'free-key' });
    free.surface = { listed: true, toolCount: 2, tools: [tool('list_notes', 'a'), tool('get_note', 'b')] };
    const owner = fixtureRecord('scored', { slug: 'acme', startedAt: at(2), credential: 'owner-key' });
    owner.identity.target = { kind: 'http', description: 'http://127.0.0.1:4000/mcp' };
    owner.surface = {
      listed: true,
      toolCount: 3,
      tools: [tool('list_notes', 'a'), tool('get_note', 'c'), tool('delete_note', 'd')],
    };
    const page = render([free, owner]);
    // One server, one row: the latest run (over HTTP), with the stdio run listed as attempt 1.
    expect(page.match(/<tr id="run-/g)).toHaveLength(1);
    const row = rowText(page, owner.runId);
    expect(row).toContain('2 attempts; this row is attempt 2');
    expect(row).toContain(`SCORED attempt 1: ${free.runId} ; stdio, free-key, node examples/servers/acme.js`);
    expect(row).toContain('tools under free-key: +0, −1 (delete_note), 1 changed (get_note)');
  });

  it('counts probes as "P of A checks passed" and "U could not be checked", failures in the fault colour', () => {
    const r = fixtureRecord('scored', { slug: 'p', startedAt: at(1) });
    const page = render([r]);
    const text = rowText(page, r.runId);
    expect(text).toContain('2 of 3 checks passed');
    expect(text).toContain('1 could not be checked');
    expect(page).toContain('class="fault-chip"');
    expect(text).toContain('unknown-method failed');
    expect(text).toContain('2026-07-28 modern, latest');
  });

  it('shows spec currency as a value: the newest legacy revision is current, only one behind its era is a fault', () => {
    const legacy = fixtureRecord('scored', { slug: 'l', startedAt: at(1) });
    legacy.surface = { ...legacy.surface, listed: true, toolCount: 4, revision: '2025-11-25', era: 'legacy' };
    const old = fixtureRecord('scored', { slug: 'o', startedAt: at(2) });
    old.surface = { ...old.surface, listed: true, toolCount: 4, revision: '2025-06-18', era: 'legacy' };
    const page = render([legacy, old]);
    expect(rowText(page, legacy.runId)).toContain('2025-11-25 legacy, newest of its era');
    expect(rowText(page, old.runId)).toContain(
      '2025-06-18 legacy; behind the newest legacy revision, 2025-11-25',
    );
    expect(page).toContain('<code class="fault">2025-06-18</code>');
    expect(page).not.toContain('<code class="fault">2025-11-25</code>');
  });
});

describe('cost wording', () => {
  const prices = { asOf: '2026-11-01', source: 'test', models: { 'm:a': { input: 1, output: 2 } } };
  const strip = (s: string) => pageText(s).trim();

  it('calls a figure a measured total only when nothing known is missing', () => {
    const cost = buildCost(
      [{ role: 'runner', model: 'm:a', status: 'ok', inputTokens: 1_000_000, outputTokens: 0 }],
      prices,
    );
    expect(strip(costCell(cost).toString())).toBe('$1.00 measured total');
  });

  it('prints a floor as "at least" with every reason', () => {
    const cost = buildCost(
      [
        { role: 'runner', model: 'm:a', status: 'ok', inputTokens: 1_000_000, outputTokens: 0 },
        { role: 'judge', model: 'm:b', status: 'ok', inputTokens: 10, outputTokens: 10 },
      ],
      prices,
    );
    expect(strip(costCell(cost).toString())).toBe(
      'at least $1.00 a floor, because: m:b has no price on file',
    );
  });

  it('prints no figure, and why, when nothing supports one', () => {
    expect(strip(costCell(noCost('no price table was available')).toString())).toBe(
      'no figure no price table was available',
    );
  });
});

describe('hostile strings', () => {
  it('renders every server-provided string as text', () => {
    const r = fixtureRecord('scored', { slug: 'hostile', startedAt: at(1), hostile: HOSTILE });
    const leak = fixtureRecord('answer-leak', { slug: 'leaky', startedAt: at(2), hostile: HOSTILE });
    const page = render([r, leak]);
    expect(page).not.toContain('<script id="pwned-script"');
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain('&lt;script id=&quot;pwned-script&quot;&gt;');
    expect(RunRecordSchema.safeParse(r).success).toBe(true);
  });
});
