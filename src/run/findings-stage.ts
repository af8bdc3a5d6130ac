import { deriveFindings } from '../findings/derive.js';
import { judgeProposals } from '../findings/judge-proposals.js';
import { readFindingsInput } from '../findings/read.js';
import { surfaceFromTape } from '../findings/surface.js';
import type { FindingsBlock } from '../record/findings.js';
import { recordJudgeCall } from './judge-plane.js';
import { addUsage, completed, type RunState } from './state.js';

const OFFLINE =
  'offline: no judge model is configured, so the proposals come from deterministic rules (rules/1), not a model';

/**
 * After the drive (whatever the last null decision said): findings from the tapes so far, with the
 * rule proposals, and the judge's proposals when a judge model is configured (its call a turn on
 * the judge plane). A run that never finished its drive gets no findings.
 */
export async function findingsStage(state: RunState): Promise<FindingsBlock | undefined> {
  if (!state.stages.includes('drive')) return undefined;
  state.tapes.wire.flush();
  state.tapes.agent.flush();
  const read = readFindingsInput(state.dir);
  if ('missing' in read) {
    state.ownNotes.push({ id: 'findings-not-derived', text: `No findings were derived: ${read.missing}.` });
    return undefined;
  }
  const block = deriveFindings(read.input);
  if (block === undefined) return undefined;
  const judge = state.judge;
  if (judge === undefined || judge.provider === 'heuristic' || block.findings.length === 0) {
    if (block.findings.length > 0) block.proposalsNote = OFFLINE;
    completed(state, 'findings');
    return block;
  }
  const tools = new Map(surfaceFromTape(read.input.wire).map((l) => [l.tool.name, l.tool]));
  const outcome = await judgeProposals({
    model: judge.model,
    modelId: judge.id,
    findings: block.findings,
    tools,
  });
  addUsage(state, [recordJudgeCall(state.tapes.judge, judge, outcome.call)]);
  const line = state.tapes.judge.lines;
  const evidence = [`judge:${line}` as const];
  block.proposals = [...(outcome.proposals ?? []).map((p) => ({ ...p, evidence })), ...block.proposals];
  if (outcome.problem !== undefined)
    block.proposalsNote = `the judge's proposals are incomplete (${outcome.problem}); the rule proposals (rules/1) stand beside them`;
  completed(state, 'findings');
  return block;
}
