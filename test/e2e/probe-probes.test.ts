/**
 * Every probe's pass, fail and could-not-check paths, against the fixture servers and the real
 * server-everything, over stdio and Streamable HTTP on 127.0.0.1. Findings are checked against the
 * recorded lines their tapeRefs point at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startHttpServer } from '../../examples/servers/lib/launch.js';
import { PROBES } from '../../src/probes/registry.js';
import { type ProbeTarget, probeTarget } from '../../src/probes/target.js';
import type { ProbeTape } from '../../src/probes/types.js';
import type { ProbeResult } from '../../src/record/probe.js';

const EVERYTHING = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';

/** server-everything listens on all interfaces; only its loopback URL is ever used. */
async function startEverythingHttp(): Promise<RunningServer> {
  const port = await freePort();
  return startHttpServer('node', [EVERYTHING, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    // Its start under a loaded CI machine has taken over 10 s; how fast it starts is not what is tested.
    timeoutMs: 45_000,
    urlFrom: (line) =>
      line.includes(`listening on port ${port}`) ? `http://127.0.0.1:${port}/mcp` : undefined,
  });
}

class MemoryTape implements ProbeTape {
  readonly lines: Record<string, unknown>[] = [];
  private sessions = 0;
  message(dir: 'in' | 'out', raw: unknown): number {
    return this.lines.push({ dir, raw });
  }
  event(kind: string, raw: unknown): number {
    return this.lines.push({ dir: 'event', kind, raw });
  }
  newSession(): string {
    this.sessions += 1;
    return `s${this.sessions}`;
  }
  /** The recorded lines a finding points at. */
  linesOf(finding: ProbeResult): Record<string, unknown>[] {
    return finding.tapeRefs.map((ref) => {
      const line = this.lines[Number(ref.split(':')[1]) - 1];
      if (!line) throw new Error(`${finding.id}: ${ref} points past the tape`);
      return line;
    });
  }
}

type Outcome = true | false | null;

async function probe(target: ProbeTarget, ids?: string[], stepTimeoutMs?: number) {
  const tape = new MemoryTape();
  const probes = ids ? PROBES.filter((p) => ids.includes(p.id)) : undefined;
  const results = await probeTarget(target, tape, {
    ...(probes ? { probes } : {}),
    ...(stepTimeoutMs ? { stepTimeoutMs } : {}),
  });
  const byId = (id: string): ProbeResult => {
    const found = results.find((r) => r.id === id);
    if (!found) throw new Error(`no finding ${id}`);
    return found;
  };
  const outcomes = Object.fromEntries(results.map((r) => [r.id, r.pass])) as Record<string, Outcome>;
  return { tape, results, byId, outcomes };
}

const stdio = (script: string, ...args: string[]): ProbeTarget => ({
  kind: 'stdio',
  argv: ['node', script, ...args],
});
const fixture = (name: string) => stdio(`examples/servers/${name}.js`);

/** Each frame a finding cites must be on the tape and be the kind of frame the finding claims. */
function cited(tape: MemoryTape, finding: ProbeResult) {
  const lines = tape.linesOf(finding);
  const frames = lines.map((l) => l.raw as Record<string, unknown>);
  return {
    sent: (method: string) =>
      lines.some((l) => l.dir === 'in' && (l.raw as Record<string, unknown>).method === method),
    errorCode: (code: number) =>
      lines.some((l) => l.dir === 'out' && (l.raw as { error?: { code?: number } }).error?.code === code),
    httpStatus: (status: number) =>
      lines.some((l) => l.kind === 'fitness.http' && (l.raw as { status?: number }).status === status),
    frames,
  };
}

describe('good.js passes every probe', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer('node', ['examples/servers/good.js', '--http']);
  });
  afterAll(async () => {
    await server.close();
  });

  it('over HTTP: every probe applies and passes, each citing its evidence', async () => {
    const { outcomes, byId, tape, results } = await probe({ kind: 'http', url: server.url });
    expect(outcomes).toEqual(Object.fromEntries(PROBES.map((p) => [p.id, true])));
    for (const finding of results) expect(finding.tapeRefs.length).toBeGreaterThan(0);
    const name = cited(tape, byId('header-mismatch-name'));
    expect(name.sent('tools/call') && name.httpStatus(400) && name.errorCode(-32020)).toBe(true);
    const unknown = cited(tape, byId('unknown-method'));
    expect(unknown.sent('fitness-report/no-such-method') && unknown.errorCode(-32601)).toBe(true);
    expect(cited(tape, byId('origin-check')).httpStatus(403)).toBe(true);
    expect(byId('cache-hints').evidence).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
  }, 60_000);

  it('over stdio: passes what applies; HTTP-only probes could not be checked', async () => {
    const { outcomes, byId, tape } = await probe(fixture('good'));
    expect(outcomes).toMatchObject({
      'spec-currency': true,
      'impossible-version-legacy': true,
      'impossible-version-modern': true,
      'server-discover': true,
      'cache-hints': true,
      'deprecation-surface': true,
      'unknown-method': true,
      'tool-names': true,
      'input-schemas': true,
      'header-mismatch-name': null,
      'header-mismatch-method': null,
      'origin-check': null,
    });
    expect(byId('origin-check').applies).toBe(false);
    expect(cited(tape, byId('impossible-version-modern')).errorCode(-32022)).toBe(true);
  }, 120_000);
});

describe('fault servers fail exactly their planted probe', () => {
  it('echo-version.js fails impossible-version (legacy and modern) over stdio', async () => {
    const { outcomes, byId, tape } = await probe(fixture('echo-version'), [
      'impossible-version-legacy',
      'impossible-version-modern',
      'unknown-method',
    ]);
    expect(outcomes).toEqual({
      'impossible-version-legacy': false,
      'impossible-version-modern': false,
      'unknown-method': true,
    });
    const legacy = cited(tape, byId('impossible-version-legacy'));
    expect(legacy.sent('initialize')).toBe(true);
    expect(
      legacy.frames.some(
        (f) => (f.result as { protocolVersion?: string } | undefined)?.protocolVersion === '1999-01-01',
      ),
    ).toBe(true);
  }, 120_000);

  it.each([
    ['lax-headers', { 'header-mismatch-name': false, 'header-mismatch-method': false }],
    ['no-cache-hints', { 'cache-hints': false, 'server-discover': true }],
    ['bad-discover', { 'server-discover': false, 'cache-hints': true }],
    ['deleted-vocab', { 'deprecation-surface': false }],
    ['bad-unknown-method', { 'unknown-method': false }],
    ['bad-tools', { 'tool-names': false, 'input-schemas': false }],
    ['open-origin', { 'origin-check': false }],
  ] as const)(
    '%s.js over HTTP: %o, every other probe passes',
    async (name, planted) => {
      const server = await startHttpServer('node', [`examples/servers/${name}.js`, '--http']);
      try {
        const { outcomes } = await probe({ kind: 'http', url: server.url });
        const expected = Object.fromEntries(PROBES.map((p) => [p.id, true as Outcome]));
        expect(outcomes).toEqual({ ...expected, ...planted });
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it('deleted-vocab.js and bad-tools.js fail over stdio too', async () => {
    const vocab = await probe(fixture('deleted-vocab'), ['deprecation-surface']);
    expect(vocab.outcomes).toEqual({ 'deprecation-surface': false });
    expect(vocab.byId('deprecation-surface').detail).toMatch(/capabilities\.tasks.*execution/);
    const tools = await probe(fixture('bad-tools'), ['tool-names', 'input-schemas']);
    expect(tools.outcomes).toEqual({ 'tool-names': false, 'input-schemas': false });
    expect(tools.byId('tool-names').evidence).toMatchObject({ invalid: ['"search books"', '"get/book"'] });
    expect(tools.byId('input-schemas').evidence.failures).toHaveLength(2);
  }, 120_000);
});

describe('cache scope and credentials (public-cache.js)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer('node', ['examples/servers/public-cache.js', '--http']);
  });
  afterAll(async () => {
    await server.close();
  });

  it('public on an authenticated connection is a cross-tenant cache finding', async () => {
    const { outcomes, byId, tape } = await probe(
      { kind: 'http', url: server.url, headers: { Authorization: 'Bearer tenant-a' } },
      ['cache-hints', 'origin-check'],
    );
    expect(outcomes).toEqual({ 'cache-hints': false, 'origin-check': true });
    expect(byId('cache-hints').detail).toMatch(/public on an authenticated connection/);
    expect(JSON.stringify(tape.lines)).not.toContain('tenant-a');
  }, 60_000);

  it('401 answers are never evidence: without the token nothing can be checked', async () => {
    const { results } = await probe({ kind: 'http', url: server.url });
    for (const finding of results) expect([finding.id, finding.pass]).toEqual([finding.id, null]);
  }, 60_000);
});

describe('a server that never answers', () => {
  it('every probe is could-not-check, nothing is a pass or a fail', async () => {
    const silent = { kind: 'stdio', argv: ['node', '-e', 'process.stdin.resume()'] } as const;
    const { results } = await probe(silent, undefined, 800);
    for (const finding of results) expect([finding.id, finding.pass]).toEqual([finding.id, null]);
  }, 60_000);
});

describe('real server-everything', () => {
  const expected = {
    // 2025-11-25 is the newest legacy revision: current for its era, not a finding.
    'spec-currency': true,
    'impossible-version-legacy': true,
    'impossible-version-modern': null,
    'header-mismatch-name': null,
    'header-mismatch-method': null,
    'server-discover': null,
    'cache-hints': null,
    'deprecation-surface': true,
    'unknown-method': true,
    'tool-names': true,
    'input-schemas': true,
  };

  it('over stdio: negotiates 2025-11-25, counter-offers on 1999-01-01, answers server/discover with -32601', async () => {
    const { outcomes, byId, tape } = await probe(stdio(EVERYTHING, 'stdio'));
    expect(outcomes).toEqual({ ...expected, 'origin-check': null });
    expect(byId('spec-currency').evidence).toMatchObject({ negotiated: '2025-11-25' });
    expect(byId('impossible-version-legacy').evidence).toMatchObject({ offered: '2025-11-25' });
    expect(cited(tape, byId('server-discover')).errorCode(-32601)).toBe(true);
    expect(byId('deprecation-surface').evidence).toMatchObject({
      deleted: expect.arrayContaining(['capabilities.tasks']),
    });
  }, 120_000);

  it('over HTTP on loopback: same findings, and the origin check fails (it serves any Origin and Host)', async () => {
    const server = await startEverythingHttp();
    try {
      const { outcomes } = await probe({ kind: 'http', url: server.url });
      expect(outcomes).toEqual({ ...expected, 'origin-check': false });
    } finally {
      await server.close();
    }
  }, 120_000);
});
