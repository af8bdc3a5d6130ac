import { mdCode, mdText } from '../core/escape/markdown.js';
import { plain } from '../core/escape/terminal.js';
import type { ComparedRun, CompareResult, Measured, SurfaceDelta } from '../record/compare.js';

/**
 * The comparison as a person reads it: plain text for a terminal or a CI log, or Markdown for a pull
 * request. Every number is read from the document (computed once, in src/record); every string a
 * server supplied (its name, tool names, task ids) is escaped for the format.
 */

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const points = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x * 100).toFixed(1)}`;
const p = (x: number) => (x === 0 ? '0' : x < 0.0001 ? x.toExponential(2) : String(Number(x.toPrecision(4))));

/** How each format writes a value from a server: a name (tool, task) and prose (a server name, a detail). */
interface Escape {
  name(value: string): string;
  text(value: string): string;
}
const TEXT: Escape = { name: plain, text: plain };
const MARKDOWN: Escape = { name: mdCode, text: mdText };

function rate(r: ComparedRun): string {
  const f = r.firstTry;
  if (f === undefined) return `${r.outcome}: no first-try rate`;
  const plainWilson = `plain Wilson ${pct(f.wilson.lower)}–${pct(f.wilson.upper)}`;
  const c = f.clustered;
  return c
    ? `${f.k}/${f.n} = ${pct(f.wilson.point)}, ${Math.round(c.wilson.confidence * 100)}% ${pct(c.wilson.lower)}–${pct(c.wilson.upper)} clustered by task (${c.nEff.toFixed(1)} effective of ${f.n}); ${plainWilson}`
    : `${f.k}/${f.n} = ${pct(f.wilson.point)}, ${plainWilson} (not clustered)`;
}

function differenceLine(m: Measured): string {
  const d = m.difference;
  const on =
    d.basis === 'clustered'
      ? 'on effective sample sizes'
      : 'on trials (a record without clustered intervals)';
  return `B − A ${points(d.estimate)} points, ${Math.round(d.confidence * 1000) / 10}% interval ${points(d.lower)} to ${points(d.upper)} (Newcombe hybrid score, ${on})`;
}

function testLine(m: Measured): string {
  const t = m.test;
  if (t.design === 'paired') {
    const left = t.unpairedTasks.aOnly + t.unpairedTasks.bOnly;
    return `paired per task, exact sign-flip test: ${t.tasks} tasks, ${t.nonZero} changed (${t.rose} rose, ${t.fell} fell), p = ${p(t.pValue)} at alpha ${t.alpha}${left > 0 ? `; ${t.unpairedTasks.aOnly} task(s) only in A and ${t.unpairedTasks.bOnly} only in B not paired` : ''}`;
  }
  return `unpaired (different suites), Newcombe interval inverted: p = ${p(t.pValue)} at alpha ${t.alpha}`;
}

function surfaceWords(s: SurfaceDelta, e: Escape): string {
  const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.map(e.name).join(', '));
  const digests = s.same ? 'the same surface digest' : 'different surface digests';
  if (s.tools === undefined) return `${digests}; tools: ${e.text(s.toolsNotRecorded ?? 'not recorded')}`;
  return `${digests}; tools added: ${list(s.tools.added)}; removed: ${list(s.tools.removed)}; changed: ${list(s.tools.changed)}`;
}

const side = (v: string | undefined) => v ?? 'absent';

/** The text report: one line when the runs were not compared, else the full comparison. */
export function compareText(r: CompareResult): string[] {
  if (r.refusal) return [`not compared (${r.refusal.reason}): ${plain(r.refusal.detail)}`];
  const m = r.measured;
  if (m === undefined) return [];
  const run = (label: string, x: ComparedRun) => `  ${label}  ${x.runId}  ${rate(x)}`;
  return [
    `compare: ${plain(r.b.serverName)}, runner ${r.b.runner}, generator ${plain(r.b.generator)}`,
    run('A', r.a),
    run('B', r.b),
    `  difference  ${differenceLine(m)}`,
    `  test        ${testLine(m)}`,
    `  verdict     ${m.verdict}`,
    ...(m.flips.length === 0 ? [] : ['  tasks that flipped (first-try successes, A → B):']),
    ...m.flips.map((f) => `    ${plain(f.taskId)}  ${f.a}/${f.reps} → ${f.b}/${f.reps}`),
    ...r.gates.map((g) => `  gate ${plain(g.gate)}: ${side(g.a)} → ${side(g.b)}`),
    ...r.probes.map((x) => `  probe ${plain(x.id)}: ${side(x.a)} → ${side(x.b)}`),
    `  surface     ${surfaceWords(r.surface, TEXT)}`,
  ];
}

function mdRun(label: string, x: ComparedRun): string {
  return `| ${label} | ${mdCode(x.runId)} | ${x.outcome} | ${mdText(rate(x))} |`;
}

/** The Markdown report (a pull-request comment or a job summary). */
export function compareMarkdown(r: CompareResult): string {
  const head = [
    `### Fitness Report: ${mdText(r.b.serverName)}, B against A`,
    '',
    '| | run | outcome | first try |',
    '|---|---|---|---|',
    mdRun('A', r.a),
    mdRun('B', r.b),
    '',
  ];
  const m = r.measured;
  const body =
    r.refusal || m === undefined
      ? [`**Not compared** (${r.refusal?.reason ?? 'refused'}): ${mdText(r.refusal?.detail ?? '')}`]
      : [
          `**Verdict: ${m.verdict}.** ${mdText(differenceLine(m))}; ${mdText(testLine(m))}.`,
          ...(m.flips.length === 0
            ? []
            : [
                '',
                '| task | reps | A | B |',
                '|---|---|---|---|',
                ...m.flips.map((f) => `| ${mdCode(f.taskId)} | ${f.reps} | ${f.a} | ${f.b} |`),
              ]),
        ];
  const changes = [
    ...r.gates.map((g) => `- gate ${mdCode(g.gate)}: ${side(g.a)} → ${side(g.b)}`),
    ...r.probes.map((x) => `- probe ${mdCode(x.id)}: ${side(x.a)} → ${side(x.b)}`),
    `- surface: ${surfaceWords(r.surface, MARKDOWN)}`,
  ];
  return [...head, ...body, '', ...changes].join('\n');
}
