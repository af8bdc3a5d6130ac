import { generatorChip, isRecorded, type RunRecord } from '../../../record/index.js';
import { count, pct, shortHash, when } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import type { BoardRow } from '../../model.js';
import { diffText } from '../chips.js';
import { facts } from '../facts.js';
import { compareHref, type Links, recordHref, runFileHref } from '../links.js';

export function identity(record: RunRecord): SafeHtml {
  const id = record.identity;
  const s = record.surface;
  return facts([
    [
      'server',
      html`<code>${id.serverSlug}</code>${s?.serverInfo ? html` reports “${s.serverInfo.name}” ${s.serverInfo.version ?? ''}` : ''}`,
    ],
    ['target', html`<code>${id.target.kind}</code> <code>${id.target.description}</code>`],
    ['credential', id.credential],
    ['runner model', html`<code>${id.runner}</code>`],
    ['judge model', html`<code>${id.judge}</code>`],
    ['producer', `${id.producer.name} ${id.producer.version}`],
    ['started / ended', `${when(id.startedAt)} / ${when(id.endedAt)}`],
    ['negotiated revision', s?.revision ?? html`<span class="missing">none negotiated</span>`],
    [
      'era / tools listed',
      s
        ? `${s.era ?? 'unknown era'} / ${s.listed ? count(s.toolCount) : 'tools/list failed'}`
        : html`<span class="missing">the surface: not in the record</span>`,
    ],
  ]);
}

/** Suite hash and where this run sits among the runs of the same server. */
export function lineage(record: RunRecord, row: BoardRow | undefined, links: Links): SafeHtml {
  const reg = record.prereg?.registration;
  const siblings = row?.attempt.siblings ?? [];
  return html`${facts([
    [
      'suite hash',
      record.suite ? shortHash(record.suite.hash) : html`<span class="missing">no suite registered</span>`,
    ],
    [
      'surface digest',
      record.surface?.digest
        ? shortHash(record.surface.digest)
        : html`<span class="missing">not in the record</span>`,
    ],
    ['generator', generatorChip(record.identity.generator)],
    ['seed', reg ? String(reg.seed) : html`<span class="missing">not in the record</span>`],
    [
      'record schema',
      record.migratedFrom ? `${record.schema}, migrated from ${record.migratedFrom} on read` : record.schema,
    ],
    ['attempt', row ? `${row.attempt.index} of ${row.attempt.of}` : '1 of 1'],
  ])}
${
  siblings.length > 0
    ? html`<p>Other runs of this server (each its own suite and hash, never a retry of this one):</p><ul>${siblings.map(
        (s) =>
          html`<li><a href="${recordHref(links, s.runId)}">${s.runId}</a>: attempt ${s.attempt}, ${s.outcome}; ${s.transport}, ${s.credential}, <code>${s.target}</code>${s.surfaceDiff ? html`; ${diffText(s.surfaceDiff, s.credential)}` : ''} · <a href="${compareHref(links, record.runId, s.runId)}">side by side in the viewer</a></li>`,
      )}</ul>`
    : html`<p class="small">No other run of this server is on the board.</p>`
}`;
}

function policyLimitation(extension: object): string {
  const text = 'limitation' in extension ? extension.limitation : undefined;
  return typeof text === 'string' ? text : '';
}

export function preregistration(record: RunRecord, links: Links): SafeHtml {
  const ref = record.prereg;
  if (!ref)
    return html`<p class="missing">pre-registration: not in the record (a void run may stop before it)</p>`;
  const r = ref.registration;
  const ext = 'batchTasks' in r.extension ? r.extension : undefined;
  return html`<p>Written before the first paid call: <a href="${runFileHref(links, record.runId, ref.path)}"><code>${ref.path}</code></a>, sha256 ${shortHash(ref.sha256)}.</p>
${facts([
  ['tasks / minimum', `${count(r.tasks)} / ${count(r.minTasks)}`],
  ['admission floor', pct(r.minAdmissionRate)],
  ['over-generation', `×${r.overGeneration}`],
  ['reps (nulls / construct / drive)', `${r.reps.nulls} / ${r.reps.construct} / ${r.reps.drive}`],
  [
    'construct',
    `threshold ${r.construct.threshold}, α ${r.construct.alpha}, detectable ${r.construct.detectableRate}, power ${r.construct.power}`,
  ],
  ['nulls', `ratio ${r.nulls.ratio}, percentile ${r.nulls.percentile}`],
  ['compromised error share', String(r.compromisedErrorShare)],
  [
    'extension',
    ext
      ? `${ext.maxExtensions} batches of ${ext.batchTasks} tasks${ext.reducedBecause ? ` (reduced: ${ext.reducedBecause})` : ''}`
      : html`zero batches <span class="small">${policyLimitation(r.extension)}</span>`,
  ],
  [
    'agent limits',
    `${r.agentLimits.maxSteps} steps, ${count(r.agentLimits.maxOutputTokens)} output tokens, ${count(r.agentLimits.tokenBudgetPerTrial)} tokens per trial, ${count(r.agentLimits.trialTimeoutMs)} ms`,
  ],
  [
    'screen',
    isRecorded(r.screen)
      ? `${r.screen.enabled ? 'on' : 'off'}: ${r.screen.statement}`
      : html`<span class="missing">${r.screen.limitation}</span>`,
  ],
  [
    'extension protocol',
    isRecorded(r.extensionProtocol)
      ? r.extensionProtocol.statement
      : html`<span class="missing">${r.extensionProtocol.limitation}</span>`,
  ],
  ['credential / seed', `${r.credential} / ${r.seed}`],
])}`;
}
