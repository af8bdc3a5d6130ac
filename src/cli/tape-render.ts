import type { PlaneStats, TapeStats, Validation } from '../tape/index.js';

/** The human-readable form of `tape stats`: one block per plane. */
export function renderStats(stats: TapeStats): string[] {
  const blocks: (PlaneStats | TapeStats)[] = stats.planes ?? [stats];
  const out: string[] = [];
  blocks.forEach((block, i) => {
    if (i > 0) out.push('');
    out.push(...renderBlock(block, stats.planes?.[i]?.plane));
  });
  if (stats.planes !== undefined) {
    out.push(
      '',
      `merged (${stats.planes.length} planes; tools from ${stats.toolsFrom?.join(', ') || 'none'}):`,
    );
    out.push(...renderTools(stats), ...renderErrors(stats));
  }
  return out;
}

function ms(value: number | undefined): string {
  return value === undefined ? '?' : `${Math.round(value * 10) / 10} ms`;
}

function renderTools(b: PlaneStats | TapeStats): string[] {
  const out = [b.tools.length === 0 ? '  tools: none called' : '  tools:'];
  for (const t of b.tools) {
    const lat = t.p50Ms === undefined ? 'no answered calls' : `p50 ${ms(t.p50Ms)}  p95 ${ms(t.p95Ms)}`;
    out.push(
      `    ${t.name}: calls ${t.calls}  errors ${t.errors} (isError ${t.resultErrors}, rpc ${t.rpcErrors})  pending ${t.pending}  ${lat}  [${t.origin}]`,
    );
  }
  return out;
}

function renderErrors(b: PlaneStats | TapeStats): string[] {
  const parts = b.errors
    .slice(0, 8)
    .map((e) => `${e.source} ${e.name}: ${e.message.replace(/\s+/g, ' ').slice(0, 80)}`);
  if (b.errors.length > 8) parts.push(`… ${b.errors.length - 8} more`);
  for (const p of b.pendingByMethod) parts.push(`${p.method} unanswered ×${p.count}`);
  if (b.orphanResponses > 0) parts.push(`responses without a request ×${b.orphanResponses}`);
  if (b.reusedIds > 0) parts.push(`requests sharing an id ×${b.reusedIds}`);
  return parts.length === 0 ? ['  errors: none'] : ['  errors:', ...parts.map((p) => `    ${p}`)];
}

function renderBlock(b: PlaneStats | TapeStats, plane: string | undefined): string[] {
  const s = b.session;
  const out = [`${plane ? `[${plane}] ` : ''}${b.file ?? ''}`];
  out.push(
    `  label: ${s.label ?? '(no meta line)'}  kind: ${s.kind ?? '?'}  producer: ${s.producer ?? '?'}  command: ${s.command?.join(' ') ?? '?'}`,
  );
  const duration = s.durationMs === undefined ? 'unknown' : `${(s.durationMs / 1000).toFixed(3)} s`;
  out.push(`  started: ${s.startedAt ?? '?'}  ended: ${s.endedAt ?? '?'}  duration: ${duration}`);
  const exit = s.exitCode === undefined ? '' : `  exit code: ${s.exitCode}`;
  out.push(
    `  end: ${s.endReason ?? (s.records.end > 0 ? '(no reason given)' : 'no end line (interrupted?)')}${exit}`,
  );
  const r = s.records;
  out.push(
    `  records: ${r.total} (meta ${r.meta}, message ${r.message}, event ${r.event}, turn ${r.turn}, end ${r.end}, other ${r.other}); skipped lines ${s.skippedLines}`,
  );
  for (const k of s.skipped.slice(0, 5)) out.push(`    line ${k.line} skipped: ${k.reason}`);
  for (const k of s.invalid.slice(0, 5))
    out.push(`    line ${k.line} (${k.claimed}) not usable: ${k.problem}`);
  out.push(...renderTools(b));
  for (const m of b.models?.perModel ?? []) {
    const cost =
      m.estCostUsd === undefined ? 'cost unknown (no price on file)' : `$${m.estCostUsd.toFixed(6)}`;
    out.push(
      `  model ${m.model}: calls ${m.calls}  in ${m.inputTokens ?? '?'}  out ${m.outputTokens ?? '?'}  cache-read ${m.cacheReadTokens ?? 0}  cache-write ${m.cacheCreationTokens ?? 0}  errors ${m.errors}  ${cost}`,
    );
  }
  out.push(...renderErrors(b));
  return out;
}

/** `tape validate`: one line per finding, then the verdict. */
export function renderValidation(v: Validation): string[] {
  const out = v.errors.map((e) => `${v.source}:${e.line}: error ${e.rule}: ${e.message}`);
  for (const w of v.warnings.slice(0, 20)) out.push(`${v.source}:${w.line}: warning ${w.rule}: ${w.message}`);
  if (v.warnings.length > 20) out.push(`${v.source}: … ${v.warnings.length - 20} more warnings`);
  out.push(
    `${v.source}: ${v.ok ? 'valid' : 'INVALID'} mcp-tape v1${v.profile === 'fitness-report' ? ' (fitness-report profile)' : ''}: ${v.lines} lines, ${v.errors.length} errors, ${v.warnings.length} warnings`,
  );
  return out;
}
