import type { AgentModel } from '../agents/types.js';
import { toTapeUsage } from '../models/usage.js';
import type { UsageRow } from '../record/pricing.js';
import type { JudgeCall } from '../suite/judge-call.js';
import { judgeCorrId } from '../tape/corr-id.js';
import type { TapeWriter } from '../tape/writer.js';

/** One judge call as turns on the judge plane (prompt, then answer or error) and a usage row. */
export function recordJudgeCall(tape: TapeWriter, judge: AgentModel, call: JudgeCall): UsageRow {
  const corr_id = judgeCorrId(call.purpose, call.index + 1);
  tape.turn({ role: 'system', blocks: [{ type: 'text', text: call.system }], corr_id });
  tape.turn({ role: 'user', blocks: [{ type: 'text', text: call.prompt }], corr_id });
  const usage = toTapeUsage(call.usage, judge.provider);
  const ended = Date.parse(call.startedAt) + call.durationMs;
  tape.turn({
    role: 'assistant',
    blocks: call.text === undefined ? [] : [{ type: 'text', text: call.text }],
    corr_id,
    model: judge.id,
    ...(usage ? { usage } : {}),
    timing: { startedAt: call.startedAt, endedAt: new Date(ended).toISOString(), latencyMs: call.durationMs },
    ...(call.error ? { error: { message: call.error.message, code: call.error.code } } : {}),
  });
  if (usage !== undefined) {
    return {
      role: 'judge',
      model: judge.id,
      status: 'ok',
      inputTokens: usage.input_tokens,
      outputTokens: usage.output_tokens,
      ...(usage.cache_read_input_tokens === undefined
        ? {}
        : { cacheReadTokens: usage.cache_read_input_tokens }),
      ...(usage.cache_creation_input_tokens === undefined
        ? {}
        : { cacheWriteTokens: usage.cache_creation_input_tokens }),
    };
  }
  return {
    role: 'judge',
    model: judge.id,
    status: call.error?.code === 'JUDGE_CALL_FAILED' ? 'threw' : 'no_usage',
  };
}
