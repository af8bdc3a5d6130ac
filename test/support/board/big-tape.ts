/**
 * A long wire tape for the viewer's scale tests and bench: drive trials of tools/call request and
 * response pairs with corr ids; every 97th request gets no response (pending) and every 41st
 * response is an isError result.
 */
export function bigTape(lines: number): string {
  const start = Date.parse('2026-11-01T00:00:00Z');
  const out = [
    JSON.stringify({
      v: 1,
      type: 'meta',
      startedAt: new Date(start).toISOString(),
      label: 'scale',
      command: 'node scale.js',
      kind: 'mcp',
      source: 'fitness-report@scale',
      producer: { name: 'fitness-report', version: 'scale' },
    }),
  ];
  let id = 0;
  while (out.length < lines - 1) {
    id += 1;
    const corr = `t${(id % 400) + 1}#${id % 3}`;
    const t = (ms: number) => new Date(start + id * 20 + ms).toISOString();
    out.push(
      JSON.stringify({
        t: t(0),
        dir: 'in',
        raw: {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: `tool_${id % 9}`, arguments: { q: `query ${id}` } },
        },
        corr_id: corr,
      }),
    );
    if (id % 97 === 0) continue;
    const result =
      id % 41 === 0
        ? { isError: true, content: [{ type: 'text', text: 'busy' }] }
        : { content: [{ type: 'text', text: `answer ${id}` }] };
    out.push(JSON.stringify({ t: t(7), dir: 'out', raw: { jsonrpc: '2.0', id, result }, corr_id: corr }));
  }
  out.length = Math.min(out.length, lines - 1);
  out.push(
    JSON.stringify({
      t: new Date(start + id * 20 + 50).toISOString(),
      type: 'end',
      reason: 'done',
      durationMs: id * 20 + 50,
    }),
  );
  return `${out.join('\n')}\n`;
}

/**
 * A long run's wire and agent tapes, shaped like a real run (the bench's 1,000,000-line tape): a
 * handshake, three probes, then construct and drive trials, each on its own session (connect events,
 * tools/call pairs, a closed event) with one model turn and its end event on the agent plane.
 */
export function bigRunTapes(wireLines: number): { wire: string; agent: string } {
  const start = Date.parse('2026-11-01T00:00:00Z');
  let now = start;
  const at = (step = 3) => {
    now += step;
    return new Date(now).toISOString();
  };
  const meta = (kind: string, command: string[]) =>
    JSON.stringify({
      v: 1,
      type: 'meta',
      startedAt: new Date(start).toISOString(),
      label: 'scale',
      command,
      kind,
      source: 'fitness-report@scale',
      producer: { name: 'fitness-report', version: 'scale' },
    });
  const wire = [meta('mcp', ['node', 'scale.js'])];
  const agent = [meta('llm', ['fitness-report', 'run', '--runner', 'heuristic'])];
  const line = (o: Record<string, unknown>) => wire.push(JSON.stringify(o));
  const event = (raw: Record<string, unknown>, corr: string, session: string) =>
    line({ t: at(), dir: 'event', kind: 'fitness.connect', raw, corr_id: corr, session });
  event({ phase: 'start', target: 'node scale.js' }, 'connect', 's1');
  line({
    t: at(),
    dir: 'in',
    raw: { jsonrpc: '2.0', id: 'd1', method: 'server/discover' },
    corr_id: 'connect',
    session: 's1',
  });
  line({
    t: at(40),
    dir: 'out',
    raw: { jsonrpc: '2.0', id: 'd1', result: { supportedVersions: ['2026-07-28'] } },
    corr_id: 'connect',
    session: 's1',
  });
  event(
    {
      phase: 'connected',
      protocolVersion: '2026-07-28',
      era: 'modern',
      serverInfo: { name: 'scale', version: '1' },
    },
    'connect',
    's1',
  );
  for (const probe of ['negotiate', 'tools-list', 'unknown-method']) {
    line({
      t: at(),
      dir: 'in',
      raw: { jsonrpc: '2.0', id: probe, method: 'tools/list' },
      corr_id: `probe:${probe}`,
      session: `p-${probe}`,
    });
    line({
      t: at(9),
      dir: 'out',
      raw: { jsonrpc: '2.0', id: probe, result: { tools: [] } },
      corr_id: `probe:${probe}`,
      session: `p-${probe}`,
    });
  }
  let trial = 0;
  while (wire.length < wireLines - 1) {
    trial += 1;
    const task = `x${String((trial % 400) + 1).padStart(3, '0')}`;
    const corr = trial % 2 === 0 ? `${task}::construct#${(trial % 3) + 1}` : `${task}#${(trial % 3) + 1}`;
    const session = `s${trial + 1}`;
    const begun = now;
    event({ phase: 'start', target: 'node scale.js' }, corr, session);
    event({ phase: 'connected', protocolVersion: '2026-07-28', era: 'modern' }, corr, session);
    for (let c = 0; c < 10 && wire.length < wireLines - 2; c += 1) {
      const id = c + 1;
      line({
        t: at(),
        dir: 'in',
        raw: {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: `tool_${c % 9}`, arguments: { q: `query ${trial}.${c}` } },
        },
        corr_id: corr,
        session,
      });
      if ((trial * 10 + c) % 97 === 0) continue;
      const result =
        (trial + c) % 41 === 0
          ? { isError: true, content: [{ type: 'text', text: 'busy' }] }
          : { content: [{ type: 'text', text: `answer ${trial}.${c}` }] };
      line({ t: at(7), dir: 'out', raw: { jsonrpc: '2.0', id, result }, corr_id: corr, session });
    }
    event({ phase: 'closed', noiseLines: 0 }, corr, session);
    agent.push(
      JSON.stringify({
        t: at(),
        type: 'turn',
        role: 'assistant',
        blocks: [{ type: 'text', text: 'done' }],
        model: 'heuristic',
        timing: { latencyMs: 20 },
        corr_id: corr,
      }),
    );
    agent.push(
      JSON.stringify({
        t: at(),
        dir: 'event',
        kind: 'fitness.trial',
        raw: {
          phase: corr.includes('::') ? 'construct' : 'drive',
          steps: 2,
          checkPassed: trial % 5 !== 0,
          durationMs: now - begun,
        },
        corr_id: corr,
      }),
    );
  }
  const end = JSON.stringify({ t: at(), type: 'end', reason: 'SCORED', durationMs: now - start });
  wire.length = Math.min(wire.length, wireLines - 1);
  return { wire: `${[...wire, end].join('\n')}\n`, agent: `${[...agent, end].join('\n')}\n` };
}
