import { describe, expect, it } from 'vitest';
import { fixtureRecord } from '../../test/support/board/records.js';
import type { RunRecord } from '../record/index.js';
import { serverVersionOf } from '../record/server-version.js';
import { driftOf } from './drift.js';
import { buildBoard } from './model.js';
import { boardPage } from './pages/board.js';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00Z`;
const D1 = 'a'.repeat(64);
const D2 = 'b'.repeat(64);

function attempt(day: number, version: string, digest: string, pkg?: string): RunRecord {
  const r = fixtureRecord('scored', { slug: 'acme', startedAt: at(day), firstTry: 40 });
  return {
    ...r,
    surface: { listed: true, toolCount: 3, serverInfo: { name: 'acme', version }, digest },
    server: {
      reported: version,
      surfaceDigest: digest,
      ...(pkg ? { package: { name: '@acme/server', version: pkg, from: 'installed' as const } } : {}),
    },
  };
}

describe('drift between attempts of one server', () => {
  it('names the attempts whose version, package or surface differ; equal attempts have none', () => {
    const a = attempt(1, '1.0.0', D1, '1.0.0');
    const b = attempt(2, '1.1.0', D2, '1.1.0');
    const c = attempt(3, '1.0.0', D1);
    expect(driftOf(a, [a, c])).toEqual([]);
    expect(driftOf(a, [a, b, c])).toEqual([
      { field: 'version', value: '1.0.0', others: [{ attempt: 2, runId: b.runId, value: '1.1.0' }] },
      {
        field: 'package',
        value: '@acme/server@1.0.0',
        others: [{ attempt: 2, runId: b.runId, value: '@acme/server@1.1.0' }],
      },
      { field: 'surface', value: D1, others: [{ attempt: 2, runId: b.runId, value: D2 }] },
    ]);
    const page = boardPage(buildBoard([a, b, c]), []);
    expect(page).toContain('drift between attempts: reported version 1.0.0 here, 1.1.0 in attempt 2');
    expect(page).toContain('tool surface digest aaaaaaaaaaaa here, bbbbbbbbbbbb in attempt 2');
  });

  it('a record without the server block reads the same facts from its surface', () => {
    const { server: _drop, ...old } = attempt(1, '2.0.0', D1);
    expect(serverVersionOf(old)).toEqual({ reported: '2.0.0', surfaceDigest: D1, derived: 'surface' });
  });

  it('the conformance column shows the suite’s counts, never in hygiene, and escapes its strings', () => {
    const base = attempt(1, '1.0.0', D1);
    const hostile = '<script>alert(1)</script>';
    const check = (id: string, status: string, applicable: boolean) => ({
      scenario: id,
      id,
      status,
      applicable,
      ...(applicable ? {} : { because: 'needs a fixture' }),
      message: hostile,
    });
    const checks = [
      check('ping', 'SUCCESS', true),
      check('tools-list', 'FAILURE', true),
      check('tools-call-image', 'FAILURE', false),
    ];
    const ran: RunRecord = {
      ...base,
      conformance: {
        ran: true,
        suite: { name: '@modelcontextprotocol/conformance', version: '0.1.13' },
        node: 'v20.20.2',
        via: 'stdio-bridge',
        startedAt: at(1),
        durationMs: 1,
        timeoutMs: 1,
        command: ['conformance'],
        exitCode: 1,
        timedOut: false,
        checks,
        counts: { passed: 1, failed: 1, notApplicable: 1, other: 0 },
        outputs: { digest: D1, files: 3, bytes: 3 },
      },
    };
    const notRun = {
      ...attempt(2, '1.0.0', D1),
      conformance: {
        ran: false as const,
        node: 'v20',
        startedAt: at(2),
        durationMs: 0,
        timeoutMs: 1,
        reason: 'the suite sends no credentials',
      },
    };
    // Three attempts of one server are one row (the latest): each record's cell is read on a board of its own.
    const page = [ran, notRun, attempt(3, '1.0.0', D1)].map((r) => boardPage(buildBoard([r]), [])).join('');
    expect(page).toContain('1 passed, 1 failed, 1 not applicable');
    expect(page).toContain('@modelcontextprotocol/conformance 0.1.13 via a loopback bridge');
    expect(page).toContain('conformance could not run: the suite sends no credentials');
    expect(page).toContain('not run for this record');
    expect(page).not.toContain(hostile);
    expect(page).toContain('&lt;script&gt;');
  });
});
