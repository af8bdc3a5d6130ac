import { plain } from '../core/escape/terminal.js';
import type { PlaneStats, TapeStats, Validation } from '../tape/index.js';

/**
 * A tape is anyone's file: every string read from one (tool and model names, the command, labels,
 * error texts, file names) is printed with `plain`, so no value moves the terminal, forges a line
 * or starts a workflow command.
 */
const p = (value: string | undefined, absent = '?') => (value === undefined ? absent : plain(value));

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
      `merged (${stats.planes.length} planes; tools from ${stats.toolsFrom?.map(plain).join(', ') || 'none'}):`,
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
      `    ${plain(t.name)}: calls ${t.calls}  errors ${t.errors} (isError ${t.resultErrors}, rpc ${t.rpcErrors})  pending ${t.pending}  ${lat}  [${plain(t.origin)}]`,
    );
  }
  return out;
}

function renderErrors(b: PlaneStats | TapeStats): string[] {
  const parts = b.errors
    .slice(0, 8)
    .map((e) => `${e.source} ${plain(e.name)}: ${plain(e.message.replace(/\s+/g, ' ').slice(0, 80))}`);
  if (b.errors.length > 8) parts.push(`… ${b.errors.length - 8} more`);
  for (const m of b.pendingByMethod) parts.push(`${plain(m.method)} unanswered ×${m.count}`);
  if (b.orphanResponses > 0) parts.push(`responses without a request ×${b.orphanResponses}`);
  if (b.reusedIds > 0) parts.push(`requests sharing an id ×${b.reusedIds}`);
  return parts.length === 0 ? ['  errors: none'] : ['  errors:', ...parts.map((part) => `    ${part}`)];
}

function renderBlock(b: PlaneStats | TapeStats, plane: string | undefined): string[] {
  const s = b.session;
  const out = [`${plane ? `[${plain(plane)}] ` : ''}${p(b.file, '')}`];
  out.push(
    `  label: ${p(s.label, '(no meta line)')}  kind: ${p(s.kind)}  producer: ${p(s.producer)}  command: ${p(s.command?.join(' '))}`,
  );
  const duration = s.durationMs === undefined ? 'unknown' : `${(s.durationMs / 1000).toFixed(3)} s`;
  out.push(`  started: ${p(s.startedAt)}  ended: ${p(s.endedAt)}  duration: ${duration}`);
  const exit = s.exitCode === undefined ? '' : `  exit code: ${s.exitCode}`;
  out.push(
    `  end: ${p(s.endReason, s.records.end > 0 ? '(no reason given)' : 'no end line (interrupted?)')}${exit}`,
  );
  const r = s.records;
  out.push(
    `  records: ${r.total} (meta ${r.meta}, message ${r.message}, event ${r.event}, turn ${r.turn}, end ${r.end}, other ${r.other}); skipped lines ${s.skippedLines}`,
  );
  for (const k of s.skipped.slice(0, 5)) out.push(`    line ${k.line} skipped: ${plain(k.reason)}`);
  for (const k of s.invalid.slice(0, 5))
    out.push(`    line ${k.line} (${plain(k.claimed)}) not usable: ${plain(k.problem)}`);
  out.push(...renderTools(b));
  for (const m of b.models?.perModel ?? []) {
    const cost =
      m.estCostUsd === undefined ? 'cost unknown (no price on file)' : `$${m.estCostUsd.toFixed(6)}`;
    out.push(
      `  model ${plain(m.model)}: calls ${m.calls}  in ${m.inputTokens ?? '?'}  out ${m.outputTokens ?? '?'}  cache-read ${m.cacheReadTokens ?? 0}  cache-write ${m.cacheCreationTokens ?? 0}  errors ${m.errors}  ${cost}`,
    );
  }
  out.push(...renderErrors(b));
  return out;
}

/** `tape validate`: one line per finding, then the verdict. */
export function renderValidation(v: Validation): string[] {
  const source = plain(v.source);
  const out = v.errors.map((e) => `${source}:${e.line}: error ${e.rule}: ${plain(e.message)}`);
  for (const w of v.warnings.slice(0, 20))
    out.push(`${source}:${w.line}: warning ${w.rule}: ${plain(w.message)}`);
  if (v.warnings.length > 20) out.push(`${source}: … ${v.warnings.length - 20} more warnings`);
  out.push(
    `${source}: ${v.ok ? 'valid' : 'INVALID'} mcp-tape v1${v.profile === 'fitness-report' ? ' (fitness-report profile)' : ''}: ${v.lines} lines, ${v.errors.length} errors, ${v.warnings.length} warnings`,
  );
  return out;
}
