import { admitProposals } from '../findings/admit.js';
import { deriveFindings, type FindingsInput } from '../findings/derive.js';
import { judgeProposals } from '../findings/judge-proposals.js';
import { readFindingsInput } from '../findings/read.js';
import { surfaceFromTape } from '../findings/surface.js';
import type { FindingsBlock } from '../record/findings.js';
import { addUsage, completed, type RunContext } from './context.js';
import { recordJudgeCall } from './judge-plane.js';
import type { Driven, Found } from './products.js';

const OFFLINE =
  'offline: no judge model is configured, so the proposals come from deterministic rules (rules/1), not a model';

/**
 * After the drive (whatever the last null decision said): findings from the tapes so far, with the
 * rule proposals, and the judge's proposals when a judge model is configured (its call a turn on
 * the judge plane). Only a run that finished its drive gets here.
 */
export async function findingsStage(ctx: RunContext, driven: Driven): Promise<Found> {
  const found: Found = { ...driven, findings: await findings(ctx) };
  ctx.reached = { stage: 'found', product: found };
  return found;
}

async function findings(ctx: RunContext): Promise<FindingsBlock | undefined> {
  ctx.tapes.wire.flush();
  ctx.tapes.agent.flush();
  const read = readFindingsInput(ctx.dir);
  if ('missing' in read) {
    ctx.ownNotes.push({ id: 'findings-not-derived', text: `No findings were derived: ${read.missing}.` });
    return undefined;
  }
  const block = deriveFindings(read.input);
  if (block === undefined) return undefined;
  const { judge } = ctx;
  if (judge.provider !== 'heuristic' && block.findings.length > 0) await judged(ctx, block, read.input);
  else if (block.findings.length > 0) block.proposalsNote = OFFLINE;
  completed(ctx, 'findings');
  return block;
}

/** The judge's proposals beside the rule ones, its call a turn on the judge plane. */
async function judged(ctx: RunContext, block: FindingsBlock, input: FindingsInput): Promise<void> {
  const { judge } = ctx;
  const tools = new Map(surfaceFromTape(input.wire).map((l) => [l.tool.name, l.tool]));
  const outcome = await judgeProposals({
    model: judge.model,
    modelId: judge.id,
    findings: block.findings,
    tools,
  });
  addUsage(ctx, [recordJudgeCall(ctx.tapes.judge, judge, outcome.call)]);
  const line = ctx.tapes.judge.lines;
  const evidence = [`judge:${line}` as const];
  // The judge's proposals pass the server's guidance as the rules' do (findings/admit.ts).
  const admitted = admitProposals(
    (outcome.proposals ?? []).map((p) => ({ ...p, evidence })),
    tools,
  );
  block.proposals = [...admitted.proposals, ...block.proposals];
  const withheld = [...(block.withheld ?? []), ...admitted.withheld];
  if (withheld.length > 0) block.withheld = withheld;
  if (outcome.problem !== undefined)
    block.proposalsNote = `the judge's proposals are incomplete (${outcome.problem}); the rule proposals (rules/1) stand beside them`;
}
