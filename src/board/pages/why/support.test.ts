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
  return gate;
}

describe('construct support', () => {
  it('a reference rate below the threshold stands on the exact p-value, with both numbers', () => {
    const passed = constructOf('v2-scored');
    const failed = {
      ...passed,
      verdict: 'FAIL' as const,
      reason: 'reference_rate_below_threshold' as const,
      k: 30,
      pValue: 0.0004,
    };
    expect(constructSupport(failed)).toBe('p-value');
    const sentence = String(constructSupportSentence(failed));
    expect(sentence).toContain('data-support="p-value"');
    expect(sentence).toMatch(
      /FAIL on the p-value P\(X ≤ 30\) = .* &lt; α = 0\.05|FAIL on the p-value P\(X ≤ 30\) = .* < α = 0\.05/,
    );
  });
});
