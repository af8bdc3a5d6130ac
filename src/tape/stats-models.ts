import { asRecord } from '../core/json.js';
import type { TapeRecord } from './lines.js';
import { EventKind, type TurnLine, type TurnUsage } from './schema.js';
import type { CostStats, ErrorEntry, ModelStats, ModelSummary, ModelsBlock } from './stats-schema.js';

/** USD cost of one turn's usage, or undefined when the model has no price on file (no cost then). */
export type PriceLookup = (model: string, usage: TurnUsage) => number | undefined;

const TOKEN_FIELDS = [
  ['input_tokens', 'inputTokens'],
  ['output_tokens', 'outputTokens'],
  ['cache_read_input_tokens', 'cacheReadTokens'],
  ['cache_creation_input_tokens', 'cacheCreationTokens'],
  ['thinking_tokens', 'thinkingTokens'],
] as const;

type TokenKey = (typeof TOKEN_FIELDS)[number][1];

function addUsage(into: Partial<Record<TokenKey, number>>, usage: TurnUsage | undefined): void {
  if (usage === undefined) return;
  for (const [from, to] of TOKEN_FIELDS) {
    const v = usage[from];
    if (v !== undefined) into[to] = (into[to] ?? 0) + v;
  }
}

/** The model a model-error event names, when it names one. */
function modelOfEvent(raw: unknown): string | undefined {
  const model = asRecord(raw)?.model;
  return typeof model === 'string' ? model : undefined;
}

/** What a model-error event is about (its model, else the endpoint it called) and its message. */
function describeEvent(raw: unknown): { name: string; message: string } {
  const o = asRecord(raw) ?? {};
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const name = str(o.model) ?? str(o.endpoint) ?? str(o.url) ?? '(llm)';
  const err = asRecord(o.error);
  const message =
    str(o.message) ??
    str(o.error) ??
    str(err?.message) ??
    (typeof o.status === 'number' ? `HTTP ${o.status}` : 'model error');
  return { name, message };
}

const isModelError = (kind: string) => kind === EventKind.modelError || kind === 'llm.error';

/**
 * Per-model usage and cost over the non-echoed assistant turns (each is one generation), summed as
 * the tape states it (`input_tokens` excludes cache reads and writes). Undefined when there are none.
 */
export function modelsBlock(
  records: readonly TapeRecord[],
  price: PriceLookup | undefined,
): ModelsBlock | undefined {
  const models = new Map<string, ModelStats>();
  const summary: ModelSummary = { models: 0, assistantTurns: 0, turns: 0, echoedTurns: 0 };
  const costs = new Map<string, number>();
  const slot = (model: string) => {
    let m = models.get(model);
    if (m === undefined) {
      m = { model, calls: 0, priced: false, unpricedTurns: 0, errors: 0 };
      models.set(model, m);
    }
    return m;
  };
  const turns: TurnLine[] = [];
  for (const r of records) {
    if (r.type === 'turn') {
      summary.turns += 1;
      if (r.value.echoed === true) summary.echoedTurns += r.value.role === 'assistant' ? 1 : 0;
      else turns.push(r.value);
    }
    if (r.type === 'event' && isModelError(r.value.kind)) {
      const model = modelOfEvent(r.value.raw);
      if (model !== undefined) slot(model).errors += 1;
    }
  }
  for (const turn of turns) {
    if (turn.role !== 'assistant') continue;
    summary.assistantTurns += 1;
    const m = slot(turn.model ?? '(no model)');
    m.calls += 1;
    if (turn.error !== undefined) m.errors += 1;
    if (turn.usage === undefined) continue;
    addUsage(m, turn.usage);
    addUsage(summary, turn.usage);
    const cost = turn.model === undefined ? undefined : price?.(turn.model, turn.usage);
    if (cost === undefined || !Number.isFinite(cost)) m.unpricedTurns += 1;
    else costs.set(m.model, (costs.get(m.model) ?? 0) + cost);
  }
  if (summary.assistantTurns === 0 && models.size === 0) return undefined;
  const cost: CostStats = { estimated: true, currency: 'USD', partial: false, unpricedModels: [] };
  let total = 0;
  let anyPriced = false;
  for (const m of models.values()) {
    const c = costs.get(m.model);
    m.priced = c !== undefined && m.unpricedTurns === 0;
    if (m.priced && c !== undefined) m.estCostUsd = c;
    if (c !== undefined) {
      anyPriced = true;
      total += c;
    }
    if (m.unpricedTurns > 0) cost.unpricedModels.push(m.model);
  }
  if (anyPriced) cost.totalUsd = total;
  cost.partial = anyPriced && cost.unpricedModels.length > 0;
  cost.unpricedModels.sort();
  summary.models = models.size;
  const perModel = [...models.values()].sort((a, b) => b.calls - a.calls || a.model.localeCompare(b.model));
  return { perModel, summary, cost };
}

/** `errors[]` entries of `source: llm`: failed model turns and model-error events. */
export function modelErrors(records: readonly TapeRecord[]): ErrorEntry[] {
  const out: ErrorEntry[] = [];
  for (const r of records) {
    if (r.type === 'turn' && r.value.echoed !== true && r.value.error !== undefined)
      out.push({
        t: r.value.t,
        source: 'llm',
        name: r.value.model ?? '(llm)',
        message: r.value.error.message,
        line: r.line,
      });
    if (r.type === 'event' && isModelError(r.value.kind))
      out.push({ t: r.value.t, source: 'llm', ...describeEvent(r.value.raw), line: r.line });
  }
  return out;
}
