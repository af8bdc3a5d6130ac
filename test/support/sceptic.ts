import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, ms, pct, pValue, usd } from '../../src/board/format.js';

/** A stored rate with three decimals, as the record's own JSON carries it. */
const rate = (x: number): string => x.toFixed(3);

import type { ConstructGate, RunRecord } from '../../src/record/index.js';
import { publishedVerdict } from '../../src/stats/index.js';

/**
 * The site read like a sceptic: every number a page prints must be one record.json holds (printed
 * by the board's own format rules, or verbatim inside one of the record's strings), every deciding
 * sentence must name the support its gate used with that support's numbers, and every evidence
 * link must open a tape line (or a corr id) the run's tapes hold. Nothing here reads the board's
 * own logic: the support is re-derived with src/stats from the gate's counts.
 */

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** What a reader sees: tags dropped, entities decoded, whitespace collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ');
}

/** The `<tr id="run-…">` element of one run on the board, nested tables included. */
export function boardRowHtml(board: string, runId: string): string {
  const start = board.indexOf(`<tr id="run-${runId}"`);
  if (start < 0) throw new Error(`no board row for ${runId}`);
  const tag = /<tr[\s>]|<\/tr>/g;
  tag.lastIndex = start + 1;
  let depth = 1;
  for (let m = tag.exec(board); m !== null; m = tag.exec(board)) {
    depth += m[0] === '</tr>' ? -1 : 1;
    if (depth === 0) return board.slice(start, m.index + 5);
  }
  throw new Error(`unterminated board row for ${runId}`);
}

interface Leaves {
  /** Every number the record holds (array lengths included: a listed item's count is the list's). */
  numbers: number[];
  strings: string[];
}

function leaves(value: unknown, out: Leaves = { numbers: [], strings: [] }): Leaves {
  if (typeof value === 'number') out.numbers.push(value);
  else if (typeof value === 'string') out.strings.push(value);
  else if (Array.isArray(value)) {
    out.numbers.push(value.length);
    for (const v of value) leaves(v, out);
  } else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) leaves(v, out);
  return out;
}

/** Every way the board's format rules print a stored number. */
function renderings(x: number): string[] {
  const out = [String(x), rate(x), pValue(x), usd(x), ms(x).replace(/ ms$/, ''), pct(x)];
  if (Number.isSafeInteger(x)) out.push(count(x));
  else out.push(count(Math.round(x)));
  return out;
}

/** Printed by templates, not read from a record: the Wilson interval's confidence level. */
const TEMPLATE = new Set(['95%']);

/**
 * Facts that are not one record's, removed before reading: what the board draws across records
 * (attempt N of M, the sibling runs named with their targets, a server row's list of its attempts,
 * dominance positions), and the key id
 * of the signature the site verified (signature.json's, beside the record), and any bare hex digest.
 */
const NOT_THIS_RECORD = [
  /<div class="siblings">[\s\S]*?<\/div>/g,
  /<div class="attempts-head[\s\S]*?<\/div>/g,
  /<ol class="attempts">[\s\S]*?<\/ol>/g,
  /<p>Other runs of this server[\s\S]*?<\/ul>/g,
  /attempt \d+ of \d+/g,
  /#\d+\b/g,
  /\(\d+ runs?\)/g,
  /key ed25519:[0-9a-f]+/g,
  // Digests and key ids printed bare (a key id that happens to read 0e523… is not a number).
  /(?<![A-Za-z0-9_])[0-9a-f]{12,}(?![A-Za-z0-9_])/g,
];

/** A number standing on its own: not the tail of a word (sha256, Ed25519, explore/2 is a string). */
const NUMBER = /(?<![A-Za-z0-9_])\$?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?%?/g;

/** The numbers a page prints that record.json does not hold under any of the board's format rules. */
export function unfoundNumbers(html: string, record: unknown): string[] {
  const { numbers, strings } = leaves(record);
  const known = new Set(numbers.flatMap(renderings));
  let text = html;
  for (const re of NOT_THIS_RECORD) text = text.replace(re, ' ');
  text = visibleText(text);
  const found = text.match(NUMBER) ?? [];
  const unfound = found.filter((token) => {
    const t = token.replace(/,$/, '');
    if (known.has(t) || TEMPLATE.has(t)) return false;
    return !strings.some((s) => s.includes(t));
  });
  return [...new Set(unfound)];
}

export type Support = 'wilson' | 'power' | 'p-value' | 'oracle-errors' | 'downgraded' | 'unresolved';

/** Which evidence the construct decision used, re-derived from its counts by src/stats. */
export function expectedSupport(g: ConstructGate): Support {
  if (g.reason === 'compromised_oracle_errors') return 'oracle-errors';
  const v = publishedVerdict({
    k: g.k,
    n: g.n,
    threshold: g.threshold,
    alpha: g.alpha,
    detectableRate: g.detectableRate,
    power: g.plannedPower,
  });
  if (g.verdict === 'PASS') return v.wilson.lower >= g.threshold ? 'wilson' : 'power';
  if (g.reason === 'reference_rate_below_threshold') return 'p-value';
  if (g.reason === 'reference_out_of_budget' && v.raw === 'FAIL') return 'p-value';
  return v.raw === 'PASS' ? 'downgraded' : 'unresolved';
}

/** The numbers a sentence naming this support must print. */
function supportNumbers(g: ConstructGate, support: Support): string[] {
  const w = g.wilson;
  const wilson = w ? [pct(w.lower), pct(g.threshold)] : [];
  const power = g.achievedPower === undefined ? [] : [pct(g.achievedPower), pct(g.plannedPower), count(g.n)];
  const p = g.pValue === undefined ? [] : [pValue(g.pValue), String(g.alpha)];
  switch (support) {
    case 'wilson':
      return wilson;
    case 'power':
      return [...power, ...wilson];
    case 'p-value':
      return p;
    case 'oracle-errors':
      return [count(g.errors), pct(g.errorShare), pct(g.compromisedErrorShare)];
    case 'downgraded':
      return [...wilson, ...power];
    case 'unresolved':
      return [...p, ...wilson, ...power];
  }
}

function constructGateOf(record: RunRecord): ConstructGate | undefined {
  const g = record.gates.find((x) => x.gate === 'construct');
  return g?.gate === 'construct' ? g : undefined;
}

/** The deciding sentence names the support its gate used, with that support's numbers. */
export function decidingProblems(page: string, record: RunRecord): string[] {
  const problems: string[] = [];
  const line = /<p class="deciding-line" data-gate="([^"]*)">([\s\S]*?)<\/p>/.exec(page);
  if (!line) return ['no deciding line'];
  const [, gateId, body = ''] = line;
  const text = visibleText(body);
  if (record.outcome === 'VOID') {
    const why = record.void?.reason ?? '(no void block)';
    return gateId === 'none' && text.includes(why)
      ? []
      : [`a VOID line names no gate and says ${why}: “${text}”`];
  }
  const refusing = record.gates.at(-1);
  const deciding = record.outcome === 'SCORED' ? 'construct' : record.refusal?.gate;
  if (gateId !== deciding) problems.push(`deciding line names ${gateId}, the record ${deciding}`);
  const need = (numbers: string[], what: string) => {
    for (const n of numbers)
      if (!text.includes(n)) problems.push(`deciding line lacks ${what} ${n}: “${text}”`);
  };
  if (deciding === 'construct') {
    const g = constructGateOf(record);
    if (!g) return [...problems, 'no construct gate'];
    const support = /data-support="([^"]*)"/.exec(body)?.[1];
    const expected = expectedSupport(g);
    if (support !== expected) problems.push(`support ${support ?? '(none)'}, stats say ${expected}`);
    need(supportNumbers(g, expected), `the ${expected} support's number`);
  } else if (refusing?.gate === 'null_baseline') {
    if (refusing.tNull !== undefined && refusing.cutoff !== undefined)
      need([pct(refusing.tNull), pct(refusing.cutoff)], 'T_null against the line');
    else if (!text.includes('not measured'))
      problems.push(`a null comparison not measured says so: “${text}”`);
  } else if (refusing?.gate === 'suite_size') {
    need([count(refusing.registered), count(refusing.minTasks)], 'the suite size against the minimum');
  } else if (refusing?.gate === 'answer_leak') {
    need([count(refusing.leaks.length), count(refusing.scanned)], 'the leaks of the scanned tasks');
  } else if (refusing?.gate === 'structural') {
    const r = refusing.reason;
    if (r === 'admission_rate_below_floor' && refusing.admissionRate !== undefined)
      need(
        [pct(refusing.admissionRate), pct(refusing.minAdmissionRate)],
        'the admission rate against the floor',
      );
    else if (r === 'no_candidates' || r === 'no_surface') need([pct(refusing.minAdmissionRate)], 'the floor');
    else if (r === 'no_explorable_tools' || r === 'no_usable_results')
      need([refusing.explain.slice(0, 40)], "the gate's explanation");
  }
  return problems;
}

export interface Evidence {
  ref?: string;
  corr?: string;
  href: string;
}

/** Every viewer link to a tape line or a corr id, for this run. */
export function evidenceLinks(html: string, runId: string): Evidence[] {
  const out: Evidence[] = [];
  for (const [, raw = ''] of html.matchAll(/href="([^"]*viewer\.html\?[^"]*#(?:line|corr)=[^"]*)"/g)) {
    const href = raw.replace(/&amp;/g, '&');
    const run = new URL(href, 'http://x/').searchParams.get('run');
    if (run !== runId) continue;
    const frag = new URLSearchParams(href.slice(href.indexOf('#') + 1));
    const line = frag.get('line');
    const corr = frag.get('corr');
    out.push({ href, ...(line !== null ? { ref: line } : {}), ...(corr !== null ? { corr } : {}) });
  }
  return out;
}

const tapes = new Map<string, string[]>();

function tapeLines(dir: string, plane: string): string[] {
  const path = join(dir, `${plane}.jsonl`);
  let lines = tapes.get(path);
  if (lines === undefined) {
    lines = readFileSync(path, 'utf8').split('\n');
    tapes.set(path, lines);
  }
  return lines;
}

/** A line link opens a line the tape holds; a corr link, a corr id some line of the tapes carries. */
export function brokenEvidence(links: readonly Evidence[], dir: string): string[] {
  const problems: string[] = [];
  for (const link of links) {
    if (link.ref !== undefined) {
      const [plane = '', n = ''] = link.ref.split(':');
      const text = tapeLines(dir, plane)[Number(n) - 1];
      if (text === undefined || text.trim() === '') problems.push(`${link.ref}: no such line`);
      else JSON.parse(text);
    }
    if (link.corr !== undefined) {
      const needle = `"corr_id":${JSON.stringify(link.corr)}`;
      const held = ['wire', 'agent'].some((p) => tapeLines(dir, p).some((l) => l.includes(needle)));
      if (!held) problems.push(`corr ${link.corr}: no tape line carries it`);
    }
  }
  return problems;
}
