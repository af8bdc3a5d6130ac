import { mdCode, mdText } from '../core/escape/markdown.js';
import { type CaseStatus, type CiCase, type CiSuite, tally } from './model.js';

const WORD: Readonly<Record<CaseStatus, string>> = {
  passed: 'pass',
  failed: 'FAIL',
  error: 'ERROR',
  skipped: 'skipped',
};
const VERDICT: Readonly<Record<CiSuite['verdict'], string>> = {
  ok: '✅',
  finding: '❌',
  error: '⚠️',
};

/** `gate: 8 passed · probe: 9 passed, 1 failed, 2 skipped` over the suite's cases, by group in order. */
function groupCounts(cases: readonly CiCase[]): string {
  const groups = [...new Set(cases.map((c) => c.group))];
  return groups
    .map((g) => {
      const t = tally(cases.filter((c) => c.group === g));
      const parts = (Object.keys(WORD) as CaseStatus[]).filter((s) => t[s] > 0).map((s) => `${t[s]} ${s}`);
      return `${mdText(g)}: ${parts.join(', ')}`;
    })
    .join(' · ');
}

const evidenceCell = (evidence: readonly string[]) => evidence.map(mdCode).join(', ');

function caseTable(cases: readonly CiCase[]): string[] {
  const shown = cases.filter((c) => c.status !== 'passed');
  if (shown.length === 0) return [];
  return [
    '',
    '| case | result | reason | evidence |',
    '|---|---|---|---|',
    ...shown.map(
      (c) =>
        `| ${mdText(c.group)} ${mdCode(c.name)} | ${WORD[c.status]} | ${mdText(c.reason ?? '')} | ${evidenceCell(c.evidence)} |`,
    ),
  ];
}

function noteTable(suite: CiSuite): string[] {
  if (suite.notes.length === 0) return [];
  return [
    '',
    `Findings for the server's owner (${suite.notes.length}):`,
    '',
    '| finding | what | evidence |',
    '|---|---|---|',
    ...suite.notes.map((n) => `| ${mdCode(n.title)} | ${mdText(n.message)} | ${evidenceCell(n.evidence)} |`),
  ];
}

/**
 * The suites as GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY`: per suite a heading, the
 * headline, the counts per group, a table of every case that did not pass and the findings. Server
 * text goes through the escaping `findings --format markdown` uses (`src/core/escape/markdown.ts`).
 */
export function summaryMarkdown(suites: readonly CiSuite[]): string {
  return `${suites
    .flatMap((s) => [
      `### ${mdText(s.name)}`,
      '',
      `${VERDICT[s.verdict]} ${mdText(s.headline)}`,
      '',
      groupCounts(s.cases),
      ...caseTable(s.cases),
      ...noteTable(s),
      '',
    ])
    .join('\n')}\n`;
}
