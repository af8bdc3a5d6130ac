import { describe, expect, it } from 'vitest';
import { isEmptyStateText } from './empty-state.js';

describe('an empty state is read wherever a short text says there is nothing', () => {
  it.each([
    'physics chart, 0 marks',
    '0 errors, 0 warnings',
    'Found 0 files',
    '0.0 seconds elapsed, 0 results',
  ])('a text whose every count is zero: %s', (text) => expect(isEmptyStateText(text)).toBe(true));

  it.each([
    'bar chart, 12 marks',
    'Found 0 matches in 3 files',
    '2024-02 has 29 days',
    'Room 0',
    'opens 00:00 UTC',
    '00 UTC; never on Fridays',
    'version 0.4.1',
    '0',
  ])('a text with a count of something, or a zero that counts nothing: %s', (text) =>
    expect(isEmptyStateText(text)).toBe(false),
  );

  it.each(['EMPTY_SCENE', 'empty-list', 'NO_RESULTS', 'NoDataFound', 'NOT_CONFIGURED'])(
    'a code whose joined words say it: %s',
    (text) => expect(isEmptyStateText(text)).toBe(true),
  );

  it.each(['SCENE_3', 'bar-chart', 'NorthWind', 'Empty Quarter', 'notebook_id', 'NOTE_FOUND'])(
    'a code or name that says nothing of the kind: %s',
    (text) => expect(isEmptyStateText(text)).toBe(false),
  );

  it.each([
    'Your VoltAgent project is not running.',
    'The server isn’t connected',
    'This vault is not configured',
    'Not connected',
    'not yet configured',
  ])('one sentence stating an absence: %s', (text) => expect(isEmptyStateText(text)).toBe(true));

  it.each([
    'The tool returns an error when the local development server is not running.',
    'Windows is not supported.',
    "'missingHelper' is not defined.",
    'Docker is not installed',
    'Note: running tasks are listed first',
    'Nottingham is not far',
  ])('a sentence that says more, or something else: %s', (text) =>
    expect(isEmptyStateText(text)).toBe(false),
  );
});
