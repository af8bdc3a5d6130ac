import type { RunRecord } from '../../record/index.js';
import { plural } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import type { UnreadableRun } from '../load.js';
import type { BoardGroup } from '../model.js';
import { boardRow } from './board-row.js';
import { axisSvg } from './interval.js';
import { page } from './layout.js';
import { legend } from './legend.js';
import { type Links, methodsHref, ROOT } from './links.js';
import { neverReachedSection } from './never-reached.js';

export function groupName(group: Pick<BoardGroup, 'id' | 'runner' | 'generator'>): string {
  return `${group.id.replace('-', ' ')}: runner ${group.runner}, generator ${group.generator}`;
}

function statement(group: BoardGroup): string {
  if (group.scored === 0) return 'No row in this group was scored.';
  if (group.scored === 1) return 'One scored row: nothing else in this group to read it against.';
  if (group.nothingSeparates) {
    return 'Nothing separates the scored rows of this group: no interval lies entirely above another, so every row shares position 1. Read the intervals, not the listing order.';
  }
  return 'A row sits lower only where another row’s interval lies entirely above its own; rows nothing separates share a position and are marked tied.';
}

function runnerNote(group: BoardGroup): SafeHtml {
  if (group.runner !== 'heuristic') return html``;
  return html`<p class="small">The heuristic runner is an offline lexical agent, not a language model: its rate measures how well the tools describe themselves to simple word matching. An agent-fitness score needs a language model as the runner.</p>`;
}

function groupSection(
  group: BoardGroup,
  links: Links,
  nameOf: (id: string) => string,
  hasTapes: (runId: string) => boolean,
): SafeHtml {
  return html`<section class="group" id="${group.id}">
<h2>Runner <code>${group.runner}</code> · generator <code>${group.generator}</code></h2>
<p class="group-note">These rows share a runner model and a task generator, so they may be read against each other. They are never read against another group: a different runner or generator is a different measurement.</p>
${runnerNote(group)}
<p class="statement">${statement(group)}</p>
<table>
<thead><tr><th>Server and run</th><th>First-try success (0–100)${axisSvg()}</th><th>Run</th><th>Spec currency</th><th>Protocol hygiene</th><th>Conformance (official suite)</th><th>Cost</th><th>Evidence</th></tr></thead>
<tbody>
${group.rows.map((row) => boardRow(row, links, nameOf, hasTapes(row.record.runId)))}
</tbody>
</table>
</section>`;
}

function unreadableSection(unreadable: readonly UnreadableRun[]): SafeHtml {
  if (unreadable.length === 0) return html``;
  return html`<section class="group unreadable" id="unreadable">
<h2>Records that could not be read (${unreadable.length})</h2>
<p>These runs are listed, not dropped: their records failed validation or could not be opened, so nothing from them is shown above.</p>
<ul>${unreadable.map((u) => html`<li><code>${u.path}</code>: ${u.reason}</li>`)}</ul>
</section>`;
}

/**
 * `hasTapes` says whether a run published any tape; a row without one says so instead of a Replay
 * link. `neverReached` are the runs whose target no server answered, listed apart from the groups.
 */
export function boardPage(
  groups: readonly BoardGroup[],
  unreadable: readonly UnreadableRun[],
  hasTapes: (runId: string) => boolean = () => true,
  neverReached: readonly RunRecord[] = [],
): string {
  const links = ROOT;
  const names = new Map(groups.map((g) => [g.id, groupName(g)]));
  const nameOf = (id: string) => names.get(id) ?? id;
  // A server is counted once, even when its runs sit in two groups (its first attempt names it).
  const servers = new Set(groups.flatMap((g) => g.rows.map((r) => r.attempts[0]?.record.runId))).size;
  const runs = groups.reduce((n, g) => n + g.runs.length, 0);
  const body = html`<h1>Can an agent get the job done with this MCP server?</h1>
<p class="lede">Each row is one server: its latest run, a generated task suite, validity gates, and only then a runner model driving the tasks; every run of the server is listed on its row as an attempt. When our measurement is not valid we publish the refusal in place of a number. ${plural(servers, 'server')} (${plural(runs, 'run')}) in ${plural(groups.length, 'group')}${neverReached.length > 0 ? html`; ${plural(neverReached.length, 'run')} never reached a server (<a href="#never-reached">listed apart</a>)` : ''}. <a href="${methodsHref(links)}">Methods and standing notes</a>.</p>
${legend(links)}
${servers + neverReached.length === 0 ? html`<p class="missing">No readable run records were found.</p>` : ''}
${groups.map((g) => groupSection(g, links, nameOf, hasTapes))}
${neverReachedSection(neverReached, links)}
${unreadableSection(unreadable)}`;
  return page({ title: 'Fitness Report: the board', links, body });
}
