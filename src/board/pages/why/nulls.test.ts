import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../../../test/support/board/page-text.js';
import { nullBaselineGate } from '../../../gates/null-baseline.js';
import { nullReading } from '../../../gates/null-reading.js';
import type { NullBaselineGate, RunRecord } from '../../../record/index.js';
import { parseRecord } from '../../../record/io.js';
import { NESTED as links } from '../links.js';
import { refusalHeadline, refusalStory } from './index.js';

/** The refused fixture with its null gate decided again from other counts (random-args alone, or all three). */
function refusedBy(phases: Parameters<typeof nullBaselineGate>[0]['phases']): {
  record: RunRecord;
  gate: NullBaselineGate;
} {
  const name = 'v2-degenerate-null';
  const record = parseRecord(
    readFileSync(new URL(`../../../record/fixtures/${name}.json`, import.meta.url), 'utf8'),
    name,
  );
  const gate = nullBaselineGate({ phases, signal: { source: 'ceiling' }, ratio: 0.5, percentile: 95 });
  const gates = record.gates.map((g) => (g.gate === 'null_baseline' ? gate : g));
  return { record: { ...record, gates }, gate };
}

const words = (html: unknown) => pageText(String(html));

describe("the null gate's why page", () => {
  it('random-args alone: the deciding line and the story say it is about how the server answers, never about our tasks', () => {
    const { record, gate } = refusedBy({
      'null-no-tools': { k: 0, n: 16 },
      'null-stubbed-empty': { k: 0, n: 16 },
      'null-random-args': { k: 8, n: 8 },
    });
    const headline = words(refusalHeadline(record));
    const story = words(refusalStory(record, links));
    const sentence = nullReading(gate).sentence;
    expect(headline).toContain(sentence);
    expect(story).toContain(sentence);
    for (const text of [headline, story]) {
      expect(text).toContain(
        'null-random-args 8 of 8; below it: null-no-tools 0 of 16, null-stubbed-empty 0 of 16',
      );
      expect(text).toContain('a statement about how the server answers');
      expect(text).not.toContain('finding about our generated tasks');
      expect(text).not.toContain('generated tasks, not about the server');
    }
  });

  it('no tools at the line: the story says the tasks are answerable without the server', () => {
    const { record } = refusedBy({
      'null-no-tools': { k: 13, n: 16 },
      'null-stubbed-empty': { k: 11, n: 16 },
      'null-random-args': { k: 12, n: 16 },
    });
    expect(words(refusalStory(record, links))).toContain('the tasks are answerable without the server');
  });
});

describe("the null gate's why page when the runner solved nothing", () => {
  it('names both parties the zero can belong to, from the record’s own reference gate', () => {
    const { record } = refusedBy({
      'null-no-tools': { k: 0, n: 16 },
      'null-stubbed-empty': { k: 0, n: 16 },
      'null-random-args': { k: 0, n: 16 },
    });
    const phases = {
      'null-no-tools': { k: 0, n: 16 },
      'null-stubbed-empty': { k: 0, n: 16 },
      'null-random-args': { k: 0, n: 16 },
    };
    const at = (source: 'reference' | 'first_try', k: number) =>
      nullBaselineGate({ phases, signal: { source, counts: { k, n: 48 } }, ratio: 0.5, percentile: 95 });
    const gates = [
      ...record.gates.filter((g) => g.gate !== 'null_baseline'),
      at('reference', 48),
      at('first_try', 0),
    ];
    const story = words(refusalStory({ ...record, gates }, links));
    expect(story).toContain('reached the answer through the server in 48 of 48 trials');
    expect(story).toContain('or this runner cannot follow what they say');
    // A reference that reached nothing either says nothing of the kind.
    const none = [
      ...record.gates.filter((g) => g.gate !== 'null_baseline'),
      at('reference', 0),
      at('first_try', 0),
    ];
    expect(words(refusalStory({ ...record, gates: none }, links))).not.toContain('through the server in');
  });
});
