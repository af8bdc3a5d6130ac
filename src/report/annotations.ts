import { plain } from '../core/escape/terminal.js';
import { commandData, commandProperty } from '../core/escape/workflow.js';
import type { CiSuite } from './model.js';

/** GitHub shows at most 10 annotations of each level per step; past that, one says how many more. */
export const ANNOTATIONS_PER_LEVEL = 10;

type Level = 'error' | 'warning' | 'notice';

interface Annotation {
  level: Level;
  title: string;
  message: string;
}

/**
 * One workflow command line. Server text is first made inert for a log line (`plain`: controls and
 * line breaks shown as escapes, no `##[`), then escaped by the runner's rules for its place: the
 * title as a property, the message as data. No annotation names a file: what it cites is a run's
 * tape, not the repository.
 */
function command(a: Annotation): string {
  return `::${a.level} title=${commandProperty(plain(a.title))}::${commandData(a.message)}`;
}

const withEvidence = (text: string, evidence: readonly string[]) =>
  [plain(text), ...evidence.map((e) => `evidence: ${plain(e)}`)].join('\n');

function annotationsOf(suite: CiSuite): Annotation[] {
  return [
    { level: 'notice', title: suite.name, message: plain(suite.headline) },
    ...suite.cases
      .filter((c) => c.status === 'failed' || c.status === 'error')
      .map(
        (c): Annotation => ({
          level: 'error',
          title: `${c.group} ${c.name}`,
          message: withEvidence(c.reason ?? '', c.evidence),
        }),
      ),
    ...suite.notes.map(
      (n): Annotation => ({ level: 'warning', title: n.title, message: withEvidence(n.message, n.evidence) }),
    ),
  ];
}

/**
 * A level's annotations taken in turn from each suite (the first of every suite, then the second of
 * every suite, …), so that when GitHub's cap cuts, it cuts evenly: one suite's many failed tasks
 * never hide another suite's one verdict (the comparison's regression behind a run's task failures).
 */
function interleaved(perSuite: readonly Annotation[][], level: Level): Annotation[] {
  const lists = perSuite.map((all) => all.filter((a) => a.level === level));
  const longest = Math.max(0, ...lists.map((l) => l.length));
  return Array.from({ length: longest }, (_, i) =>
    lists.flatMap((l) => (i < l.length ? [l[i] as Annotation] : [])),
  ).flat();
}

/** Keeps the first ANNOTATIONS_PER_LEVEL − 1 when there are more, and one line saying how many were left out. */
function capped(of: readonly Annotation[], level: Level): Annotation[] {
  if (of.length <= ANNOTATIONS_PER_LEVEL) return [...of];
  const kept = of.slice(0, ANNOTATIONS_PER_LEVEL - 1);
  const more = of.length - kept.length;
  return [
    ...kept,
    {
      level,
      title: 'fitness-report',
      message: `${more} more (${level}): see the JUnit report or the step summary`,
    },
  ];
}

/**
 * The suites as GitHub workflow annotations: the headline of each as a notice, every failed or
 * erred case as an error, every finding as a warning; one line each, at most ten per level, shared
 * among the suites in turn.
 */
export function workflowAnnotations(suites: readonly CiSuite[]): string[] {
  const perSuite = suites.map(annotationsOf);
  return (['error', 'warning', 'notice'] as const)
    .flatMap((level) => capped(interleaved(perSuite, level), level))
    .map(command);
}
