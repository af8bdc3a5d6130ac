import { isRecorded, type RunRecord } from '../../../record/index.js';
import { count, missing } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import { explorationLedger } from '../exploration.js';
import { facts } from '../facts.js';
import type { Links } from '../links.js';
import { gateShown } from '../shown.js';
import { candidateFates } from './candidates.js';
import { gate } from './gates.js';

/** Rejections by rule, or the stated gap when the record's generator did not keep them. */
export function rejectedByRule(record: RunRecord): SafeHtml {
  const rejected = record.suite?.rejected;
  if (!rejected) return missing('the rejection breakdown');
  if (rejected.limitation !== undefined || !rejected.byRule) {
    return html`${count(rejected.total)} <div class="small">${rejected.limitation ?? ''}</div>`;
  }
  const rules = Object.entries(rejected.byRule).filter(([, n]) => (n ?? 0) > 0);
  if (rules.length === 0) return html`${count(rejected.total)}`;
  return html`${count(rejected.total)}: ${rules.map(([rule, n], i) => html`${i > 0 ? ', ' : ''}<code>${rule}</code> ${count(n ?? 0)}`)}`;
}

function admissionLine(record: RunRecord): SafeHtml {
  const s = gate(record, 'structural');
  if (!s) return missing('the admission rate (the structural gate was not decided)');
  const floor = gateShown(record, s, 'minAdmissionRate');
  if (s.admissionRate === undefined)
    return html`no candidates, so no rate <span class="small">(floor ${floor})</span>`;
  return html`<strong>${gateShown(record, s, 'admissionRate')}</strong> against the floor ${floor}`;
}

function sizeLine(record: RunRecord): SafeHtml {
  const g = gate(record, 'suite_size');
  if (!g) {
    const stopped = record.gates.at(-1)?.gate;
    return missing(`the suite-size comparison (the run stopped${stopped ? ` at ${stopped}` : ''} before it)`);
  }
  return html`<strong>${gateShown(record, g, 'registered')}</strong> registered tasks against the minimum ${gateShown(record, g, 'minTasks')}`;
}

function finding(record: RunRecord): string {
  const reason = record.refusal?.reason;
  switch (reason) {
    case 'below_minimum_suite_size':
      return 'Too few generated tasks survived to make a suite worth scoring. The minimum does not move: a thin surface is fixed by tasks that survive admission, not by a smaller suite.';
    case 'admission_rate_below_floor':
      return 'Too few of the generated candidates passed admission. The floor does not move.';
    case 'no_candidates':
      return "The generator proposed no candidate task from this surface: its tools answered, but it found no value in their answers that could ground a task. That is as much a limit of the generator as a fact about the server (a judge model may do better); the exploration ledger below gives each tool's reason.";
    case 'registration_below_minimum':
      return "The run registered fewer tasks than the minimum. That was the run's registration, not a statement about the server: register at least the minimum to measure it.";
    case 'no_explorable_tools':
      return 'No tool was read-only by declaration, assertion or inference, so the run could call none of them to build tasks. That is a statement about what the run was allowed to call, not about how much the server offers: name read-only tools with --read-only, or allow every tool with --allow-destructive.';
    case 'no_usable_results':
      return 'Every call exploration could make failed, so nothing was learnt about what the server answers. The ledger says which required parameters only generated values could fill: the run was not given the context a user would give (--given NAME=VALUE).';
    case 'no_surface':
      return 'The server did not list its tools, so there was nothing to build tasks from.';
    case 'answers_unstable':
      return 'Most candidates were rejected because the server answered the same read-only call differently when it was made again, in a fresh server process: its answers do not stay put, so no task can be graded against a fixed key. That is a statement about the server, whatever the size of its surface.';
    case 'invalid_schemas':
      return 'The server listed tools, but every one was malformed (an invalid name or input schema), so no task could be built or its arguments checked. That is a statement about the server: the input-schemas probe names each tool and its problem.';
    case 'empty_data':
      return 'Every answer exploration got said the server holds nothing. That is a statement about its data, not its surface: run it on data (seeded, or the data a user has) to measure it.';
    case 'all_candidates_null_answerable':
      return 'Enough tasks were generated, but a model with no tools and no server answered so many of them that the screen deleted them. That says what the server adds, not how many tools it has.';
    case 'registered_task_invalid':
      return 'A registered task did not re-validate from its rendered content.';
    default:
      return 'The suite as it was registered.';
  }
}

function screenLedger(record: RunRecord): SafeHtml {
  const screen = record.identity.screen;
  if (!isRecorded(screen)) return html`<p class="small">${screen.limitation}</p>`;
  if (!screen.enabled) return html`<p class="small">The generation-time screen was off for this run.</p>`;
  return html`<h4>Screen ledger</h4>${facts([
    ['candidates put to the screen', count(screen.counts.screened)],
    ['answered with no server, deleted', count(screen.counts.deleted)],
    ['screen calls that errored', count(screen.counts.errors)],
    ['screen tokens', count(screen.counts.tokens)],
  ])}<p class="small">${screen.statement}</p>`;
}

export function surfaceStory(record: RunRecord, links: Links): SafeHtml {
  const suite = record.suite;
  const s = gate(record, 'structural');
  const invalid = s?.invalidTasks ?? [];
  return html`<p>${finding(record)}</p>
${facts([
  ['candidates generated', suite ? count(suite.candidates) : missing('the candidate count')],
  ['admitted', s ? count(s.admitted) : missing('the admitted count')],
  ['rejected by admission', rejectedByRule(record)],
  ['deleted by the null screen', suite ? count(suite.deletedByScreen) : missing('the screen deletions')],
  ['registered', suite ? count(suite.registered) : missing('the registered count')],
  ['held in reserve', suite ? count(suite.reserve) : missing('the reserve')],
  ['trimmed as surplus', suite ? count(suite.surplus) : missing('the surplus')],
  ['admission rate', admissionLine(record)],
  ['suite size', sizeLine(record)],
])}
<p class="small">Rejected, deleted and trimmed are three separate fates, counted apart; summing them would overstate what failed.</p>
${candidateFates(record, links)}
${record.refusal?.reason === 'all_candidates_null_answerable' ? screenLedger(record) : ''}
${record.refusal?.reason === 'all_candidates_null_answerable' ? '' : html`<h4>Exploration ledger</h4>${explorationLedger(record)}`}
${invalid.length > 0 ? html`<h4>Tasks that did not re-validate</h4><ul>${invalid.map((t) => html`<li><code>${t.taskId}</code>: ${t.detail}</li>`)}</ul>` : ''}`;
}

export function surfaceHeadline(record: RunRecord): SafeHtml {
  switch (record.refusal?.reason) {
    case 'no_candidates':
    case 'no_surface':
      return admissionLine(record);
    case 'below_minimum_suite_size': {
      // The gate's own sentence: with the offline generator it says whose limit the thin suite is.
      const g = gate(record, 'suite_size');
      return g ? gateShown(record, g, 'explain') : sizeLine(record);
    }
    case 'admission_rate_below_floor':
    case 'no_explorable_tools':
    case 'no_usable_results':
    case 'invalid_schemas':
    case 'empty_data':
    case 'answers_unstable': {
      const s = gate(record, 'structural');
      return s ? gateShown(record, s, 'explain') : html``;
    }
    case 'all_candidates_null_answerable': {
      const g = gate(record, 'suite_size');
      return g
        ? html`the screen deleted ${gateShown(record, g, 'deletedByScreen')}; ${gateShown(record, g, 'registered')} tasks left against the minimum ${gateShown(record, g, 'minTasks')}`
        : sizeLine(record);
    }
    case 'registered_task_invalid': {
      const s = gate(record, 'structural');
      return html`${s ? gateShown(record, s, 'invalidTasks.length') : count(0)} registered task(s) did not re-validate`;
    }
    default:
      return sizeLine(record);
  }
}
