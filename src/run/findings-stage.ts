import { admitProposals } from '../findings/admit.js';
import { deriveFindings, type FindingsInput } from '../findings/derive.js';
import { judgeProposals } from '../findings/judge-proposals.js';
import { findingsInputOf } from '../findings/read.js';
import { surfaceFromTape } from '../findings/surface.js';
import type { FindingsBlock } from '../record/findings.js';
import type { RunContext } from './context.js';
import { recordJudgeCall } from './judge-plane.js';
import type { Driven, Found } from './products.js';
import type { Tally } from './tally.js';

const OFFLINE =
  'offline: no judge model is configured, so the proposals come from deterministic rules (rules/1), not a model';

/**
 * After the drive (whatever the last null decision said): findings from the tapes so far (read from
 * their writers' memory) and suite.json, with the rule proposals, and the judge's proposals when a
 * judge model is configured (its call a turn on the judge plane). Only a run that finished its
 * drive gets here.
 */
export async function findingsStage(ctx: RunContext, driven: Driven, tally: Tally): Promise<Found> {
  return { ...driven, findings: await findings(ctx, tally) };
}

async function findings(ctx: RunContext, tally: Tally): Promise<FindingsBlock | undefined> {
  // The tapes from their writers' memory: every line so far, as the files will hold them.
  const read = findingsInputOf(ctx.dir, { wire: ctx.tapes.wire.text(), agent: ctx.tapes.agent.text() });
  if ('missing' in read) {
    tally.addNote({ id: 'findings-not-derived', text: `No findings were derived: ${read.missing}.` });
    return undefined;
  }
  const block = deriveFindings(read.input);
  if (block === undefined) return undefined;
  const { judge } = ctx;
  if (judge.provider !== 'heuristic' && block.findings.length > 0)
    await judged(ctx, tally, block, read.input);
  else if (block.findings.length > 0) block.proposalsNote = OFFLINE;
  return block;
}

/** The judge's proposals beside the rule ones, its call a turn on the judge plane. */
async function judged(
  ctx: RunContext,
  tally: Tally,
  block: FindingsBlock,
  input: FindingsInput,
): Promise<void> {
  const { judge } = ctx;
  const tools = new Map(surfaceFromTape(input.wire).map((l) => [l.tool.name, l.tool]));
  const outcome = await judgeProposals({
    model: judge.model,
    modelId: judge.id,
    findings: block.findings,
    tools,
  });
  tally.addUsage([recordJudgeCall(ctx.tapes.judge, judge, outcome.call)]);
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
