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
