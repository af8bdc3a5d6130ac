import { countsText } from '../../record/trial-count.js';
import type { GroupStory, PhaseStory, Story, TrialStory } from './shared/viewer-run.js';

/**
 * Draws a run's story: the run line and what is wrong (one click away), the handshake, the probes
 * and stages, then one fold per phase whose trials table is built when it is first opened (a long
 * run has thousands of trials). Links are hash links (`#corr=`, `#line=`), so they deep-link too.
 * Every tape string goes through textContent.
 */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className !== undefined) node.className = className;
  return node;
}

function link(text: string, hash: string): HTMLAnchorElement {
  const a = el('a', text);
  a.href = `#${hash}`;
  return a;
}

export function seconds(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Where a trial's time went: model, tool and harness as one bar (widths set through the CSSOM). */
export function timeBar(t: Pick<TrialStory, 'modelMs' | 'toolMs' | 'harnessMs'>): HTMLElement {
  const bar = el('span', undefined, 'timebar');
  const total = t.modelMs + t.toolMs + t.harnessMs;
  for (const [part, ms] of [
    ['model', t.modelMs],
    ['tool', t.toolMs],
    ['harness', t.harnessMs],
  ] as const) {
    const seg = el('span', undefined, `seg ${part}`);
    seg.style.width = `${total > 0 ? (100 * ms) / total : 0}%`;
    bar.append(seg);
  }
  bar.title = `model ${seconds(t.modelMs)} · tool calls ${seconds(t.toolMs)} · harness ${seconds(t.harnessMs)}`;
  return bar;
}

/** How the trial counts in its phase, as the record counts it. */
function result(t: TrialStory): HTMLElement {
  switch (t.count) {
    case 'passed':
      return el('span', 'pass', 'pass');
    case 'failed':
      return el('span', t.exhausted ? `fail (${t.exhausted})` : 'fail', 'fault');
    case 'not-applicable':
      return el('span', 'not applicable', 'unknown');
    case 'error':
      return el('span', 'oracle error (not counted)', 'fault');
    default:
      return el('span', 'not recorded', 'unknown');
  }
}

function trialRow(t: TrialStory): HTMLTableRowElement {
  const tr = el('tr');
  tr.dataset.corr = t.corr;
  const cells: (string | HTMLElement)[] = [
    link(t.corr, `corr=${encodeURIComponent(t.corr)}`),
    t.taskId,
    result(t),
    seconds(t.durationMs),
    `${t.toolCalls}${t.toolErrors > 0 ? ` (${t.toolErrors} failed)` : ''}`,
    `${t.errors}${t.pending > 0 ? ` · ${t.pending} pending` : ''}`,
    timeBar(t),
  ];
  for (const c of cells) {
    const td = el('td');
    td.append(c);
    tr.append(td);
  }
  return tr;
}

function trialsTable(p: PhaseStory): HTMLTableElement {
  const table = el('table', undefined, 'trials');
  const head = el('tr');
  for (const h of [
    'trial',
    'task',
    'result',
    'duration',
    'tool calls',
    'errors',
    'time: model · tool · harness',
  ])
    head.append(el('th', h));
  table.append(head, ...p.trials.map(trialRow));
  return table;
}

function phaseFold(p: PhaseStory): HTMLDetailsElement {
  const d = el('details', undefined, 'phase');
  d.dataset.phase = p.phase;
  const calls = p.trials.reduce((n, t) => n + t.toolCalls, 0);
  const untold = p.untold > 0 ? ` · ${p.untold} with no trial event` : '';
  // A null phase's error answers are what the null asked for (random or missing arguments).
  const own = p.phase.startsWith('null-') ? ' (the null’s own calls)' : '';
  const summary = el(
    'summary',
    `${p.phase}: ${plural(p.tasks, 'task')}, ${plural(p.trials.length, 'trial')}: ${countsText(p.counts)}${untold} · ${seconds(p.endMs - p.startMs)} · ${plural(calls, 'tool call')}${p.errors > 0 ? ` · ${plural(p.errors, 'error')}${own}` : ''}${p.pending > 0 ? ` · ${p.pending} pending` : ''}`,
  );
  summary.dataset.counts = countsText(p.counts);
  d.append(summary);
  d.addEventListener('toggle', () => {
    if (d.open && d.querySelector('table') === null) d.append(trialsTable(p));
  });
  return d;
}

function groupList(title: string, groups: readonly GroupStory[]): HTMLElement {
  const p = el('p', undefined, 'story-groups');
  p.append(el('strong', `${title}: `));
  groups.forEach((g, i) => {
    if (i > 0) p.append(' · ');
    p.append(link(g.label, `corr=${encodeURIComponent(g.corr)}`));
    const bad = g.errors + g.pending;
    p.append(
      el(
        'span',
        ` ${g.lines}${bad > 0 ? ` (${g.errors} err, ${g.pending} pending)` : ''}`,
        bad > 0 ? 'fault small' : 'small',
      ),
    );
  });
  return p;
}

function handshakeLine(s: Story): HTMLElement {
  const p = el('p', undefined, 'story-handshake');
  p.id = 'story-handshake';
  p.append(el('strong', 'Handshake: '));
  const h = s.handshake;
  if (h === undefined) {
    p.append(el('span', 'none on these tapes', 'missing'));
    return p;
  }
  if (h.failed !== undefined) p.append(el('span', `failed: ${h.failed} `, 'fault'));
  const parts = [
    h.protocolVersion
      ? `protocol ${h.protocolVersion}${h.era ? ` (${h.era})` : ''}`
      : 'protocol not recorded',
    h.server ? `server ${h.server}` : 'server not named',
    `${seconds(h.endMs - h.startMs)}`,
  ];
  p.append(`${parts.join(' · ')} · `, link(h.ref, `line=${encodeURIComponent(h.ref)}`));
  return p;
}

/** The run summary, the viewer's first screen. */
export function drawStory(root: HTMLElement, s: Story, title: string): void {
  root.replaceChildren();
  root.append(el('h2', `Run summary: ${title}`));
  const line = el('p', undefined, 'story-line');
  const span = s.startMs !== undefined && s.endMs !== undefined ? ` · ${seconds(s.endMs - s.startMs)}` : '';
  line.append(`${plural(s.lines, 'line')}${span} · `);
  // The server's errors in the drive are the finding; the probes' and the nulls' are the harness's
  // own, asked for on purpose, and never shown as a fault.
  const other = s.errors - s.driveErrors - s.ownErrors;
  const problems = el(
    'span',
    `${plural(s.driveErrors, 'error')} in the drive · ${s.pending} pending ${s.pending === 1 ? 'request' : 'requests'}`,
    s.driveErrors + s.pending > 0 ? 'fault' : '',
  );
  problems.id = 'story-problems';
  line.append(problems);
  if (other > 0)
    line.append(` · ${plural(other, 'error')} elsewhere (connect, generation, admission, construct)`);
  if (s.ownErrors > 0)
    line.append(
      ' · ',
      el(
        'span',
        `${plural(s.ownErrors, 'error')} the harness caused on purpose (probes, null phases)`,
        'small',
      ),
    );
  if (s.errors + s.pending > 0) line.append(' · ', link('show only these', 'only=problems'));
  const firstBad = s.pendingRefs[0] ?? s.driveErrorRefs[0] ?? s.errorRefs[0];
  if (firstBad !== undefined)
    line.append(' · first at ', link(firstBad, `line=${encodeURIComponent(firstBad)}`));
  root.append(line);
  if (s.unreadable > 0) {
    const u = el('p', undefined, 'fault story-unreadable');
    const first = s.unreadableRefs[0] ?? '';
    u.append(
      `${plural(s.unreadable, 'line')} could not be read (not JSON: cut off, or not a tape line) and ${s.unreadable === 1 ? 'is' : 'are'} shown as text only: first at `,
      link(first, `line=${encodeURIComponent(first)}`),
    );
    root.append(u);
  }
  root.append(handshakeLine(s));
  if (s.probes.length > 0) root.append(groupList('Probes', s.probes));
  if (s.stages.length > 0) root.append(groupList('Stages', s.stages));
  const phases = el('div', undefined, 'story-phases');
  phases.id = 'story-phases';
  if (s.phases.length === 0) phases.append(el('p', 'No trial phases on these tapes.', 'missing'));
  for (const p of s.phases) phases.append(phaseFold(p));
  root.append(phases);
  if (s.phases.length === 0 && s.tools.length > 0) {
    const tools = el('p', undefined, 'story-groups');
    tools.append(
      el('strong', 'Tool calls: '),
      s.tools
        .map(
          (t) =>
            `${t.name} ×${t.calls}${t.errors ? ` (${t.errors} failed)` : ''}${t.pending ? ` (${t.pending} pending)` : ''}`,
        )
        .join(' · '),
    );
    root.append(tools);
  }
}

/** The selected trial above the timeline: its result and where its time went. */
export function drawTrialHead(root: HTMLElement, s: Story | undefined, corr: string): void {
  root.replaceChildren();
  const t = s?.phases.flatMap((p) => p.trials).find((x) => x.corr === corr);
  if (t === undefined) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  root.append(
    el('strong', `${t.corr}: `),
    result(t),
    ` · ${seconds(t.durationMs)}: model ${seconds(t.modelMs)}, tool calls ${seconds(t.toolMs)} (${t.toolCalls}), harness ${seconds(t.harnessMs)}${t.steps !== undefined ? ` · ${t.steps} steps` : ''} `,
    timeBar(t),
  );
}
