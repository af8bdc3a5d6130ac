import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../../../record/io.js';
import { constructSupport, constructSupportSentence } from './support.js';

function constructOf(name: string) {
  const record = parseRecord(
    readFileSync(new URL(`../../../record/fixtures/${name}.json`, import.meta.url), 'utf8'),
    name,
  );
  const gate = record.gates.find((g) => g.gate === 'construct');
  if (gate?.gate !== 'construct') throw new Error(`no construct gate in ${name}`);
  return { record, gate };
}

describe('construct support', () => {
  it('a reference rate below the threshold stands on the exact p-value, with both numbers', () => {
    const { record, gate: passed } = constructOf('v2-scored');
    const failed = {
      ...passed,
      verdict: 'FAIL' as const,
      reason: 'reference_rate_below_threshold' as const,
      k: 30,
      pValue: 0.0004,
    };
    expect(constructSupport(failed)).toBe('p-value');
    const gates = record.gates.map((g) => (g === passed ? failed : g));
    const sentence = String(constructSupportSentence({ ...record, gates }, failed));
    expect(sentence).toContain('data-support="p-value"');
    expect(sentence.replace(/<[^>]+>/g, '')).toMatch(
      /FAIL on the p-value P\(X ≤ 30\) = 4\.00e-4 &lt; α = 0\.05/,
    );
    expect(sentence).toContain('<span data-record-field="gates.5.k">30</span>');
  });
});
