import { describe, expect, it } from 'vitest';
import { evaluateArithmetic } from './arithmetic.js';

describe('evaluateArithmetic', () => {
  it.each([
    ['What is 17 * 23?', '391'],
    ['Compute 2 + 3 * 4', '14'],
    ['(2 + 3) * 4 = ?', '20'],
    ['What is -3 * 2?', '-6'],
    ['2 ^ 10', '1024'],
    ['2 ** 3 ** 2', '512'],
    ['What is 7 / 2?', '3.5'],
    ['What is 1 / 3?', '0.3333333333'],
    ['What is 2 / 3?', '0.6666666667'],
    ['What is 0.1 + 0.2?', '0.3'],
    ['What is 1,000 plus 250?', '1250'],
    ['What is 12 multiplied by 12?', '144'],
    ['What is 100 divided by 8?', '12.5'],
    ['What is 9 minus 12?', '-3'],
    ['What is 3 x 4?', '12'],
    ['What is 6 × 7 ÷ 3?', '14'],
    ['What is 99999999999 * 99999999999?', '9999999999800000000001'],
  ])('%s → %s', (text, expected) => {
    expect(evaluateArithmetic(text)).toBe(expected);
  });

  it.each([
    'Who won the match?',
    'Get user 42',
    'Order 2024-01-05 was late',
    'Due 01/05/2024',
    'Look up INV-2024-001',
    'What is 5 / 0?',
    'Call 555 1234 now',
  ])('finds no arithmetic in %j', (text) => {
    expect(evaluateArithmetic(text)).toBeUndefined();
  });
});
