import { xmlAttr, xmlText } from '../core/escape/xml.js';
import { type CaseStatus, type CiCase, type CiSuite, tally } from './model.js';

/**
 * The suites as a JUnit XML report (the shape CI systems read: `testsuites` › `testsuite` ›
 * `testcase` with `failure`, `error` or `skipped`). A failure's message attribute is its reason;
 * its text adds the evidence references, one a line. Every value from a server is escaped for XML
 * (`src/core/escape/xml.ts`); the counts are of the cases written.
 */
export function junitXml(suites: readonly CiSuite[]): string {
  const all = tally(suites.flatMap((s) => s.cases));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="fitness-report"${counts(suites.flatMap((s) => s.cases).length, all)}>`,
    ...suites.flatMap(suiteLines),
    '</testsuites>',
    '',
  ].join('\n');
}

function counts(tests: number, t: Record<CaseStatus, number>): string {
  return ` tests="${tests}" failures="${t.failed}" errors="${t.error}" skipped="${t.skipped}"`;
}

function suiteLines(suite: CiSuite): string[] {
  return [
    `  <testsuite name="${xmlAttr(suite.name)}"${counts(suite.cases.length, tally(suite.cases))}>`,
    '    <properties>',
    ...suite.properties.map(
      ([name, value]) => `      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`,
    ),
    '    </properties>',
    ...suite.cases.flatMap(caseLines),
    `    <system-out>${xmlText(suite.headline)}</system-out>`,
    '  </testsuite>',
  ];
}

const ELEMENT: Readonly<Record<Exclude<CaseStatus, 'passed'>, string>> = {
  failed: 'failure',
  error: 'error',
  skipped: 'skipped',
};

function caseLines(c: CiCase): string[] {
  const open = `    <testcase classname="${xmlAttr(c.group)}" name="${xmlAttr(c.name)}"`;
  if (c.status === 'passed') return [`${open}/>`];
  const element = ELEMENT[c.status];
  const reason = c.reason ?? '';
  const body = [reason, ...c.evidence.map((e) => `evidence: ${e}`)].join('\n');
  return [
    `${open}>`,
    `      <${element} message="${xmlAttr(reason)}" type="${xmlAttr(c.status)}">${xmlText(body)}</${element}>`,
    '    </testcase>',
  ];
}
