import { isRecord } from '../core/json.js';
import type { Proposal, WithheldProposal } from '../record/findings.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { steering, type ToolGuidance, toolGuidance } from './guidance.js';
import { offlineTestable } from './offline-reads.js';

interface Admitted {
  proposals: Proposal[];
  withheld: WithheldProposal[];
}

/** A description as a rewrite keeps it: white space and a closing full stop are not a change. */
const norm = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\.+$/, '');

/** The server's own text of a tool's parameter, for telling a proposal's sentences from its own. */
function paramText(tool: ToolDescriptor | undefined, name: string): string {
  const props = tool?.inputSchema.properties;
  const prop = isRecord(props) ? props[name] : undefined;
  const text = isRecord(prop) ? prop.description : undefined;
  return typeof text === 'string' ? text : '';
}

/**
 * Why a proposal goes against its server's own guidance (guidance.ts), or undefined when it does
 * not. One rule for every proposal, whatever wrote it:
 * - a tool its server marks deprecated keeps its description as the server wrote it and gets no
 *   parameter documentation: nothing may draw agents to it;
 * - no new sentence tells agents to use a tool its server marks deprecated;
 * - no new sentence tells agents not to use a tool this tool's own description says to use instead.
 */
function against(
  p: Proposal,
  tool: ToolDescriptor | undefined,
  guidance: ReadonlyMap<string, ToolGuidance>,
): string | undefined {
  const own = guidance.get(p.tool);
  const deprecated = own?.deprecated;
  const server = tool?.description ?? '';
  const kept =
    norm(p.description) === norm(server) || (server.trim() === '' && norm(p.description) === p.tool);
  if (deprecated !== undefined && (!kept || p.parameters.length > 0))
    return `${p.tool} is deprecated by its server (${JSON.stringify(deprecated)}), so no rewrite of its description or parameters is proposed: it would draw agents to it`;
  const names = [...guidance.keys()];
  const texts = [
    { text: p.description, kept: server },
    ...p.parameters.map((q) => ({ text: q.description, kept: paramText(tool, q.name) })),
  ];
  const said = texts.map((t) => steering(t.text, p.tool, names, t.kept));
  for (const name of said.flatMap((s) => s.use)) {
    const words = guidance.get(name)?.deprecated;
    if (words !== undefined)
      return `the rewrite tells agents to use ${name}, which its server marks deprecated (${JSON.stringify(words)})`;
  }
  for (const name of said.flatMap((s) => s.avoid)) {
    const defer = own?.useInstead.find((u) => u.tool === name);
    if (defer !== undefined)
      return `${p.tool}'s description tells agents to use ${name} instead (${JSON.stringify(defer.text)}), so no rewrite says not to use ${name}`;
  }
  return undefined;
}

/**
 * The one way a proposal enters a findings block, whatever wrote it (the rules, or a judge model):
 * one that goes against the server's own guidance is withheld, its findings listed with the
 * server's words; one that is admitted is marked with whether the offline runner can test it.
 */
export function admitProposals(
  written: readonly Proposal[],
  tools: ReadonlyMap<string, ToolDescriptor>,
): Admitted {
  const names = [...tools.keys()];
  const guidance = new Map([...tools].map(([n, t]) => [n, toolGuidance(t, names)]));
  const proposals: Proposal[] = [];
  const withheld: WithheldProposal[] = [];
  for (const p of written) {
    const tool = tools.get(p.tool);
    const why = against(p, tool, guidance);
    if (why === undefined) proposals.push({ ...p, offlineTestable: offlineTestable(p, tool) });
    else
      withheld.push({
        tool: p.tool,
        answers: p.answers,
        why,
        ...(p.source === 'rules' ? {} : { source: p.source, generator: p.generator }),
      });
  }
  return { proposals, withheld };
}
