import { describe, expect, it } from 'vitest';
import { identify } from './identify.js';

describe('the question that reaches a value', () => {
  const listing = {
    workspaces: [
      {
        // Too long to name it by (a temporary folder's path), and no other field: nothing names it.
        path: `/tmp/fitness-roster-data-e2ebc692a6d484ed/${'angular-cli/'.repeat(6)}angular.json`,
        projects: [
          { name: 'berth-booking', type: 'application' },
          { name: 'harbour-ui', type: 'library' },
        ],
      },
    ],
  };

  it('the only entry of a list needs no name: the question goes through it to the entry that has one', () => {
    const id = identify(listing, ['workspaces', 0, 'projects', 1, 'type']);
    expect(id?.question).toBe('the type of the entry in projects whose name is "harbour-ui"');
  });

  it('an entry among several that nothing tells apart is still reachable only by its position', () => {
    const twins = { workspaces: [{ projects: [{ type: 'library' }, { type: 'library' }] }] };
    expect(identify(twins, ['workspaces', 0, 'projects', 1, 'type'])).toBeUndefined();
  });
});
