import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../../test/support/hostile-strings.js';
import { readJunit, readXml } from '../../test/support/junit.js';
import { junitXml } from './junit.js';
import type { CiCase, CiSuite } from './model.js';

/** What a reader gets back from XML: every character XML 1.0 cannot hold is U+FFFD. */
function held(s: string): string {
  return [...s]
    .map((c) => {
      const cp = c.codePointAt(0) ?? 0;
      const legal =
        cp === 0x9 ||
        cp === 0xa ||
        cp === 0xd ||
        (cp >= 0x20 && cp <= 0xd7ff) ||
        (cp >= 0xe000 && cp <= 0xfffd) ||
        cp >= 0x10000;
      return legal ? c : '\uFFFD';
    })
    .join('');
}

const HOSTILE = [
  '</testcase><x>',
  ']]>',
  'a & b',
  'ctl\x00\x01\x1b[31m\x7f',
  '"quoted" \'single\'',
  'lone \ud800 \ufffe \uffff',
];

function suite(name: string, cases: CiCase[]): CiSuite {
  return {
    name,
    headline: `headline of ${name}`,
    verdict: 'finding',
    properties: [['tool', name]],
    cases,
    notes: [],
  };
}

const hostileCases = (): CiCase[] =>
  HOSTILE.map((name, i) => ({
    group: 'probe',
    name,
    status: (['passed', 'failed', 'error', 'skipped'] as const)[i % 4] ?? 'passed',
    reason: `reason: ${name}\nsecond line`,
    evidence: [`runs/x/wire.jsonl#L${i + 1}`],
  }));

describe('junitXml', () => {
  it('is one testsuite per suite a JUnit reader counts: tests, failures, errors, skipped', async () => {
    const xml = junitXml([suite('run', hostileCases()), suite('probe', hostileCases().slice(0, 3))]);
    const report = await readJunit(xml);
    expect(report).toMatchObject({ name: 'fitness-report', tests: 9, failures: 3, errors: 2 });
    expect(report.testsuite?.map((s) => [s.name, s.tests, s.failures, s.errors, s.skipped])).toEqual([
      ['run', 6, 2, 1, 1],
      ['probe', 3, 1, 1, 0],
    ]);
    const [first] = report.testsuite ?? [];
    expect(first?.testcase?.map((c) => c.name)).toEqual(HOSTILE.map(held));
    expect(first?.properties).toEqual([{ name: 'tool', value: 'run' }]);
    expect(first?.['system-out']).toEqual(['headline of run']);
  });

  it('carries the reason and the evidence of a failure, and hostile names round-trip escaped', async () => {
    const report = await readJunit(junitXml([suite('s', hostileCases())]));
    const cases = report.testsuite?.[0]?.testcase ?? [];
    const failure = cases[1]?.failure?.[0];
    expect(failure?.message).toBe(`reason: ${HOSTILE[1]}\nsecond line`);
    expect(failure?.inner).toBe(`reason: ${HOSTILE[1]}\nsecond line\nevidence: runs/x/wire.jsonl#L2`);
    expect(cases[2]?.error?.[0]?.message).toBe(held(`reason: ${HOSTILE[2]}\nsecond line`));
    expect(cases[3]?.skipped?.[0]?.message).toBe(
      `reason: ${HOSTILE[3]}\nsecond line`.replace(/[^\P{Cc}\t\n\r\x7f]/gu, '\uFFFD'),
    );
    expect(cases[0]?.failure).toBeUndefined();
    // Nothing a server wrote became markup: one element per case, no <x>.
    expect(cases).toHaveLength(HOSTILE.length);
    expect(JSON.stringify(cases)).not.toContain('"x"');
  });

  it('any server string: well-formed XML 1.0 whose names and reasons read back (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (name, reason) => {
        const c: CiCase = { group: name, name, status: 'failed', reason, evidence: [] };
        const xml = junitXml([suite(name, [c])]);
        // The JUnit reader counts it; the strict parser gives the exact text back.
        expect((await readJunit(xml)).testsuite?.[0]?.failures).toBe(1);
        const s = readXml(xml).children[0];
        const read = s?.children.find((e) => e.name === 'testcase');
        expect(s?.attributes.name).toBe(held(name));
        expect(read?.attributes).toEqual({ classname: held(name), name: held(name) });
        expect(read?.children.map((e) => [e.name, e.attributes.message, e.text])).toEqual([
          ['failure', held(reason), held(reason)],
        ]);
      }),
      { numRuns: 300 },
    );
  });
});
