/**
 * A server that asks its client (roots/list, then ping) before it answers tools/list: the probes'
 * raw channels answer as the session's client does, over stdio and over the SSE stream of a
 * Streamable HTTP answer, so the tool probes still check the tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startHttpServer } from '../../examples/servers/lib/launch.js';
import { PROBES } from '../../src/probes/registry.js';
import { type ProbeTarget, probeTarget } from '../../src/probes/target.js';
import type { ProbeTape } from '../../src/probes/types.js';

const FIXTURE = 'test/e2e/fixtures/asks-first.js';

class MemoryTape implements ProbeTape {
  readonly lines: { dir: string; kind?: string; raw: Record<string, unknown> }[] = [];
  private sessions = 0;
  message(dir: 'in' | 'out', raw: unknown): number {
    return this.lines.push({ dir, raw: raw as Record<string, unknown> });
  }
  event(kind: string, raw: unknown): number {
    return this.lines.push({ dir: 'event', kind, raw: raw as Record<string, unknown> });
  }
  newSession(): string {
    this.sessions += 1;
    return `s${this.sessions}`;
  }
}

async function toolProbes(target: ProbeTarget) {
  const tape = new MemoryTape();
  const probes = PROBES.filter((p) => p.id === 'tool-names' || p.id === 'input-schemas');
  // Far shorter than a loaded machine needs to answer, far longer than the questions take.
  const results = await probeTarget(target, tape, { probes, stepTimeoutMs: 8_000 });
  return { tape, byId: Object.fromEntries(results.map((r) => [r.id, r])) };
}

function expectAnswered(tape: MemoryTape) {
  const sent = tape.lines.filter((l) => l.dir === 'in').map((l) => l.raw);
  expect(sent).toContainEqual({
    jsonrpc: '2.0',
    id: 'asks-roots',
    error: { code: -32601, message: 'Method not found' },
  });
  expect(sent).toContainEqual({ jsonrpc: '2.0', id: 'asks-ping', result: {} });
}

describe('a server that asks before it lists its tools', () => {
  it('over stdio: roots/list and ping are answered, and both tool probes check the two tools', async () => {
    const { tape, byId } = await toolProbes({ kind: 'stdio', argv: ['node', FIXTURE] });
    expect(byId['tool-names']).toMatchObject({ pass: true, evidence: { tools: 2 } });
    expect(byId['input-schemas']?.pass).toBe(true);
    expect(byId['input-schemas']?.detail).not.toMatch(/could not check/);
    expectAnswered(tape);
  }, 60_000);

  describe('over Streamable HTTP', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startHttpServer('node', [FIXTURE, '--http']);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('the questions on the SSE stream are answered in POSTs of the same session, and both tool probes check the tools', async () => {
      const { tape, byId } = await toolProbes({ kind: 'http', url: server.url });
      expect(byId['tool-names']).toMatchObject({ pass: true, evidence: { tools: 2 } });
      expect(byId['input-schemas']?.pass).toBe(true);
      expectAnswered(tape);
      // Each answer went out as a POST of the same session, which the server accepted (202).
      const answers = tape.lines.flatMap((l, i) =>
        l.dir === 'in' && String(l.raw.id).startsWith('asks-') ? [tape.lines[i + 1]] : [],
      );
      expect(answers).toHaveLength(2);
      for (const post of answers) {
        expect(post).toMatchObject({ kind: 'fitness.http', raw: { method: 'POST', status: 202 } });
        expect(post?.raw.requestHeaders).toHaveProperty('mcp-session-id', expect.stringMatching(/^sha256:/));
      }
    }, 60_000);
  });
});
